#!/usr/bin/python3
"""Score check-ref on a labelled benchmark (gen_refs.py).

usage: ref_quality.py BENCH.jsonl RESULTS.jsonl [--assert]
Prints precision of "verified", fabricated references called verified,
recall per style (correct references verified) and per pattern (the
expected verdict reached). With --assert, exits 1 unless precision >= 0.99
and no fabricated reference is verified."""
import collections, json, sys

bench = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
res = {}
for l in open(sys.argv[2], encoding="utf-8"):
    r = json.loads(l)
    res[r["id"]] = r
verified = correct_verified = fab_verified = 0
style_tot, style_ok = collections.Counter(), collections.Counter()
pat_tot, pat_ok = collections.Counter(), collections.Counter()
confusion = collections.Counter()
bad = []
for b in bench:
    e = b["expect"]
    r = res.get(b["id"], {})
    v = r.get("verdict", "error")
    confusion[(e["pattern"], v)] += 1
    if v == "verified":
        verified += 1
        if e["verdict"] == "verified" and (r.get("match") or {}).get("doi") == e["doi"]:
            correct_verified += 1
        elif e["verdict"] == "fabricated":
            fab_verified += 1
            bad.append((b, r))
        else:
            bad.append((b, r))
    pat_tot[e["pattern"]] += 1
    if v == e["verdict"]:
        pat_ok[e["pattern"]] += 1
    if e["pattern"] == "correct":
        style_tot[e["style"]] += 1
        if v == "verified":
            style_ok[e["style"]] += 1
precision = correct_verified / verified if verified else 1.0
print(f"references {len(bench)}")
print(f"verified_precision {precision:.4f} ({correct_verified}/{verified})")
print(f"fabricated_called_verified {fab_verified}")
print("recall_by_style (correct references verified):")
for s in sorted(style_tot):
    print(f"  {s:10s} {style_ok[s] / style_tot[s]:.3f} ({style_ok[s]}/{style_tot[s]})")
print("recall_by_pattern (expected verdict reached):")
for p in sorted(pat_tot):
    print(f"  {p:40s} {pat_ok[p] / pat_tot[p]:.3f} ({pat_ok[p]}/{pat_tot[p]})")
for b, r in bad[:5]:
    print("  wrongly verified:", b["ref"][:150], "->", (r.get("match") or {}).get("doi"), file=sys.stderr)
if "--assert" in sys.argv and (precision < 0.99 or fab_verified):
    sys.exit(1)
