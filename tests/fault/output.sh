#!/usr/bin/env bash
# A failed write to standard output is an error (exit 5), never silent.
set -u
P=$PROVKG
check() { # name expected-rc command...
	local name=$1 want=$2
	shift 2
	"$@" >/dev/full 2>"$WORK/err"
	local rc=$?
	if [ $rc -eq "$want" ] && grep -q 'cannot write' "$WORK/err"; then echo "ok $name"; else echo "FAIL $name (exit $rc: $(cat "$WORK/err"))"; fi
}
check "lookup --json to a full disk" 5 "$P" lookup h --json
check "lookup table to a full disk" 5 "$P" lookup h
check "sources --json to a full disk" 5 "$P" sources --json
printf '{"id":1,"query":"c"}\n' >"$WORK/q.jsonl"
check "lookup --jsonl to a full disk" 5 "$P" lookup --jsonl <"$WORK/q.jsonl"
