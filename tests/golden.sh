#!/usr/bin/env bash
# tests/golden.sh FILE.t - run one golden CLI test.
#
# Format (jq/cram-like): lines starting with
#   "# "  comment
#   "$ "  the command, run by bash with `provkg` the binary under test,
#         $PROVKG_DB the shared test graph, $WORK a scratch directory
#   "< "  a line of standard input
#   "> "  a line of expected standard output (exact)
#   "! "  a line of expected standard error (exact; only checked if given)
#   "? "  the expected exit code (default 0)
# Several "$" lines form one test each; the others belong to the "$"
# before them.
set -u
file=$1
provkg() { "$PROVKG" "$@"; }
export -f provkg 2>/dev/null || true
scratch=$(mktemp -d "${WORK:-/tmp}/golden.XXXXXX")
status=0
cmd=""
n=0

run_case() {
	[ -n "$cmd" ] || return 0
	n=$((n + 1))
	local out err rc
	printf '%s' "$stdin" >"$scratch/in"
	(cd "$ROOT" && WORK="$scratch" bash -o pipefail -c "provkg() { \"\$PROVKG\" \"\$@\"; }; $cmd" \
		<"$scratch/in" >"$scratch/out" 2>"$scratch/err")
	rc=$?
	if ! diff -u <(printf '%s' "$expect_out") "$scratch/out" >"$scratch/diff"; then
		echo "$file: case $n: \$ $cmd: stdout differs:"
		cat "$scratch/diff"
		status=1
	fi
	if [ "$rc" != "$expect_rc" ]; then
		echo "$file: case $n: \$ $cmd: exit $rc, expected $expect_rc"
		sed 's/^/  stderr: /' "$scratch/err"
		status=1
	fi
	if [ -n "$expect_err" ] && ! diff -u <(printf '%s' "$expect_err") "$scratch/err" >"$scratch/diff"; then
		echo "$file: case $n: \$ $cmd: stderr differs:"
		cat "$scratch/diff"
		status=1
	fi
}

reset() { stdin=""; expect_out=""; expect_err=""; expect_rc=0; }
reset
while IFS= read -r line || [ -n "$line" ]; do
	case "$line" in
	'$ '*) run_case; reset; cmd=${line#\$ } ;;
	'< '*) stdin+="${line#< }"$'\n' ;;
	'<') stdin+=$'\n' ;;
	'> '*) expect_out+="${line#> }"$'\n' ;;
	'>') expect_out+=$'\n' ;;
	'! '*) expect_err+="${line#! }"$'\n' ;;
	'? '*) expect_rc=${line#? } ;;
	*) ;;
	esac
done <"$file"
run_case
rm -rf "$scratch"
exit $status
