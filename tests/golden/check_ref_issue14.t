# check-ref: every example of issue 14, against data/sources and the
# fixture works of tests/fixtures/crossref-issue14 (DOIs 10.5555/...)

$ provkg build --db "$WORK/g" -q data/sources tests/fixtures/crossref-issue14 2>/dev/null && echo built
> built
? 0

# ---- the decision rule: fabricated means no such work (closed world) ----
# an invented title on a real venue, volume and pages
$ provkg check-ref --db "$WORK/g" --closed-world "Brennan AB, Castellanos C. Toward a unified theory of lattice stochastic dynamics. IEEE Transactions on Information Theory. 2024;70(8):5516-5532."
> fabricated: Brennan AB, Castellanos C. Toward a unified theory of lattice stochastic dynamics. IEEE Transactions on Information Theory. 2024;70(8):5516-5532.
>   parsed:  vancouver style; Brennan et al.; 2024; "Toward a unified theory of lattice stochastic dynamics"; IEEE Transactions on Information Theory 70(8); pp. 5516-5532
>   nothing matches the stated title among the 1996 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31; Crossref api-responses, public-data-file; DataCite rest-api; DBLP acta-2016, vision-2025; OpenAlex api; PubMed sample-2018; Crossref crossref-issue14 (closed world by --closed-world)
>   chimeric: an invented title and authors on a real work's year, venue, volume, pages (10.5555/fixture.ieee.2024)
? 1

# a made-up DOI, an invented title and invented authors
$ provkg check-ref --db "$WORK/g" --closed-world "Quernby, T., & Vasquell, R. (2021). A spectral lattice approach to emergent entropy. Physical Review B, 103(12), 125201. https://doi.org/10.1234/fake.567890"
> fabricated: Quernby, T., & Vasquell, R. (2021). A spectral lattice approach to emergent entropy. Physical Review B, 103(12), 125201. https://doi.org/10.1234/fake.567890
>   parsed:  apa style; Quernby et al.; 2021; "A spectral lattice approach to emergent entropy"; Physical Review B 103(12); pp. 125201; doi 10.1234/fake.567890
>   nothing matches the stated title among the 1996 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31; Crossref api-responses, public-data-file; DataCite rest-api; DBLP acta-2016, vision-2025; OpenAlex api; PubMed sample-2018; Crossref crossref-issue14 (closed world by --closed-world)
>   chimeric: an invented title and authors on a real work's year, venue, volume, pages (10.5555/fixture.authors5.2021)
>   the stated DOI 10.1234/fake.567890 could not be checked: no ingested source covers the DOI prefix 10.1234
? 1

# real authors with an invented title
$ provkg check-ref --db "$WORK/g" --closed-world "Keller, A., Zhou, B., Ruiz, C., Petrov, D., & Dubois, E. (2021). Toward a unified theory of quantum lattice entropy. Physical Review B, 103(12), 125201."
> fabricated: Keller, A., Zhou, B., Ruiz, C., Petrov, D., & Dubois, E. (2021). Toward a unified theory of quantum lattice entropy. Physical Review B, 103(12), 125201.
>   parsed:  apa style; Keller et al.; 2021; "Toward a unified theory of quantum lattice entropy"; Physical Review B 103(12); pp. 125201
>   nothing matches the stated title among the 1996 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31; Crossref api-responses, public-data-file; DataCite rest-api; DBLP acta-2016, vision-2025; OpenAlex api; PubMed sample-2018; Crossref crossref-issue14 (closed world by --closed-world)
>   chimeric: real authors with an invented title (authors, year, venue, volume, pages of 10.5555/fixture.authors5.2021)
? 1

# a DOI the graph lacks, said the way it is: not among the works searched
$ provkg check-ref --db "$WORK/g" --closed-world "https://doi.org/10.1103/PhysRevLett.77.3865"
> fabricated: https://doi.org/10.1103/PhysRevLett.77.3865
>   parsed:  doi style; doi 10.1103/physrevlett.77.3865
>   fabricated DOI: 10.1103/physrevlett.77.3865 is not among the 1996 works of arXiv api-atom, oai-pmh, snapshot-2022-03-31; Crossref api-responses, public-data-file; DataCite rest-api; DBLP acta-2016, vision-2025; OpenAlex api; PubMed sample-2018; Crossref crossref-issue14 (closed world by --closed-world)
? 1

# ---- correct references are verified ----------------------------------
# Nature style with no separator after the authors
$ provkg check-ref --db "$WORK/g" "X. Liu, Y. Chen & H. Zhang A Maximal Concurrency and Low Latency Distributed Scheduling Protocol for Wireless Sensor Networks. International Journal of Distributed Sensor Networks 11, 603172 (2015)."
> verified: X. Liu, Y. Chen & H. Zhang A Maximal Concurrency and Low Latency Distributed Scheduling Protocol for Wireless Sensor Networks. International Journal of Distributed Sensor Networks 11, 603172 (2015).
>   parsed:  nature style; Liu et al.; 2015; "A Maximal Concurrency and Low Latency Distributed Scheduling..."; International Journal of Distributed Sensor Networks 11; pp. 603172
>   match:   10.5555/fixture.nature.2015  A Maximal Concurrency and Low Latency Distributed Scheduling Protocol for Wireless Sensor Networks (2015) International Journal of Distributed Sensor Networks  [score 1.00]
? 0

# a Chicago author list (the first name inverted, the others not)
$ provkg check-ref --db "$WORK/g" "Mohammed, Hamish, Mary Ramos, Julie Armstrong, Amanda Garrison, and Mark E. Beatty. 2010. “Surveillance of Foodborne Outbreaks Reported by Public Health Departments.” Journal of Food Protection 73 (6): 1101–7."
> verified: Mohammed, Hamish, Mary Ramos, Julie Armstrong, Amanda Garrison, and Mark E. Beatty. 2010. “Surveillance of Foodborne Outbreaks Reported by Public Health Departments.” Journal of Food Protection 73 (6): 1101–7.
>   parsed:  springer style; Mohammed et al.; 2010; "Surveillance of Foodborne Outbreaks Reported by Public Healt..."; Journal of Food Protection 73(6); pp. 1101-7
>   match:   10.5555/fixture.chicago.2010  Surveillance of Foodborne Outbreaks Reported by Public Health Departments (2010) Journal of Food Protection  [score 1.00]
? 0

# a Crossref title with markup (<i>, <sub>, <scp>), the print year stated
$ provkg check-ref --db "$WORK/g" "Wang, W.; Li, L. Growth of Escherichia coli on TiO2 Surfaces under UV Light. J. Phys. Chem. C 2019, 123, 1200–1210."
> verified: Wang, W.; Li, L. Growth of Escherichia coli on TiO2 Surfaces under UV Light. J. Phys. Chem. C 2019, 123, 1200–1210.
>   parsed:  acs style; Wang et al.; 2019; "Growth of Escherichia coli on TiO2 Surfaces under UV Light"; J. Phys. Chem. C 123; pp. 1200-1210
>   match:   10.5555/fixture.markup.2019  Growth of Escherichia coli on TiO2 Surfaces under UV Light (2018) The Journal of Physical Chemistry C  [score 1.00]
>   the year stated is the work's print or online year
? 0

# IEEE "vol. 3" with pages 2068-2075 is no year 2068
$ provkg check-ref --db "$WORK/g" "[1] R. Fano, “On the capacity of fixture channels,” IRE Trans. Inform. Theory, vol. 3, no. 2, pp. 2068–2075, 1957."
> verified: [1] R. Fano, “On the capacity of fixture channels,” IRE Trans. Inform. Theory, vol. 3, no. 2, pp. 2068–2075, 1957.
>   parsed:  ieee style; Fano; 1957; "On the capacity of fixture channels"; IRE Trans. Inform. Theory 3(2); pp. 2068-2075
>   match:   10.5555/fixture.vol3.1957  On the Capacity of Fixture Channels (1957) IRE Transactions on Information Theory  [score 1.00]
? 0

# name particles and BibTeX "and others"; a conference acronym
$ provkg check-ref --db "$WORK/g" "@inproceedings{smith2023, author={Ana Smith and Tim van der Lee and others}, title={Masked Autoencoders for Fixture Images}, booktitle={CVPR}, year={2023}}"
> verified: @inproceedings{smith2023, author={Ana Smith and Tim van der Lee and others}, title={Masked Autoencoders for Fixture Images}, booktitle={CVPR}, year={2023}}
>   parsed:  bibtex style; Smith et al.; 2023; "Masked Autoencoders for Fixture Images"; CVPR
>   match:   10.5555/fixture.cvpr.2023  Masked Autoencoders for Fixture Images (2023) 2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)  [score 1.00]
? 0

# family-first CJK names (GB/T 7714)
$ provkg check-ref --db "$WORK/g" "张三, 李四. 二维材料中激子的光学性质研究[J]. 物理学报, 2020, 69(1): 1-10."
> verified: 张三, 李四. 二维材料中激子的光学性质研究[J]. 物理学报, 2020, 69(1): 1-10.
>   parsed:  gbt7714 style; 张三 et al.; 2020; "二维材料中激子的光学性质研究"; 物理学报 69(1); pp. 1-10
>   match:   10.5555/fixture.gbt.2020  二维材料中激子的光学性质研究 (2020) 物理学报  [score 1.00]
? 0

# initials without dots (Vancouver); diacritics left out
$ provkg check-ref --db "$WORK/g" "Keller A, Zhou B, Ruiz C, Petrov D, Dubois E. Measured band gaps of fixture semiconductors at low temperature. Phys Rev B. 2021;103(12):125201."
> verified: Keller A, Zhou B, Ruiz C, Petrov D, Dubois E. Measured band gaps of fixture semiconductors at low temperature. Phys Rev B. 2021;103(12):125201.
>   parsed:  vancouver style; Keller et al.; 2021; "Measured band gaps of fixture semiconductors at low temperat..."; Phys Rev B 103(12); pp. 125201
>   match:   10.5555/fixture.authors5.2021  Measured Band Gaps of Fixture Semiconductors at Low Temperature (2021) Physical Review B  [score 1.00]
? 0

$ provkg check-ref --db "$WORK/g" "Balparda, K., Vanegas-Ramirez, C. M., Marquez-Trochez, J., & Herrera-Chalarca, T. (2020). Unilateral Toxic Anterior Segment Syndrome Resulting in Cataract and Urrets-Zavalia Syndrome after Sequential Uneventful Implantation of a Posterior Chamber Phakic Toric Intraocular Lens at Two Different Surgical Facilities: A Series of Unfortunate Events. Case Reports in Ophthalmológical Medicine, 2020, 1–7."
> verified: Balparda, K., Vanegas-Ramirez, C. M., Marquez-Trochez, J., & Herrera-Chalarca, T. (2020). Unilateral Toxic Anterior Segment Syndrome Resulting in Cataract and Urrets-Zavalia Syndrome after Sequential Uneventful Implantation of a Posterior Chamber Phakic Toric Intraocular Lens at Two Different Surgical Facilities: A Series of Unfortunate Events. Case Reports in Ophthalmológical Medicine, 2020, 1–7.
>   parsed:  apa style; Balparda et al.; 2020; "Unilateral Toxic Anterior Segment Syndrome Resulting in Cata..."; Case Reports in Ophthalmológical Medicine 2020; pp. 1-7
>   match:   10.1155/2020/1216578  Unilateral Toxic Anterior Segment Syndrome Resulting in Cataract and Urrets-Zavalia Syndrome after Sequential Uneventful Implantation of a Posterior Chamber Phakic Toric Intraocular Lens at Two Different Surgical Facilities: A Series of Unfortunate Events (2020) Case Reports in Ophthalmological Medicine  [score 1.00]
? 0

# ---- conference acronyms against the venues' full names ---------------
$ provkg check-ref --db "$WORK/g" "Jannik Peters. Online Elicitation of Necessarily Optimal Matchings. In AAAI, 2022."
> verified: Jannik Peters. Online Elicitation of Necessarily Optimal Matchings. In AAAI, 2022.
>   parsed:  chapter style; Peters; 2022; "Online Elicitation of Necessarily Optimal Matchings"; AAAI
>   match:   10.5555/fixture.aaai.2022  Online Elicitation of Necessarily Optimal Matchings (2022) Proceedings of the AAAI Conference on Artificial Intelligence  [score 1.00]
? 0

$ provkg check-ref --db "$WORK/g" "Vaswani, A. et al. Attention is all you need. NeurIPS 2017."
> verified: Vaswani, A. et al. Attention is all you need. NeurIPS 2017.
>   parsed:  other style; Vaswani et al.; 2017; "Attention is all you need"; NeurIPS 2017
>   match:   10.5555/fixture.neurips.2017  Attention is All you Need (2017) Advances in Neural Information Processing Systems 30  [score 1.00]
? 0

# an Oxford-comma author list, natbib "pages"
$ provkg check-ref --db "$WORK/g" "Ziyi Chen, Yi Zhou, Rong-Rong Chen, and Shaofeng Zou. Sample and communication-efficient decentralized actor-critic algorithms with finite-time analysis. In International Conference on Machine Learning, pages 3794–3834. PMLR, 2022."
> verified: Ziyi Chen, Yi Zhou, Rong-Rong Chen, and Shaofeng Zou. Sample and communication-efficient decentralized actor-critic algorithms with finite-time analysis. In International Conference on Machine Learning, pages 3794–3834. PMLR, 2022.
>   parsed:  chapter style; Chen et al.; 2022; "Sample and communication-efficient decentralized actor-criti..."; International Conference on Machine Learning; pp. 3794-3834
>   match:   10.5555/fixture.icml.2022  Sample and Communication-Efficient Decentralized Actor-Critic Algorithms with Finite-Time Analysis (2022) Proceedings of the 39th International Conference on Machine Learning  [score 1.00]
? 0

# ICMLA is not ICML
$ provkg check-ref --db "$WORK/g" "Chen, Z. (2022). A Fixture Paper at a Different Conference. In ICML (pp. 1–6)."
> mismatch: Chen, Z. (2022). A Fixture Paper at a Different Conference. In ICML (pp. 1–6).
>   parsed:  chapter style; Chen; 2022; "A Fixture Paper at a Different Conference"; ICML; pp. 1-6
>   match:   10.5555/fixture.icmla.2022  A Fixture Paper at a Different Conference (2022) 2022 21st IEEE International Conference on Machine Learning and Applications (ICMLA)  [score 0.89]
>   differs: venue
>   wrong venue
? 1

# ---- parsing ----------------------------------------------------------
# authorless ACS: a journal, a year, a volume and a page, no author "Phys"
$ provkg check-ref --db "$WORK/g" --json "J. Phys. Chem. C 2020, 124, 12345"
> {"input":"J. Phys. Chem. C 2020, 124, 12345","parsed":{"authors":[],"year":2020,"title":null,"venue":"J. Phys. Chem. C","volume":"124","issue":null,"pages":"12345","doi":null,"style":"acs"},"verdict":"unverifiable","match":null,"mismatched_fields":[],"reasons":["no matching work in the graph (not a closed world)"]}
? 1

# BibTeX note={arXiv:...}: a preprint, not a Crossref work
$ provkg check-ref --db "$WORK/g" --closed-world --json "@article{lee2023, author={Tim van der Lee and et al.}, title={A Fixture Preprint on Lattices}, year={2023}, note={arXiv:2301.01234}}"
> {"input":"@article{lee2023, author={Tim van der Lee and et al.}, title={A Fixture Preprint on Lattices}, year={2023}, note={arXiv:2301.01234}}","parsed":{"authors":["van der Lee, Tim","et al."],"year":2023,"title":"A Fixture Preprint on Lattices","venue":null,"volume":null,"issue":null,"pages":null,"doi":null,"arxiv":"2301.01234","style":"bibtex"},"verdict":"unverifiable","match":null,"mismatched_fields":[],"reasons":["arXiv:2301.01234 not checked: no ingested arXiv snapshot covers the ids of 2301 that far"]}
? 1

# ---- authors: incomplete without "et al.", fine with it ----------------
$ provkg check-ref --db "$WORK/g" "Keller, A., & Zhou, B. (2021). Measured band gaps of fixture semiconductors at low temperature. Physical Review B, 103(12), 125201."
> mismatch: Keller, A., & Zhou, B. (2021). Measured band gaps of fixture semiconductors at low temperature. Physical Review B, 103(12), 125201.
>   parsed:  apa style; Keller et al.; 2021; "Measured band gaps of fixture semiconductors at low temperat..."; Physical Review B 103(12); pp. 125201
>   match:   10.5555/fixture.authors5.2021  Measured Band Gaps of Fixture Semiconductors at Low Temperature (2021) Physical Review B  [score 1.00]
>   differs: authors
>   incomplete author list (2 of 5)
? 1

$ provkg check-ref --db "$WORK/g" "Keller, A., Zhou, B., et al. (2021). Measured band gaps of fixture semiconductors at low temperature. Physical Review B, 103(12), 125201."
> verified: Keller, A., Zhou, B., et al. (2021). Measured band gaps of fixture semiconductors at low temperature. Physical Review B, 103(12), 125201.
>   parsed:  apa style; Keller et al.; 2021; "Measured band gaps of fixture semiconductors at low temperat..."; Physical Review B 103(12); pp. 125201
>   match:   10.5555/fixture.authors5.2021  Measured Band Gaps of Fixture Semiconductors at Low Temperature (2021) Physical Review B  [score 1.00]
? 0

# ---- an open world: what cannot be decided says so ---------------------
$ provkg check-ref --db "$WORK/g" "Zhang et al., Nature 2023"
> unverifiable: Zhang et al., Nature 2023
>   parsed:  short style; Zhang et al.; 2023; Nature
>   no matching work in the graph (not a closed world)
? 1

# ---- check: references written inline in prose ------------------------
$ provkg check --db "$WORK/g" tests/fixtures/check/inline-refs.txt
> answer tests/fixtures/check/inline-refs.txt: 0 values, 3 citations
>   traceability    10/10  (1 of 1 checked items traced: 1 exact, 0 within tolerance; 0 wrong; 2 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   fabricated references: 0 of 3
>   citation verified      +0.0  "Liu, X., Chen, Y., & Zhang, H. (2015). A Maximal Concurrency and Low Latency Dis..."  
>   citation unverifiable     .  "Keller, A.; Zhou, B.; Ruiz, C. Phys. Rev. B 2021, 103, 125201."  no title stated, and the closest work differs: not decided
>   citation unverifiable     .  "Zhang et al., Nature 2023"  no matching work in the graph (not a closed world)
? 0
