#!/usr/bin/python3
"""Seeded synthetic Crossref dump in the public data file layout.

usage: gen_crossref.py OUT_DIR N [SEED]
Writes OUT_DIR/<k>.json.gz, 5,000 works each ({"items":[...]}), shaped like
the real records in data/sources/crossref, with distributions measured on
its 985 journal articles (3,501 authorships):
- family names: a head of 190 common names of many origins for 37% of
  authorships ("Wang" ~1.9%, the first 20 ~14%; real 1.8% and 14%) and a
  tail of 10M made-up names for the rest, so that two thirds of the names
  in a sample of thousands occur once in it (real: 2,323 of 3,501);
- 1-12 authors (median 3, mean 4), a long tail to 200;
- titles of 2-33 words (mean 11, sd 5.5: real 10.9 and 5.8) from a common
  head of ~90 words and a Zipf tail of 40,000 made-up ones;
- venues: one per ~1,000 works (at least 400; Crossref: ~180M works in
  ~130k containers), sizes log-normal (the largest 3% of works at 1M, 0.7%
  at 10M), with ISO 4-like abbreviations;
- years weighted towards recent ones, types mostly journal-article, ~54%
  with reference lists (~37 references each), licences and links, so
  records average about 5 KB of JSON like the real ones.
Uses every core."""
import bisect, gzip, itertools, json, math, multiprocessing, os, random, sys, zlib

PER_FILE = 5000
FAMILY = ("Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Luo Gao Smith Johnson "
          "Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson "
          "Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson "
          "Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera "
          "Campbell Mitchell Carter Roberts Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz "
          "Hoffmann Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Tanaka Suzuki Takahashi "
          "Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Kim Park Choi Jung Kang Cho Yoon Jang Lim Han "
          "Silva Santos Oliveira Souza Pereira Costa Ferreira Almeida Dubois Durand Lefebvre Moreau Laurent Simon "
          "Michel Leroy Kowalski Nowak Wiśniewski Novák Horváth Nagy Ivanov Petrov Sidorov Smirnov Kuznetsov "
          "Popov Sokolov Cohen Levi Mizrahi Haddad Khan Ali Ahmed Hussain Singh Kumar Sharma Patel Gupta Reddy "
          "Okafor Mensah Abubakar Van\u00a0der\u00a0Berg De\u00a0Jong Jansen Andersson Johansson Karlsson Nilsson "
          "Eriksson O'Brien Murphy Kelly Byrne").replace("\u00a0", " ").split()
GIVEN = "A B C D E F G H J K L M N P R S T V W X Y Z".split() + ["Wei", "Jun", "Maria", "John", "Anna", "Hiroshi",
                                                                 "Olga", "Ahmed", "Priya", "Lars", "Chen", "Sofia"]
# family names: 37% of authorships from the head, weighted ~ rank^-0.58 (the
# first 20 names then hold 14% of authorships and "Wang" 1.9%, as in the
# real records, where common names outside this list fill the head's lower
# ranks); the rest from a tail of 10M ranks (P ~ rank^-0.5, so a sample of
# thousands has almost no repeats: 2,323 of the 3,501 real authorships have
# a name found once), each rank a made-up name of 3-4 syllables, the same in
# every process
HEAD_SHARE = 0.37
_HCUM = list(itertools.accumulate(r ** -0.58 for r in range(1, len(FAMILY) + 1)))
_FSYL = ("an ber ko ta vi len mar so ri dai ha no ev ul gor sen pa mi rov chi ka lo ne fu zan dre il ot wen "
         "bak sti mu ya ho jin tse ram hel dor vak bru sel mon tis gar pol ked lun fer osh ul rin zek dal "
         "mer tav hus ok").split()
TAIL_NAMES = 10_000_000


def tail_name(rank):
    h = (rank * 2654435761) & 0xFFFFFFFF
    n = 3 + (h & 1)
    h >>= 1
    out = []
    for _ in range(n):
        out.append(_FSYL[h % len(_FSYL)])
        h //= len(_FSYL)
    return "".join(out).capitalize()


def family(rng):
    if rng.random() < HEAD_SHARE:
        return FAMILY[bisect.bisect_left(_HCUM, rng.random() * _HCUM[-1])]
    return tail_name(int(TAIL_NAMES * rng.random() ** 2))


WORDS = ("analysis study effect model system data method approach dynamics structure properties performance "
         "evaluation design control network learning quantum thermal optical magnetic protein cell gene "
         "expression regulation synthesis catalytic membrane spectral nonlinear stochastic adaptive robust "
         "distributed efficient novel improved high low temperature pressure energy transport growth response "
         "patients treatment clinical risk factors outcomes review case report survey measurement detection "
         "imaging sensor material composite nanoparticles graphene polymer alloy surface interface").split()
STOP = "of the in for and on with by a an to from under via towards".split()
# the long tail of title vocabulary: made-up words, the same in every process
_SYL = "ka ri to mo ne sa lu vi de zo pe gra chlo phy tron mer lin dex qua sil ben tor fen gal hep".split()
_vr = random.Random(7)
TAIL = sorted({"".join(_vr.choice(_SYL) for _ in range(_vr.randint(2, 4))) for _ in range(200000)})[:40000]
_vr.shuffle(TAIL)


def title_word(rng):
    """A head word 60% of the time, else a tail word of Zipf rank (P ~ 1/rank)."""
    if rng.random() < 0.6:
        return rng.choice(WORDS)
    return TAIL[min(len(TAIL) - 1, int(math.exp(rng.uniform(0, math.log(len(TAIL))))) - 1)]
TYPES = [("journal-article", 0.82), ("book-chapter", 0.07), ("proceedings-article", 0.06),
         ("posted-content", 0.03), ("dataset", 0.01), ("report", 0.01)]


def venues(rng, n):
    """One venue per ~1,000 works (at least 400), with log-normal sizes:
    (names, cumulative weights)."""
    fields = ["Physics", "Chemistry", "Biology", "Medicine", "Materials", "Engineering", "Mathematics",
              "Ecology", "Neuroscience", "Economics", "Computing", "Optics", "Geology", "Energy"]
    kinds = ["Journal of", "Annals of", "Reviews in", "Letters in", "Advances in", "International Journal of",
             "Archives of", "Transactions on", "Progress in", "Frontiers of"]
    adj = ["Applied", "Theoretical", "Clinical", "Computational", "Experimental", "Molecular", "Physical",
           "Environmental", "Industrial", "Biomedical", ""]
    want = max(400, n // 1000)
    out, seen = [], set()
    while len(out) < want:
        parts = [rng.choice(kinds), rng.choice(adj), rng.choice(fields)]
        if len(seen) >= 1000:
            # past the common combinations: a second subject or a society's
            # own word, as real container titles have
            parts.append(rng.choice(["and " + rng.choice(fields), TAIL[rng.randrange(len(TAIL))].capitalize() + " Studies"]))
        name = " ".join(x for x in parts if x)
        if name not in seen:
            seen.add(name)
            out.append(name)
    return out, list(itertools.accumulate(rng.lognormvariate(0, 1.2) for _ in out))


def pick(rng, names, cum):
    return names[bisect.bisect_left(cum, rng.random() * cum[-1])]


def abbrev(v):
    ab = {"Journal": "J.", "International": "Int.", "Annals": "Ann.", "Reviews": "Rev.", "Letters": "Lett.",
          "Advances": "Adv.", "Archives": "Arch.", "Transactions": "Trans.", "Progress": "Prog.",
          "Frontiers": "Front.", "Applied": "Appl.", "Theoretical": "Theor.", "Clinical": "Clin.",
          "Computational": "Comput.", "Experimental": "Exp.", "Molecular": "Mol.", "Physical": "Phys.",
          "Environmental": "Environ.", "Industrial": "Ind.", "Biomedical": "Biomed.", "Physics": "Phys.",
          "Chemistry": "Chem.", "Biology": "Biol.", "Medicine": "Med.", "Materials": "Mater.",
          "Engineering": "Eng.", "Mathematics": "Math.", "Ecology": "Ecol.", "Neuroscience": "Neurosci.",
          "Economics": "Econ.", "Computing": "Comput.", "Optics": "Opt.", "Geology": "Geol.", "Energy": "Energy", "Studies": "Stud."}
    return " ".join(ab.get(w, w) for w in v.split() if w not in ("of", "in", "on", "and"))


def js(s):
    return json.dumps(s, ensure_ascii=False)


def work(rng, i, vs):
    r = rng.random()
    acc = 0
    for t, p in TYPES:
        acc += p
        if r <= acc:
            typ = t
            break
    else:
        typ = "journal-article"
    year = min(2025, int(2025 - rng.expovariate(1 / 12.0)))
    year = max(1900, year)
    nt = max(2, min(33, int(round(rng.gauss(11, 5.5)))))
    title = []
    for k in range(nt):
        title.append(rng.choice(STOP) if k and rng.random() < 0.25 else title_word(rng))
    title = " ".join(title).capitalize()
    na = 1 + min(199, int(rng.expovariate(1 / 2.5) + 0.5)) if rng.random() < 0.995 else rng.randint(20, 200)
    authors = ",".join('{"given":%s,"family":%s,"sequence":%s,"affiliation":[]}' % (
        js(rng.choice(GIVEN) + ("." if rng.random() < 0.3 else "")), js(family(rng)),
        js("first" if k == 0 else "additional")) for k in range(na))
    venue = pick(rng, *vs)
    prefix = "10.%d" % (1000 + (zlib.crc32(venue.encode()) % 9000))
    doi = "%s/synth.%d.%07d" % (prefix, year, i)
    vol, iss = str(rng.randint(1, 300)), str(rng.randint(1, 12))
    p0 = rng.randint(1, 9000)
    page = "%d-%d" % (p0, p0 + rng.randint(1, 30))
    refs = ""
    if rng.random() < 0.54:
        nr = max(1, int(rng.gauss(37, 15)))
        refs = ',"reference-count":%d,"reference":[%s]' % (nr, ",".join(
            '{"key":"ref%d","doi-asserted-by":"crossref","first-page":"%d","DOI":"10.%d/x.%d","article-title":%s,"volume":"%d","author":%s,"year":"%d","journal-title":%s}' % (
                k, rng.randint(1, 999), rng.randint(1000, 9999), rng.randint(1, 10**7),
                js(" ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12)))), rng.randint(1, 200),
                js(family(rng)), rng.randint(1950, 2025), js(abbrev(rng.choice(vs[0])))) for k in range(nr)))
    return ('{"indexed":{"date-parts":[[2025,1,%d]],"date-time":"2025-01-%02dT00:00:00Z","timestamp":1735689600000},'
            '"publisher":%s,"issue":"%s","license":[{"start":{"date-parts":[[%d,1,1]]},"content-version":"vor",'
            '"delay-in-days":0,"URL":"https://creativecommons.org/licenses/by/4.0"}],"content-domain":{"domain":[],'
            '"crossmark-restriction":false},"short-container-title":[%s],"DOI":"%s","type":"%s",'
            '"created":{"date-parts":[[%d,1,1]],"date-time":"%d-01-01T00:00:00Z","timestamp":0},"page":"%s",'
            '"source":"Crossref","is-referenced-by-count":%d,"title":[%s],"prefix":"%s","volume":"%s",'
            '"author":[%s],"member":"%d","container-title":[%s],"link":[{"URL":"https://example.org/%s",'
            '"content-type":"text/html","content-version":"vor","intended-application":"similarity-checking"}],'
            '"deposited":{"date-parts":[[%d,1,1]]},"score":1,"issued":{"date-parts":[[%d,%d]]},'
            '"URL":"https://doi.org/%s","ISSN":["%04d-%04d"],"subject":["General"]%s}') % (
        1 + i % 28, 1 + i % 28, js("Synthetic Publisher %d" % (zlib.crc32(venue.encode()) % 50)), iss, year, js(abbrev(venue)),
        doi, typ, year, year, page, rng.randint(0, 500), js(title), prefix, vol, authors, 1000 + zlib.crc32(venue.encode()) % 500,
        js(venue), doi, year, year, rng.randint(1, 12), doi, rng.randint(1000, 9999), rng.randint(1000, 9999), refs)


def write_file(args):
    out, k, start, n, seed, total = args
    rng = random.Random(seed * 1000003 + k)
    vs = venues(random.Random(seed), total)
    body = '{"items":[' + ",\n".join(work(rng, start + j, vs) for j in range(n)) + "]}\n"
    with open(os.path.join(out, "%d.json.gz.tmp" % k), "wb") as f:
        f.write(gzip.compress(body.encode(), compresslevel=1))
    os.rename(os.path.join(out, "%d.json.gz.tmp" % k), os.path.join(out, "%d.json.gz" % k))
    return len(body)


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2026
    os.makedirs(out, exist_ok=True)
    jobs = [(out, k, k * PER_FILE, min(PER_FILE, n - k * PER_FILE), seed, n) for k in range(math.ceil(n / PER_FILE))]
    with multiprocessing.Pool(os.cpu_count() or 2) as pool:
        total = sum(pool.map(write_file, jobs))
    print(f"{n} works, {len(jobs)} files, {total / 1e9:.2f} GB of JSON", file=sys.stderr)


main()
