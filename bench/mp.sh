#!/usr/bin/env bash
# bench/mp.sh - Materials Project at dump scale (part of make bench).
#   ingest rate of a synthetic 1M-document summary dump (summary/*.jsonl.gz)
#   against zcat of the same files, heap at 100k and 1M documents, graph
#   size; lookups/s (ids, "density of <formula>", "<formula>的密度") in
#   process and through `lookup --jsonl`; check-value on material sentences
#   per second, with the share of answers that are right (the generator
#   knows each formula's ground state and each sentence's verdict).
# BENCH_MP_DOCS (default 1000000) sets the dump size; the generated dump
# is kept in bench/out/ (not committed) and reused.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
P=./provkg
BUILD=${BUILD:-build/rel}
N=${BENCH_MP_DOCS:-1000000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-mpbench.XXXXXX")}
mkdir -p "$OUT"
DUMP=bench/out/mp-$N
if [ ! -f "$DUMP/.complete" ]; then
	rm -rf "$DUMP"
	echo "generating $N synthetic summary documents in $DUMP (seeded) ..."
	/usr/bin/python3 bench/gen_mp.py "$DUMP" "$N" 2026
	touch "$DUMP/.complete"
fi
files=$(ls "$DUMP"/summary/*.jsonl.gz | wc -l)
TABLES="data/sources/materials-project/properties.tsv data/sources/units/units.tsv data/sources/codata/allascii-2022.txt"

echo "== Materials Project ingest: $N documents, $files files, $(du -sh "$DUMP/summary" | cut -f1) compressed"
cat "$DUMP"/summary/*.jsonl.gz >/dev/null # warm the page cache for both runs
t0=$(now); zcat "$DUMP"/summary/*.jsonl.gz >/dev/null; t1=$(now)
zcat_s=$(echo "$t1 - $t0" | bc)
# a reference a user would otherwise write: Python's json module over the
# same lines (parse only, nothing stored)
t0=$(now)
/usr/bin/python3 -c '
import gzip, json, sys
n = 0
for f in sys.argv[1:]:
    with gzip.open(f, "rt") as fh:
        for line in fh:
            json.loads(line); n += 1' "$DUMP"/summary/*.jsonl.gz
t1=$(now)
py_s=$(echo "$t1 - $t0" | bc)
read -r ingest_s rss_mb anon_mb < <(measure $P build --db "$OUT/graph" -q "$DUMP/summary" $TABLES)
awk -v z="$zcat_s" -v p="$py_s" -v i="$ingest_s" -v n="$N" 'BEGIN {
	printf "zcat_seconds %.2f\npython_json_parse_seconds %.2f\ningest_seconds %.2f\n", z, p, i
	printf "ingest_over_zcat %.2f\ningest_over_python_parse %.2f\ndocuments_per_second %.0f\n", i / z, i / p, n / i }'
echo "graph_size $(du -sh "$OUT/graph" | cut -f1)"
# the compacted graph is written past the page cache (O_DIRECT): read it
# once so the lookups below measure a warm graph, as a long-running user sees it
cat "$OUT"/graph/CURRENT/data.mdb >/dev/null

# heap at a tenth of the dump: flat means memory does not grow with the dump
rm -rf "$OUT/tenth"; mkdir -p "$OUT/tenth"
k=0
for f in "$DUMP"/summary/*.jsonl.gz; do
	[ $k -lt $((files / 10 > 0 ? files / 10 : 1)) ] || break
	ln -s "$(readlink -f "$f")" "$OUT/tenth/$(basename "$f")"
	k=$((k + 1))
done
read -r s10 rss10 anon10 < <(measure $P build --db "$OUT/graph10" -q "$OUT/tenth" $TABLES)
echo "peak_heap_mb $anon10 at $((N * k / files)) documents, $anon_mb at $N documents"
echo "peak_rss_mb $rss10 at $((N * k / files)) documents, $rss_mb at $N documents (includes the mapped graph file)"
rm -rf "$OUT/graph10" "$OUT/tenth"

echo "== lookups on $(wc -l <"$DUMP/queries.jsonl") material queries"
"$BUILD/bench/bench_lookup" "$OUT/graph" "$DUMP/queries.jsonl" | sed 's/^/in_process_/'
t0=$(now); $P lookup --jsonl --db "$OUT/graph" <"$DUMP/queries.jsonl" >"$OUT/lookup.out"; t1=$(now)
rate "$(wc -l <"$OUT/lookup.out")" "$(echo "$t1 - $t0" | bc)" jsonl_lookups
/usr/bin/python3 - "$DUMP/queries.jsonl" "$OUT/lookup.out" <<'PY'
import json, sys
want = [json.loads(l)["want"] for l in open(sys.argv[1], encoding="utf-8")]
got = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
ok = sum(1 for w, g in zip(want, got) if g.get("matches") and g["matches"][0].get("entity") == w)
print(f"  ground state first: {ok} of {len(want)}")
PY

echo "== check-value on $(wc -l <"$DUMP/mentions.jsonl") material sentences"
t0=$(now); $P check-value --jsonl --db "$OUT/graph" <"$DUMP/mentions.jsonl" >"$OUT/check.out"; t1=$(now)
rate "$(wc -l <"$OUT/check.out")" "$(echo "$t1 - $t0" | bc)" checks
/usr/bin/python3 - "$DUMP/mentions.jsonl" "$OUT/check.out" <<'PY'
import json, sys
want = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
got = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
ok = sum(1 for w, g in zip(want, got)
         if g["verdict"] == w["want"] and (g.get("reference") or {}).get("entity") == w["material"])
print(f"  right verdict against the right material: {ok} of {len(want)}")
PY
[ -z "${BENCH_OUT:-}" ] && rm -rf "$OUT"
exit 0
