#!/usr/bin/python3
"""Generate N check-value mentions ({"id","text"} JSONL), seeded: constants
from the 2022 CODATA table cited right, rounded, from an older edition, off
by a power of ten, in another unit, in English and Chinese sentences."""
import random, re, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
rows = []
for line in open("data/sources/codata/allascii-2022.txt", encoding="ascii").read().split("\n")[11:]:
    if line.strip():
        p = re.split(r" {2,}", line.strip())
        if len(p) >= 4:
            rows.append((p[0], float(p[1].replace(" ", "").replace("...", "")), p[3]))
zh = {"speed of light in vacuum": "光速", "Planck constant": "普朗克常数", "Boltzmann constant": "玻尔兹曼常数",
      "electron mass": "电子质量", "Newtonian constant of gravitation": "万有引力常数",
      "Avogadro constant": "阿伏伽德罗常数", "elementary charge": "元电荷"}
templates_en = ["the {q} is {v} {u}", "{q} = {v} {u}", "The value of the {q} is about {v} {u}.",
                "We use {q} ≈ {v} {u} throughout."]
for i in range(n):
    name, val, unit = rng.choice(rows)
    k = rng.random()
    if k < 0.5:
        v = f"{val:.4g}"
    elif k < 0.7:
        v = f"{val * 1000:.4g}"
    elif k < 0.85:
        v = f"{val:.8g}"
    else:
        v = f"{val * (1 + rng.uniform(-0.05, 0.05)):.3g}"
    if name in zh and rng.random() < 0.3:
        text = f"{zh[name]}约为 {v} {unit}"
    else:
        text = rng.choice(templates_en).format(q=name, v=v, u=unit)
    print('{"id":%d,"text":"%s"}' % (i, text.replace("\\", "\\\\").replace('"', '\\"')))
