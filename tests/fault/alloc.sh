#!/usr/bin/env bash
# Fail the Nth allocation of a build, an ingest and a lookup, for many N:
# each run ends with a clear error (or succeeds), never a crash, and the
# graph it was writing is unchanged.
set -u
G="$WORK/alloc-graph"
P=$PROVKG_TESTHOOKS # $PROVKG_TEST_* act only in the test build
"$P" build --db "$G" -q tests/fixtures/allascii-1999.txt tests/fixtures/aliases-small.tsv 2>/dev/null || { echo "FAIL setup"; exit 1; }
before=$("$P" sources --db "$G" --json | sed -E 's/"ingested_at":"[^"]*"//g')
answer=$("$P" lookup c --json --db "$G")

sweep() { # name command... ; runs with PROVKG_TEST_FAIL_ALLOC=N
	local name=$1 n crashes=0 unclear=0 changed=0 runs=0 ok_runs=0 out rc
	shift
	for n in $(seq 0 1 120) $(seq 121 37 1500); do
		out=$(PROVKG_TEST_FAIL_ALLOC=$n "$@" 2>&1 >/dev/null)
		rc=$?
		runs=$((runs + 1))
		if [ $rc -ge 128 ] || [[ "$out" == *Sanitizer* ]] || [[ "$out" == *"runtime error"* ]]; then
			crashes=$((crashes + 1))
			echo "  N=$n: exit $rc: $(head -c 300 <<<"$out")" >&2
		elif [ $rc -eq 0 ]; then
			ok_runs=$((ok_runs + 1))
		elif [[ "$out" != *"out of memory"* ]] && [[ "$out" != *"provkg: "* ]]; then
			unclear=$((unclear + 1))
			echo "  N=$n: unclear message: $out" >&2
		fi
		now=$("$P" sources --db "$G" --json | sed -E 's/"ingested_at":"[^"]*"//g')
		if [ "$now" != "$before" ] && [ $rc -ne 0 ]; then
			changed=$((changed + 1))
			before=$now
		fi
		[ $rc -eq 0 ] && before=$now
	done
	if [ $crashes -eq 0 ] && [ $unclear -eq 0 ] && [ $changed -eq 0 ] && [ $ok_runs -gt 0 ]; then
		echo "ok $name: $runs failure points, no crash, clear errors, graph intact"
	else
		echo "FAIL $name: $crashes crashes, $unclear unclear, $changed changed graphs ($runs runs, $ok_runs succeeded)"
	fi
}
sweep "build" "$P" build --db "$G" -q tests/fixtures/allascii-1999.txt tests/fixtures/aliases-small.tsv
sweep "ingest" "$P" ingest --db "$G" -q tests/fixtures/codata-bad.txt
sweep "lookup" "$P" lookup c --json --db "$G"
[ "$("$P" lookup c --json --db "$G")" = "$answer" ] && echo "ok graph answers after the sweeps" || echo "FAIL graph answer changed"

# check-value on the full test graph: every failure point either answers
# or reports an error; a JSONL stream stays one line per input line
printf '%s\n' '{"id":1,"text":"h = 6.626e-34 J s"}' '{"id":2,"text":"光速约为 3×10⁸ m/s"}' >"$WORK/cv.jsonl"
crashes=0
misaligned=0
for n in $(seq 0 3 600); do
	out=$(PROVKG_TEST_FAIL_ALLOC=$n "$P" check-value --jsonl --db "$PROVKG_DB" <"$WORK/cv.jsonl" 2>"$WORK/cv.err")
	rc=$?
	if [ $rc -ge 128 ] || grep -q 'Sanitizer\|runtime error' "$WORK/cv.err"; then
		crashes=$((crashes + 1))
		head -c 300 "$WORK/cv.err" >&2
	elif [ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c '^{"id":')" -ne 2 ]; then
		misaligned=$((misaligned + 1))
	fi
done
[ $crashes -eq 0 ] && [ $misaligned -eq 0 ] && echo "ok check-value --jsonl under failing allocations" || echo "FAIL check-value: $crashes crashes, $misaligned misaligned streams"

# issue 18 (6): the hooks exist only in the test build; ./provkg ignores them
out=$(PROVKG_TEST_FAIL_ALLOC=0 "$P" lookup c --json --db "$G" 2>&1); rc_test=$?
out2=$(PROVKG_TEST_FAIL_ALLOC=0 PROVKG_TEST_KILL_AT=build-entry "$PROVKG" lookup c --json --db "$G" 2>&1); rc_rel=$?
[ $rc_test -ne 0 ] && [ $rc_rel -eq 0 ] && [ "$out2" = "$answer" ] && ! nm "$PROVKG" 2>/dev/null | grep -q 'getenv.*PROVKG_TEST' &&
	! strings "$PROVKG" | grep -q PROVKG_TEST_ && echo "ok the release binary has no test hooks (the test build fails as asked)" ||
	echo "FAIL test hooks: test build exit $rc_test, release exit $rc_rel: $(head -c 200 <<<"$out2")"
