#!/usr/bin/env bash
# bench/crossref.sh - Crossref at dump scale (part of make bench).
#   ingest time against zcat of the same files (aim: within 1.5x), resident
#   memory at 100k and 1M works, DOI lookups/s and free-text references
#   matched/s with the 1M-work graph, check-ref quality on references
#   rendered from the synthetic works.
# BENCH_WORKS (default 1000000) sets the dump size; the generated dump is
# kept in bench/out/ (not committed) and reused.
set -eu
cd "$(dirname "$0")/.."
P=./provkg
N=${BENCH_WORKS:-1000000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-crbench.XXXXXX")}
DUMP=bench/out/crossref-$N
if [ ! -f "$DUMP/.complete" ]; then
	rm -rf "$DUMP"
	echo "generating $N synthetic works in $DUMP (seeded) ..."
	/usr/bin/python3 bench/gen_crossref.py "$DUMP" "$N" 2026
	touch "$DUMP/.complete"
fi
files=$(ls "$DUMP"/*.json.gz | wc -l)
echo "== Crossref ingest: $N works, $files files, $(du -sh "$DUMP" | cut -f1) compressed"
cat "$DUMP"/*.json.gz >/dev/null # warm the page cache for both runs
t0=$(date +%s.%N); zcat "$DUMP"/*.json.gz >/dev/null; t1=$(date +%s.%N)
zcat_s=$(echo "$t1 - $t0" | bc)
/usr/bin/time -f "%e %M" -o "$OUT/time" $P build --db "$OUT/graph" -q "$DUMP"
read -r ingest_s rss_kb <"$OUT/time"
awk -v z="$zcat_s" -v i="$ingest_s" -v n="$N" -v r="$rss_kb" 'BEGIN {
	printf "zcat_seconds %.2f\ningest_seconds %.2f\ningest_over_zcat %.2f\nworks_per_second %.0f\nmax_rss_mb %.0f\n", z, i, i / z, n / i, r / 1024 }'
echo "graph_size $(du -sh "$OUT/graph" | cut -f1)"

# resident memory at a tenth of the dump: flat means the same order
mkdir -p "$OUT/tenth"
k=0
for f in "$DUMP"/*.json.gz; do
	[ $k -lt $((files / 10 > 0 ? files / 10 : 1)) ] || break
	ln -s "$(readlink -f "$f")" "$OUT/tenth/$(basename "$f")"
	k=$((k + 1))
done
/usr/bin/time -f "%e %M" -o "$OUT/time10" $P build --db "$OUT/graph10" -q "$OUT/tenth"
read -r s10 rss10 <"$OUT/time10"
awk -v a="$rss10" -v b="$rss_kb" -v k="$k" 'BEGIN { printf "max_rss_mb_tenth %.0f (%d files)\nmax_rss_mb_full %.0f\nrss_full_over_tenth %.2f\n", a / 1024, k, b / 1024, b / a }'
rm -rf "$OUT/graph10" "$OUT/tenth"

# DOI lookups: every DOI of the first file, plus as many unknown ones
/usr/bin/python3 - "$DUMP/0.json.gz" >"$OUT/dois.jsonl" <<'PY'
import gzip, json, sys
items = json.load(gzip.open(sys.argv[1], "rt"))["items"]
for i, it in enumerate(items):
    print(json.dumps({"id": i, "ref": "https://doi.org/" + it["DOI"]}))
    print(json.dumps({"id": -i - 1, "ref": "https://doi.org/" + it["DOI"] + "x"}))
PY
n=$(wc -l <"$OUT/dois.jsonl")
t0=$(date +%s.%N); $P check-ref --jsonl --db "$OUT/graph" <"$OUT/dois.jsonl" >"$OUT/dois.out"; t1=$(date +%s.%N)
awk -v n="$n" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN { printf "doi_lookups %d\ndoi_lookups_per_second %.0f\n", n, n / s }'
echo "  $(grep -c '"verdict":"verified"' "$OUT/dois.out") verified, $(grep -c '"verdict":"unverifiable"' "$OUT/dois.out") unknown DOIs"

# free-text references rendered from the first file's works, every style and perturbation
mkdir -p "$OUT/one"
ln -s "$(readlink -f "$DUMP/0.json.gz")" "$OUT/one/0.json.gz"
/usr/bin/python3 bench/gen_refs.py "$OUT/refs-bench.jsonl" 11 "$OUT/one" 2>/dev/null
/usr/bin/python3 -c '
import json, sys
for l in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(l)
    print(json.dumps({"id": d["id"], "ref": d["ref"]}, ensure_ascii=False))' "$OUT/refs-bench.jsonl" >"$OUT/refs.jsonl"
n=$(wc -l <"$OUT/refs.jsonl")
t0=$(date +%s.%N); $P check-ref --jsonl --closed-world --db "$OUT/graph" <"$OUT/refs.jsonl" >"$OUT/refs.out"; t1=$(date +%s.%N)
awk -v n="$n" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN { printf "free_text_refs %d\nfree_text_refs_per_second %.0f\n", n, n / s }'
/usr/bin/python3 bench/ref_quality.py "$OUT/refs-bench.jsonl" "$OUT/refs.out" 2>/dev/null | sed 's/^/  /'
[ -z "${BENCH_OUT:-}" ] && rm -rf "$OUT"
exit 0
