#!/usr/bin/python3
"""bench/gen_biblio.py OUT N SEED - seeded synthetic dumps of the other
bibliographic databases, N records each, in their real layouts:

  OUT/arxiv/arxiv-metadata-oai-snapshot.json   JSON lines (the Kaggle snapshot's fields)
  OUT/dblp/dblp.xml.gz + dblp.dtd              dblp.xml (ISO-8859-1, entities from the DTD)
  OUT/pubmed/pubmed99nNNNN.xml.gz              baseline files of 30,000 PubmedArticle
  OUT/openalex/part_NNN.gz                     works JSON lines
  OUT/datacite/dois-NNN.jsonl.gz               DOI records, JSON lines

and OUT/ids.tsv: the arXiv ids and PMIDs written (for the lookup rates).
The dblp DTD is copied from data/sources/dblp/vision-2025. Never committed
(bench/out/)."""
import gzip, json, os, random, shutil, sys

out, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
WORDS = ("quantum lattice entropy neural network graph sparse learning robust adaptive spectral kernel "
         "bayesian inference transformer attention protein folding catalysis membrane topological phase "
         "coherent photonic stochastic gradient manifold sampling causal discovery").split()
FAMILIES = ("Zhang Wang Li Liu Chen Smith Müller García Rossi Kim Nguyen Singh Kumar Ivanov Sato Tanaka "
            "Schmidt Dubois Silva Novak Kowalski Jensen Olsen Berg Costa Ferreira").split()
GIVEN = "Ana Bo Chen Dara Eli Fei Gus Hana Ivo Jia Kai Lena Mia Noah Omar Pia Quan Rui Sara Tao".split()
VENUES = ["NIPS", "ICML", "ICLR", "CVPR", "ACL", "AAAI", "IJCAI", "KDD"]
JOURNALS = ["Journal of Synthetic Results", "Annals of Generated Science", "Letters in Benchmarks"]


def title():
    k = rng.randint(5, 11)
    return " ".join(rng.choice(WORDS) for _ in range(k)).capitalize() + f" {rng.randint(1, 99999)}"


def authors():
    return [(rng.choice(FAMILIES), rng.choice(GIVEN)) for _ in range(rng.randint(1, 6))]


os.makedirs(out, exist_ok=True)
ids = open(os.path.join(out, "ids.tsv"), "w")

# ---- arXiv snapshot: ids month by month, 9,000 a month ------------------
os.makedirs(os.path.join(out, "arxiv"), exist_ok=True)
with open(os.path.join(out, "arxiv", "arxiv-metadata-oai-snapshot.json"), "w") as f:
    for i in range(n):
        month = 1501 + (i // 9000) % 12 + 100 * ((i // 9000) // 12)
        aid = f"{month:04d}.{i % 9000 + 1:05d}"
        au = authors()
        nv = rng.randint(1, 4)
        rec = {"id": aid, "submitter": au[0][1] + " " + au[0][0], "authors": ", ".join(g + " " + fam for fam, g in au),
               "title": title(), "comments": None, "journal-ref": None,
               "doi": f"10.5555/bench.{i}" if rng.random() < 0.3 else None, "report-no": None,
               "categories": "cs.LG", "license": None, "abstract": "",
               "versions": [{"version": f"v{v + 1}", "created": f"Mon, {1 + v} Jan 20{month // 100:02d} 10:00:00 GMT"}
                            for v in range(nv)],
               "update_date": f"20{month // 100:02d}-{month % 100:02d}-15",
               "authors_parsed": [[fam, g, ""] for fam, g in au]}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        if i % 97 == 0:
            ids.write(f"arxiv\t{aid}\n")

# ---- dblp.xml -----------------------------------------------------------
os.makedirs(os.path.join(out, "dblp"), exist_ok=True)
shutil.copy("data/sources/dblp/vision-2025/dblp.dtd", os.path.join(out, "dblp", "dblp.dtd"))
with gzip.open(os.path.join(out, "dblp", "dblp.xml.gz"), "wt", encoding="iso-8859-1", compresslevel=1) as f:
    f.write('<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n')
    for i in range(n):
        v = VENUES[i % len(VENUES)]
        au = "".join(f"<author>{g} {fam.replace('ü', '&uuml;')}</author>\n" for fam, g in authors())
        f.write(f'<inproceedings mdate="2024-01-01" key="conf/{v.lower()}/B{i}">\n{au}<title>{title()}.</title>\n'
                f"<pages>{i % 900 + 1}-{i % 900 + 9}</pages>\n<year>{2000 + i % 25}</year>\n<booktitle>{v}</booktitle>\n"
                f"<ee>https://doi.org/10.5555/dblp.{i}</ee>\n</inproceedings>\n")
    f.write("</dblp>\n")

# ---- PubMed baseline files ------------------------------------------------
os.makedirs(os.path.join(out, "pubmed"), exist_ok=True)
per = 30000
for k in range((n + per - 1) // per):
    with gzip.open(os.path.join(out, "pubmed", f"pubmed99n{k + 1:04d}.xml.gz"), "wt", compresslevel=1) as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, '
                '1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n<PubmedArticleSet>\n')
        for i in range(k * per, min(n, (k + 1) * per)):
            pmid = 10000000 + i
            au = "".join(f"<Author ValidYN=\"Y\"><LastName>{fam}</LastName><ForeName>{g}</ForeName><Initials>{g[0]}</Initials></Author>"
                         for fam, g in authors())
            f.write(f'<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">{pmid}</PMID>'
                    f'<Article PubModel="Print"><Journal><ISSN IssnType="Print">0000-{i % 10000:04d}</ISSN>'
                    f'<JournalIssue CitedMedium="Print"><Volume>{i % 80 + 1}</Volume><Issue>{i % 12 + 1}</Issue>'
                    f'<PubDate><Year>{1980 + i % 45}</Year></PubDate></JournalIssue><Title>{JOURNALS[i % 3]}</Title>'
                    f'<ISOAbbreviation>J Synth Res</ISOAbbreviation></Journal><ArticleTitle>{title()}.</ArticleTitle>'
                    f'<Pagination><MedlinePgn>{i % 900 + 1}-{i % 900 + 12}</MedlinePgn></Pagination>'
                    f'<AuthorList CompleteYN="Y">{au}</AuthorList></Article></MedlineCitation><PubmedData><ArticleIdList>'
                    f'<ArticleId IdType="pubmed">{pmid}</ArticleId><ArticleId IdType="doi">10.5555/pm.{i}</ArticleId>'
                    f'</ArticleIdList></PubmedData></PubmedArticle>\n')
            if i % 97 == 0:
                ids.write(f"pmid\t{pmid}\n")
        f.write("</PubmedArticleSet>\n")

# ---- OpenAlex and DataCite JSON lines -------------------------------------
for db, name in (("openalex", "part_{:03d}.gz"), ("datacite", "dois-{:03d}.jsonl.gz")):
    os.makedirs(os.path.join(out, db), exist_ok=True)
    per = 250000
    for k in range((n + per - 1) // per):
        with gzip.open(os.path.join(out, db, name.format(k)), "wt", encoding="utf-8", compresslevel=1) as f:
            for i in range(k * per, min(n, (k + 1) * per)):
                au = authors()
                if db == "openalex":
                    rec = {"id": f"https://openalex.org/W{3000000000 + i}", "doi": f"https://doi.org/10.5555/oa.{i}",
                           "title": title(), "publication_year": 1990 + i % 35, "type": "article",
                           "ids": {"openalex": f"https://openalex.org/W{3000000000 + i}"},
                           "authorships": [{"author": {"display_name": f"{g} {fam}"}} for fam, g in au],
                           "primary_location": {"source": {"display_name": JOURNALS[i % 3]}},
                           "biblio": {"volume": str(i % 80 + 1), "issue": None, "first_page": str(i % 900 + 1),
                                      "last_page": str(i % 900 + 12)},
                           "is_retracted": i % 5000 == 0, "updated_date": "2025-10-01T00:00:00"}
                else:
                    rec = {"id": f"10.5281/bench.{i}", "type": "dois",
                           "attributes": {"doi": f"10.5281/bench.{i}", "titles": [{"title": title()}],
                                          "creators": [{"name": f"{fam}, {g}", "givenName": g, "familyName": fam} for fam, g in au],
                                          "publisher": "Zenodo", "publicationYear": 2010 + i % 15,
                                          "types": {"resourceTypeGeneral": "Dataset"}, "updated": "2025-01-01T00:00:00Z"}}
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
ids.close()
