#!/usr/bin/env bash
# check-ref --online against a Crossref API stand-in on 127.0.0.1 serving
# real work records (data/sources/crossref/public-data-file): answers are
# validated like local candidates, cached in the graph (404s too) with a
# time-to-live, paced by the rate-limit headers, retried on 500/429, and a
# failing API leaves the offline verdict with a reason, the stream aligned
# and the graph intact.
set -u
P=$PROVKG
D="$WORK/online"
rm -rf "$D"
mkdir -p "$D/root"
G="$D/graph"
"$P" build --db "$G" -q data/sources/codata/allascii-2022.txt || { echo "FAIL build"; exit 1; }

/usr/bin/python3 tests/fault/http_server.py "$D/root" "$D/port" --works data/sources/crossref/public-data-file \
	>"$D/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT
for _ in $(seq 100); do [ -s "$D/port" ] && break; sleep 0.05; done
U="http://127.0.0.1:$(cat "$D/port")"
faults() { /usr/bin/python3 -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1] + "/_faults", data=sys.argv[2].encode()).read()' "$U" "$1"; }
reset_server() { /usr/bin/python3 -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1] + "/_reset", data=b"").read()' "$U"; }
requests() { /usr/bin/python3 -c 'import sys,urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/_log").read().decode())' "$U" | grep -c '"GET"'; }
check() { if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1: $3"; fi; }
O=(--db "$G" --online --crossref-url "$U" --mailto tests@example.org --timeout 3)
DOI=10.1001/archinte.1991.00400100107018
REF="Allen UD. Percutaneous injuries among health care workers. Arch Intern Med. 1991;151(10):2033."

# offline the graph cannot decide
out=$("$P" check-ref --db "$G" --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"unverifiable"'* ]]
check "offline: a DOI the graph lacks is unverifiable" $? "$out"

# 1. by DOI: the API's record, checked; the answer cached
reset_server
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"verified"'* ]] && [[ "$out" == *"checked against the Crossref API (fetched now"* ]] &&
	[ "$(requests)" = 1 ] && /usr/bin/python3 -c 'import sys,urllib.request; sys.exit(0 if "mailto=tests%40example.org" not in urllib.request.urlopen(sys.argv[1]+"/_log").read().decode() and "mailto=tests@example.org" in urllib.request.urlopen(sys.argv[1]+"/_log").read().decode() else 1)' "$U"
check "DOI verified against the API, with mailto" $? "$out"
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"verified"'* ]] && [[ "$out" == *"cached answer of"* ]] && [ "$(requests)" = 1 ]
check "the second check uses the graph's cache: no request" $? "$out"
out=$("$P" check-ref "${O[@]}" --cache-ttl 0 --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"verified"'* ]] && [ "$(requests)" = 2 ]
check "--cache-ttl 0 asks again" $? "$out"

# 2. an unknown DOI under a Crossref prefix is fabricated; under an unknown
#    prefix it is not decided (another agency may hold it); 404s are cached
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/10.1001/archinte.1991.99999999")
[[ "$out" == *'"verdict":"fabricated"'* ]] && [[ "$out" == *"fabricated DOI"* ]]
check "unknown DOI, Crossref prefix: fabricated" $? "$out"
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/10.99999/nope.1")
[[ "$out" == *'"verdict":"unverifiable"'* ]] && [[ "$out" == *"not a Crossref DOI prefix"* ]]
check "unknown prefix: unverifiable, says why" $? "$out"
n=$(requests)
"$P" check-ref "${O[@]}" --json "https://doi.org/10.1001/archinte.1991.99999999" >/dev/null
[ "$(requests)" = "$n" ]
check "404 answers are cached too" $? "requests $n -> $(requests)"

# 3. without a DOI: the API's best hits are checked, never trusted blindly
out=$("$P" check-ref "${O[@]}" --json "$REF")
[[ "$out" == *'"verdict":"verified"'* ]] && [[ "$out" == *"\"doi\":\"$DOI\""* ]]
check "free text found through the bibliographic search and verified" $? "$out"
out=$("$P" check-ref "${O[@]}" --json "Zhang W, Okonkwo P. Quantum entanglement of hospital ventilation systems in rural clinics. Lancet Infect Dis. 2019;19(4):411-419.")
[[ "$out" == *'"verdict":"fabricated"'* ]]
check "an invented title the API's hits do not match: fabricated" $? "$out"
out=$("$P" check-ref "${O[@]}" --json "Allen UD. Percutaneous injuries among health care workers. Arch Intern Med. 1995;151(10):2033.")
[[ "$out" == *'"verdict":"mismatch"'* ]] && [[ "$out" == *'"year"'* ]]
check "a wrong year found through the API: mismatch on year" $? "$out"

# 4. faults: 500 and 429 are retried; a dead API leaves the offline verdict
reset_server
faults '{"/works/10.1001/archinte.1991.00400100107018": ["500", "429:1"]}'
t0=$(date +%s.%N)
out=$("$P" check-ref "${O[@]}" --cache-ttl 0 --json "https://doi.org/$DOI")
t1=$(date +%s.%N)
[[ "$out" == *'"verdict":"verified"'* ]] && [ "$(echo "$t1 - $t0 >= 1" | bc)" = 1 ] && [ "$(requests)" = 3 ]
check "500 then 429 (Retry-After 1): retried, verified" $? "$out"
reset_server
faults '{"/works/10.1001/archinte.1991.00400100107018": ["500", "500", "500", "500", "500"]}'
out=$("$P" check-ref "${O[@]}" --cache-ttl 0 --retries 1 --json "https://doi.org/$DOI")
rc=$?
[ $rc -eq 1 ] && [[ "$out" == *'"verdict":"unverifiable"'* ]] && [[ "$out" == *"online check failed"*"HTTP 500"* ]]
check "API failing: offline verdict kept, reason given" $? "rc $rc: $out"
out=$("$P" check-ref --db "$G" --online --crossref-url "http://127.0.0.1:1" --retries 0 --timeout 1 --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"unverifiable"'* ]] && [[ "$out" == *"online check failed"* ]]
check "API unreachable: offline verdict kept, reason given" $? "$out"

# 5. a stream stays aligned, and requests are paced by the rate-limit
#    headers (50 per 1 s: at least 20 ms apart)
reset_server
printf '%s\n' "{\"id\":1,\"ref\":\"https://doi.org/$DOI\"}" 'not json' \
	"{\"id\":3,\"ref\":\"$REF\"}" '{"id":4}' "{\"id\":5,\"ref\":\"https://doi.org/10.1001/archinte.1991.99999999\"}" \
	"{\"id\":6,\"ref\":\"Bloggs J. Another invented study of unicorn immunology in health workers. Arch Intern Med. 1991;151:9999.\"}" >"$D/in.jsonl"
"$P" check-ref "${O[@]}" --cache-ttl 0 --jsonl <"$D/in.jsonl" >"$D/out.jsonl"
rc=$?
/usr/bin/python3 - "$D/out.jsonl" "$U" 2>"$D/py.err" <<'PY'
import json, sys, urllib.request
lines = open(sys.argv[1]).read().splitlines()
recs = [json.loads(l) for l in lines]
assert len(recs) == 6, len(recs)
assert [r.get("id") for r in recs] == [1, None, 3, 4, 5, 6], [r.get("id") for r in recs]
assert "error" in recs[1] and "error" in recs[3]
assert recs[0]["verdict"] == "verified" and recs[2]["verdict"] == "verified", recs[2]
assert recs[4]["verdict"] == "fabricated"
log = [json.loads(l) for l in urllib.request.urlopen(sys.argv[2] + "/_log").read().decode().splitlines()]
times = sorted(e["time"] for e in log)
gaps = [b - a for a, b in zip(times, times[1:])]
# the client spaces the starts of its requests 20 ms apart; the server logs
# arrivals, and the first request's arrival also waits for the connection
# to open (several ms on a loaded machine), so the first gap may look
# shorter by that much; the later ones reuse the connection
assert gaps and gaps[0] >= 0.010 and min(gaps[1:] or [1]) >= 0.015, gaps
PY
check "a JSONL stream stays aligned; requests paced by X-Rate-Limit" $? "rc $rc: $(tail -n 1 "$D/py.err"): $(cat "$D/out.jsonl")"

# 6. another writer holds the graph: answers are used, the cache skipped
reset_server
flock "$G/lock" sleep 3 &
LOCKER=$!
sleep 0.3
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/10.1002/unknown.doi.here")
wait $LOCKER
n=$(requests)
"$P" check-ref "${O[@]}" --json "https://doi.org/10.1002/unknown.doi.here" >/dev/null
[[ "$out" == *'"verdict"'* ]] && [ "$(requests)" -gt "$n" ]
check "graph busy: checked anyway, nothing cached" $? "$out"

# 7. a rebuild keeps the cache (the API is slow and rate-limited); --drop-cache
#    starts afresh
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/$DOI")
"$P" build --db "$G" data/sources/codata/allascii-2022.txt 2>"$D/build.err"
n=$(requests)
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/$DOI")
[[ "$out" == *'"verdict":"verified"'* ]] && [[ "$out" == *"cached answer of"* ]] && [ "$(requests)" = "$n" ] &&
	grep -Eq "kept [0-9]+ cached online answers from the previous graph" "$D/build.err"
check "a rebuild carries the online cache over" $? "$out $(cat "$D/build.err")"
"$P" build --db "$G" -q --drop-cache data/sources/codata/allascii-2022.txt
out=$("$P" check-ref "${O[@]}" --json "https://doi.org/$DOI")
[[ "$out" == *"fetched now"* ]] && [ "$(requests)" = "$((n + 1))" ]
check "build --drop-cache starts the cache afresh" $? "$out"

# the graph is sound after all of it
"$P" lookup "Planck constant" --db "$G" --json | grep -q '6.626' && "$P" sources --db "$G" >/dev/null
check "the graph is intact" $? "lookup failed"
exit 0
