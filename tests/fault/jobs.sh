#!/usr/bin/env bash
# --jobs N (issue 19, 2): check, check-ref and check-value on N threads
# write exactly what --jobs 1 writes, in input order, whatever N; bad
# records keep their places; a harness that sends one request and waits
# is answered with N threads too; a bad --jobs is a usage error.
set -u
P=$PROVKG
D="$WORK/jobs"
mkdir -p "$D"
same() { # name file...: all equal to the first
	local name=$1 first=$2 f
	shift 2
	for f in "$@"; do
		if ! cmp -s "$first" "$f"; then
			echo "FAIL $name: $(basename "$f") differs from $(basename "$first") (lines $(wc -l <"$first") vs $(wc -l <"$f"))"
			return
		fi
	done
	echo "ok $name"
}
# references: the real strings, a bad line and an overlong one among them
{ jq -Rc '{id: input_line_number, ref: .}' tests/fixtures/reference-strings/real-unstructured-2000.txt | head -700
  echo 'not json'
  printf '{"id":"long","ref":"%s"}\n' "$(head -c 1100000 /dev/zero | tr '\0' x)"
  jq -c 'to_entries[] | {id: ("s" + (.key | tostring)), ref: .value}' tests/fixtures/reference-strings/real-structured-2000.json | head -300
} >"$D/refs.jsonl"
for j in 1 2 3 8; do "$P" check-ref --jsonl --jobs $j --db "$PROVKG_DB" <"$D/refs.jsonl" >"$D/ref.$j" 2>/dev/null; done
same "check-ref --jsonl: --jobs 2, 3 and 8 write what --jobs 1 writes ($(wc -l <"$D/ref.1") lines)" \
	"$D/ref.1" "$D/ref.2" "$D/ref.3" "$D/ref.8"
[ "$(wc -l <"$D/ref.1")" -eq "$(wc -l <"$D/refs.jsonl")" ] && grep -q '"error":"line 702: longer than' "$D/ref.8" &&
	echo "ok check-ref --jobs 8: one line per input line, the bad ones in their places" ||
	echo "FAIL check-ref --jobs 8: $(wc -l <"$D/ref.8") lines for $(wc -l <"$D/refs.jsonl")"

/usr/bin/python3 bench/gen_mentions.py 6000 >"$D/m.jsonl"
echo '{"id":"bad","text":' >>"$D/m.jsonl"
for j in 1 2 5; do "$P" check-value --jsonl --jobs $j --db "$PROVKG_DB" <"$D/m.jsonl" >"$D/val.$j"; done
same "check-value --jsonl: --jobs 2 and 5 write what --jobs 1 writes ($(wc -l <"$D/val.1") lines)" \
	"$D/val.1" "$D/val.2" "$D/val.5"

# answers: generated ones, the fixtures' bad records, an Inspect log
/usr/bin/python3 bench/gen_answers.py 400 >"$D/ans.jsonl"
cat tests/fixtures/check/answers.jsonl >>"$D/ans.jsonl"
for j in 1 2 4; do
	"$P" check --jobs $j --db "$PROVKG_DB" "$D/ans.jsonl" >"$D/chk.$j"
	"$P" check --jobs $j --db "$PROVKG_DB" tests/fixtures/check/inspect-log.json >"$D/insp.$j"
done
same "check: --jobs 2 and 4 write the audit records --jobs 1 writes ($(wc -l <"$D/chk.1") answers)" \
	"$D/chk.1" "$D/chk.2" "$D/chk.4"
same "check of an Inspect log: the same records with --jobs 1, 2, 4" "$D/insp.1" "$D/insp.2" "$D/insp.4"
"$P" check --jobs 4 --db "$PROVKG_DB" "$D/ans.jsonl" | "$P" summarize - >"$D/sum.4"
"$P" summarize "$D/chk.1" >"$D/sum.1"
same "summarize of --jobs 4's records equals summarize of --jobs 1's" "$D/sum.1" "$D/sum.4"

# request and wait, on 2 threads
out=$(/usr/bin/python3 - "$P" check --jobs 2 --format jsonl --db "$PROVKG_DB" - <<'PY'
import select, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
got = []
for i, t in enumerate(["The speed of light is 299792458 m/s.", "h = 6.626e-34 J s", "k_B = 1.380649e-23 J/K"]):
    p.stdin.write(('{"id":%d,"text":"%s"}\n' % (i, t)).encode())
    p.stdin.flush()
    ready, _, _ = select.select([p.stdout], [], [], 10)
    if not ready:
        print("no answer within 10 s to request", i)
        p.kill()
        sys.exit(1)
    got.append(p.stdout.readline())
p.stdin.close()
p.wait()
print("answers", len(got), "in order" if all(l.startswith(b'{"id":%d,' % i) for i, l in enumerate(got)) else "out of order")
PY
)
[ "$out" = "answers 3 in order" ] && echo "ok check --jobs 2 answers each answer on a pipe before the next is sent" ||
	echo "FAIL check --jobs 2 on a pipe: $out"

out=$("$P" check-ref --jsonl --jobs 0 </dev/null 2>&1); rc=$?
[ $rc -eq 2 ] && [[ "$out" == *"--jobs: bad value '0' (1 to 64 threads)"* ]] && echo "ok --jobs 0 is a usage error" ||
	echo "FAIL --jobs 0: exit $rc: $out"
