# check-ref: the issue's examples and each verdict, exact output

$ provkg check-ref --json "Zhang et al., Nature 2023"
> {"input":"Zhang et al., Nature 2023","parsed":{"authors":["Zhang","et al."],"year":2023,"title":null,"venue":"Nature","volume":null,"issue":null,"pages":null,"doi":null,"style":"short"},"verdict":"unverifiable","match":null,"mismatched_fields":[],"reasons":["no matching work in the graph (not a closed world)"]}
? 1

$ provkg check-ref --json "Shea, M. J.; Compton, R. N. Phys. Rev. B 1993, 47, 9967."
> {"input":"Shea, M. J.; Compton, R. N. Phys. Rev. B 1993, 47, 9967.","parsed":{"authors":["Shea, M. J.","Compton, R. N"],"year":1993,"title":null,"venue":"Phys. Rev. B","volume":"47","issue":null,"pages":"9967","doi":null,"style":"acs"},"verdict":"unverifiable","match":null,"mismatched_fields":[],"reasons":["no matching work in the graph (not a closed world)"]}
? 1

$ provkg check-ref --json "https://doi.org/10.1103/PhysRevB.47.9967"
> {"input":"https://doi.org/10.1103/PhysRevB.47.9967","parsed":{"authors":[],"year":null,"title":null,"venue":null,"volume":null,"issue":null,"pages":null,"doi":"10.1103/physrevb.47.9967","style":"doi"},"verdict":"unverifiable","match":null,"mismatched_fields":[],"reasons":["DOI 10.1103/physrevb.47.9967 is not in the graph (not a closed world)"]}
? 1

$ provkg check-ref "Watanabe, S. (1974). Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin. Archives of Dermatology, 109(6), 889."
> verified: Watanabe, S. (1974). Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin. Archives of Dermatology, 109(6), 889.
>   parsed:  apa style; Watanabe; 1974; "Infantile Syphilis Accompanied by Anticomplementary Effect o..."; Archives of Dermatology 109(6); pp. 889
>   match:   10.1001/archderm.1974.01630060065019  Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin (1974) Archives of Dermatology  [score 1.00]
? 0

$ provkg check-ref "Watanabe S. Infantile syphilis accompanied by anticomplementary effect of cryoglobulin. Arch Dermatol. 1979;109(6):889."
> mismatch: Watanabe S. Infantile syphilis accompanied by anticomplementary effect of cryoglobulin. Arch Dermatol. 1979;109(6):889.
>   parsed:  vancouver style; Watanabe; 1979; "Infantile syphilis accompanied by anticomplementary effect o..."; Arch Dermatol 109(6); pp. 889
>   match:   10.1001/archderm.1974.01630060065019  Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin (1974) Archives of Dermatology  [score 0.90]
>   differs: year
>   wrong year
? 1

$ provkg check-ref --jsonl --closed-world
< {"id":1,"ref":"Smith, J. (2020). A made up paper about nothing. Nature, 5(1), 1-10. https://doi.org/10.9999/fake.1"}
< {"id":2,"ref":{"author":"Watanabe","year":"1974","journal-title":"Arch. Dermatol.","volume":"109","first-page":"889"}}
< {"id":3,"ref":""}
< {"id":4}
> {"id":1,"input":"Smith, J. (2020). A made up paper about nothing. Nature, 5(1), 1-10. https://doi.org/10.9999/fake.1","parsed":{"authors":["Smith, J."],"year":2020,"title":"A made up paper about nothing","venue":"Nature","volume":"5","issue":"1","pages":"1-10","doi":"10.9999/fake.1","style":"apa"},"verdict":"fabricated","match":null,"mismatched_fields":[],"reasons":["nothing matches the stated title among the 1984 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31; Crossref api-responses, public-data-file; DataCite rest-api; DBLP acta-2016, vision-2025; OpenAlex api; PubMed sample-2018 (closed world by --closed-world)","the stated DOI 10.9999/fake.1 could not be checked: no ingested source covers the DOI prefix 10.9999"]}
> {"id":2,"input":"{\"author\":\"Watanabe\",\"year\":\"1974\",\"journal-title\":\"Arch. Dermatol.\",\"volume\":\"109\",\"first-page\":\"889\"}","parsed":{"authors":["Watanabe","et al."],"year":1974,"title":null,"venue":"Arch. Dermatol.","volume":"109","issue":null,"pages":"889","doi":null,"style":"fields"},"verdict":"verified","match":{"doi":"10.1001/archderm.1974.01630060065019","title":"Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin","year":1974,"venue":"Archives of Dermatology","score":1,"type":"journal-article"},"mismatched_fields":[],"reasons":[]}
> {"id":3,"error":"empty reference"}
> {"id":4,"error":"missing field \"ref\" (a string or a reference object)"}
? 0

# a work whose title is a word or two ("Introduction", "BERLIN") is not
# the work of a reference whose longer title merely holds that word, nor of
# one whose year, authors and DOI it does not share
$ provkg check-ref "Kittel C. Introduction to Solid State Physics. Wiley; 2005."
> unverifiable: Kittel C. Introduction to Solid State Physics. Wiley; 2005.
>   parsed:  other style; Kittel; 2005; "Introduction to Solid State Physics"; Wiley
>   no matching work in the graph (not a closed world)
? 1

$ provkg check-ref "Baxter W. H. (1992) A Handbook of Old Chinese Phonology. Berlin: de Gruyter."
> unverifiable: Baxter W. H. (1992) A Handbook of Old Chinese Phonology. Berlin: de Gruyter.
>   parsed:  other style; Baxter; 1992; "H"
>   no matching work in the graph (not a closed world)
? 1

# with its year and venue, the short title still names it
$ provkg check-ref "BERLIN. Journal of the American Medical Association. 1932."
> verified: BERLIN. Journal of the American Medical Association. 1932.
>   parsed:  other style; 1932; "BERLIN"; Journal of the American Medical Association
>   match:   10.1001/jama.1932.02730380073025  BERLIN (1932) Journal of the American Medical Association  [score 1.00]
? 0

# nor one whose title is near a short title ("Soil ecology revisited" and
# the 2012 "Soil Ecology") when neither its authors nor its year are the
# work's; with them, the short title is the work's
$ provkg check-ref "Smith J, Jones K (2019) Soil ecology revisited. Journal of Arid Environments."
> unverifiable: Smith J, Jones K (2019) Soil ecology revisited. Journal of Arid Environments.
>   parsed:  other style; Smith et al.; 2019; "Soil ecology revisited"; Journal of Arid Environments
>   no matching work in the graph (not a closed world)
? 1

$ provkg check-ref "De Vries F, Bardgett R (2012) Soil ecology. In: Ecology."
> verified: De Vries F, Bardgett R (2012) Soil ecology. In: Ecology.
>   parsed:  chapter style; De Vries et al.; 2012; "Soil ecology"; Ecology
>   match:   10.1093/obo/9780199830060-0067  Soil Ecology (2012) Ecology  [score 1.00]
? 0

# a real work's DOI, authors, year and venue with an invented title: fabricated
# (the title), and the reason says the DOI is that work's, not an unrelated one's
$ provkg check-ref "Pan, S. et al. (2017). A comprehensive survey of microbial dynamics. PLOS ONE, 12, e0171550. doi:10.1371/journal.pone.0171550"
> fabricated: Pan, S. et al. (2017). A comprehensive survey of microbial dynamics. PLOS ONE, 12, e0171550. doi:10.1371/journal.pone.0171550
>   parsed:  apa style; Pan et al.; 2017; "A comprehensive survey of microbial dynamics"; PLOS ONE 12; pp. e0171550; doi 10.1371/journal.pone.0171550
>   chimeric: real authors with an invented title (authors, year, venue, volume, pages of 10.1371/journal.pone.0171550)
>   the DOI is that work's, whose title is another (10.1371/journal.pone.0171550: "Profiling of subgingival plaque biofilm microbiota in adolescents after completion of orthodontic therapy")
? 1

# without a DOI, in an open world: the stated venue, volume and first page hold a work by
# the stated authors of the stated year under another title, so no other work can be there
# (it was unverifiable); other pages, or a volume that is the year with page 1 (Hindawi's
# article numbers: many works there), decide nothing
$ provkg check-ref "Tkaczyk D, et al. CERMINE: a deep learning system for metadata extraction. IJDAR 18(4):317-335 (2015)."
> fabricated: Tkaczyk D, et al. CERMINE: a deep learning system for metadata extraction. IJDAR 18(4):317-335 (2015).
>   parsed:  springer style; Tkaczyk et al.; 2015; "CERMINE: a deep learning system for metadata extraction"; IJDAR 18(4); pp. 317-335
>   the stated volume and pages hold 10.1007/s10032-015-0249-8, by the stated authors in the stated year, whose title is another
>   chimeric: real authors with an invented title (authors, year, venue, volume, pages of 10.1007/s10032-015-0249-8)
? 1

$ provkg check-ref "Tkaczyk D, et al. CERMINE: a deep learning system for metadata extraction. IJDAR 18(4):400-410 (2015)."
> unverifiable: Tkaczyk D, et al. CERMINE: a deep learning system for metadata extraction. IJDAR 18(4):400-410 (2015).
>   parsed:  springer style; Tkaczyk et al.; 2015; "CERMINE: a deep learning system for metadata extraction"; IJDAR 18(4); pp. 400-410
>   no matching work in the graph (not a closed world)
? 1

$ provkg check-ref "Liu L, Fan J, Li C, Liu X. A new protocol for secure sensor networks. Security and Communication Networks. 2022;2022:1-11."
> unverifiable: Liu L, Fan J, Li C, Liu X. A new protocol for secure sensor networks. Security and Communication Networks. 2022;2022:1-11.
>   parsed:  vancouver style; Liu et al.; 2022; "A new protocol for secure sensor networks"; Security and Communication Networks 2022; pp. 1-11
>   no matching work in the graph (not a closed world)
? 1

# dblp abbreviates its journals ("Acta Inf."): the name in full is the same venue;
# a venue the abbreviation does not spell word for word is not
$ provkg check-ref "Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas. Acta Informatica, 20(2), 171-178."
> verified: Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas. Acta Informatica, 20(2), 171-178.
>   parsed:  apa style; Goodman et al.; 1983; "NP-complete problems simplified on tree schemas"; Acta Informatica 20(2); pp. 171-178
>   match:   10.1007/bf00289414  NP-complete Problems Simplified on Tree Schemas (1983) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/GoodmanS83
>   the work has no issue in the graph: the stated one was not checked

$ provkg check-ref "Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas. Acta Mathematica, 20(2), 171-178."
> mismatch: Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas. Acta Mathematica, 20(2), 171-178.
>   parsed:  apa style; Goodman et al.; 1983; "NP-complete problems simplified on tree schemas"; Acta Mathematica 20(2); pp. 171-178
>   match:   10.1007/bf00289414  NP-complete Problems Simplified on Tree Schemas (1983) Acta Inf.  [score 0.90]
>   sources: DBLP dblp:journals/acta/GoodmanS83
>   differs: venue
>   wrong venue
? 1

# APA's editors before the book ("In K. Ikeuchi (Ed.), Computer Vision") are not its name
$ provkg check-ref "Alexander, D. C. (2014). Image registration. In K. Ikeuchi (Ed.), Computer Vision (pp. 380–385). Boston, MA: Springer."
> verified: Alexander, D. C. (2014). Image registration. In K. Ikeuchi (Ed.), Computer Vision (pp. 380–385). Boston, MA: Springer.
>   parsed:  chapter style; Alexander; 2014; "Image registration"; Computer Vision; pp. 380-385
>   match:   10.1007/978-0-387-31439-6_194  Image Registration (2014) Computer Vision, A Reference Guide  [score 1.00]
>   sources: DBLP dblp:reference/vision/Alexander14

# a dataset cited without Dryad's "Data from:" prefix, its publisher by a longer name
$ provkg check-ref "Ollomo B, et al. A new malaria agent in African hominids. Dryad Digital Repository, 2011. doi:10.5061/dryad.8515"
> verified: Ollomo B, et al. A new malaria agent in African hominids. Dryad Digital Repository, 2011. doi:10.5061/dryad.8515
>   parsed:  other style; Ollomo et al.; 2011; "A new malaria agent in African hominids"; Dryad Digital Repository; doi 10.5061/dryad.8515
>   match:   10.5061/dryad.8515  Data from: A new malaria agent in African hominids. (2011)   [score 1.00]
>   sources: DataCite 10.5061/dryad.8515

# a conference paper whose DataCite record names no container: the conference stated is not
# checked (and said so), not a wrong venue; a publisher that is not the record's still is
$ provkg check-ref "N. Johnston, \"The minimum size of qubit unextendible product bases,\" in Proc. TQC 2013, pp. 93-105."
> verified: N. Johnston, "The minimum size of qubit unextendible product bases," in Proc. TQC 2013, pp. 93-105.
>   parsed:  chapter style; Johnston; 2013; "The minimum size of qubit unextendible product bases"; Proc. TQC 2013; pp. 93-105
>   match:   10.4230/lipics.tqc.2013.93  The Minimum Size of Qubit Unextendible Product Bases (2013)   [score 1.00]
>   sources: DataCite 10.4230/lipics.tqc.2013.93
>   the work has no volume, issue or pages in the graph: those stated were not checked
>   the work has no venue in the graph: the stated venue was not checked

$ provkg check-ref "Johnston, N. (2013). The Minimum Size of Qubit Unextendible Product Bases [ConferencePaper]. AMIERJ."
> mismatch: Johnston, N. (2013). The Minimum Size of Qubit Unextendible Product Bases [ConferencePaper]. AMIERJ.
>   parsed:  other style; Johnston; 2013; "The Minimum Size of Qubit Unextendible Product Bases [Confer..."; AMIERJ
>   match:   10.4230/lipics.tqc.2013.93  The Minimum Size of Qubit Unextendible Product Bases (2013)   [score 0.89]
>   sources: DataCite 10.4230/lipics.tqc.2013.93
>   differs: venue
>   wrong venue
? 1

# an arXiv identifier with its listing's category and brackets ("[arXiv:0704.0121 [hep-th]]"):
# the brackets and the category are no title or venue (the title read was "JHEP 25 (2008) 075001 [ [hep-th]]",
# called invented; the venue "[math" made the preprint undecidable)
$ provkg check-ref "Callan, D. (2007). A determinant of Stirling cycle numbers counts unlabeled acyclic single-source automata. arXiv:0704.0004 [math.CO]."
> verified: Callan, D. (2007). A determinant of Stirling cycle numbers counts unlabeled acyclic single-source automata. arXiv:0704.0004 [math.CO].
>   parsed:  other style; Callan; 2007; "A determinant of Stirling cycle numbers counts unlabeled acy..."
>   match:   10.48550/arxiv.0704.0004  A determinant of Stirling cycle numbers counts unlabeled acyclic single-source automata (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0004
$ provkg check-ref "C. Ahn, Class. Quant. Grav. 25 (2008) 075001 [arXiv:0704.0121 [hep-th]]."
> verified: C. Ahn, Class. Quant. Grav. 25 (2008) 075001 [arXiv:0704.0121 [hep-th]].
>   parsed:  elsevier style; Ahn; 2008; Class. Quant. Grav. 25; pp. 075001
>   match:   10.48550/arxiv.0704.0121  Meta-Stable Brane Configuration of Product Gauge Groups (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0121
>   the published version, as arXiv's journal-ref gives it
>   the year stated is the published version's (arXiv's journal-ref)
$ provkg check-ref "C. Ahn, JHEP 25 (2008) 075001 [arXiv:0704.0121 [hep-th]]."
> unverifiable: C. Ahn, JHEP 25 (2008) 075001 [arXiv:0704.0121 [hep-th]].
>   parsed:  elsevier style; Ahn; 2008; JHEP 25; pp. 075001
>   match:   10.48550/arxiv.0704.0121  Meta-Stable Brane Configuration of Product Gauge Groups (2007) arXiv  [score 0.83]
>   sources: arXiv arxiv:0704.0121
>   arXiv's journal-ref does not plainly name the stated venue, and its numbers agree: not decided
? 1

# a work whose record gives its first page only (JAMA's "2165"): the stated last page is not checked
# (it was "2166 is none of the work's pages": a mismatch); a first page that is not the work's still differs
$ provkg check-ref "Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2165-2166."
> verified: Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2165-2166.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
$ provkg check-ref "Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2166-2167."
> mismatch: Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2166-2167.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership"; JAMA 321(22); pp. 2166-2167
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 0.95]
>   differs: pages
>   pages differ
? 1

# Hindawi's article number, the last part of its DOI, cited where the pages go (its record gives "1-11")
$ provkg check-ref "Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. Int J Reconfigurable Comput. 2010;2010:454506."
> verified: Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. Int J Reconfigurable Comput. 2010;2010:454506.
>   parsed:  vancouver style; Huang et al.; 2010; "Parameterized hardware design on reconfigurable computers: a..."; Int J Reconfigurable Comput 2010; pp. 454506
>   match:   10.1155/2010/454506  Parameterized Hardware Design on Reconfigurable Computers: An Image Processing Case Study (2010) International Journal of Reconfigurable Computing  [score 1.00]
$ provkg check-ref "Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. International Journal of Reconfigurable Computing, vol. 2010, Article ID 454506, 11 pages, 2010."
> verified: Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. International Journal of Reconfigurable Computing, vol. 2010, Article ID 454506, 11 pages, 2010.
>   parsed:  ieee style; Huang et al.; "Parameterized hardware design on reconfigurable computers: a..."; International Journal of Reconfigurable Computing 2010
>   match:   10.1155/2010/454506  Parameterized Hardware Design on Reconfigurable Computers: An Image Processing Case Study (2010) International Journal of Reconfigurable Computing  [score 1.00]
$ provkg check-ref "Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. Int J Reconfigurable Comput. 2010;2010:454507."
> mismatch: Huang M, et al. Parameterized hardware design on reconfigurable computers: an image processing case study. Int J Reconfigurable Comput. 2010;2010:454507.
>   parsed:  vancouver style; Huang et al.; 2010; "Parameterized hardware design on reconfigurable computers: a..."; Int J Reconfigurable Comput 2010; pp. 454507
>   match:   10.1155/2010/454506  Parameterized Hardware Design on Reconfigurable Computers: An Image Processing Case Study (2010) International Journal of Reconfigurable Computing  [score 0.95]
>   differs: pages
>   pages differ
? 1

# a stated title that runs on past the work's with no separator is another title (it was verified: the
# work's title stands in the string); after a colon it is a subtitle, and this work's record has another
# one ("Seizing and Embracing Opportunities...": it was verified)
$ provkg check-ref "Stoll BJ. Reflections on leadership in pediatrics. JAMA. 2019;321(22):2165-2166."
> mismatch: Stoll BJ. Reflections on leadership in pediatrics. JAMA. 2019;321(22):2165-2166.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership in pediatrics"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 0.90]
>   differs: title
>   near-miss title (75% of the words agree)
? 1
$ provkg check-ref "Stoll BJ. Reflections on leadership: a memoir. JAMA. 2019;321(22):2165-2166."
> mismatch: Stoll BJ. Reflections on leadership: a memoir. JAMA. 2019;321(22):2165-2166.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership: a memoir"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership: Seizing and Embracing Opportunities—Holding up Half the Sky (2019) JAMA  [score 1.00]
>   differs: title
>   near-miss title: the stated subtitle is not the work's
? 1

# a stated subtitle: the record's (verified), another one (it was verified: the work's title stands in
# the string), the record's reworded (sharing a word: not decided against it), one the record lacks (a
# note says it was not checked)
$ provkg check-ref "Kurland LT. Swine influenza vaccine and Guillain-Barré syndrome: epidemic or artifact? Arch Neurol. 1985;42:1089."
> verified: Kurland LT. Swine influenza vaccine and Guillain-Barré syndrome: epidemic or artifact? Arch Neurol. 1985;42:1089.
>   parsed:  vancouver style; Kurland; 1985; "Swine influenza vaccine and Guillain-Barré syndrome: epidem..."; Arch Neurol 42; pp. 1089
>   match:   10.1001/archneur.1985.04060100075026  Swine Influenza Vaccine and Guillain-Barré Syndrome (1985) Archives of Neurology  [score 1.00]
$ provkg check-ref "Kurland LT. Swine influenza vaccine and Guillain-Barré syndrome: a prospective cohort study. Arch Neurol. 1985;42:1089."
> mismatch: Kurland LT. Swine influenza vaccine and Guillain-Barré syndrome: a prospective cohort study. Arch Neurol. 1985;42:1089.
>   parsed:  vancouver style; Kurland; 1985; "Swine influenza vaccine and Guillain-Barré syndrome: a pros..."; Arch Neurol 42; pp. 1089
>   match:   10.1001/archneur.1985.04060100075026  Swine Influenza Vaccine and Guillain-Barré Syndrome: Epidemic or Artifact? (1985) Archives of Neurology  [score 1.00]
>   differs: title
>   near-miss title: the stated subtitle is not the work's
? 1
$ provkg check-ref "Kurland, L. T. (1985). Swine influenza vaccine and Guillain-Barré syndrome - epidemic or artefact. Archives of Neurology, 42, 1089."
> verified: Kurland, L. T. (1985). Swine influenza vaccine and Guillain-Barré syndrome - epidemic or artefact. Archives of Neurology, 42, 1089.
>   parsed:  apa style; Kurland; 1985; "Swine influenza vaccine and Guillain-Barré syndrome - epide..."; Archives of Neurology 42; pp. 1089
>   match:   10.1001/archneur.1985.04060100075026  Swine Influenza Vaccine and Guillain-Barré Syndrome (1985) Archives of Neurology  [score 1.00]
$ provkg check-ref "Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas: a study of database design theory. Acta Informatica, 20(2), 171-178."
> verified: Goodman, N., & Shmueli, O. (1983). NP-complete problems simplified on tree schemas: a study of database design theory. Acta Informatica, 20(2), 171-178.
>   parsed:  apa style; Goodman et al.; 1983; "NP-complete problems simplified on tree schemas: a study of ..."; Acta Informatica 20(2); pp. 171-178
>   match:   10.1007/bf00289414  NP-complete Problems Simplified on Tree Schemas (1983) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/GoodmanS83
>   the work has no issue in the graph: the stated one was not checked
>   the work's record has no subtitle: the stated subtitle was not checked

# a conference paper extended into a journal article: cited as the conference's (ISOPE 2017), the graph
# holding only the journal article (Ocean Engineering 2018), in an open world it is not decided (it was a
# mismatch: wrong venue, year off by one); a closed world holds every work, and there it differs
$ provkg check-ref "Shao Z, Liang B, Li H, Lee D. Study of sampling methods for assessment of extreme significant wave heights in the South China Sea. In: Proceedings of the 27th International Ocean and Polar Engineering Conference (ISOPE 2017), pp. 1234-1240."
> unverifiable: Shao Z, Liang B, Li H, Lee D. Study of sampling methods for assessment of extreme significant wave heights in the South China Sea. In: Proceedings of the 27th International Ocean and Polar Engineering Conference (ISOPE 2017), pp. 1234-1240.
>   parsed:  other style; Shao et al.; 2017; "Study of sampling methods for assessment of extreme signific..."; In: Proceedings of the 27th International Ocean and Polar Engineering Conference
>   match:   10.1016/j.oceaneng.2018.09.015  Study of sampling methods for assessment of extreme significant wave heights in the South China Sea (2018) Ocean Engineering  [score 0.83]
>   the work is a journal article (Ocean Engineering); the stated conference's paper, a version of it the graph does not hold, may be what is cited: not decided
? 1
$ provkg check-ref --closed-world "Shao Z, Liang B, Li H, Lee D. Study of sampling methods for assessment of extreme significant wave heights in the South China Sea. In: Proceedings of the 27th International Ocean and Polar Engineering Conference (ISOPE 2017), pp. 1234-1240."
> mismatch: Shao Z, Liang B, Li H, Lee D. Study of sampling methods for assessment of extreme significant wave heights in the South China Sea. In: Proceedings of the 27th International Ocean and Polar Engineering Conference (ISOPE 2017), pp. 1234-1240.
>   parsed:  other style; Shao et al.; 2017; "Study of sampling methods for assessment of extreme signific..."; In: Proceedings of the 27th International Ocean and Polar Engineering Conference
>   match:   10.1016/j.oceaneng.2018.09.015  Study of sampling methods for assessment of extreme significant wave heights in the South China Sea (2018) Ocean Engineering  [score 0.83]
>   differs: year venue
>   year off by one (online vs print?)
>   wrong venue
? 1

# the other way: a journal named where the graph holds the conference paper (ICASSP-92) is not decided
# in an open world; a publisher after the venue ("DISCS '15, ACM") is no part of its name (it was a wrong venue)
$ provkg check-ref "K. Hilal and P. Duhamel, \"A general form for recursive adaptive algorithms leading to an exact recursive CMA,\" IEEE Trans. Signal Process., vol. 40, pp. 17–20, 1992."
> unverifiable: K. Hilal and P. Duhamel, "A general form for recursive adaptive algorithms leading to an exact recursive CMA," IEEE Trans. Signal Process., vol. 40, pp. 17–20, 1992.
>   parsed:  ieee style; Hilal et al.; 1992; "A general form for recursive adaptive algorithms leading to ..."; IEEE Trans. Signal Process. 40; pp. 17-20
>   match:   10.1109/icassp.1992.226422  A general form for recursive adaptive algorithms leading to an exact recursive CMA (1992) [Proceedings] ICASSP-92: 1992 IEEE International Conference on Acoustics, Speech, and Signal Processing  [score 0.89]
>   the work is a conference paper ([Proceedings] ICASSP-92: 1992 IEEE International Conference on Acoustics, Speech, and Signal Processing); the stated journal's article, a version of it the graph does not hold, may be what is cited: not decided
? 1
$ provkg check-ref "L. Shi, Z. Wang, W. Yu, X. Meng, Performance evaluation and tuning of BioPig for genomic analysis, in: DISCS '15, ACM, 2015."
> verified: L. Shi, Z. Wang, W. Yu, X. Meng, Performance evaluation and tuning of BioPig for genomic analysis, in: DISCS '15, ACM, 2015.
>   parsed:  chapter style; Shi et al.; 2015; "Performance evaluation and tuning of BioPig for genomic anal..."; DISCS '15, ACM
>   match:   10.1145/2831244.2831252  Performance evaluation and tuning of BioPig for genomic analysis (2015) Proceedings of the 2015 International Workshop on Data-Intensive Scalable Computing Systems - DISCS '15  [score 1.00]

# a day of the month in a PubMed-style date ("2019 Jun 11;321(22)") is no volume, issue or page
# (it was a mismatch: "11 is none of the work's ... pages"); a number standing alone still is
$ provkg check-ref "Stoll BJ. Reflections on Leadership: Seizing and Embracing Opportunities-Holding up Half the Sky. JAMA. 2019 Jun 11;321(22):2165-2166. doi: 10.1001/jama.2019.7127. PMID: 31184724."
> verified: Stoll BJ. Reflections on Leadership: Seizing and Embracing Opportunities-Holding up Half the Sky. JAMA. 2019 Jun 11;321(22):2165-2166. doi: 10.1001/jama.2019.7127. PMID: 31184724.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on Leadership: Seizing and Embracing Opportuniti..."; JAMA 321(22); pp. 2165-2166; doi 10.1001/jama.2019.7127
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
$ provkg check-ref "Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2165-2166. 45"
> mismatch: Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2165-2166. 45
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
>   differs: pages
>   volume, issue or pages differ: 45 is none of the work's years, volume, issue or pages
? 1

# the same where the parse read no page range (MLA, BMC styles): the number right after the one page
# the record gives is its last page
$ provkg check-ref "Stoll, Barbara J. \"Reflections on Leadership.\" JAMA, vol. 321, no. 22, 2019, pp. 2165–2166."
> verified: Stoll, Barbara J. "Reflections on Leadership." JAMA, vol. 321, no. 22, 2019, pp. 2165–2166.
>   parsed:  ieee style; Stoll; 2019; "Reflections on Leadership"; JAMA 321(22)
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]

# Greek letters and √ as TeX writes them in arXiv's titles ("$\Lambda_{\alpha}$", "$\Q(\sqrt{5})$"): "Λα"
# was read as no word of the title and the reference called fabricated; "Q(√5)" a near miss; a year after
# a blanked identifier ("..., arXiv:0704.0005 (2007)") is no title word; the journal-ref's volume and pages
# are the published version's ("Studia Math. 182 (2007), 283-294" was "182 is none of the work's numbers")
$ provkg check-ref "W. Abu-Shammala and A. Torchinsky, From dyadic Λα to Λα, arXiv:0704.0005 (2007)."
> verified: W. Abu-Shammala and A. Torchinsky, From dyadic Λα to Λα, arXiv:0704.0005 (2007).
>   parsed:  other style; Abu-Shammala et al.; 2007; "From dyadic Λα to Λα"
>   match:   10.48550/arxiv.0704.0005  From dyadic $\Lambda_\alpha$ to $\Lambda_\alpha$ (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0005
$ provkg check-ref "C. Cunningham and L. Dembele, Computing genus 2 Hilbert-Siegel modular forms over Q(√5) via the Jacquet-Langlands correspondence, arXiv:0704.0011."
> verified: C. Cunningham and L. Dembele, Computing genus 2 Hilbert-Siegel modular forms over Q(√5) via the Jacquet-Langlands correspondence, arXiv:0704.0011.
>   parsed:  other style; Cunningham et al.; "Computing genus 2 Hilbert-Siegel modular forms over Q(√5) ..."
>   match:   10.48550/arxiv.0704.0011  Computing genus 2 Hilbert-Siegel modular forms over $\Q(\sqrt5)$ via the Jacquet-Langlands correspondence (2007) arXiv  [score 0.95]
>   sources: arXiv arxiv:0704.0011
$ provkg check-ref "W. Abu-Shammala and A. Torchinsky, The Hardy-Lorentz spaces H^{p,q}(R^n), Studia Math. 182 (2007), 283-294."
> verified: W. Abu-Shammala and A. Torchinsky, The Hardy-Lorentz spaces H^{p,q}(R^n), Studia Math. 182 (2007), 283-294.
>   parsed:  other style; Abu-Shammala et al.; 2007; "The Hardy-Lorentz spaces H^{p,q}(R^n), Studia Math"
>   match:   10.48550/arxiv.0704.0054  The Hardy-Lorentz Spaces $H^p,q(R^n)$ (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0054

# a journal named in two languages ("Nordisk judaistik/Scandinavian Jewish Studies"), cited by one of its
# names: the venue is the work's (it was a wrong venue); another journal's name still differs
$ provkg check-ref "Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80."
> verified: Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80.
>   parsed:  vancouver style; Pataricza et al.; 2021; "Jewish archives and sources in the Nordic countries: the cur..."; Nordisk judaistik 32; pp. 54-80
>   match:   10.30752/nj.111889  Jewish archives and sources in the Nordic countries (2021) Nordisk judaistik/Scandinavian Jewish Studies  [score 1.00]
$ provkg check-ref "Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Scandinavian Jewish Studies. 2021;32:54-80."
> verified: Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Scandinavian Jewish Studies. 2021;32:54-80.
>   parsed:  vancouver style; Pataricza et al.; 2021; "Jewish archives and sources in the Nordic countries: the cur..."; Scandinavian Jewish Studies 32; pp. 54-80
>   match:   10.30752/nj.111889  Jewish archives and sources in the Nordic countries (2021) Nordisk judaistik/Scandinavian Jewish Studies  [score 1.00]
$ provkg check-ref "Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordic Law Review. 2021;32:54-80."
> mismatch: Pataricza D, Muir S, Bak SL, Følner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordic Law Review. 2021;32:54-80.
>   parsed:  vancouver style; Pataricza et al.; 2021; "Jewish archives and sources in the Nordic countries: the cur..."; Nordic Law Review 32; pp. 54-80
>   match:   10.30752/nj.111889  Jewish archives and sources in the Nordic countries (2021) Nordisk judaistik/Scandinavian Jewish Studies  [score 0.90]
>   differs: venue
>   wrong venue
? 1

# a number the parse read as a field the record does not give: dblp gives no issue, so "1(4)" is not
# checked (it was a mismatch, "4 is none of the work's ... issue or pages"); verified says so
$ provkg check-ref "Hu TC, Tan KC. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;1(4):307-310."
> verified: Hu TC, Tan KC. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;1(4):307-310.
>   parsed:  vancouver style; Hu et al.; 1972; "Least upper bound on the cost of optimum binary search trees"; Acta Inform 1(4); pp. 307-310
>   match:   10.1007/bf00289510  Least Upper Bound on the Cost of Optimum Binary Search Trees (1972) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/HuT72
>   the work has no issue in the graph: the stated one was not checked
$ provkg check-ref "Hu TC, Tan KC. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;2(4):307-310."
> mismatch: Hu TC, Tan KC. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;2(4):307-310.
>   parsed:  vancouver style; Hu et al.; 1972; "Least upper bound on the cost of optimum binary search trees"; Acta Inform 2(4); pp. 307-310
>   match:   10.1007/bf00289510  Least Upper Bound on the Cost of Optimum Binary Search Trees (1972) Acta Inf.  [score 0.95]
>   sources: DBLP dblp:journals/acta/HuT72
>   differs: volume
>   volume differs
? 1

# an author added to the work's whole list is no author of the work (it was verified: every author of
# the work was found, and the extra one was not looked at); a given name the parse read as an author
# ("Srinivasa, Rakshith Sharma"), or a word of the title, is not taken for one
$ provkg check-ref "Milner R, Parrow J. Calculi for interaction. Acta Informatica. 1996;33:707-737."
> mismatch: Milner R, Parrow J. Calculi for interaction. Acta Informatica. 1996;33:707-737.
>   parsed:  vancouver style; Milner et al.; 1996; "Calculi for interaction"; Acta Informatica 33; pp. 707-737
>   match:   10.1007/bf03036472  Calculi for Interaction (1996) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/Milner96
>   differs: authors
>   authors differ: Parrow is not an author of the work (it has 1)
? 1
$ provkg check-ref "Hu TC, Tan KC, Knuth DE. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;1:307-310."
> mismatch: Hu TC, Tan KC, Knuth DE. Least upper bound on the cost of optimum binary search trees. Acta Inform. 1972;1:307-310.
>   parsed:  vancouver style; Hu et al.; 1972; "Least upper bound on the cost of optimum binary search trees"; Acta Inform 1; pp. 307-310
>   match:   10.1007/bf00289510  Least Upper Bound on the Cost of Optimum Binary Search Trees (1972) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/HuT72
>   differs: authors
>   authors differ: Knuth is not an author of the work (it has 2)
? 1

# Vancouver initials of three or four letters, and a title in Title Case: "Hoffmann MH, Miller K.
# Consensus Building and Its ..." was read given name first ("MH, Hoffmann", "Consensus Building, Miller
# K.", "Its Epistemic Conditions"), leaving no title; "Bots GTAM" ended the list
$ provkg check-ref "Hoffmann MHG. Consensus Building and Its Epistemic Conditions. Topoi. 2019;40:1173-1186."
> verified: Hoffmann MHG. Consensus Building and Its Epistemic Conditions. Topoi. 2019;40:1173-1186.
>   parsed:  vancouver style; Hoffmann; 2019; "Consensus Building and Its Epistemic Conditions"; Topoi 40; pp. 1173-1186
>   match:   10.1007/s11245-019-09640-x  Consensus Building and Its Epistemic Conditions (2019) Topoi  [score 1.00]
$ provkg check-ref "Hoffmann MH, Miller K. Consensus Building and Its Epistemic Conditions. Topoi. 2019;40:1173-1186."
> mismatch: Hoffmann MH, Miller K. Consensus Building and Its Epistemic Conditions. Topoi. 2019;40:1173-1186.
>   parsed:  vancouver style; Hoffmann et al.; 2019; "Consensus Building and Its Epistemic Conditions"; Topoi 40; pp. 1173-1186
>   match:   10.1007/s11245-019-09640-x  Consensus Building and Its Epistemic Conditions (2019) Topoi  [score 1.00]
>   differs: authors
>   authors differ: Miller is not an author of the work (it has 1)
? 1

# a title in the other spelling (British "behaviour", "Fibreoptic" for the record's "Behavior",
# "Fiberoptic") is the same title (each was a near-miss mismatch); another word still differs
$ provkg check-ref "Cremers AB, Hibbard TN. Functional behaviour in data spaces. Acta Informatica 9, 293–307 (1978)."
> verified: Cremers AB, Hibbard TN. Functional behaviour in data spaces. Acta Informatica 9, 293–307 (1978).
>   parsed:  nature style; Cremers et al.; 1978; "Functional behaviour in data spaces"; Acta Informatica 9; pp. 293-307
>   match:   10.1007/bf00289044  Functional Behavior in Data Spaces (1978) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/CremersH78a
$ provkg check-ref "Maemura K, Kage H, Isago H, Takeshima H, Makita K, Amano Y, et al. Cerebral Arterial Air Embolism after Diagnostic Flexible Fibreoptic Bronchoscopy: A Case Report and Review of the Literature. Case Reports in Pulmonology. 2018;2018:1-5."
> verified: Maemura K, Kage H, Isago H, Takeshima H, Makita K, Amano Y, et al. Cerebral Arterial Air Embolism after Diagnostic Flexible Fibreoptic Bronchoscopy: A Case Report and Review of the Literature. Case Reports in Pulmonology. 2018;2018:1-5.
>   parsed:  vancouver style; Maemura et al.; 2018; "Cerebral Arterial Air Embolism after Diagnostic Flexible Fib..."; Case Reports in Pulmonology 2018; pp. 1-5
>   match:   10.1155/2018/7108215  Cerebral Arterial Air Embolism after Diagnostic Flexible Fiberoptic Bronchoscopy: A Case Report and Review of the Literature (2018) Case Reports in Pulmonology  [score 1.00]
$ provkg check-ref "Cremers AB, Hibbard TN. Functional colour in data spaces. Acta Informatica 9, 293–307 (1978)."
> mismatch: Cremers AB, Hibbard TN. Functional colour in data spaces. Acta Informatica 9, 293–307 (1978).
>   parsed:  nature style; Cremers et al.; 1978; "Functional colour in data spaces"; Acta Informatica 9; pp. 293-307
>   match:   10.1007/bf00289044  Functional Behavior in Data Spaces (1978) Acta Inf.  [score 0.92]
>   sources: DBLP dblp:journals/acta/CremersH78a
>   differs: title
>   near-miss title (80% of the words agree)
? 1

# arXiv's journal-ref "Physica A, V. 387, Issues 2-3 (2008), Pages 385-406" names Physica A: the volume's
# label "V." is no part of the name (it was unverifiable, "does not plainly name the stated venue")
$ provkg check-ref "Brownlee RA, Gorban AN, Levesley J. Nonequilibrium entropy limiters in lattice Boltzmann methods. Physica A. 2008;387:385-406."
> verified: Brownlee RA, Gorban AN, Levesley J. Nonequilibrium entropy limiters in lattice Boltzmann methods. Physica A. 2008;387:385-406.
>   parsed:  vancouver style; Brownlee et al.; 2008; "Nonequilibrium entropy limiters in lattice Boltzmann methods"; Physica A 387; pp. 385-406
>   match:   10.48550/arxiv.0704.0043  Nonequilibrium entropy limiters in lattice Boltzmann methods (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0043
>   the published version, as arXiv's journal-ref gives it
>   the year stated is the published version's (arXiv's journal-ref)
$ provkg check-ref "Brownlee RA, Gorban AN, Levesley J. Nonequilibrium entropy limiters in lattice Boltzmann methods. Physica A. 2008;388:385-406."
> mismatch: Brownlee RA, Gorban AN, Levesley J. Nonequilibrium entropy limiters in lattice Boltzmann methods. Physica A. 2008;388:385-406.
>   parsed:  vancouver style; Brownlee et al.; 2008; "Nonequilibrium entropy limiters in lattice Boltzmann methods"; Physica A 388; pp. 385-406
>   match:   10.48550/arxiv.0704.0043  Nonequilibrium entropy limiters in lattice Boltzmann methods (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0043
>   differs: volume
>   volume, issue or pages differ: 388 is none of the work's years, volume, issue or pages
? 1

# a wrong DOI for a work the graph holds from dblp names the work's own DOI (it named its dblp key)
$ provkg check-ref "Goodman N, Shmueli O. NP-complete problems simplified on tree schemas. Acta Informatica. 1983;20:171-178. doi:10.1007/BF00289415"
> mismatch: Goodman N, Shmueli O. NP-complete problems simplified on tree schemas. Acta Informatica. 1983;20:171-178. doi:10.1007/BF00289415
>   parsed:  vancouver style; Goodman et al.; 1983; "NP-complete problems simplified on tree schemas"; Acta Informatica 20; pp. 171-178; doi 10.1007/bf00289415
>   match:   10.1007/bf00289414  NP-complete Problems Simplified on Tree Schemas (1983) Acta Inf.  [score 1.00]
>   sources: DBLP dblp:journals/acta/GoodmanS83
>   differs: doi
>   the stated DOI is not the work's: the work has DOI 10.1007/bf00289414
? 1

# the graph holds an erratum ("Erratum: analysis of DNA elements ..."), the reference cites the article it
# corrects, with the article's own year and pages: in an open world not decided (it was a mismatch,
# near-miss title, year and pages); with --closed-world it stays a mismatch
$ provkg check-ref "Orten DJ, Weston MD, Kelley PM, et al. Analysis of DNA elements that modulate myosin VIIa expression in humans. Hum Mutat. 1999;14(4):354-60."
> unverifiable: Orten DJ, Weston MD, Kelley PM, et al. Analysis of DNA elements that modulate myosin VIIa expression in humans. Hum Mutat. 1999;14(4):354-60.
>   parsed:  vancouver style; Orten et al.; 1999; "Analysis of DNA elements that modulate myosin VIIa expressio..."; Hum Mutat 14(4); pp. 354-60
>   match:   10.1002/(sici)1098-1004(200001)15:1<114::aid-humu21>3.0.co;2-4  Erratum: analysis of DNA elements that modulate myosin VIIa expression in humans (2000) Human mutation  [score 0.83]
>   sources: PubMed pmid:10612833
>   the graph holds a notice about the cited article ("Erratum: analysis of DNA elements that modulate myosin VIIa "), not the article itself: not decided
? 1
$ provkg check-ref --closed-world "Orten DJ, Weston MD, Kelley PM, et al. Analysis of DNA elements that modulate myosin VIIa expression in humans. Hum Mutat. 1999;14(4):354-60."
> mismatch: Orten DJ, Weston MD, Kelley PM, et al. Analysis of DNA elements that modulate myosin VIIa expression in humans. Hum Mutat. 1999;14(4):354-60.
>   parsed:  vancouver style; Orten et al.; 1999; "Analysis of DNA elements that modulate myosin VIIa expressio..."; Hum Mutat 14(4); pp. 354-60
>   match:   10.1002/(sici)1098-1004(200001)15:1<114::aid-humu21>3.0.co;2-4  Erratum: analysis of DNA elements that modulate myosin VIIa expression in humans (2000) Human mutation  [score 0.83]
>   sources: PubMed pmid:10612833
>   differs: title year volume issue pages
>   near-miss title (96% of the words agree)
>   year off by one (online vs print?)
>   volume, issue or pages differ
? 1

# a conference paper whose record (OpenAlex) names only its book series, "Lecture notes in computer
# science": cited by its conference, or with the series' volume, it is verified, saying the venue was not
# checked (each was a mismatch: wrong venue, "7432 is none of the work's ... pages"); a journal named
# instead still differs
$ provkg check-ref "L. Chen, G. Panin, and A. Knoll, \"Human body orientation estimation in multiview scenarios,\" in Proc. Int. Symp. Visual Computing (ISVC), 2012, pp. 499–508."
> verified: L. Chen, G. Panin, and A. Knoll, "Human body orientation estimation in multiview scenarios," in Proc. Int. Symp. Visual Computing (ISVC), 2012, pp. 499–508.
>   parsed:  apa style; Chen et al.; "Human body orientation estimation in multiview scenarios"; Proc. Int. Symp. Visual Computing (ISVC) 2012; pp. 499-508
>   match:   10.1007/978-3-642-33191-6_49  Human Body Orientation Estimation in Multiview Scenarios (2012) Lecture notes in computer science  [score 1.00]
>   sources: OpenAlex openalex:W9783904
>   the work's venue in the graph is its book series: the stated venue was not checked
$ provkg check-ref "Chen L, Panin G, Knoll A. Human body orientation estimation in multiview scenarios. In: Advances in Visual Computing (ISVC 2012). Lecture Notes in Computer Science, vol 7432. Springer; 2012. p. 499-508."
> verified: Chen L, Panin G, Knoll A. Human body orientation estimation in multiview scenarios. In: Advances in Visual Computing (ISVC 2012). Lecture Notes in Computer Science, vol 7432. Springer; 2012. p. 499-508.
>   parsed:  other style; Chen et al.; 2012; "Human body orientation estimation in multiview scenarios"; In: Advances in Visual Computing
>   match:   10.1007/978-3-642-33191-6_49  Human Body Orientation Estimation in Multiview Scenarios (2012) Lecture notes in computer science  [score 1.00]
>   sources: OpenAlex openalex:W9783904
$ provkg check-ref "Chen L, Panin G, Knoll A. Human body orientation estimation in multiview scenarios. Pattern Recognition. 2012;45:499-508."
> mismatch: Chen L, Panin G, Knoll A. Human body orientation estimation in multiview scenarios. Pattern Recognition. 2012;45:499-508.
>   parsed:  vancouver style; Chen et al.; 2012; "Human body orientation estimation in multiview scenarios"; Pattern Recognition 45; pp. 499-508
>   match:   10.1007/978-3-642-33191-6_49  Human Body Orientation Estimation in Multiview Scenarios (2012) Lecture notes in computer science  [score 0.89]
>   sources: OpenAlex openalex:W9783904
>   differs: venue
>   wrong venue
? 1

# "1.74 Å" in a title is the record's "1.74 ANGSTROMS" (it was a near-miss title), and "Protein Data
# Bank" names the "Worldwide Protein Data Bank" (it was a wrong venue)
$ provkg check-ref "Fermi G, Perutz MF. The crystal structure of human deoxyhaemoglobin at 1.74 Å resolution. Protein Data Bank; 1984. doi:10.2210/pdb4hhb/pdb"
> verified: Fermi G, Perutz MF. The crystal structure of human deoxyhaemoglobin at 1.74 Å resolution. Protein Data Bank; 1984. doi:10.2210/pdb4hhb/pdb
>   parsed:  other style; Fermi et al.; 1984; "The crystal structure of human deoxyhaemoglobin at 1.74 Å r..."; Protein Data Bank; doi 10.2210/pdb4hhb/pdb
>   match:   10.2210/pdb4hhb/pdb  THE CRYSTAL STRUCTURE OF HUMAN DEOXYHAEMOGLOBIN AT 1.74 ANGSTROMS RESOLUTION (1984) Worldwide Protein Data Bank  [score 1.00]
>   sources: OpenAlex openalex:W6945048743

# a family name with a letter folding keeps (ø, æ) or an umlaut spelt out: "Braestrup" is "Bræstrup",
# "Baerlocher" "Bärlocher", "Folner" "Følner" (each was "wrong first author", "chimeric" or "authors
# differ"); another name still differs
$ provkg check-ref "Braestrup C, Nielsen M, Squires RF. No changes in rat benzodiazepine receptors after withdrawal from continuous treatment with lorazepam and diazepam. Life Sci. 1979;24:347-350."
> verified: Braestrup C, Nielsen M, Squires RF. No changes in rat benzodiazepine receptors after withdrawal from continuous treatment with lorazepam and diazepam. Life Sci. 1979;24:347-350.
>   parsed:  vancouver style; Braestrup et al.; 1979; "No changes in rat benzodiazepine receptors after withdrawal ..."; Life Sci 24; pp. 347-350
>   match:   10.1016/0024-3205(79)90330-8  No changes in rat benzodiazepine receptors after withdrawal from continuous treatment with lorazepam and diazepam (1979) Life Sciences  [score 1.00]
$ provkg check-ref "Baerlocher F. Aquatic fungal ecology. Fungal Ecol. 2016;19:1-4."
> verified: Baerlocher F. Aquatic fungal ecology. Fungal Ecol. 2016;19:1-4.
>   parsed:  vancouver style; Baerlocher; 2016; "Aquatic fungal ecology"; Fungal Ecol 19; pp. 1-4
>   match:   10.1016/j.funeco.2015.10.002  Aquatic fungal ecology (2016) Fungal Ecology  [score 1.00]
$ provkg check-ref "Pataricza D, Muir S, Bak SL, Folner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80."
> verified: Pataricza D, Muir S, Bak SL, Folner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80.
>   parsed:  vancouver style; Pataricza et al.; 2021; "Jewish archives and sources in the Nordic countries: the cur..."; Nordisk judaistik 32; pp. 54-80
>   match:   10.30752/nj.111889  Jewish archives and sources in the Nordic countries (2021) Nordisk judaistik/Scandinavian Jewish Studies  [score 1.00]
$ provkg check-ref "Pataricza D, Muir S, Bak SL, Falner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80."
> mismatch: Pataricza D, Muir S, Bak SL, Falner B, Kieding Banik V, Rudberg P. Jewish archives and sources in the Nordic countries: the current state of affairs and future perspectives. Nordisk judaistik. 2021;32:54-80.
>   parsed:  vancouver style; Pataricza et al.; 2021; "Jewish archives and sources in the Nordic countries: the cur..."; Nordisk judaistik 32; pp. 54-80
>   match:   10.30752/nj.111889  Jewish archives and sources in the Nordic countries (2021) Nordisk judaistik/Scandinavian Jewish Studies  [score 1.00]
>   differs: authors
>   authors differ: Falner is not an author of the work
? 1

# DataCite works cited in APA with author lists the parse reads only in part: what it took for the venue lay in the author list, before the work's title ("& K. P. Singh" read as the title "& K", the venue "P"), and is no venue; "& M. Saadatfar (2014)" ends the list. A venue the string states after the title, or a wrong year, still differs
$ provkg check-ref "Tiwari, I., Singh, M., & K. P. Singh (2014). Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses. Zenodo."
> verified: Tiwari, I., Singh, M., & K. P. Singh (2014). Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses. Zenodo.
>   parsed:  other style; Tiwari et al.; 2014; "& K"; P
>   match:   10.5281/zenodo.5733768  Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses (2014)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.5733768
$ provkg check-ref "Vlas Zyrianov, Guarnera, D. T., Peterson, C. S., Sharif, B., & Maletic, J. I. (2020). iTrace Deja Vu Tool [Computer software]. Zenodo."
> verified: Vlas Zyrianov, Guarnera, D. T., Peterson, C. S., Sharif, B., & Maletic, J. I. (2020). iTrace Deja Vu Tool [Computer software]. Zenodo.
>   parsed:  other style; Vlas Zyrianov; 2020; "D"; T
>   match:   10.5281/zenodo.3976333  iTrace Deja Vu Tool (2020)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.3976333
$ provkg check-ref "M. A. Islam, P. J. Hazell, J. P. Escobedo, & M. Saadatfar (2014). In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology. Zenodo."
> verified: M. A. Islam, P. J. Hazell, J. P. Escobedo, & M. Saadatfar (2014). In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology. Zenodo.
>   parsed:  other style; Islam et al.; 2014; "In-Situ Quasistatic Compression and Microstructural Characte..."; Zenodo
>   match:   10.5281/zenodo.2828729  In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology (2014)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.2828729
$ provkg check-ref "Tiwari, I., Singh, M., & K. P. Singh (2014). Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses. Nature Communications."
> mismatch: Tiwari, I., Singh, M., & K. P. Singh (2014). Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses. Nature Communications.
>   parsed:  other style; Tiwari et al.; 2014; "& K"; P
>   match:   10.5281/zenodo.5733768  Fabrication, characterization and application of carbon ceramic nanocomposite prepared by using multiwalled carbon nanotubes and organically modified sol-gel glasses (2014)   [score 0.89]
>   sources: DataCite 10.5281/zenodo.5733768
>   differs: venue
>   wrong venue
? 1
$ provkg check-ref "M. A. Islam, P. J. Hazell, J. P. Escobedo, & M. Saadatfar (2011). In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology. Zenodo."
> mismatch: M. A. Islam, P. J. Hazell, J. P. Escobedo, & M. Saadatfar (2011). In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology. Zenodo.
>   parsed:  other style; Islam et al.; 2011; "In-Situ Quasistatic Compression and Microstructural Characte..."; Zenodo
>   match:   10.5281/zenodo.2828729  In-Situ Quasistatic Compression and Microstructural Characterization of Aluminium Foams of Different Cell Topology (2014)   [score 0.89]
>   sources: DataCite 10.5281/zenodo.2828729
>   differs: year
>   wrong year
? 1

# the day a work was read is not its date: "[cited 2024 May 12]", "Accessed 12 May 2024", "Retrieved from Zenodo on 12 May 2021" (they made the year 2024 and the work's a wrong year, or a stray number); a wrong year stays wrong whatever the access date
$ provkg check-ref "Langford NJ. Aspirin and Reye's syndrome: is the response appropriate?. J Clin Pharm Ther. 2002;27(3):157–160. [cited 2024 May 12]."
> verified: Langford NJ. Aspirin and Reye's syndrome: is the response appropriate?. J Clin Pharm Ther. 2002;27(3):157–160. [cited 2024 May 12].
>   parsed:  vancouver style; Langford; 2002; "Aspirin and Reye's syndrome: is the response appropriate?"; J Clin Pharm Ther 27(3); pp. 157-160
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 1.00]
$ provkg check-ref "S. Severini, A. Settimi, \"On the Divergenceless Property of the Magnetic Induction Field,\" Physics Research International, vol. 2013, pp. 1–5, 2013. Accessed 12 May 2024."
> verified: S. Severini, A. Settimi, "On the Divergenceless Property of the Magnetic Induction Field," Physics Research International, vol. 2013, pp. 1–5, 2013. Accessed 12 May 2024.
>   parsed:  ieee style; Severini et al.; "On the Divergenceless Property of the Magnetic Induction Fie..."; Physics Research International 2013; pp. 1-5
>   match:   10.1155/2013/292834  On the Divergenceless Property of the Magnetic Induction Field (2013) Physics Research International  [score 1.00]
$ provkg check-ref "Langford NJ. Aspirin and Reye's syndrome: is the response appropriate?. J Clin Pharm Ther. 2004;27(3):157–160. [cited 2002 May 12]."
> mismatch: Langford NJ. Aspirin and Reye's syndrome: is the response appropriate?. J Clin Pharm Ther. 2004;27(3):157–160. [cited 2002 May 12].
>   parsed:  vancouver style; Langford; 2004; "Aspirin and Reye's syndrome: is the response appropriate?"; J Clin Pharm Ther 27(3); pp. 157-160
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 0.90]
>   differs: year
>   wrong year
? 1
$ provkg check-ref "Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Retrieved from Zenodo on 12 May 2021."
> verified: Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Retrieved from Zenodo on 12 May 2021.
>   parsed:  other style; Diehl et al.; 2020; "& Huck, K"
>   match:   10.5281/zenodo.3753538  OctoTiger: Slurm scripts for running the convergence test (2020)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.3753538

# the work's title found in the string, where the parse read another and no venue: words after it that none of the work's fields explains name a venue nothing compared ("Nature Communications" for a Zenodo record), and the reference is not verified
$ provkg check-ref "Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Nature Communications."
> unverifiable: Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Nature Communications.
>   parsed:  other style; Diehl et al.; 2020; "& Huck, K"
>   match:   10.5281/zenodo.3753538  OctoTiger: Slurm scripts for running the convergence test (2020)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.3753538
>   the words after the work's title ('nature communications') are none of its fields, and the venue could not be read: not decided
? 1
$ provkg check-ref "Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Zenodo."
> verified: Diehl, P., Sagiv Schiber, Parsa Amini, & Huck, K. (2020). OctoTiger: Slurm scripts for running the convergence test [Computer software]. Zenodo.
>   parsed:  other style; Diehl et al.; 2020; "& Huck, K"
>   match:   10.5281/zenodo.3753538  OctoTiger: Slurm scripts for running the convergence test (2020)   [score 1.00]
>   sources: DataCite 10.5281/zenodo.3753538

# AMA's and Vancouver's editors before the book ("In: Ikeuchi K, ed. Computer Vision.") are no venue; a book the work is not in still differs
$ provkg check-ref "Singh M. Transparency and Translucency. In: Ikeuchi K, ed. Computer Vision. Springer; 2014:815-819."
> verified: Singh M. Transparency and Translucency. In: Ikeuchi K, ed. Computer Vision. Springer; 2014:815-819.
>   parsed:  chapter style; Singh; 2014; "Transparency and Translucency"; Computer Vision
>   match:   10.1007/978-0-387-31439-6_559  Transparency and Translucency (2014) Computer Vision, A Reference Guide  [score 1.00]
>   sources: DBLP dblp:reference/vision/Singh14
$ provkg check-ref "Singh M. Transparency and translucency. In: Ikeuchi K, ed. Handbook of Optics. Springer; 2014:815-819."
> mismatch: Singh M. Transparency and translucency. In: Ikeuchi K, ed. Handbook of Optics. Springer; 2014:815-819.
>   parsed:  chapter style; Singh; 2014; "Transparency and translucency"; Handbook of Optics
>   match:   10.1007/978-0-387-31439-6_559  Transparency and Translucency (2014) Computer Vision, A Reference Guide  [score 0.89]
>   sources: DBLP dblp:reference/vision/Singh14
>   differs: venue
>   wrong venue
? 1

# a PubMed article cited by its title in its own language (its VernacularTitle; ArticleTitle is the bracketed English one): it was fabricated, "chimeric: real authors with an invented title"
$ provkg check-ref "Tevzadze VG. O vliianii neposredstvennogo razdrazheniia gippokampa na reflektornye reaktsii zhivotnykh. Tr Inst Fiz Akad Nauk Gruz Ssr. 1968;15:86-96."
> verified: Tevzadze VG. O vliianii neposredstvennogo razdrazheniia gippokampa na reflektornye reaktsii zhivotnykh. Tr Inst Fiz Akad Nauk Gruz Ssr. 1968;15:86-96.
>   parsed:  vancouver style; Tevzadze; 1968; "O vliianii neposredstvennogo razdrazheniia gippokampa na ref..."; Tr Inst Fiz Akad Nauk Gruz Ssr 15; pp. 86-96
>   match:   pmid:5757641  The effect of immediate stimulation of the hippocampus on reflex reactions in animals (1968) Trudy Instituta fiziologii, Akademiia nauk Gruzinskoi SSR  [score 1.00]
>   sources: PubMed pmid:5757641
$ provkg check-ref "Milerad J. Ojämn fördelning av hälsoresurser. Forskningspengar satsas inte i proportion till sjukdomars globala betydelse. Lakartidningen. 2002;99(3):148-9."
> verified: Milerad J. Ojämn fördelning av hälsoresurser. Forskningspengar satsas inte i proportion till sjukdomars globala betydelse. Lakartidningen. 2002;99(3):148-9.
>   parsed:  vancouver style; Milerad; 2002; "Ojämn fördelning av hälsoresurser. Forskningspengar satsa..."; Lakartidningen 99(3); pp. 148-9
>   match:   pmid:11838066  Unequal distribution of health resources. Research is not supported with consideration to the global significance of the diseases (2002) Lakartidningen  [score 1.00]
>   sources: PubMed pmid:11838066
$ provkg check-ref "Tevzadze VG. O vliianii neposredstvennogo razdrazheniia gippokampa na reflektornye reaktsii zhivotnykh. Tr Inst Fiz Akad Nauk Gruz Ssr. 1972;15:86-96."
> mismatch: Tevzadze VG. O vliianii neposredstvennogo razdrazheniia gippokampa na reflektornye reaktsii zhivotnykh. Tr Inst Fiz Akad Nauk Gruz Ssr. 1972;15:86-96.
>   parsed:  vancouver style; Tevzadze; 1972; "O vliianii neposredstvennogo razdrazheniia gippokampa na ref..."; Tr Inst Fiz Akad Nauk Gruz Ssr 15; pp. 86-96
>   match:   pmid:5757641  The effect of immediate stimulation of the hippocampus on reflex reactions in animals (1968) Trudy Instituta fiziologii, Akademiia nauk Gruzinskoi SSR  [score 0.90]
>   sources: PubMed pmid:5757641
>   differs: year
>   wrong year
? 1

# a title and subtitle the record holds in one string, cited by the title alone, as where the record has them apart (it was a near miss, and with the volume and pages stated fabricated); another subtitle, or another word, is a near miss
$ provkg check-ref "Langford NJ. Aspirin and Reye's syndrome. J Clin Pharm Ther. 2002;27(3):157–160."
> verified: Langford NJ. Aspirin and Reye's syndrome. J Clin Pharm Ther. 2002;27(3):157–160.
>   parsed:  vancouver style; Langford; 2002; "Aspirin and Reye's syndrome"; J Clin Pharm Ther 27(3); pp. 157-160
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 1.00]
$ provkg check-ref "Langford NJ. Aspirin and Reye's syndrome: a review. J Clin Pharm Ther. 2002;27(3):157–160."
> mismatch: Langford NJ. Aspirin and Reye's syndrome: a review. J Clin Pharm Ther. 2002;27(3):157–160.
>   parsed:  vancouver style; Langford; 2002; "Aspirin and Reye's syndrome: a review"; J Clin Pharm Ther 27(3); pp. 157-160
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 0.93]
>   differs: title
>   near-miss title (83% of the words agree)
? 1
$ provkg check-ref "Langford NJ. Aspirin and Reye's disease. J Clin Pharm Ther. 2002;27(3):157–160."
> mismatch: Langford NJ. Aspirin and Reye's disease. J Clin Pharm Ther. 2002;27(3):157–160.
>   parsed:  vancouver style; Langford; 2002; "Aspirin and Reye's disease"; J Clin Pharm Ther 27(3); pp. 157-160
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 0.92]
>   differs: title
>   near-miss title (80% of the words agree)
? 1

# a DOI in a Markdown link ends at its "](": "[https://doi.org/X](https://doi.org/X)" stated the DOI "X](https://doi.org/X)", the work's "not the stated one"
$ provkg check-ref "Langford, N. J. (2002). Aspirin and Reye's syndrome: is the response appropriate? Journal of Clinical Pharmacy and Therapeutics, 27(3), 157–160. [https://doi.org/10.1046/j.1365-2710.2002.00408.x](https://doi.org/10.1046/j.1365-2710.2002.00408.x)"
> verified: Langford, N. J. (2002). Aspirin and Reye's syndrome: is the response appropriate? Journal of Clinical Pharmacy and Therapeutics, 27(3), 157–160. [https://doi.org/10.1046/j.1365-2710.2002.00408.x](https://doi.org/10.1046/j.1365-2710.2002.00408.x)
>   parsed:  apa style; Langford; 2002; "Aspirin and Reye's syndrome: is the response appropriate?"; Journal of Clinical Pharmacy and Therapeutics 27(3); pp. 157-160; doi 10.1046/j.1365-2710.2002.00408.x
>   match:   10.1046/j.1365-2710.2002.00408.x  Aspirin and Reye's syndrome: is the response appropriate? (2002) Journal of Clinical Pharmacy and Therapeutics  [score 1.00]

# ... but not where the string goes on past the title with a ':' the parse left out (another subtitle), and of two records of one chapter the one whose whole title is stated is compared (the other, undated, left a wrong year unchecked)
$ provkg check-ref "Gumbrecht, F. (2011). “What are you doing, Dave?”: The Spectral of Dave Bowman and HAL 9000 in Stanley Kubrick’s 2001: A Space Odyssey. In Of body snatchers and cyberpunks (pp. 63–71)."
> mismatch: Gumbrecht, F. (2011). “What are you doing, Dave?”: The Spectral of Dave Bowman and HAL 9000 in Stanley Kubrick’s 2001: A Space Odyssey. In Of body snatchers and cyberpunks (pp. 63–71).
>   parsed:  chapter style; Gumbrecht; 2011; "What are you doing, Dave?"; Of body snatchers and cyberpunks; pp. 63-71
>   match:   10.17875/gup2021-1672  “What are you doing, Dave?”: The Confrontation of Dave Bowman and HAL 9000 in Stanley Kubrick’s 2001: A Space Odyssey (2011) Of body snatchers and cyberpunks  [score 0.98]
>   differs: title
>   near-miss title (95% of the words agree)
? 1
$ provkg check-ref "Billen, G. (2014). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337)."
> unverifiable: Billen, G. (2014). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337).
>   parsed:  chapter style; Billen; 2014; "From Ecology of Natural Systems to Industrial Ecology"; Perspectives on Industrial Ecology; pp. 324-337
>   match:   10.4324/9781351282086-28  From Ecology of Natural Systems to Industrial Ecology (2017) Perspectives on Industrial Ecology  [score 0.89]
>   another record of the work (10.9774/gleaf.978-1-909493-30-8_29) has no date: the stated year may be its edition's, not 2017's; not decided
? 1

# a work held twice, once without a date (a chapter reissued: Routledge's record of 2017, Greenleaf's undated one of the 2003 original): a year the dated record does not give is not decided (2003 was a mismatch, "wrong year"); its own year verifies, a future one differs
$ provkg check-ref "Billen, G. (2003). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337). Greenleaf."
> unverifiable: Billen, G. (2003). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337). Greenleaf.
>   parsed:  chapter style; Billen; 2003; "From Ecology of Natural Systems to Industrial Ecology"; Perspectives on Industrial Ecology; pp. 324-337
>   match:   10.4324/9781351282086-28  From Ecology of Natural Systems to Industrial Ecology (2017) Perspectives on Industrial Ecology  [score 0.89]
>   another record of the work (10.9774/gleaf.978-1-909493-30-8_29) has no date: the stated year may be its edition's, not 2017's; not decided
? 1
$ provkg check-ref "Billen, G. (2017). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337). Routledge."
> verified: Billen, G. (2017). From Ecology of Natural Systems to Industrial Ecology. In Perspectives on Industrial Ecology (pp. 324–337). Routledge.
>   parsed:  chapter style; Billen; 2017; "From Ecology of Natural Systems to Industrial Ecology"; Perspectives on Industrial Ecology; pp. 324-337
>   match:   10.4324/9781351282086-28  From Ecology of Natural Systems to Industrial Ecology (2017) Perspectives on Industrial Ecology  [score 1.00]


# Markdown emphasis as models write references ("_JAMA_ **321**", "*JAMA*. 2019;**321**(22)"): the
# marks go in pairs, the words stay (the first was "volume, issue or pages differ", the second
# lost its volume and pages); a mark with no partner is kept (an underscore ending a DOI)
$ provkg check-ref "Stoll, B. J. Reflections on leadership. _JAMA_ **321**, 2165 (2019)."
> verified: Stoll, B. J. Reflections on leadership. _JAMA_ **321**, 2165 (2019).
>   parsed:  nature style; Stoll; 2019; "Reflections on leadership"; JAMA 321; pp. 2165
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
$ provkg check-ref "Stoll BJ. Reflections on leadership. *JAMA*. 2019;**321**(22):2165-2166."
> verified: Stoll BJ. Reflections on leadership. *JAMA*. 2019;**321**(22):2165-2166.
>   parsed:  vancouver style; Stoll; 2019; "Reflections on leadership"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
$ provkg check-ref "Stoll, B. J. (2019). ***Reflections on leadership***. __JAMA__, 321(22), 2165–2166."
> verified: Stoll, B. J. (2019). ***Reflections on leadership***. __JAMA__, 321(22), 2165–2166.
>   parsed:  apa style; Stoll; 2019; "Reflections on leadership"; JAMA 321(22); pp. 2165-2166
>   match:   10.1001/jama.2019.7127  Reflections on Leadership (2019) JAMA  [score 1.00]
$ provkg check-ref "https://doi.org/10.55555/x1234567_;"
> unverifiable: https://doi.org/10.55555/x1234567_;
>   parsed:  doi style; doi 10.55555/x1234567_
>   10.55555/x1234567_ not checked: no ingested source covers the DOI prefix 10.55555
? 1
