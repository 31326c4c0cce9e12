#!/usr/bin/env bash
# bench/run.sh - provkg benchmarks (make bench). Prints figures; the
# closing notes of the issues quote them.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build/rel}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-bench.XXXXXX")}
P=./provkg
N=${BENCH_QUERIES:-100000}
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== constants graph build (data/sources: 3 CODATA editions, NIST isotopes, tables)"
for i in 1 2 3 4 5; do
	t0=$(now); $P build --db "$OUT/graph" -q; t1=$(now)
	echo "$t1 - $t0" | bc
done | median | awk '{printf "build_seconds_median_of_5 %.3f\n", $1}'

echo "== lookups on $N generated queries"
bench/gen_queries.py "$N" >"$OUT/queries.jsonl"
"$BUILD/bench/bench_lookup" "$OUT/graph" "$OUT/queries.jsonl" | sed 's/^/in_process_/'
t0=$(now); $P lookup --jsonl --db "$OUT/graph" <"$OUT/queries.jsonl" >"$OUT/lookup.out"; t1=$(now)
lines=$(wc -l <"$OUT/lookup.out")
awk -v n="$lines" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN {printf "jsonl_lines %d\njsonl_seconds %.3f\njsonl_lookups_per_second %.0f\n", n, s, n / s}'
echo "== check-value on $N generated mentions (--jsonl)"
bench/gen_mentions.py "$N" >"$OUT/mentions.jsonl"
t0=$(now); $P check-value --jsonl --db "$OUT/graph" <"$OUT/mentions.jsonl" >"$OUT/check.out"; t1=$(now)
lines=$(wc -l <"$OUT/check.out")
awk -v n="$lines" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN {printf "check_value_lines %d\ncheck_value_seconds %.3f\nchecks_per_second %.0f\n", n, s, n / s}'
grep -o '"verdict":"[a-z_]*"' "$OUT/check.out" | sort | uniq -c | awk '{printf "  %s %s\n", $2, $1}'
[ -z "${BENCH_OUT:-}" ] && rm -rf "$OUT"
bench/value.sh
bench/crossref.sh
bench/ref.sh
bench/biblio.sh
bench/mp.sh
bench/check.sh
bench/eval.sh
exit 0
