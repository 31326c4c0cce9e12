#!/usr/bin/python3
"""The baseline a user would write instead of provkg (issue 19): Python's
standard library only, sqlite3 with FTS5 for candidates, difflib for
scoring. make bench measures it beside provkg in the same run.

usage: baseline.py ingest DB DUMP_DIR        Crossref .json.gz files -> sqlite
       baseline.py check DB < refs.jsonl > out.jsonl
           {"id","ref"} lines -> {"id","verdict","match":{"doi"}}: a DOI
           reference is looked up by its DOI (verified when the work
           exists, else fabricated); free text takes the 20 best FTS5
           (BM25) candidates of its words and scores each with
           difflib.SequenceMatcher against "authors title venue year":
           verified at a ratio of 0.6 or more, else unverifiable.
Prints its own timing on stderr: "seconds N"."""
import difflib, glob, gzip, json, os, re, sqlite3, sys, time

DOI_RE = re.compile(r"10\.\d{4,9}/[^\s\"<>]+", re.I)
WORD_RE = re.compile(r"\w{3,}", re.U)


def ingest(db, dump):
    if os.path.exists(db):
        os.unlink(db)
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("CREATE TABLE works(doi TEXT PRIMARY KEY, title TEXT, authors TEXT, venue TEXT, year INT, volume TEXT, page TEXT)")
    con.execute("CREATE VIRTUAL TABLE fts USING fts5(title, authors, venue, content='works', content_rowid='rowid')")
    n = 0
    for f in sorted(glob.glob(os.path.join(dump, "*.json.gz"))):
        items = json.load(gzip.open(f, "rt", encoding="utf-8"))["items"]
        rows = []
        for it in items:
            doi = it.get("DOI", "").lower()
            if not doi:
                continue
            title = " ".join(it.get("title") or [])
            authors = " ".join("%s %s" % (a.get("given", ""), a.get("family", "")) for a in it.get("author", []))
            venue = " ".join(it.get("container-title") or [])
            try:
                year = it["issued"]["date-parts"][0][0]
            except Exception:
                year = None
            rows.append((doi, title, authors, venue, year, it.get("volume"), it.get("page")))
        con.executemany("INSERT OR REPLACE INTO works VALUES (?,?,?,?,?,?,?)", rows)
        n += len(rows)
    con.execute("INSERT INTO fts(fts) VALUES('rebuild')")
    con.commit()
    con.close()
    return n


def check(db):
    con = sqlite3.connect(db)
    out = sys.stdout
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            out.write(json.dumps({"id": None, "error": "not JSON"}) + "\n")
            continue
        ref = req.get("ref") if isinstance(req.get("ref"), str) else ""
        res = {"id": req.get("id"), "verdict": "unverifiable", "match": None}
        m = DOI_RE.search(ref)
        if m and len(ref.strip()) - len(m.group(0)) < 20:
            doi = m.group(0).rstrip(".,;").lower()
            row = con.execute("SELECT doi FROM works WHERE doi = ?", (doi,)).fetchone()
            if row:
                res = {"id": req.get("id"), "verdict": "verified", "match": {"doi": row[0]}}
            else:
                res["verdict"] = "fabricated"
        else:
            words = list(dict.fromkeys(w.lower() for w in WORD_RE.findall(ref)))[:40]
            if words:
                q = " OR ".join('"%s"' % w.replace('"', "") for w in words)
                try:
                    cands = con.execute("SELECT works.doi, works.title, works.authors, works.venue, works.year "
                                        "FROM fts JOIN works ON works.rowid = fts.rowid WHERE fts MATCH ? "
                                        "ORDER BY bm25(fts) LIMIT 20", (q,)).fetchall()
                except sqlite3.OperationalError:
                    cands = []
                best, best_doi = 0.0, None
                low = ref.lower()
                for doi, title, authors, venue, year in cands:
                    text = ("%s %s %s %s" % (authors, title, venue, year or "")).lower()
                    r = difflib.SequenceMatcher(None, low, text).ratio()
                    if r > best:
                        best, best_doi = r, doi
                if best >= 0.6:
                    res = {"id": req.get("id"), "verdict": "verified", "match": {"doi": best_doi}}
        out.write(json.dumps(res) + "\n")
    con.close()


t0 = time.time()
if sys.argv[1] == "ingest":
    n = ingest(sys.argv[2], sys.argv[3])
    print("works %d" % n, file=sys.stderr)
elif sys.argv[1] == "check":
    check(sys.argv[2])
else:
    sys.exit(__doc__)
print("seconds %.3f" % (time.time() - t0), file=sys.stderr)
