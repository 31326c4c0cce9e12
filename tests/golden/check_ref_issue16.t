# check-ref with the other bibliographic databases (issue 16): arXiv, DBLP,
# PubMed, DataCite and OpenAlex records of data/sources and of the fixtures
# of tests/fixtures/biblio-issue16 (one paper held by five databases)

$ provkg build --db "$WORK/g" -q data/sources tests/fixtures/biblio-issue16 2>/dev/null && echo built
> built
? 0

# what each edition covers: an absence means something only there
$ provkg sources --db "$WORK/g" | grep -A1 "biblio-issue16/arxiv\|biblio-issue16/pubmed\|biblio-issue16/dblp\|data/sources/pubmed" | sed 's/  20[0-9-]*T[0-9:]*Z  [0-9a-f]*  /  /'
> PubMed                sample-2018               177        0  data/sources/pubmed/sample-2018
>                       covers its 177 records only (API answers or a sample, not a dump)
> arXiv                 arxiv                       3        0  tests/fixtures/biblio-issue16/arxiv
>                       covers the arXiv ids of 1 month (1706 .. 1706), each up to its last; newest record 2023-08-03
> --
> DBLP                  dblp                        3        0  tests/fixtures/biblio-issue16/dblp
>                       covers 3 dblp streams (conf/nips, journals/corr, conf/icml)
> --
> PubMed                pubmed                      3        0  tests/fixtures/biblio-issue16/pubmed
>                       covers PMIDs 40000001 .. 40000010; 1 deleted
? 0

# ---- one paper, every way it is cited: the same work -------------------
$ provkg check-ref --db "$WORK/g" --closed-world "arXiv:1706.03762v5"
> verified: arXiv:1706.03762v5
>   parsed:  arxiv style
>   match:   10.48550/arxiv.1706.03762  Attention Is All You Need (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.03762; DataCite 10.48550/arxiv.1706.03762; DBLP dblp:journals/corr/VaswaniSPUJGKP17
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "https://arxiv.org/abs/1706.03762" | jq -c '[.verdict, .match.id, .match.versions]'
> ["verified","arxiv:1706.03762",7]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "https://doi.org/10.48550/arXiv.1706.03762" | jq -c '[.verdict, .match.id]'
> ["verified","10.48550/arxiv.1706.03762"]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "@inproceedings{vaswani2017, author={Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob and Jones, Llion and Gomez, Aidan N. and Kaiser, Lukasz and Polosukhin, Illia}, title={Attention is All you Need}, booktitle={NeurIPS}, year={2017}, eprint={1706.03762}}"
> verified: @inproceedings{vaswani2017, author={Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob and Jones, Llion and Gomez, Aidan N. and Kaiser, Lukasz and Polosukhin, Illia}, title={Attention is All you Need}, booktitle={NeurIPS}, year={2017}, eprint={1706.03762}}
>   parsed:  bibtex style; Vaswani et al.; 2017; "Attention is All you Need"; NeurIPS
>   match:   dblp:conf/nips/VaswaniSPUJGKP17  Attention is All you Need (2017) Neural Information Processing Systems  [score 1.00]
>   sources: DBLP dblp:conf/nips/VaswaniSPUJGKP17; OpenAlex openalex:W2963403868
? 0

# dblp-style conference strings (the acronym dblp writes, the name a reference spells out)
$ provkg check-ref --db "$WORK/g" --closed-world "Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N. Gomez, Lukasz Kaiser, and Illia Polosukhin. Attention is all you need. In NIPS, pages 5998–6008, 2017."
> verified: Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N. Gomez, Lukasz Kaiser, and Illia Polosukhin. Attention is all you need. In NIPS, pages 5998–6008, 2017.
>   parsed:  chapter style; Vaswani et al.; 2017; "Attention is all you need"; NIPS; pp. 5998-6008
>   match:   dblp:conf/nips/VaswaniSPUJGKP17  Attention is All you Need (2017) Neural Information Processing Systems  [score 1.00]
>   sources: DBLP dblp:conf/nips/VaswaniSPUJGKP17; OpenAlex openalex:W2963403868
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., Kaiser, L., & Polosukhin, I. (2017). Attention is all you need. In Advances in Neural Information Processing Systems (pp. 5998-6008)."
> verified: Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., Kaiser, L., & Polosukhin, I. (2017). Attention is all you need. In Advances in Neural Information Processing Systems (pp. 5998-6008).
>   parsed:  chapter style; Vaswani et al.; 2017; "Attention is all you need"; Advances in Neural Information Processing Systems; pp. 5998-6008
>   match:   dblp:conf/nips/VaswaniSPUJGKP17  Attention is All you Need (2017) Neural Information Processing Systems  [score 1.00]
>   sources: DBLP dblp:conf/nips/VaswaniSPUJGKP17; OpenAlex openalex:W2963403868
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "DBLP:conf/nips/VaswaniSPUJGKP17"
> verified: DBLP:conf/nips/VaswaniSPUJGKP17
>   parsed:  dblp style
>   match:   dblp:conf/nips/VaswaniSPUJGKP17  Attention is All you Need (2017) Neural Information Processing Systems  [score 1.00]
>   sources: DBLP dblp:conf/nips/VaswaniSPUJGKP17
? 0

# dblp's character entities, read through its DTD
$ provkg check-ref --db "$WORK/g" --closed-world "Müller, J., & Schäfer, R. (2020). A fixture paper with entities in its authors. In ICML (pp. 100-110)."
> verified: Müller, J., & Schäfer, R. (2020). A fixture paper with entities in its authors. In ICML (pp. 100-110).
>   parsed:  chapter style; Müller et al.; 2020; "A fixture paper with entities in its authors"; ICML; pp. 100-110
>   match:   dblp:conf/icml/MüllerS20  A Fixture Paper with Entities in its Authors (2020) International Conference on Machine Learning  [score 1.00]
>   sources: DBLP dblp:conf/icml/MüllerS20
? 0

# PubMed style, with its PMID: the Crossref record and the PubMed one agree
$ provkg check-ref --db "$WORK/g" --closed-world "Fixture A, Example B. A fixture preprint that was later published. Fixture J Ex. 2018;12(1):34-56. PMID: 40000001"
> verified: Fixture A, Example B. A fixture preprint that was later published. Fixture J Ex. 2018;12(1):34-56. PMID: 40000001
>   parsed:  vancouver style; Fixture et al.; 2018; "A fixture preprint that was later published"; Fixture J Ex 12(1); pp. 34-56
>   match:   10.5555/fixture.published.2018  A Fixture Preprint That Was Later Published (2018) Fixture Journal of Examples  [score 1.00]
>   sources: Crossref 10.5555/fixture.published.2018; PubMed pmid:40000001; arxiv:1706.00001 (preprint)
? 0

# by PMCID and by OpenAlex id
$ provkg check-ref --db "$WORK/g" --closed-world --json "PMCID: PMC9000001" | jq -c '[.verdict, .match.doi, .match.sources]'
> ["verified","10.5555/fixture.published.2018",["PubMed pmid:40000001","arxiv:1706.00001 (preprint)"]]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "https://openalex.org/W2963403868" | jq -c '[.verdict, .match.id, .match.title]'
> ["verified","openalex:W2963403868","Attention Is All You Need"]
? 0

# ---- identifiers that name nothing ---------------------------------------
# an arXiv id absent from a snapshot that covers its month that far: fabricated
$ provkg check-ref --db "$WORK/g" --closed-world "arXiv:1706.00002"
> fabricated: arXiv:1706.00002
>   parsed:  arxiv style
>   fabricated identifier: arXiv:1706.00002 is not among the 220 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31, arxiv (closed world by --closed-world)
? 1

# beyond what any snapshot covers: not decided
$ provkg check-ref --db "$WORK/g" --closed-world "arXiv:2301.00002"
> unverifiable: arXiv:2301.00002
>   parsed:  arxiv style
>   arXiv:2301.00002 not checked: no ingested arXiv snapshot covers the ids of 2301 that far
? 1

# a version the paper never had
$ provkg check-ref --db "$WORK/g" --closed-world "arXiv:1706.03762v9"
> mismatch: arXiv:1706.03762v9
>   parsed:  arxiv style
>   match:   10.48550/arxiv.1706.03762  Attention Is All You Need (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.03762; DataCite 10.48550/arxiv.1706.03762; DBLP dblp:journals/corr/VaswaniSPUJGKP17
>   differs: version
>   version v9 does not exist: arXiv:1706.03762 has 7 versions
? 1

# versions from OAI-PMH's arXivRaw format, authors as one string with TeX accents
$ provkg check-ref --db "$WORK/g" --closed-world "Fixture, J., Example, R., & Sample, Z. (2017). A fixture in the arXivRaw format. arXiv:1706.00003v3"
> verified: Fixture, J., Example, R., & Sample, Z. (2017). A fixture in the arXivRaw format. arXiv:1706.00003v3
>   parsed:  other style; Fixture et al.; 2017; "A fixture in the arXivRaw format"
>   match:   10.48550/arxiv.1706.00003  A Fixture in the arXivRaw Format (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.00003
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "arXiv:1706.00003v4"
> mismatch: arXiv:1706.00003v4
>   parsed:  arxiv style
>   match:   10.48550/arxiv.1706.00003  A Fixture in the arXivRaw Format (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.00003
>   differs: version
>   version v4 does not exist: arXiv:1706.00003 has 3 versions
? 1

# a real title with a wrong arXiv id
$ provkg check-ref --db "$WORK/g" --closed-world "Vaswani, A. et al. Attention is all you need. arXiv:1706.00002 (2017)."
> mismatch: Vaswani, A. et al. Attention is all you need. arXiv:1706.00002 (2017).
>   parsed:  other style; Vaswani et al.; 2017; "Attention is all you need"
>   match:   10.48550/arxiv.1706.03762  Attention Is All You Need (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.03762; DataCite 10.48550/arxiv.1706.03762; DBLP dblp:conf/nips/VaswaniSPUJGKP17; DBLP dblp:journals/corr/VaswaniSPUJGKP17; OpenAlex openalex:W2963403868
>   differs: identifier
>   the stated identifier arXiv:1706.00002 is not the work's (arXiv:1706.03762)
? 1

# a real title with the arXiv id of another work the graph holds: the
# reason names the identifier as stated, not as a DOI
$ provkg check-ref --db "$WORK/g" --closed-world "Vaswani, A. et al. Attention is all you need. arXiv:1706.00003 (2017)."
> mismatch: Vaswani, A. et al. Attention is all you need. arXiv:1706.00003 (2017).
>   parsed:  other style; Vaswani et al.; 2017; "Attention is all you need"
>   match:   10.48550/arxiv.1706.03762  Attention Is All You Need (2017) arXiv  [score 1.00]
>   differs: identifier
>   the stated identifier arXiv:1706.00003 belongs to another work; this one has arXiv:1706.03762
? 1

# a title no source holds, with the arXiv id or PMID of an unrelated work:
# fabricated, and the reason names the work the identifier belongs to
$ provkg check-ref --db "$WORK/g" --closed-world "Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. arXiv:1706.00003v2"
> fabricated: Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. arXiv:1706.00003v2
>   parsed:  apa style; Smith; 2019; "Quantum widgets for the masses"; Journal of Widgets 3; pp. 1-9
>   the stated identifier arXiv:1706.00003v2 belongs to an unrelated work ("A Fixture in the arXivRaw Format")
? 1

$ provkg check-ref --db "$WORK/g" --closed-world "Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. PMID: 40000001"
> fabricated: Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. PMID: 40000001
>   parsed:  apa style; Smith; 2019; "Quantum widgets for the masses"; Journal of Widgets 3; pp. 1-9
>   the stated identifier PMID 40000001 belongs to an unrelated work ("A fixture preprint that was later published")
? 1

# the same as a DOI: the record it names is arXiv's
$ provkg check-ref --db "$WORK/g" --closed-world "Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. doi:10.48550/arXiv.1706.00003"
> fabricated: Smith, J. (2019). Quantum widgets for the masses. Journal of Widgets, 3, 1-9. doi:10.48550/arXiv.1706.00003
>   parsed:  apa style; Smith; 2019; "Quantum widgets for the masses"; Journal of Widgets 3; pp. 1-9; doi 10.48550/arxiv.1706.00003
>   the DOI belongs to an unrelated work (arXiv:1706.00003: "A Fixture in the arXivRaw Format")
? 1

# a PMID inside a covered range that no file holds: fabricated
$ provkg check-ref --db "$WORK/g" --closed-world "PMID: 40000005"
> fabricated: PMID: 40000005
>   parsed:  pmid style
>   fabricated identifier: PMID 40000005 is not among the 180 works of PubMed sample-2018, pubmed (closed world by --closed-world)
? 1

# a PMID an update file deleted, and one no file covers
$ provkg check-ref --db "$WORK/g" --closed-world "PMID: 40000003"
> unverifiable: PMID: 40000003
>   parsed:  pmid style
>   PMID 40000003 was deleted from PubMed (DeleteCitation of an update file): not checked
? 1

$ provkg check-ref --db "$WORK/g" --closed-world "PMID: 40000099"
> unverifiable: PMID: 40000099
>   parsed:  pmid style
>   PMID 40000099 not checked: no ingested PubMed file covers that PMID
? 1

# identifiers no source holds: recognised and said
$ provkg check-ref --db "$WORK/g" --closed-world --json "https://openreview.net/forum?id=rJXMpikCZ" | jq -c '[.parsed.other_id, .verdict]'
> ["openreview.net/forum?id=rJXMpikCZ","unverifiable"]
? 1

# ---- preprints and published versions ----------------------------------
$ provkg check-ref --db "$WORK/g" --closed-world "Fixture, A., & Example, B. (2017). A fixture preprint that was later published. arXiv:1706.00001"
> verified: Fixture, A., & Example, B. (2017). A fixture preprint that was later published. arXiv:1706.00001
>   parsed:  other style; Fixture et al.; 2017; "A fixture preprint that was later published"
>   match:   10.48550/arxiv.1706.00001  A Fixture Preprint That Was Later Published (2017) arXiv  [score 1.00]
>   sources: arXiv arxiv:1706.00001; 10.5555/fixture.published.2018 (published version)
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "Fixture, A., & Example, B. (2017). A fixture preprint that was later published. NeurIPS 2017."
> mismatch: Fixture, A., & Example, B. (2017). A fixture preprint that was later published. NeurIPS 2017.
>   parsed:  other style; Fixture et al.; 2017; "A fixture preprint that was later published"; NeurIPS 2017
>   match:   10.48550/arxiv.1706.00001  A Fixture Preprint That Was Later Published (2017) arXiv  [score 0.89]
>   sources: arXiv arxiv:1706.00001; 10.5555/fixture.published.2018 (published version)
>   differs: venue
>   its published version, 10.5555/fixture.published.2018, is not in the stated venue either
>   wrong venue: arXiv's journal-ref gives the published version elsewhere
? 1

# the real arXiv snapshot: a preprint whose journal-ref names its published
# version; the graph holds no Crossref record of it
$ provkg check-ref --db "$WORK/g" --closed-world "Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Phys. Rev. D 76, 013009 (2007)."
> verified: Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Phys. Rev. D 76, 013009 (2007).
>   parsed:  nature style; Balázs et al.; 2007; "Calculation of prompt diphoton production cross sections at ..."; Phys. Rev. D 76; pp. 013009
>   match:   10.48550/arxiv.0704.0001  Calculation of prompt diphoton production cross sections at Tevatron and LHC energies (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0001
>   the published version, as arXiv's journal-ref gives it
? 0

$ provkg check-ref --db "$WORK/g" --closed-world "Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Phys. Rev. D 77, 013009 (2007)."
> mismatch: Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Phys. Rev. D 77, 013009 (2007).
>   parsed:  nature style; Balázs et al.; 2007; "Calculation of prompt diphoton production cross sections at ..."; Phys. Rev. D 77; pp. 013009
>   match:   10.48550/arxiv.0704.0001  Calculation of prompt diphoton production cross sections at Tevatron and LHC energies (2007) arXiv  [score 1.00]
>   sources: arXiv arxiv:0704.0001
>   differs: volume
>   volume, issue or pages differ: 77 is none of the work's years, volume, issue or pages
? 1

$ provkg check-ref --db "$WORK/g" --closed-world "Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Nature Physics 3, 100 (2007)."
> mismatch: Balázs, C. et al. Calculation of prompt diphoton production cross sections at Tevatron and LHC energies. Nature Physics 3, 100 (2007).
>   parsed:  nature style; Balázs et al.; 2007; "Calculation of prompt diphoton production cross sections at ..."; Nature Physics 3; pp. 100
>   match:   10.48550/arxiv.0704.0001  Calculation of prompt diphoton production cross sections at Tevatron and LHC energies (2007) arXiv  [score 0.89]
>   sources: arXiv arxiv:0704.0001
>   differs: venue
>   wrong venue: arXiv's journal-ref gives the published version elsewhere
? 1

# a preprint with no published version named, cited with a venue no source holds
$ provkg check-ref --db "$WORK/g" --closed-world "Streinu, I., & Theran, L. (2007). Sparsity-certifying graph decompositions. Discrete Mathematics, 309, 1."
> unverifiable: Streinu, I., & Theran, L. (2007). Sparsity-certifying graph decompositions. Discrete Mathematics, 309, 1.
>   parsed:  apa style; Streinu et al.; 2007; "Sparsity-certifying graph decompositions"; Discrete Mathematics 309; pp. 1
>   match:   10.48550/arxiv.0704.0002  Sparsity-certifying Graph Decompositions (2007) arXiv  [score 0.89]
>   sources: arXiv arxiv:0704.0002
>   the arXiv preprint fits; no ingested source holds works of the stated venue to say whether it was published there: not decided
? 1

# a retraction OpenAlex records
$ provkg check-ref --db "$WORK/g" --closed-world "Retract, C. (2019). A fixture study later retracted. Fixture Journal of Examples, 13(2), 1-9."
> verified: Retract, C. (2019). A fixture study later retracted. Fixture Journal of Examples, 13(2), 1-9.
>   parsed:  apa style; Retract; 2019; "A fixture study later retracted"; Fixture Journal of Examples 13(2); pp. 1-9
>   match:   10.5555/fixture.retracted.2019  A Fixture Study Later Retracted (2019) Fixture Journal of Examples  [score 1.00]
>   sources: Crossref 10.5555/fixture.retracted.2019; OpenAlex openalex:W4000000001
>   the work was retracted
? 0

# ---- a Crossref-only graph calls no DataCite or arXiv DOI fabricated ---
$ provkg build --db "$WORK/cr" -q data/sources/crossref 2>/dev/null && echo built
> built
? 0

$ provkg check-ref --db "$WORK/cr" --closed-world "https://doi.org/10.5281/zenodo.1196821"
> unverifiable: https://doi.org/10.5281/zenodo.1196821
>   parsed:  doi style; doi 10.5281/zenodo.1196821
>   10.5281/zenodo.1196821 not checked: no ingested source covers the DOI prefix 10.5281
? 1

$ provkg check-ref --db "$WORK/cr" --closed-world "https://doi.org/10.48550/arXiv.1706.03762"
> unverifiable: https://doi.org/10.48550/arXiv.1706.03762
>   parsed:  doi style; doi 10.48550/arxiv.1706.03762
>   arXiv:1706.03762 not checked: no ingested arXiv snapshot covers the ids of 1706 that far
? 1

$ provkg check-ref --db "$WORK/cr" --closed-world "Vaswani, A. et al. Attention is all you need. arXiv:1706.03762 (2017)."
> unverifiable: Vaswani, A. et al. Attention is all you need. arXiv:1706.03762 (2017).
>   parsed:  other style; Vaswani et al.; 2017; "Attention is all you need"
>   arXiv:1706.03762 not checked: no ingested arXiv snapshot covers the ids of 1706 that far
? 1

# while a DOI of a prefix the dump holds is decided by its absence
$ provkg check-ref --db "$WORK/cr" --closed-world "https://doi.org/10.1001/fake.12345"
> fabricated: https://doi.org/10.1001/fake.12345
>   parsed:  doi style; doi 10.1001/fake.12345
>   fabricated DOI: 10.1001/fake.12345 is not among the 1238 works of Crossref api-responses, public-data-file (closed world by --closed-world)
? 1

# ---- bad input: reported with file and line, the rest kept -------------
$ provkg build --db "$WORK/b1" tests/fixtures/bad-biblio/truncated 2>&1 | sed "s| in [0-9.]* s\$||; s|$WORK|WORK|"
> provkg: warning: tests/fixtures/bad-biblio/truncated/dblp.xml:44: no element found (the rest of this file is not read)
> provkg: DBLP truncated: 3 records, 1 rejected (tests/fixtures/bad-biblio/truncated)
> provkg: built graph 'WORK/b1' from 1 source
? 0

$ provkg build --db "$WORK/b2" tests/fixtures/bad-biblio/nodtd 2>&1 | sed "s| in [0-9.]* s\$||; s|$WORK|WORK|"
> provkg: warning: tests/fixtures/bad-biblio/nodtd/dblp.xml: the DTD it names, tests/fixtures/bad-biblio/nodtd/dblp.dtd, cannot be read (No such file or directory): its character entities are defined there (the rest of this file is not read)
> provkg: DBLP nodtd: 0 records, 1 rejected (tests/fixtures/bad-biblio/nodtd)
> provkg: built graph 'WORK/b2' from 1 source
? 0

$ provkg build --db "$WORK/b3" tests/fixtures/bad-biblio/badline 2>&1 | sed "s| in [0-9.]* s\$||; s|$WORK|WORK|"
> provkg: warning: tests/fixtures/bad-biblio/badline/arxiv-metadata-oai-snapshot.json:2: not JSON (a broken line)
> provkg: warning: tests/fixtures/bad-biblio/badline/arxiv-metadata-oai-snapshot.json:4: not an arXiv id: 'not-an-id'
> provkg: arXiv badline: 3 records, 2 rejected (tests/fixtures/bad-biblio/badline)
> provkg: built graph 'WORK/b3' from 1 source
? 0

$ provkg build --strict --db "$WORK/b4" tests/fixtures/bad-biblio/badline 2>&1 | sed "s|$WORK|WORK|"
> provkg: tests/fixtures/bad-biblio/badline/arxiv-metadata-oai-snapshot.json:2: not JSON (a broken line)
> provkg: build stopped; the previous graph in 'WORK/b4' is unchanged
? 3

# values run together on a line are each read; what is not JSON is said
$ mkdir -p "$WORK/oa" && printf '{"id":"https://openalex.org/W1","title":"One","authorships":[]} {"id":"https://openalex.org/W2","title":"Two","authorships":[]} x\n' > "$WORK/oa/w.json" && provkg build --db "$WORK/goa" "$WORK/oa" 2>&1 | grep -v built | sed "s|$WORK|WORK|"
> provkg: warning: WORK/oa/w.json:1: column 129: not JSON
> provkg: OpenAlex oa: 2 records, 1 rejected (WORK/oa)
? 0

# an arXiv paper cited by its journal-ref as SPIRES wrote it (glued): the
# venue, volume, pages and year are read, and the journal-ref's year is the
# published version's (2008; the preprint is of 2007): verified. Another
# year is wrong (tests/scripts/check_arxiv_jref runs all 109 of the snapshot)
$ provkg check-ref --json "Chang, C., Li, T., Li, X., Wang, Y. Lifetime of doubly charmed baryons. Commun.Theor.Phys.49:993-1000,2008" | jq -c '[.verdict, .parsed.venue, .parsed.volume, .parsed.pages, .parsed.year, .parsed.style, .reasons]'
> ["verified","Commun.Theor.Phys.","49","993-1000",2008,"spires",["the published version, as arXiv's journal-ref gives it","the year stated is the published version's (arXiv's journal-ref)"]]

$ provkg check-ref --json "Chang, C., Li, T., Li, X., Wang, Y. Lifetime of doubly charmed baryons. Commun.Theor.Phys.49:993-1000,2011" | jq -c '[.verdict, .mismatched_fields, .reasons]'
> ["mismatch",["year"],["the published version, as arXiv's journal-ref gives it","wrong year"]]
? 1

# PubMed's ReferenceList writes a citation with no authors or title: the
# journal is no author ("Reson Med, Magn" before); the work is found by
# journal, volume and pages (tests/scripts/check_pubmed_citations runs the
# 158 works of the PubMed sample)
$ provkg check-ref --json "Magn Reson Med. 2009 Sep;62(3):656-64" | jq -c '[.verdict, .parsed.authors, .parsed.venue, .parsed.volume, .parsed.issue, .parsed.pages]'
> ["unverifiable",[],"Magn Reson Med","62","3","656-64"]
? 1

$ provkg check-ref "J Med Chem. 1991 Aug;34(8):2489-95"
> verified: J Med Chem. 1991 Aug;34(8):2489-95
>   parsed:  vancouver style; 1991; J Med Chem 34(8); pp. 2489-95
>   match:   pmid:1875346  3-Hydroxy-3-methylglutaryl-coenzyme a reductase inhibitors. 7. Modification of the hexahydronaphthalene moiety of simvastatin: 5-oxygenated and 5-oxa derivatives (1991) Journal of medicinal chemistry  [score 1.00]
>   sources: PubMed pmid:1875346

# ---- how machine-learning papers cite a preprint (natbib's ACL and
# NeurIPS styles: "arXiv preprint arXiv:ID"; "arXiv e-prints"): the server
# the preprint is on is its venue (before: unverifiable, "no ingested
# source holds works of the stated venue"). tests/scripts/check_dblp_hits
# runs 539 real dblp records this way.
$ provkg check-ref --db "$WORK/g" --closed-world --json "Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N. Gomez, Lukasz Kaiser, and Illia Polosukhin. 2017. Attention is all you need. arXiv preprint arXiv:1706.03762." | jq -c '[.verdict, .parsed.venue, .match.id]'
> ["verified","arXiv preprint","arxiv:1706.03762"]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "A. Vaswani et al. Attention is all you need. arXiv e-prints, 2017." | jq -c '[.verdict, .match.id]'
> ["verified","arxiv:1706.03762"]
? 0

# two authors, or the first and "et al.", before the year are names, not
# a title (before: the title "Vaswani and Shazeer (2017)"); two of eight
# authors with no "et al." is an incomplete list, and another first author
# is seen
$ provkg check-ref --db "$WORK/g" --closed-world --json "Vaswani and Shazeer (2017). Attention is all you need. arXiv preprint arXiv:1706.03762." | jq -c '[.verdict, .parsed.authors, .parsed.title, .reasons]'
> ["mismatch",["Vaswani","Shazeer"],"Attention is all you need",["incomplete author list (2 of 8)"]]
? 1

# (before: "et al." alone was read, no name checked, and this chimera of a
# famous title was verified)
$ provkg check-ref --db "$WORK/g" --closed-world --json "Smith et al. (2017). Attention is all you need. NeurIPS." | jq -c '[.verdict, .parsed.authors, .match.id, .reasons]'
> ["mismatch",["Smith","et al."],"dblp:conf/nips/VaswaniSPUJGKP17",["chimeric: a real title with the wrong authors"]]
? 1

$ provkg check-ref --db "$WORK/g" --closed-world --json "Shazeer et al. (2017). Attention is all you need. NeurIPS." | jq -c '[.verdict, .match.id, .reasons]'
> ["mismatch","dblp:conf/nips/VaswaniSPUJGKP17",["wrong first author: Shazeer is the work's second author (swapped author order?)"]]
? 1

# ---- APA 7 data citations (DataCite records of data/sources): a record in
# no container is cited with its publisher where a journal would stand,
# and "[Software]", "[Text]" describe it; the parse's "venue" that is the
# work's own title is no venue (before: each a mismatch, "wrong venue").
# tests/scripts/check_datacite_citations runs all 105 records.
$ provkg check-ref --db "$WORK/g" --closed-world --json "Beasley, A. (2014). Wats: v0.9-2 [Software]. Zenodo." | jq -c '[.verdict, .parsed.venue, .match.id]'
> ["verified","Zenodo","10.5281/zenodo.11800"]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "Info Flora (2021). Salix purpurea L. [Text]. Zenodo." | jq -c '[.verdict, .match.id]'
> ["verified","10.5281/zenodo.10916569"]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "Beasley, A. (2014). Wats: v0.9-2 [Software]. Dryad." | jq -c '[.verdict, .mismatched_fields, .reasons]'
> ["mismatch",["venue"],["wrong venue"]]
? 1

# ---- the 200 arXiv records of data/sources cited as preprints
# (tests/scripts/check_arxiv_preprints): a list of initials may go on with
# a full name and back ("M. Takahashi, Sankalpa Ghosh, T. Mizushima"), a
# name may start "d'" (before: each "incomplete author list"); an arXiv id
# of another work is no longer passed over when the title names the work
# (before: verified)
$ provkg check-ref --db "$WORK/g" --closed-world --json "J. P. Hague, and N. d'Ambrumenil. 2007. Tuning correlation effects with electron-phonon interactions. arXiv preprint arXiv:0704.0030." | jq -c '[.verdict, .parsed.authors]'
> ["verified",["Hague, J. P.","d'Ambrumenil, N."]]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "M. Takahashi, Sankalpa Ghosh, T. Mizushima, and K. Machida. 2007. Spinor dipolar Bose-Einstein condensates; Classical spin approach. arXiv preprint arXiv:0704.0122." | jq -c '[.verdict, .parsed.authors]'
> ["verified",["Takahashi, M.","Ghosh, Sankalpa","Mizushima, T.","Machida, K."]]
? 0

$ provkg check-ref --db "$WORK/g" --closed-world --json "Sergey Gubin. 2007. Reducing SAT to 2-SAT. arXiv:0704.0109." | jq -c '[.verdict, .mismatched_fields, .reasons]'
> ["mismatch",["identifier"],["the stated identifier arXiv:0704.0109 belongs to another work; this one has arXiv:0704.0108"]]
? 1
