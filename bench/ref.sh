#!/usr/bin/env bash
# bench/ref.sh - check-ref before and after the reference-verdict work, side
# by side on the 1M-work synthetic graph (part of make bench): the baseline
# is commit 0ce1fa4 (the last commit before it), built in a temporary git
# worktree, each build ingesting the same dump into its own graph. Prints
# DOI references/s and free-text references/s of both and the ratios, the
# verdict quality of both on the labelled references (bench/ref_quality.py),
# and the retrieval recall at 1, 5 and 20 of the term index (BM25) on the
# correct and the near-miss references: the share whose work is among the
# top k the whole string scores (check-ref --retrieved).
# BENCH_WORKS (default 1000000) sets the dump size (bench/out/, reused).
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
BASE=${BENCH_REF_BASE:-0ce1fa4}
N=${BENCH_WORKS:-1000000}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/provkg-bench-ref.XXXXXX")
trap 'git worktree remove --force "$OUT/base" >/dev/null 2>&1 || true; rm -rf "$OUT"' EXIT
DUMP=bench/out/crossref-$N
crossref_dump "$DUMP" "$N"

echo "== check-ref before ($BASE) and after (this tree), $N works"
have_base=1
if ! git rev-parse --verify -q "$BASE^{commit}" >/dev/null 2>&1; then
	echo "ref_baseline skipped: commit $BASE is not in this checkout's history"
	have_base=0
else
	git worktree add -q --detach "$OUT/base" "$BASE"
	make -C "$OUT/base" -j2 >/dev/null 2>&1
	read -r sb _ _ < <(measure "$OUT/base/provkg" build --db "$OUT/g-base" -q "$DUMP")
	echo "ingest_seconds_before $sb"
fi
read -r sa _ _ < <(measure ./provkg build --db "$OUT/g-now" -q "$DUMP")
echo "ingest_seconds_after $sa"
echo "graph_size_after $(du -sh "$OUT/g-now" | cut -f1)$([ $have_base = 1 ] && echo " (before $(du -sh "$OUT/g-base" | cut -f1))")"
for g in "$OUT"/g-*; do cat "$g"/CURRENT/data.mdb >/dev/null; done

# the references: DOIs of the first file (and as many unknown ones), and the
# labelled free-text references rendered from its works
/usr/bin/python3 - "$DUMP/0.json.gz" >"$OUT/dois.jsonl" <<'PY'
import gzip, json, sys
items = json.load(gzip.open(sys.argv[1], "rt"))["items"]
for i, it in enumerate(items):
    print(json.dumps({"id": i, "ref": "https://doi.org/" + it["DOI"]}))
    print(json.dumps({"id": -i - 1, "ref": "https://doi.org/" + it["DOI"] + "x"}))
PY
labelled_refs "$DUMP/0.json.gz" "$OUT"
nd=$(wc -l <"$OUT/dois.jsonl")
nf=$(wc -l <"$OUT/refs.jsonl")

best_secs() { # best_secs BINARY GRAPH INPUT OUTPUT -> seconds (best of 2)
	local b=999 i t0 t1 s
	for i in 1 2; do
		t0=$(now)
		"$1" check-ref --jsonl --closed-world --db "$2" <"$3" >"$4"
		t1=$(now)
		s=$(echo "$t1 - $t0" | bc)
		b=$(echo "if ($s < $b) $s else $b" | bc)
	done
	echo "$b"
}
da=$(best_secs ./provkg "$OUT/g-now" "$OUT/dois.jsonl" "$OUT/dois-now.out")
fa=$(best_secs ./provkg "$OUT/g-now" "$OUT/refs.jsonl" "$OUT/refs-now.out")
if [ $have_base = 1 ]; then
	db=$(best_secs "$OUT/base/provkg" "$OUT/g-base" "$OUT/dois.jsonl" "$OUT/dois-base.out")
	fb=$(best_secs "$OUT/base/provkg" "$OUT/g-base" "$OUT/refs.jsonl" "$OUT/refs-base.out")
	awk -v n="$nd" -v b="$db" -v a="$da" 'BEGIN {
		printf "doi_refs %d\ndoi_refs_per_second_before %.0f\ndoi_refs_per_second_after %.0f\ndoi_after_vs_before %.2fx\n",
		       n, n / b, n / a, b / a }'
	awk -v n="$nf" -v b="$fb" -v a="$fa" 'BEGIN {
		printf "free_text_refs %d\nfree_text_refs_per_second_before %.0f\nfree_text_refs_per_second_after %.0f\nfree_text_after_vs_before %.2fx\n",
		       n, n / b, n / a, b / a }'
	echo "quality before:"
	/usr/bin/python3 bench/ref_quality.py "$OUT/refs-bench.jsonl" "$OUT/refs-base.out" 2>/dev/null | sed 's/^/  /'
else
	awk -v n="$nd" -v a="$da" 'BEGIN { printf "doi_refs %d\ndoi_refs_per_second_after %.0f\n", n, n / a }'
	awk -v n="$nf" -v a="$fa" 'BEGIN { printf "free_text_refs %d\nfree_text_refs_per_second_after %.0f\n", n, n / a }'
fi
echo "quality after:"
/usr/bin/python3 bench/ref_quality.py "$OUT/refs-bench.jsonl" "$OUT/refs-now.out" 2>/dev/null | sed 's/^/  /'

# retrieval recall: the work among the top k of the term index
./provkg check-ref --jsonl --closed-world --retrieved --db "$OUT/g-now" <"$OUT/refs.jsonl" >"$OUT/retrieved.out"
/usr/bin/python3 - "$OUT/refs-bench.jsonl" "$OUT/retrieved.out" <<'PY'
import json, sys
bench = {}
for l in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(l)
    bench[d["id"]] = d["expect"]
rows = {}
for l in open(sys.argv[2], encoding="utf-8"):
    r = json.loads(l)
    e = bench.get(r.get("id"))
    if not e or not e.get("doi") or e["style"] == "doi" or e["pattern"] not in ("correct", "near-miss title"):
        continue
    ranked = [x["doi"] for x in r.get("retrieved", [])]
    rank = ranked.index(e["doi"]) + 1 if e["doi"] in ranked else None
    rows.setdefault(e["pattern"], []).append(rank)
    rows.setdefault("all", []).append(rank)
for k in ("correct", "near-miss title", "all"):
    rs = rows.get(k, [])
    if not rs:
        continue
    rec = lambda n: sum(1 for x in rs if x and x <= n) / len(rs)
    print(f"retrieval_recall {k}: n={len(rs)} at1={rec(1):.4f} at5={rec(5):.4f} at20={rec(20):.4f}")
PY
exit 0
