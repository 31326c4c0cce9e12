#!/usr/bin/python3
"""Generate a labelled reference benchmark from real Crossref works.

usage: gen_refs.py OUT.jsonl [SEED] [WORKS_DIR...]
Each line: {"id", "ref", "expect": {"verdict", "pattern", "style", "doi", "fields"}}.
References are rendered in the styles people and models write (APA,
Vancouver, Nature, AIP, ACS, IEEE, Chicago, MLA, Harvard, BibTeX, GB/T 7714,
short prose forms, bare DOI) from the real records, correct or with one
realistic perturbation, plus fabricated ones built to look real."""
import glob, gzip, json, os, random, re, sys

out = sys.argv[1]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
dirs = sys.argv[3:] or ["data/sources/crossref/public-data-file"]


def load():
    works = []
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.json*"))):
            op = gzip.open if f.endswith(".gz") else open
            with op(f, "rt", encoding="utf-8") as fh:
                try:
                    doc = json.load(fh)
                except Exception:
                    continue
            items = doc.get("items") or doc.get("message", {}).get("items") or []
            for it in items:
                a = [x for x in it.get("author", []) if x.get("family")]
                t = (it.get("title") or [""])[0]
                c = (it.get("container-title") or [""])[0]
                try:
                    y = it["issued"]["date-parts"][0][0]
                except Exception:
                    y = None
                if not (a and t and c and y and len(t.split()) >= 3 and it.get("type") == "journal-article"):
                    continue
                t = re.sub(r"<[^>]{1,60}>", "", t)
                t = re.sub(r"\s+", " ", t).strip()
                works.append({"doi": it["DOI"].lower(), "title": t, "authors": a, "year": y, "venue": c,
                              "short": (it.get("short-container-title") or [""])[0],
                              "vol": it.get("volume"), "issue": it.get("issue"),
                              "page": it.get("page") or it.get("article-number")})
    return works


def initials(g, dots=True, space=True):
    parts = [p for p in re.split(r"[\s.\-]+", g or "") if p]
    if dots:
        return (" " if space else "").join(p[0] + "." for p in parts)
    return "".join(p[0] for p in parts)


def fam(a):
    return a["family"]


def authors_apa(a):
    # APA 7: up to 20 names; beyond, the first 19, an ellipsis, the last
    names = [f"{fam(x)}, {initials(x.get('given'))}".strip(", ") for x in a]
    if len(names) > 20:
        return ", ".join(names[:19]) + ", ... " + names[-1]
    return ", ".join(names[:-1]) + (", & " if len(names) > 1 else "") + names[-1] if len(names) > 1 else names[0]


def authors_vanc(a):
    s = ", ".join(f"{fam(x)} {initials(x.get('given'), dots=False)}".strip() for x in a[:6])
    return s + (", et al" if len(a) > 6 else "")


def authors_init_first(a, n=6):
    s = ", ".join(f"{initials(x.get('given'))} {fam(x)}".strip() for x in a[:n])
    return s + (" et al." if len(a) > n else "")


def authors_acs(a):
    s = "; ".join(f"{fam(x)}, {initials(x.get('given'))}".strip(", ") for x in a[:10])
    return s + ("; et al." if len(a) > 10 else "")


def pages(w):
    return (w["page"] or "").replace("-", "–")


def render(w, style):
    a, t, v, y = w["authors"], w["title"], w["venue"], w["year"]
    vol, iss, pg = w["vol"] or "", w["issue"], pages(w)
    sv = w["short"] or v
    if style == "apa":
        return f"{authors_apa(a)} ({y}). {t}. {v}, {vol}{f'({iss})' if iss else ''}, {pg}."
    if style == "harvard":
        return f"{authors_apa(a)} {y}. {t}. {v}, {vol}{f'({iss})' if iss else ''}, pp. {pg}."
    if style == "vancouver":
        return f"{authors_vanc(a)}. {t}. {sv}. {y};{vol}{f'({iss})' if iss else ''}:{pg}."
    if style == "nature":
        names = [f"{fam(x)}, {initials(x.get('given'))}".strip(", ") for x in a[:5]]
        au = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]
        if len(a) > 5:
            au = ", ".join(names) + " et al."
        return f"{au} {t}. {sv} {vol}, {pg} ({y})."
    if style == "aip":
        names = [f"{initials(x.get('given'))} {fam(x)}".strip() for x in a[:3]]
        au = names[0] if len(names) == 1 else ", ".join(names[:-1]) + ", and " + names[-1]
        if len(a) > 3:
            au = names[0] + " et al."
        return f"{au}, {sv} {vol}, {pg} ({y})."
    if style == "acs":
        return f"{authors_acs(a)} {sv} {y}, {vol}, {pg}."
    if style == "ieee":
        return f"{authors_init_first(a, 3)}, \"{t},\" {sv}, vol. {vol},{f' no. {iss},' if iss else ''} pp. {pg}, {y}."
    if style == "chicago":
        # the first name inverted, the others not; up to ten, else seven and et al.
        rest = [f"{x.get('given', '')} {fam(x)}".strip() for x in a[1:(len(a) if len(a) <= 10 else 7)]]
        au = f"{fam(a[0])}, {a[0].get('given', '')}".strip(", ")
        if rest:
            au += (", " + ", ".join(rest[:-1]) + "," if len(rest) > 1 else ",") + " and " + rest[-1]
        if len(a) > 10:
            au += ", et al"
        return f"{au}. \"{t}.\" {v} {vol}{f', no. {iss}' if iss else ''} ({y}): {pg}."
    if style == "mla":
        return f"{fam(a[0])}, {a[0].get('given', '')}{', et al' if len(a) > 1 else ''}. \"{t}.\" {v}, vol. {vol},{f' no. {iss},' if iss else ''} {y}, pp. {pg}."
    if style == "bibtex":
        au = " and ".join(f"{fam(x)}, {x.get('given', '')}".strip(", ") for x in a[:8]) + (" and others" if len(a) > 8 else "")
        return f"@article{{k{y}, author = {{{au}}}, title = {{{t}}}, journal = {{{v}}}, year = {{{y}}}, volume = {{{vol}}}, pages = {{{(w['page'] or '').replace('-', '--')}}}}}"
    if style == "gbt7714":
        au = ", ".join(f"{fam(x).upper()} {initials(x.get('given'), dots=False)}".strip() for x in a[:3])
        return f"{au}{', et al' if len(a) > 3 else ''}. {t}[J]. {v}, {y}, {vol}{f'({iss})' if iss else ''}: {w['page'] or ''}."
    if style == "short":
        return f"{fam(a[0])}{' et al.' if len(a) > 2 else (' and ' + fam(a[1]) if len(a) == 2 else '')}, {sv} {y}"
    if style == "doi":
        return f"https://doi.org/{w['doi']}"
    raise ValueError(style)


STYLES = ["apa", "harvard", "vancouver", "nature", "aip", "acs", "ieee", "chicago", "mla", "bibtex",
          "gbt7714", "short", "doi"]
WORDS = ("quantum thermal dynamics lattice protein neural adaptive stochastic optical magnetic regulation "
         "synthesis catalytic membrane spectral coherent nonlinear emergent robust genomic plasma").split()
NAMES = ("Zhang Wang Li Smith Johnson Garcia Müller Kim Nguyen Rossi Kowalski Tanaka Silva Cohen Novak "
         "Petrov Haddad Okafor Lindqvist Moreau").split()


def fake_title():
    n = rng.randint(5, 11)
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def fake_authors(k=3):
    return [{"family": rng.choice(NAMES) + rng.choice(["", "son", "er", "i"]), "given": rng.choice("ABCDEFGHJKLMNPRST") + "."} for _ in range(k)]


def main():
    works = load()
    rng.shuffle(works)
    venues = sorted({w["venue"] for w in works})
    recs = []
    n = 0

    def add(ref, verdict, pattern, style, doi, fields=()):
        nonlocal n
        recs.append({"id": n, "ref": ref, "expect": {"verdict": verdict, "pattern": pattern, "style": style,
                                                     "doi": doi, "fields": list(fields)}})
        n += 1

    for i, w in enumerate(works):
        style = STYLES[i % len(STYLES)]
        add(render(w, style), "verified", "correct", style, w["doi"])
        k = i % 9
        s2 = rng.choice(["apa", "vancouver", "nature", "ieee", "mla", "bibtex"])
        if k == 0:
            w2 = dict(w, year=w["year"] + rng.choice([-4, -3, -2, 2, 3, 5]))
            add(render(w2, s2), "mismatch", "wrong year", s2, w["doi"], ["year"])
        elif k == 1:
            other = rng.choice([v for v in venues if v != w["venue"] and len(v) > 6] or venues)
            w2 = dict(w, venue=other, short=other)
            add(render(w2, s2), "mismatch", "wrong venue", s2, w["doi"], ["venue"])
        elif k == 2:
            ws = w["title"].split()
            j = rng.randrange(len(ws))
            # another word: the one it replaces would leave the title as it was
            ws[j] = rng.choice([x for x in WORDS if x != ws[j].lower()])
            add(render(dict(w, title=" ".join(ws)), s2), "mismatch", "near-miss title", s2, w["doi"], ["title"])
        elif k == 3 and len(w["authors"]) >= 2:
            a = list(w["authors"])
            a[0], a[1] = a[1], a[0]
            add(render(dict(w, authors=a), s2), "mismatch", "swapped authors", s2, w["doi"], ["authors"])
        elif k == 4:
            # an invented title under real authors, venue and year; the
            # locators are invented too, as a model inventing a paper does
            fw = dict(w, title=fake_title(), vol=str(rng.randint(1, 300)), page=str(rng.randint(1, 9000)), issue=None)
            add(render(fw, s2), "fabricated", "chimeric: real authors, invented title", s2, None)
        elif k == 5:
            add(render(dict(w, authors=fake_authors()), s2), "mismatch", "chimeric: real title, wrong authors", s2, w["doi"], ["authors"])
        elif k == 6:
            fw = dict(w, title=fake_title(), authors=fake_authors(), vol=str(rng.randint(1, 300)),
                      page=str(rng.randint(1, 9000)), year=rng.randint(1990, 2024))
            fw["doi"] = w["doi"].split("/")[0] + "/fake." + str(rng.randint(10**6, 10**7))
            add(render(fw, s2) + f" https://doi.org/{fw['doi']}", "fabricated", "fabricated DOI", s2, None)
        elif k == 7:
            fw = dict(w, title=fake_title(), authors=fake_authors(), year=rng.randint(2028, 2031),
                      vol=str(rng.randint(1, 300)), page=str(rng.randint(1, 9000)))
            add(render(fw, s2), "fabricated", "future date", s2, None)
        elif k == 8:
            fw = dict(w, title=fake_title(), authors=[{"family": "Doe", "given": "J."}], year=rng.randint(1990, 2024),
                      vol=str(rng.randint(1, 300)), page=str(rng.randint(1, 9000)))
            add(render(fw, s2), "fabricated", "placeholder authors", s2, None)
    with open(out, "w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(recs)} references from {len(works)} works", file=sys.stderr)


main()
