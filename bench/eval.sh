#!/usr/bin/env bash
# bench/eval.sh - the evaluation metrics at scale (part of make bench):
#   eval rubric on BENCH_RUBRIC_TASKS (default 200) generated rubrics x 50
#   solutions x 10 auto runs (+ experts), and eval skepticism on
#   BENCH_CLAIMS (default 100000) claims from gen-claims with random answers.
#   Seconds, gradings (items) per second and peak memory. Generated files are
#   kept in bench/out/ (not committed).
set -eu
cd "$(dirname "$0")/.."
P=./provkg
T=${BENCH_RUBRIC_TASKS:-200}
C=${BENCH_CLAIMS:-100000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/provkg-evalbench.XXXXXX")}
mkdir -p "$OUT" bench/out/rubric-$T
if [ ! -s "bench/out/rubric-$T/grades.jsonl" ]; then
	/usr/bin/python3 bench/gen_rubric.py "$T" 50 10 2026 "bench/out/rubric-$T"
fi
g=bench/out/rubric-$T/grades.jsonl
n=$(wc -l <"$g")
echo "== eval rubric: $n gradings of $((T * 50)) solutions, $(($(stat -c %s "$g") / 1048576)) MB"
/usr/bin/time -f "%e %M" -o "$OUT/time" $P eval rubric --json --rubric "bench/out/rubric-$T/rubrics.json" --grades "$g" >"$OUT/rubric.json"
read -r s kb <"$OUT/time"
awk -v n="$n" -v s="$s" -v kb="$kb" 'BEGIN { printf "rubric_seconds %.2f\ngradings_per_second %.0f\npeak_rss_mb %d\n", s, n / s, kb / 1024 }'
echo "== eval skepticism: $C generated claims, random answers"
$P build --db "$OUT/graph" -q
if [ ! -s "bench/out/claims-$C.jsonl" ]; then
	t0=$(date +%s.%N)
	$P gen-claims --db "$OUT/graph" --n "$C" --seed 7 >"bench/out/claims-$C.jsonl.tmp" 2>/dev/null
	mv "bench/out/claims-$C.jsonl.tmp" "bench/out/claims-$C.jsonl"
	t1=$(date +%s.%N)
	echo "gen_claims_seconds $(echo "$t1 - $t0" | bc) ($(jq -r .claim "bench/out/claims-$C.jsonl" | sort -u | wc -l) distinct texts)"
fi
/usr/bin/python3 - "bench/out/claims-$C.jsonl" >"$OUT/results.jsonl" <<'PY'
import json, random, sys
rng = random.Random(3)
for line in open(sys.argv[1]):
    d = json.loads(line)
    label = d["ground_truth"] if rng.random() < 0.6 else rng.choice(["agree", "disagree", "suspicious"])
    print(json.dumps({"id": d["id"], "output": "```json\n" + json.dumps({"judgment": label, "confidence": round(rng.random(), 2)}) + "\n```"}))
PY
/usr/bin/time -f "%e %M" -o "$OUT/time" $P eval skepticism --json --dataset "bench/out/claims-$C.jsonl" --results "$OUT/results.jsonl" >"$OUT/sk.json"
read -r s kb <"$OUT/time"
awk -v n="$C" -v s="$s" -v kb="$kb" 'BEGIN { printf "skepticism_seconds %.2f\nitems_per_second %.0f\npeak_rss_mb %d\n", s, n / s, kb / 1024 }'
jq -r '"  accuracy \(.excluding_parse_failures.accuracy.value), ece \(.calibration.ece)"' "$OUT/sk.json"
[ -z "${BENCH_OUT:-}" ] && rm -rf "$OUT"
exit 0
