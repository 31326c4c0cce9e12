#!/usr/bin/env bash
# kill -9 a build at each crash point and at random moments: the previous
# graph must still answer, unchanged; the next build cleans up.
set -u
G="$WORK/kill-graph"
P=$PROVKG
q() { "$P" lookup G --json --db "$G" 2>&1; }

"$P" build --db "$G" -q data/sources || { echo "FAIL setup build"; exit 1; }
before=$(q)

for stage in build-entry build-written build-linked; do
	PROVKG_TEST_KILL_AT=$stage "$P" build --db "$G" -q tests/fixtures/allascii-1999.txt >/dev/null 2>&1
	rc=$?
	if [ $rc -ne 137 ]; then
		echo "FAIL killed at $stage (exit $rc, expected 137)"
		continue
	fi
	if [ "$(q)" = "$before" ]; then echo "ok killed at $stage: old graph answers unchanged"; else echo "FAIL killed at $stage: graph changed"; fi
done

# killed right after the swap: the new graph is complete and in use
PROVKG_TEST_KILL_AT=build-swapped "$P" build --db "$G" -q tests/fixtures/allascii-1999.txt >/dev/null 2>&1
rc=$?
loc=$("$P" lookup "speed of light in vacuum" --json --db "$G" | grep -o '"locator":"[^"]*"')
if [ $rc -eq 137 ] && [ "$loc" = '"locator":"allascii-1999.txt:12"' ]; then
	echo "ok killed after swap: new graph in use"
else
	echo "FAIL killed after swap (exit $rc, $loc)"
fi

# the next build removes what killed builds left behind
"$P" build --db "$G" -q data/sources || echo "FAIL rebuild"
n=$(find "$G" -maxdepth 1 -name 'gen-*' | wc -l)
if [ "$n" -eq 1 ]; then echo "ok stale generations removed"; else echo "FAIL $n generations left"; fi
[ "$(q)" = "$before" ] && echo "ok rebuilt graph answers as before" || echo "FAIL rebuilt graph differs"

# random moments
bad=0
for i in $(seq 1 12); do
	"$P" build --db "$G" -q data/sources >/dev/null 2>&1 &
	pid=$!
	sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	[ "$(q)" = "$before" ] || { bad=$((bad + 1)); echo "  after kill $i: $(q | head -c 200)" >&2; }
done
[ $bad -eq 0 ] && echo "ok 12 random kill -9 during build: graph always answers" || echo "FAIL $bad of 12 random kills broke the graph"

# an ingest killed mid-transaction leaves nothing behind
PROVKG_TEST_KILL_AT=build-entry "$P" build --db "$G" -q data/sources >/dev/null 2>&1
"$P" sources --db "$G" --json >"$WORK/src-before"
"$P" ingest --db "$G" -q tests/fixtures/codata-bad.txt >/dev/null 2>&1 &
pid=$!
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
"$P" sources --db "$G" --json >"$WORK/src-after"
if grep -q '"edition":"2014","file":"tests/fixtures/codata-bad.txt"' "$WORK/src-after"; then
	# the ingest finished before the kill: it must then be complete
	grep -q '"records":6,"rejected":3' "$WORK/src-after" && echo "ok killed ingest: committed whole" || echo "FAIL killed ingest: partial"
else
	cmp -s "$WORK/src-before" "$WORK/src-after" && echo "ok killed ingest: graph unchanged" || echo "FAIL killed ingest: sources changed"
fi
