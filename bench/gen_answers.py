#!/usr/bin/python3
"""Synthetic model answers for `provkg check` benchmarks.

usage: gen_answers.py N [SEED] > answers.jsonl

Each answer is a few hundred words of physics prose in English or Chinese
(about one in five), as models write it: values of CODATA constants (right,
rounded, outdated, off by 10^3, wrong unit), material properties, prose
citations and a numbered reference list built from the real Crossref works
in data/sources (some correct, some with a wrong year, some invented), and
the premise / uncertainty / falsifiability sentences the scores look for,
or their boilerplate imitations. Models "model-a".."model-d" differ in how
often they get things right. Seeded: same arguments, same bytes."""
import gzip, json, os, random, sys

N = int(sys.argv[1])
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)

CONSTANTS = [
    ("speed of light in vacuum", "299792458", "m/s", ["3.00e8", "2.998e8", "3e5"], "光速"),
    ("Planck constant", "6.62607015e-34", "J s", ["6.626e-34", "6.63e-34", "6.626e-31"], "普朗克常数"),
    ("Boltzmann constant", "1.380649e-23", "J/K", ["1.38e-23", "1.381e-23", "1.38e-20"], "玻尔兹曼常数"),
    ("elementary charge", "1.602176634e-19", "C", ["1.602e-19", "1.6e-19", "1.602e-16"], "元电荷"),
    ("Avogadro constant", "6.02214076e23", "mol^-1", ["6.022e23", "6.02e23", "6.022e20"], "阿伏伽德罗常数"),
    ("electron mass", "9.1093837015e-31", "kg", ["9.109e-31", "9.11e-31", "9.109e-28"], "电子质量"),
    ("Newtonian constant of gravitation", "6.67430e-11", "m^3 kg^-1 s^-2", ["6.67408e-11", "6.674e-11", "6.67e-8"], "万有引力常数"),
    ("fine-structure constant", "7.2973525693e-3", "", ["7.297e-3", "7.30e-3", "7.297e-6"], "精细结构常数"),
]
MATERIALS = [("band gap of Si", "0.61", "eV"), ("density of Si", "2.28", "g/cm3"), ("bulk modulus of Si", "83", "GPa")]
FILLER_EN = ["The analysis proceeds in three steps.", "This follows from the standard treatment in solid-state physics.",
             "We now turn to the experimental consequences.", "The derivation is summarised below.",
             "Several groups have examined this question in detail.", "The key quantity is the coupling strength."]
FILLER_ZH = ["下面分三步进行分析。", "这一结论来自固体物理的标准处理。", "接下来讨论实验上的后果。", "推导过程概述如下。"]
PREMISE = ["Assuming the screening length is much larger than the exciton radius, the binding energy scales as 1/eps^2.",
           "We assume the temperature is below 10 K so that phonons can be neglected.",
           "Assuming everything goes well, the result holds."]
UNCERT = ["The uncertainty is about 5% because the sample thickness was measured by AFM.",
          "This estimate depends on the dielectric environment, based on the measurements of ref. [1].",
          "The value is approximately right."]
FALSIF = ["If no peak is observed within 10 meV of the prediction, the model must be revised.",
          "The model predicts a shift of 12 meV at 300 K.", "This is always the case."]
ZH_REASON = ["假设样品厚度远小于波长（小于 50 nm），可以忽略反射。", "由于厚度由原子力显微镜测得，误差约为 2%。",
             "若在 10 meV 内未观察到峰，则该模型需要修正。"]


def load_works():
    works = []
    d = "data/sources/crossref/public-data-file"
    for f in sorted(os.listdir(d)):
        if f.endswith(".json.gz"):
            for it in json.load(gzip.open(os.path.join(d, f), "rt"))["items"]:
                if it.get("title") and it.get("author") and it.get("container-title") and it.get("author")[0].get("family"):
                    y = ((it.get("issued") or {}).get("date-parts") or [[None]])[0][0]
                    if y:
                        works.append(it)
    return works


WORKS = load_works()


def reference(w, fake=False, wrong_year=False):
    a = w["author"][0]
    fam, giv = a.get("family", "X"), (a.get("given") or "A")[:1]
    y = ((w.get("issued") or {}).get("date-parts"))[0][0]
    title = w["title"][0]
    if fake:
        title = "A unified theory of " + rng.choice(["excitonic", "phononic", "topological", "quantum"]) + " " + \
                rng.choice(["unicorns", "lattices in dreams", "nothingness", "vacuum emotions"])
        fam, giv = rng.choice(["Smith", "Doe", "Zhang", "Kumar"]), "J"
    if wrong_year:
        y += rng.choice([-2, -1, 1, 3])
    vol = w.get("volume", "1")
    page = (w.get("page") or "1").split("-")[0]
    return f"{fam} {giv}. {title}. {w['container-title'][0]}. {y};{vol}:{page}.", fam, y


def answer(i):
    model = "model-" + "abcd"[i % 4]
    skill = {"model-a": 0.85, "model-b": 0.65, "model-c": 0.45, "model-d": 0.25}[model]
    zh = rng.random() < 0.2
    parts = []
    for _ in range(rng.randint(2, 5)):
        name, value, unit, wrong, zhname = rng.choice(CONSTANTS)
        v = value if rng.random() < skill else rng.choice(wrong)
        u = unit if rng.random() < 0.9 else "kg"
        if zh:
            parts.append(f"{zhname}约为 {v} {u}。")
        else:
            parts.append(f"The {name} is {v} {u}.")
        parts.append(rng.choice(FILLER_ZH if zh else FILLER_EN))
    if rng.random() < 0.4:
        name, v, u = rng.choice(MATERIALS)
        parts.append(f"The {name} is {v} {u} according to DFT.")
    if zh:
        parts += [z for z in ZH_REASON if rng.random() < skill]
    else:
        parts.append(PREMISE[0 if rng.random() < skill else rng.randint(1, 2)])
        parts.append(UNCERT[0 if rng.random() < skill else rng.randint(1, 2)])
        parts.append(FALSIF[0 if rng.random() < skill else rng.randint(1, 2)])
    refs = []
    for k in range(rng.randint(0, 4)):
        w = rng.choice(WORKS)
        r = rng.random()
        text, fam, y = reference(w, fake=r > skill + 0.1, wrong_year=skill < r <= skill + 0.1)
        refs.append(text)
        parts.append(f"As shown by {fam} et al. ({y}) [{k + 1}], the trend is robust." if not zh else f"见文献 [{k + 1}]。")
    rng.shuffle(parts)
    text = " ".join(parts)
    if refs:
        text += "\n\nReferences\n" + "\n".join(f"[{k + 1}] {r}" for k, r in enumerate(refs))
    return {"id": i, "model": model, "text": text}


for i in range(N):
    print(json.dumps(answer(i), ensure_ascii=False))
