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

# issue 15 (9): on a pipe each answer is written as soon as it is made: a
# harness that sends one request and waits for its answer does not hang
for cmd in "lookup --jsonl" "check-value --jsonl" "check-ref --jsonl"; do
	out=$(/usr/bin/python3 - "$P" $cmd <<'PY'
import os, select, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
reqs = ['{"id":1,"query":"c","text":"c = 299792458 m/s","ref":"arXiv:0704.0001"}\n',
        '{"id":2,"query":"h","text":"h = 6.626e-34 J s","ref":"arXiv:0704.0002"}\n']
got = []
for r in reqs:
    p.stdin.write(r.encode())
    p.stdin.flush()
    ready, _, _ = select.select([p.stdout], [], [], 10)
    if not ready:
        print("no answer within 10 s to request", r.strip())
        p.kill()
        sys.exit(1)
    got.append(p.stdout.readline())
p.stdin.close()
p.wait()
print("answers", len(got))
PY
)
	[ "$out" = "answers 2" ] && echo "ok $cmd answers each request on a pipe before the next is sent" ||
		echo "FAIL $cmd on a pipe: $out"
done
