#!/usr/bin/python3
"""Synthetic Materials Project summary documents for scale tests.

usage: gen_mp.py OUT_DIR N [SEED] [FILES]

Writes N summary documents as JSON Lines in FILES gzip files
OUT_DIR/summary/NNN.jsonl.gz (the bulk dump layout), plus
OUT_DIR/queries.jsonl (lookups: ids, "band gap of <formula>", Chinese
forms) and OUT_DIR/mentions.jsonl (check-value sentences: right values,
rounded, wrong, wrong unit), each with the answer the generator knows.

Documents carry the summary fields with the types and units of the MP API
schema (mp-api-openapi-0.21.19.json, SummaryDoc): material_id, formula_pretty,
elements, nsites, volume, density, symmetry{crystal_system,symbol,number},
energies, band structure, elasticity, dielectric and magnetic fields,
is_stable/theoretical/deprecated, builder_meta. About one formula in four has
polymorphs (2-4 materials, one with energy_above_hull 0). Seeded: the same
arguments give the same bytes. Not committed: generated on demand."""
import gzip, json, math, os, random, sys

ELEMENTS = ("H Li Be B C N O F Na Mg Al Si P S Cl K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br "
            "Rb Sr Y Zr Nb Mo Ru Rh Pd Ag Cd In Sn Sb Te I Cs Ba La Ce Pr Nd Sm Eu Gd Tb Dy Ho Er "
            "Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi").split()
GROUPS = [("Cubic", "Fm-3m", 225), ("Cubic", "Fd-3m", 227), ("Cubic", "Pm-3m", 221), ("Cubic", "F-43m", 216),
          ("Hexagonal", "P6_3/mmc", 194), ("Hexagonal", "P6_3mc", 186), ("Trigonal", "R-3m", 166),
          ("Tetragonal", "I4/mmm", 139), ("Tetragonal", "P4/mmm", 123), ("Tetragonal", "I4_1/amd", 141),
          ("Orthorhombic", "Pnma", 62), ("Orthorhombic", "Cmcm", 63), ("Monoclinic", "C2/m", 12),
          ("Monoclinic", "P2_1/c", 14), ("Triclinic", "P-1", 2)]


def formula(rng):
    k = rng.choice((1, 2, 2, 3, 3, 3, 4))
    els = rng.sample(ELEMENTS, k)
    counts = [rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 6)) for _ in els]
    return els, counts


def pretty(els, counts):
    return "".join(e + (str(c) if c != 1 else "") for e, c in zip(els, counts))


def doc(rng, mid, els, counts, hull):
    nsites = sum(counts) * rng.choice((1, 1, 2, 4))
    volume = round(nsites * rng.uniform(8, 30), 4)
    gap = round(max(0.0, rng.gauss(1.2, 1.3)), 4)
    metal = gap == 0
    vbm = None if metal else round(rng.uniform(-2, 6), 4)
    cs, sym, num = rng.choice(GROUPS)
    e_total = None if metal else round(rng.uniform(2, 40), 4)
    d = {
        "material_id": mid,
        "formula_pretty": pretty(els, counts),
        "elements": sorted(els),
        "nelements": len(els),
        "nsites": nsites,
        "chemsys": "-".join(sorted(els)),
        "volume": volume,
        "density": round(rng.uniform(1.0, 15.0), 5),
        "density_atomic": round(volume / nsites, 4),
        "symmetry": {"crystal_system": cs, "symbol": sym, "number": num, "source": "spglib",
                     "version": "2.0.2"},
        "energy_per_atom": round(rng.uniform(-9.5, -1.5), 5),
        "formation_energy_per_atom": round(rng.uniform(-3.5, 0.5), 5),
        "energy_above_hull": hull,
        "is_stable": hull == 0,
        "band_gap": gap,
        "cbm": None if metal else round(vbm + gap, 4),
        "vbm": vbm,
        "efermi": round(rng.uniform(-3, 8), 4),
        "is_gap_direct": (not metal) and rng.random() < 0.3,
        "is_metal": metal,
        "total_magnetization": round(abs(rng.gauss(0, 1.5)), 4),
        "k_vrh": round(rng.uniform(5, 350), 3) if rng.random() < 0.4 else None,
        "g_vrh": round(rng.uniform(2, 250), 3) if rng.random() < 0.4 else None,
        "e_total": e_total,
        "e_ionic": None if metal else round(rng.uniform(0, 20), 4),
        "e_electronic": None if metal else round(rng.uniform(1, 20), 4),
        "n": None if metal else round(rng.uniform(1.2, 4.5), 4),
        "theoretical": rng.random() < 0.5,
        "deprecated": False,
        "last_updated": "2022-10-05 18:32:58.553000",
        "builder_meta": {"emmet_version": "0.36.9", "pymatgen_version": "2022.9.21",
                         "database_version": "2022.10.28", "build_date": "2022-10-05 18:32:58.553000"},
    }
    return d


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    nfiles = int(sys.argv[4]) if len(sys.argv) > 4 else max(1, min(100, n // 10000))
    rng = random.Random(seed)
    os.makedirs(os.path.join(out, "summary"), exist_ok=True)
    per = (n + nfiles - 1) // nfiles
    samples = []
    seen = set()
    made = 0
    mid = 1000000
    for f in range(nfiles):
        with gzip.open(os.path.join(out, "summary", "%03d.jsonl.gz" % f), "wt", compresslevel=6) as fh:
            while made < min(n, (f + 1) * per):
                # one group of polymorphs per composition, so the generator
                # knows each formula's ground state
                while True:
                    els, counts = formula(rng)
                    g = 0
                    for c in counts:
                        g = math.gcd(g, c)
                    comp = tuple(sorted((e, c // g) for e, c in zip(els, counts)))
                    if comp not in seen:
                        seen.add(comp)
                        break
                poly = rng.choice((1, 1, 1, 2, 3, 4)) if made + 4 <= n else 1
                poly = min(poly, min(n, (f + 1) * per) - made)
                hulls = [0.0] + sorted(round(rng.uniform(0.001, 0.5), 5) for _ in range(poly - 1))
                group = []
                for h in hulls:
                    mid += rng.randint(1, 7)
                    d = doc(rng, "mp-%d" % mid, els, counts, h)
                    fh.write(json.dumps(d, separators=(",", ":")) + "\n")
                    group.append(d)
                    made += 1
                if len(samples) < 20000 and rng.random() < 0.05:
                    samples.append(group)
    # queries and sentences about sampled materials; the ground state is group[0]
    with open(os.path.join(out, "queries.jsonl"), "w") as q, open(os.path.join(out, "mentions.jsonl"), "w") as m:
        for i, group in enumerate(samples):
            g = group[0]
            f = g["formula_pretty"]
            q.write(json.dumps({"id": 3 * i, "query": g["material_id"], "want": g["material_id"]}) + "\n")
            q.write(json.dumps({"id": 3 * i + 1, "query": "density of " + f, "want": g["material_id"]},
                               ensure_ascii=False) + "\n")
            q.write(json.dumps({"id": 3 * i + 2, "query": f + "的密度", "want": g["material_id"]},
                               ensure_ascii=False) + "\n")
            kind = i % 4
            d = g["density"]
            if kind == 0:
                text, want = f"The density of {f} is {d:.3g} g/cm3.", "match"
            elif kind == 1:
                text, want = f"{g['material_id']} has a density of {d * 1.5:.3g} g/cm³", "mismatch"
            elif kind == 2:
                text, want = f"The density of {f} is {d * 1000:.4g} kg/m^3", "match"
            else:
                text, want = f"The density of {f} is {d:.3g} eV", "unit_mismatch"
            m.write(json.dumps({"id": i, "text": text, "want": want, "material": g["material_id"]},
                               ensure_ascii=False) + "\n")
    print(f"{made} documents in {nfiles} files, {len(samples)} sampled formulas", file=sys.stderr)


main()
