#!/usr/bin/env bash
# bench/check.sh - provkg check on a synthetic corpus (part of make bench):
#   answers per second and MB/s through `check --jsonl --closed-world` on
#   BENCH_ANSWERS (default 100000) generated answers (bench/gen_answers.py:
#   constants, materials, citations from the shipped Crossref works, reasoning
#   sentences, English and Chinese), then `summarize` and `report` on the
#   audit. The corpus is kept in bench/out/ (not committed).
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
P=./provkg
N=${BENCH_ANSWERS:-100000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-checkbench.XXXXXX")}
mkdir -p "$OUT" bench/out
CORPUS=bench/out/answers-$N.jsonl
if [ ! -s "$CORPUS" ]; then
	echo "generating $N synthetic answers in $CORPUS (seeded) ..."
	/usr/bin/python3 bench/gen_answers.py "$N" 2026 >"$CORPUS.tmp" && mv "$CORPUS.tmp" "$CORPUS"
fi
$P build --db "$OUT/graph" -q
bytes=$(stat -c %s "$CORPUS")
echo "== check: $N answers, $(echo "$bytes / 1048576" | bc) MB"
/usr/bin/time -f "%e %M" -o "$OUT/time" $P check --db "$OUT/graph" --jsonl --closed-world "$CORPUS" >"$OUT/audit.jsonl"
read -r s kb <"$OUT/time"
rss=$((kb / 1024))
awk -v n="$N" -v b="$bytes" -v s="$s" 'BEGIN { printf "check_seconds %.2f\nanswers_per_second %.0f\nmegabytes_per_second %.2f\n", s, n / s, b / 1048576 / s }'
echo "peak_rss_mb $rss"
echo "  records $(wc -l <"$OUT/audit.jsonl"), errors $(grep -c '"error"' "$OUT/audit.jsonl" || true)"
t0=$(now); $P summarize "$OUT/audit.jsonl" >"$OUT/summary.txt"; t1=$(now)
echo "summarize_seconds $(echo "$t1 - $t0" | bc)"
sed 's/^/  /' "$OUT/summary.txt"
t0=$(now); $P report -o "$OUT/report.html" "$OUT/audit.jsonl"; t1=$(now)
echo "report_seconds $(echo "$t1 - $t0" | bc) ($(du -h "$OUT/report.html" | cut -f1))"
[ -z "${BENCH_OUT:-}" ] && rm -rf "$OUT"
exit 0
