#!/usr/bin/python3
"""Generate N lookup queries ({"id","query"} JSONL), seeded: the mix a
checker sends - constant names in any case, symbols, Chinese aliases,
isotopes in several spellings, "X of Y" phrases, partial words, misses."""
import random, re, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 42)
names = []
for line in open("data/sources/codata/allascii-2022.txt", encoding="ascii").read().split("\n")[11:]:
    if line.strip():
        names.append(re.split(r" {2,}", line.strip())[0])
symbols = [l.split("\t")[2] for l in open("data/sources/aliases.tsv", encoding="utf-8")
           if not l.startswith("#") and l.count("\t") >= 3 and l.split("\t")[1] in ("symbol", "primary")]
zh = [l.split("\t")[2] for l in open("data/sources/aliases.tsv", encoding="utf-8")
      if not l.startswith("#") and l.count("\t") >= 3 and re.search(r"[\u4e00-\u9fff]", l.split("\t")[2])]
elements = [l.split("\t") for l in open("data/sources/elements.tsv", encoding="utf-8") if not l.startswith("#")]
for i in range(n):
    k = rng.random()
    if k < 0.30:
        q = rng.choice(names)
        q = q.lower() if rng.random() < 0.3 else q
    elif k < 0.50:
        q = rng.choice(symbols)
    elif k < 0.60:
        q = rng.choice(zh)
    elif k < 0.80:
        z, sym, en = rng.choice(elements)[:3]
        a = int(z) * 2 + rng.randint(0, 6)
        q = rng.choice([f"{sym}-{a}", f"{a}{sym}", f"{en}-{a}"])
    elif k < 0.90:
        z, sym, en = rng.choice(elements)[:3]
        q = rng.choice([f"standard atomic weight of {en}", f"atomic weight of {sym}", sym])
    elif k < 0.97:
        q = rng.choice(["electron", "proton mass", "Boltzmann", "magneton", "Compton"])
    else:
        q = f"nonexistent quantity {i}"
    print('{"id":%d,"query":"%s"}' % (i, q.replace("\\", "\\\\").replace('"', '\\"')))
