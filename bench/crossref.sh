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
. bench/lib.sh
P=./provkg
N=${BENCH_WORKS:-1000000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-crbench.XXXXXX")}
mkdir -p "$OUT"
DUMP=bench/out/crossref-$N
crossref_dump "$DUMP" "$N"
files=$(ls "$DUMP"/*.json.gz | wc -l)

echo "== Crossref ingest: $N works, $files files, $(du -sh "$DUMP" | cut -f1) compressed"
cat "$DUMP"/*.json.gz >/dev/null # warm the page cache for both runs
t0=$(date +%s.%N); zcat "$DUMP"/*.json.gz >/dev/null; t1=$(date +%s.%N)
zcat_s=$(echo "$t1 - $t0" | bc)
read -r ingest_s rss_mb anon_mb < <(measure $P build --db "$OUT/graph" -q "$DUMP")
awk -v z="$zcat_s" -v i="$ingest_s" -v n="$N" 'BEGIN {
	printf "zcat_seconds %.2f\ningest_seconds %.2f\ningest_over_zcat %.2f\nworks_per_second %.0f\n", z, i, i / z, n / i }'
echo "graph_size $(du -sh "$OUT/graph" | cut -f1)"
# the compacted graph is written past the page cache (O_DIRECT): read it
# once so the lookups below measure a warm graph, as a long-running user sees it
cat "$OUT"/graph/CURRENT/data.mdb >/dev/null

# resident memory at a tenth of the dump: flat means the same order
rm -rf "$OUT/tenth"; mkdir -p "$OUT/tenth"
k=0
for f in "$DUMP"/*.json.gz; do
	[ $k -lt $((files / 10 > 0 ? files / 10 : 1)) ] || break
	ln -s "$(readlink -f "$f")" "$OUT/tenth/$(basename "$f")"
	k=$((k + 1))
done
read -r s10 rss10 anon10 < <(measure $P build --db "$OUT/graph10" -q "$OUT/tenth")
echo "peak_heap_mb $anon10 at $((N / 10)) works, $anon_mb at $N works (heap: anonymous memory)"
echo "peak_rss_mb $rss10 at $((N / 10)) works, $rss_mb at $N works (includes the mapped graph file)"
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
rm -rf "$OUT/one"; mkdir -p "$OUT/one"
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
