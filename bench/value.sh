#!/usr/bin/env bash
# bench/value.sh - check-value before and after the value-verdict work, side
# by side on one 100k-line stream: the baseline is commit 3d16148 (the
# last commit before it), built in a temporary git worktree with its own
# graph of its own data/sources; skipped with a message outside a git
# checkout. Prints mentions per second of both, the ratio, and how many
# verdicts changed, by pair.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
BASE=${BENCH_VALUE_BASE:-3d16148}
N=${BENCH_QUERIES:-100000}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/provkg-bench-value.XXXXXX")
trap 'git worktree remove --force "$OUT/base" >/dev/null 2>&1 || true; rm -rf "$OUT"' EXIT

echo "== check-value before ($BASE) and after (this tree), $N mentions"
if ! git rev-parse --verify -q "$BASE^{commit}" >/dev/null 2>&1; then
	echo "value_baseline skipped: commit $BASE is not in this checkout's history"
	exit 0
fi
git worktree add -q --detach "$OUT/base" "$BASE"
make -C "$OUT/base" -j2 >/dev/null 2>&1
(cd "$OUT/base" && ./provkg build --db "$OUT/g-base" -q) 2>"$OUT/base-build.err" || {
	echo "value_baseline skipped: the baseline's graph did not build"; sed 's/^/  /' "$OUT/base-build.err"; exit 0; }
./provkg build --db "$OUT/g-now" -q 2>/dev/null
bench/gen_mentions.py "$N" >"$OUT/mentions.jsonl"
best() { # best of 3 wall-clock seconds: best BINARY GRAPH OUTFILE
	local b=999 i t0 t1 s
	for i in 1 2 3; do
		t0=$(now)
		"$1" check-value --jsonl --db "$2" <"$OUT/mentions.jsonl" >"$3"
		t1=$(now)
		s=$(echo "$t1 - $t0" | bc)
		b=$(echo "if ($s < $b) $s else $b" | bc)
	done
	echo "$b"
}
sb=$(best "$OUT/base/provkg" "$OUT/g-base" "$OUT/base.out")
sa=$(best ./provkg "$OUT/g-now" "$OUT/now.out")
awk -v n="$N" -v b="$sb" -v a="$sa" 'BEGIN {
	printf "check_value_before_per_second %.0f\ncheck_value_after_per_second %.0f\nafter_vs_before %.2fx\n", n / b, n / a, b / a }'
python3 - "$OUT/base.out" "$OUT/now.out" <<'EOF'
import collections, json, sys
b = [json.loads(l).get("verdict") for l in open(sys.argv[1])]
a = [json.loads(l).get("verdict") for l in open(sys.argv[2])]
changed = collections.Counter((x, y) for x, y in zip(b, a) if x != y)
print(f"verdicts_changed {sum(changed.values())} of {len(a)}")
for (x, y), n in changed.most_common():
    print(f"  {x} -> {y} {n}")
EOF
