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
# before them. Each case is titled (git's test_expect_success 'title') by
# the comment right above it, else by its command, and prints "ok TITLE"
# or "FAIL TITLE" (tests/run.sh counts them one each); what differed goes
# to standard error.
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
	local out err rc title bad=0
	title=${title_next:-\$ $cmd}
	title="$(basename "$file") $n: ${title:0:110}"
	printf '%s' "$stdin" >"$scratch/in"
	(cd "$ROOT" && WORK="$scratch" bash -o pipefail -c "provkg() { \"\$PROVKG\" \"\$@\"; }; $cmd" \
		<"$scratch/in" >"$scratch/out" 2>"$scratch/err")
	rc=$?
	if ! diff -u <(printf '%s' "$expect_out") "$scratch/out" >"$scratch/diff"; then
		echo "FAIL $file: case $n: \$ $cmd: stdout differs:" >&2
		cat "$scratch/diff" >&2
		bad=1
	fi
	if [ "$rc" != "$expect_rc" ]; then
		echo "FAIL $file: case $n: \$ $cmd: exit $rc, expected $expect_rc" >&2
		sed 's/^/  stderr: /' "$scratch/err" >&2
		bad=1
	fi
	if [ -n "$expect_err" ] && ! diff -u <(printf '%s' "$expect_err") "$scratch/err" >"$scratch/diff"; then
		echo "FAIL $file: case $n: \$ $cmd: stderr differs:" >&2
		cat "$scratch/diff" >&2
		bad=1
	fi
	if [ $bad = 0 ]; then
		echo "ok $title"
	else
		echo "FAIL $title"
		status=1
	fi
}

reset() { stdin=""; expect_out=""; expect_err=""; expect_rc=0; }
reset
title_next="" comment="" prev=""
while IFS= read -r line || [ -n "$line" ]; do
	case "$line" in
	'# '*) [ "${prev:0:2}" = "# " ] || comment=${line#\# } ;;
	esac
	case "$line" in
	'$ '*) run_case; reset; cmd=${line#\$ }
		# the title: the comment right above ($ lines directly after it)
		if [ "${prev:0:2}" = "# " ]; then title_next=$comment; else title_next=""; fi ;;
	'< '*) stdin+="${line#< }"$'\n' ;;
	'<') stdin+=$'\n' ;;
	'> '*) expect_out+="${line#> }"$'\n' ;;
	'>') expect_out+=$'\n' ;;
	'! '*) expect_err+="${line#! }"$'\n' ;;
	'? '*) expect_rc=${line#? } ;;
	*) ;;
	esac
	prev=$line
done <"$file"
run_case
rm -rf "$scratch"
exit $status
