#!/usr/bin/env bash
# tests/run.sh - run every test layer and end with "N passed, N failed".
#
#   unit     tests/unit/test_*.c binaries (one "ok"/"FAIL" line per test)
#   golden   tests/golden/*.t: command, stdin, expected stdout and exit code
#            (one "ok"/"FAIL" line per titled case)
#   fault    tests/fault/*.sh: kill -9 mid-build, failed allocations and writes
#   checks   tests/scripts/*: independent parsers and oracles; the docs'
#            examples run (check_docs)
#
# Environment: BUILD (build dir with the unit binaries), ONLY (a layer name
# or a test-file substring to run just that).
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BUILD=${BUILD:-build/rel}
ONLY=${ONLY:-}
export ROOT BUILD
export PROVKG="$ROOT/provkg"
# the binary with the test hooks compiled in (fault tests); ./provkg has none
export PROVKG_TESTHOOKS="$ROOT/$BUILD/provkg-test"
export TMPDIR=${TMPDIR:-/tmp}
WORK=$(mktemp -d "$TMPDIR/provkg-tests.XXXXXX")
export WORK
trap 'rm -rf "$WORK"' EXIT
# sanitizer runs: fail on the first report, no leak noise from killed children
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

pass=0
fail=0
failed_names=()

record() { # record ok|FAIL name
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed_names+=("$2")
		echo "FAIL $2"
	fi
}

want() { [ -z "$ONLY" ] || [[ "$1" == *"$ONLY"* ]]; }

# Say each layer as it starts (a run takes minutes), and what it took.
layer_name="" layer_t0=0 layer_p0=0 layer_f0=0
layer() { # layer NAME "what" | layer (to close the last one)
	local now=$SECONDS
	if [ -n "$layer_name" ]; then
		echo "   $layer_name: $((pass - layer_p0)) passed, $((fail - layer_f0)) failed in $((now - layer_t0)) s"
	fi
	layer_name=${1:-}
	[ -n "$layer_name" ] || return 0
	layer_t0=$now layer_p0=$pass layer_f0=$fail
	echo "== $layer_name: $2"
}
count() { local n=0 f; for f in "$@"; do [ -e "$f" ] && n=$((n + 1)); done; echo "$n"; }

# Count "ok x" / "FAIL x" lines of a test program; a crash is a failure.
run_counted() { # run_counted label command...
	local label=$1 out rc line
	shift
	out=$("$@" 2>"$WORK/stderr")
	rc=$?
	while IFS= read -r line; do
		case "$line" in
		"ok "*) record ok "$label: ${line#ok }" ;;
		"FAIL "*) record FAIL "$label: ${line#FAIL }" ;;
		esac
	done <<<"$out"
	if [ -s "$WORK/stderr" ] && grep -q 'FAIL\|failed\|ERROR\|runtime error' "$WORK/stderr"; then
		sed 's/^/    /' "$WORK/stderr" | head -40
	fi
	if [ $rc -ge 128 ] || { [ $rc -ne 0 ] && ! grep -q '^FAIL' <<<"$out"; }; then
		record FAIL "$label (exit $rc)"
		sed 's/^/    /' "$WORK/stderr" | tail -20
	fi
}

# ---- unit -------------------------------------------------------------
[ -z "$ONLY" ] && layer unit "$(count "$BUILD"/tests/test_*) test programs"
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	want "$(basename "$t")" || want unit || continue
	run_counted "unit/$(basename "$t")" "$t"
done

# The shared test graph for golden tests and checks.
[ -z "$ONLY" ] && layer graph "building the shared test graph from data/sources/"
export PROVKG_DB="$WORK/graph"
if ! "$PROVKG" build --db "$PROVKG_DB" -q >"$WORK/build.out" 2>&1; then
	record FAIL "build test graph"
	cat "$WORK/build.out"
fi

# ---- golden -----------------------------------------------------------
[ -z "$ONLY" ] && layer golden "$(count tests/golden/*.t) transcripts of CLI runs, each case counted"
for t in tests/golden/*.t; do
	want golden || want "$(basename "$t")" || continue
	run_counted "golden" tests/golden.sh "$t"
done

# ---- fault ------------------------------------------------------------
[ -z "$ONLY" ] && layer fault "$(count tests/fault/*.sh) scripts: kills, failed allocations and writes, servers"
for t in tests/fault/*.sh; do
	[ -e "$t" ] || continue
	want fault || want "$(basename "$t")" || continue
	run_counted "fault/$(basename "$t" .sh)" bash "$t"
done

# ---- independent checks ----------------------------------------------
[ -z "$ONLY" ] && layer checks "$(count tests/scripts/check_*) cross-checks against independent parsers and oracles"
for t in tests/scripts/check_*; do
	[ -e "$t" ] || continue
	want checks || want "$(basename "$t")" || continue
	run_counted "checks/$(basename "$t")" "$t"
done

[ -z "$ONLY" ] && layer
if [ ${#failed_names[@]} -gt 0 ]; then
	echo
	echo "failed:"
	printf '  %s\n' "${failed_names[@]}"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
