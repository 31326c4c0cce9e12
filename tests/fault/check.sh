#!/usr/bin/env bash
# provkg check on hostile input: a 10 MB answer, pathological texts against
# every pattern (runs of brackets, markers, names, digits, DOIs, CJK), a
# malformed line, invalid UTF-8, a NUL, a broken harness log: each answer
# gets a result within the regex limits or a clear error record, and the
# output stays aligned with the input's records.
set -u
P=$PROVKG
D="$WORK/check"
rm -rf "$D"
mkdir -p "$D"
check() { if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1: $3"; fi; }

/usr/bin/python3 - "$D/hostile.jsonl" <<'PY'
import json, sys
base = "The Boltzmann constant is 1.380649e-23 J/K, assuming T is much larger than 1 K, because of X. "
texts = [
    base * (10_000_000 // len(base)),                      # ~10 MB of real sentences
    "(" * 1_000_000 + " 2019)",                            # brackets
    "[1" * 200_000,                                        # unclosed markers
    "Smith et al. " * 80_000 + "(2019)",                   # names before one year
    "1" * 1_000_000 + " J/K",                              # one huge number
    "10.1000/" * 100_000,                                  # DOI prefixes
    "光速约为" * 200_000,                                   # CJK
    "References\n" + "".join("[%d] Smith J. Title. J. Phys. 1, %d (1999).\n" % (i, i) for i in range(1, 3000)),
    "assume " * 300_000 + "much larger than",              # one long sentence for the rules
]
with open(sys.argv[1], "w") as f:
    for i, t in enumerate(texts):
        f.write(json.dumps({"id": i, "model": "hostile", "text": t}) + "\n")
    f.write("{this is not json\n")
    f.write(json.dumps({"id": "nul", "text": "a\u0000b"}) + "\n")
    f.write(b'{"id": "utf8", "text": "bad \xff\xfe bytes"}\n'.decode("latin-1"))
    f.write(json.dumps({"id": "last", "text": "The speed of light is 299792458 m/s."}) + "\n")
PY
# the invalid UTF-8 line must reach provkg as raw bytes
/usr/bin/python3 - "$D/hostile.jsonl" <<'PY'
import sys
p = sys.argv[1]
data = open(p, encoding="latin-1").read().encode("latin-1")
open(p, "wb").write(data.replace("bad \u00ff\u00fe bytes".encode("utf-8"), b"bad \xff\xfe bytes"))
PY
n_in=$(wc -l <"$D/hostile.jsonl")
"$P" check --jsonl --max-answer 20000000 "$D/hostile.jsonl" >"$D/out.jsonl" 2>"$D/err"
rc=$?
/usr/bin/python3 - "$D/out.jsonl" "$n_in" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
n = int(sys.argv[2])
assert len(recs) == n, (len(recs), n)
ids = [r.get("id") for r in recs]
assert ids[:9] == list(range(9)), ids
assert ids[-1] == "last" and "scores" in recs[-1], recs[-1]
assert recs[0]["bytes"] > 9_000_000 and recs[0]["scores"]["traceability"] == 10, recs[0].get("error")
for r in recs[1:9]:
    assert "scores" in r or "error" in r, r
assert "error" in recs[9] and "not a JSON object" in recs[9]["error"]
assert "error" in recs[10] and "NUL" in recs[10]["error"], recs[10]
assert "error" in recs[11] and "UTF-8" in recs[11]["error"], recs[11]
PY
check "hostile answers: one record each, in order, errors where due" $? "rc $rc $(tail -c 600 "$D/err")"

# an answer over --max-answer: an error record, the rest goes on
printf '%s\n' '{"id":1,"text":"'"$(head -c 3000 /dev/zero | tr '\0' 'x')"'"}' '{"id":2,"text":"h = 6.626e-34 J/s"}' >"$D/two.jsonl"
out=$("$P" check --jsonl --max-answer 1000 "$D/two.jsonl")
[ "$(echo "$out" | wc -l)" = 2 ] && echo "$out" | head -1 | grep -q '"error":".*more than 1000' && echo "$out" | tail -1 | grep -q '"unit_mismatch"'
check "an answer over --max-answer is an error record" $? "$out"

# a harness log broken in the middle: the samples before it, then a clear error
/usr/bin/python3 - tests/fixtures/check/inspect-log.json "$D/broken.json" <<'PY'
import sys
t = open(sys.argv[1]).read()
i = t.index('"id": "q2"')
open(sys.argv[2], "w").write(t[:i] + '"id": "q2", "output": {"completion": "x" ]]] }' + t[i + 20:])
PY
out=$("$P" check "$D/broken.json" 2>"$D/err")
rc=$?
[ $rc -eq 3 ] && [ "$(echo "$out" | wc -l)" = 2 ] && echo "$out" | head -1 | grep -q '"id":"q1"' &&
	echo "$out" | tail -1 | grep -q '"error":".*samples\[1\]: not valid JSON' && grep -q "broken.json: samples\[1\].*were not read" "$D/err"
check "a broken Inspect log: the samples before the damage, then file and position" $? "rc $rc: $(cat "$D/err")"

# empty input and an unknown --format
out=$("$P" check --jsonl </dev/null 2>&1)
[ $? -eq 0 ] && [ -z "$out" ]
check "empty JSONL input: no records" $? "$out"
out=$("$P" check --format xml /dev/null 2>&1)
[ $? -eq 2 ]
check "unknown --format: usage error" $? "$out"
# a rules file that does not compile names the rule
printf '{"format":"provkg credibility rules 1","scores":{"premise":{"rules":[{"id":"oops","all":["(("]}]},"uncertainty":{"rules":[]},"falsifiability":{"rules":[]}}}' >"$D/rules.json"
out=$("$P" check --rules "$D/rules.json" tests/fixtures/check/answer-zh.txt 2>&1)
[ $? -eq 3 ] && [[ "$out" == *"rule oops: all[0]"* ]]
check "a bad rule file: exit 3 naming the rule" $? "$out"

# issue 15 (10): the answer cap applies while reading: 512 MiB of zeros
# (half a megabyte gzipped) is refused in bounded memory and time
head -c 536870912 /dev/zero | gzip -1 >"$D/bomb.gz"
out=$(/usr/bin/time -f "rss_kb %M" "$P" check --json "$D/bomb.gz" 2>&1)
rss=$(echo "$out" | sed -n 's/^rss_kb //p')
limit=200000
[ -n "${SANITIZE:-}" ] && limit=800000 # ASan's shadow memory and quarantine
[[ "$out" == *"an answer of more than 16777216 bytes"* ]] && [ -n "$rss" ] && [ "$rss" -lt "$limit" ]
check "a gzip bomb: refused at the 16 MiB answer cap, ${rss:-?} KB resident" $? "$out"
exit 0
