#!/usr/bin/env bash
# provkg fetch / update against a server on 127.0.0.1 that injects faults:
# 500s, connection resets, truncated bodies, 429 with Retry-After, stalls,
# a wrong checksum, a file that changes between an interrupted download and
# its resume, TLS with and without the right CA. Each ends in a clear error
# or a correct retry, never in a corrupt file or graph.
set -u
P=$PROVKG
D="$WORK/fetch"
rm -rf "$D"
mkdir -p "$D/root" "$D/out"
cp data/sources/codata/allascii-2018.txt "$D/root/c2018.txt"
cp data/sources/codata/allascii-2014.txt "$D/root/c2014.txt"
REF=data/sources/codata/allascii-2018.txt

start_server() { # start_server NAME [server args]: sets PORT
	local name=$1
	shift
	rm -f "$D/$name.port"
	/usr/bin/python3 tests/fault/http_server.py "$D/root" "$D/$name.port" "$@" >"$D/$name.log" 2>&1 &
	echo $! >"$D/$name.pid"
	for _ in $(seq 100); do
		[ -s "$D/$name.port" ] && break
		sleep 0.05
	done
	PORT=$(cat "$D/$name.port" 2>/dev/null)
}
stop_servers() { for f in "$D"/*.pid; do [ -e "$f" ] && kill "$(cat "$f")" 2>/dev/null; done; }
trap stop_servers EXIT

start_server http
if [ -z "$PORT" ]; then
	echo "FAIL the test server did not start: $(cat "$D/http.log")"
	exit 1
fi
U="http://127.0.0.1:$PORT"
faults() { /usr/bin/python3 -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1] + "/_faults", data=sys.argv[2].encode()).read()' "$U" "$1"; }
reset_server() { /usr/bin/python3 -c 'import sys,urllib.request; urllib.request.urlopen(sys.argv[1] + "/_reset", data=b"").read()' "$U"; }
server_log() { /usr/bin/python3 -c 'import sys,urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/_log").read().decode())' "$U"; }
F=(--retry-delay 0.05 --timeout 2 --connect-timeout 2)
check() { # check NAME CONDITION-EXIT MESSAGE
	if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1: $3"; fi
}
no_part() { ! ls -A "$D/out" | grep -q '\.part$'; }

# 1. a plain download, then a conditional request that finds it unchanged
out=$("$P" fetch "$U/c2018.txt" --out "$D/out" --json "${F[@]}" 2>&1)
cmp -s "$D/out/c2018.txt" "$REF" && [[ "$out" == *'"changed":true'* ]]
check "download: the file is byte-identical" $? "$out"
m1=$(stat -c %Y.%s "$D/out/c2018.txt")
out=$("$P" fetch "$U/c2018.txt" --out "$D/out" --json "${F[@]}" 2>&1)
[[ "$out" == *'"changed":false'* ]] && [[ "$out" == *'"status":304'* ]] &&
	[ "$(stat -c %Y.%s "$D/out/c2018.txt")" = "$m1" ] && server_log | tail -1 | grep -q '"if_none_match": "\\"'
check "unchanged: If-None-Match answered 304, file untouched" $? "$out"

# 2. 500, reset, 503 then success: retried, the file whole
reset_server
faults '{"/c2014.txt": ["500", "reset", "503"]}'
out=$("$P" fetch "$U/c2014.txt" --out "$D/out" --json "${F[@]}" 2>&1)
cmp -s "$D/out/c2014.txt" data/sources/codata/allascii-2014.txt && [[ "$out" == *"retrying"* ]] && no_part
check "500, reset and 503 are retried with back-off" $? "$out"

# 3. truncated bodies resume where they stopped (Range + If-Range)
rm -f "$D/out/c2014.txt" "$D/out/.c2014.txt.fetch"
reset_server
faults '{"/c2014.txt": ["truncate:5000", "truncate:9000"]}'
out=$("$P" fetch "$U/c2014.txt" --out "$D/out" --json "${F[@]}" 2>&1)
log=$(server_log)
cmp -s "$D/out/c2014.txt" data/sources/codata/allascii-2014.txt && [[ "$out" == *'"resumed":true'* ]] &&
	[[ "$log" == *'"range": "bytes=5000-"'* ]] && [[ "$log" == *'"range": "bytes=14000-"'* ]] &&
	[[ "$log" == *'"if_range": "\"'* ]]
check "truncated bodies resumed at 5000 and 14000 bytes with If-Range" $? "$out"

# 4. an interrupted run keeps its part; the next run resumes it
rm -f "$D/out/c2018.txt" "$D/out/.c2018.txt.fetch"
reset_server
faults '{"/c2018.txt": ["truncate:7000"]}'
out=$("$P" fetch "$U/c2018.txt" --out "$D/out" --retries 0 "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [ ! -e "$D/out/c2018.txt" ] && [ "$(stat -c %s "$D/out/.c2018.txt.part")" = 7000 ] &&
	[[ "$out" == *"partial download of 7000 bytes kept"* ]]
check "interrupted: exit 5, no file, 7000 bytes kept for later" $? "rc $rc: $out"
out=$("$P" fetch "$U/c2018.txt" --out "$D/out" --json "${F[@]}" 2>&1)
cmp -s "$D/out/c2018.txt" "$REF" && [[ "$out" == *'"resumed":true'* ]] && server_log | tail -1 | grep -q 'bytes=7000-' && no_part
check "the next run resumes from byte 7000" $? "$out"

# 5. the file changes between the interruption and the resume: If-Range no
#    longer matches, the server sends all of the new file, nothing is spliced
rm -f "$D/out/c2018.txt" "$D/out/.c2018.txt.fetch"
reset_server
faults '{"/c2018.txt": ["truncate:7000"]}'
"$P" fetch "$U/c2018.txt" --out "$D/out" --retries 0 "${F[@]}" >/dev/null 2>&1
sed 's/2018 CODATA/2018 CODATA (revised)/' "$REF" >"$D/root/c2018.txt"
touch -d '+1 hour' "$D/root/c2018.txt"
out=$("$P" fetch "$U/c2018.txt" --out "$D/out" --json "${F[@]}" 2>&1)
cmp -s "$D/out/c2018.txt" "$D/root/c2018.txt" && no_part
check "a changed file is downloaded whole, not spliced onto the old part" $? "$out"
cp "$REF" "$D/root/c2018.txt"

# 6. 429: Retry-After is honoured; one longer than --max-wait is an error
reset_server
faults '{"/c2014.txt": ["429:1"]}'
t0=$(date +%s.%N)
out=$("$P" fetch "$U/c2014.txt" --out "$D/out" --force --json "${F[@]}" 2>&1)
t1=$(date +%s.%N)
cmp -s "$D/out/c2014.txt" data/sources/codata/allascii-2014.txt && [ "$(echo "$t1 - $t0 >= 1" | bc)" = 1 ]
check "429 Retry-After: 1 waited for, then fetched" $? "$out"
reset_server
faults '{"/c2014.txt": ["429:120"]}'
out=$("$P" fetch "$U/c2014.txt" --out "$D/out" --force --max-wait 1 "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [[ "$out" == *"HTTP 429"*"Retry-After longer"* ]] && cmp -s "$D/out/c2014.txt" data/sources/codata/allascii-2014.txt
check "429 asking for 120 s with --max-wait 1: clear error, file kept" $? "rc $rc: $out"

# 7. a stall: the transfer times out and is retried
reset_server
faults '{"/c2014.txt": ["stall:4"]}'
rm -f "$D/out/c2014.txt" "$D/out/.c2014.txt.fetch"
out=$("$P" fetch "$U/c2014.txt" --out "$D/out" --json --retry-delay 0.05 --timeout 1 2>&1)
cmp -s "$D/out/c2014.txt" data/sources/codata/allascii-2014.txt && [[ "$out" == *"retrying"* ]]
check "a stalled transfer times out and resumes" $? "$out"

# 8. a wrong checksum: exit 3, nothing written, no part left
reset_server
out=$("$P" fetch "$U/c2014.txt" -o "$D/out/sum.txt" --sha256 "$(printf '0%.0s' $(seq 64))" "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 3 ] && [ ! -e "$D/out/sum.txt" ] && [[ "$out" == *"checksum mismatch"* ]] && no_part
check "wrong checksum: exit 3, nothing written" $? "rc $rc: $out"
faults '{"/c2018.txt": ["wrongbody"]}'
out=$("$P" fetch "$U/c2018.txt" -o "$D/out/known.txt" --sha256 8c47c05db62c4d314a5244db51a47b4831616e55a8d357ced373a8620ff43be1 "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 3 ] && [ ! -e "$D/out/known.txt" ] && no_part
check "a corrupted body fails the known checksum" $? "rc $rc: $out"

# 9. 404 and a refused connection
out=$("$P" fetch "$U/nothing.txt" --out "$D/out" "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"HTTP 404"* ]] && [ ! -e "$D/out/nothing.txt" ] && no_part
check "404: exit 1, nothing written" $? "rc $rc: $out"
out=$("$P" fetch "http://127.0.0.1:1/x.txt" --out "$D/out" --retries 1 "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [[ "$out" == *"onnect"* ]]
check "connection refused: retried, then exit 5" $? "rc $rc: $out"

# 10. TLS: verified always; the right CA bundle makes it work
if command -v openssl >/dev/null; then
	openssl req -x509 -newkey rsa:2048 -nodes -keyout "$D/key.pem" -out "$D/cert.pem" -days 2 \
		-subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" >/dev/null 2>&1
	start_server tls --tls "$D/cert.pem" "$D/key.pem"
	S="https://127.0.0.1:$PORT"
	out=$("$P" fetch "$S/c2014.txt" -o "$D/out/tls.txt" --retries 0 "${F[@]}" 2>&1)
	rc=$?
	[ $rc -eq 5 ] && [ ! -e "$D/out/tls.txt" ] && [[ "$out" == *"certificate"* || "$out" == *"SSL"* ]]
	check "TLS with an unknown CA: refused" $? "rc $rc: $out"
	out=$("$P" fetch "$S/c2014.txt" -o "$D/out/tls.txt" --cacert "$D/cert.pem" "${F[@]}" 2>&1)
	cmp -s "$D/out/tls.txt" data/sources/codata/allascii-2014.txt
	check "TLS with --cacert: fetched" $? "$out"
else
	echo "ok TLS checks skipped: no openssl to make a certificate"
fi

# 11. update: fetches known sources (a table pointing at the test server),
#     ingests what changed, leaves unchanged sources alone
SRC="$D/src"
G="$D/graph"
mkdir -p "$SRC"
printf 'codata-a\t%s/c2018.txt\tcodata/a.txt\t-\tcodata\ttest\ncodata-b\t%s/c2014.txt\tcodata/b.txt\t-\tcodata\ttest\n' "$U" "$U" >"$D/table.tsv"
cp "$REF" "$D/root/c2018.txt"
reset_server
out=$("$P" update --db "$G" --out "$SRC" --sources-file "$D/table.tsv" "${F[@]}" 2>&1)
rc=$?
n=$("$P" sources --db "$G" | grep -c '^CODATA')
[ $rc -eq 0 ] && [ "$n" = 2 ] && [[ "$out" == *"building it"* ]]
check "update with no graph: fetched both, built the graph" $? "rc $rc n $n: $out"
before=$("$P" sources --db "$G" --json)
out=$("$P" update --db "$G" --out "$SRC" --sources-file "$D/table.tsv" "${F[@]}" 2>&1)
[ $? -eq 0 ] && [[ "$out" == *"up to date"* ]] && [ "$("$P" sources --db "$G" --json)" = "$before" ] &&
	[ "$(server_log | grep -c '"if_none_match": "\\"')" -ge 2 ]
check "update again: conditional requests, nothing re-ingested" $? "$out"
sed '263s/6\.674 30 e-11/6.674 99 e-11/' "$REF" >"$D/root/c2018.txt"
touch -d '+2 hours' "$D/root/c2018.txt"
out=$("$P" update --db "$G" --out "$SRC" --sources-file "$D/table.tsv" "${F[@]}" 2>&1)
rc=$?
g=$("$P" lookup "Newtonian constant of gravitation" --db "$G" --edition 2018 --json)
[ $rc -eq 0 ] && [[ "$out" == *"CODATA 2018"* ]] && [[ "$out" != *"CODATA 2014"* ]] && [[ "$g" == *'6.674 99 e-11'* ]]
check "update after a change: only the changed edition re-ingested" $? "rc $rc: $out"
reset_server
faults '{"/c2018.txt": ["500", "500", "500", "500", "500", "500"]}'
touch -d '+3 hours' "$D/root/c2018.txt"
before=$("$P" sources --db "$G" --json)
out=$("$P" update --db "$G" --out "$SRC" --sources-file "$D/table.tsv" --retries 1 --force "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [[ "$out" == *"HTTP 500"* ]] && [ "$("$P" sources --db "$G" --json)" = "$before" ] &&
	[[ "$out" != *"is up to date"* ]] && [[ "$out" == *"may not be up to date"* ]]
check "update when the server fails: exit 5, graph unchanged, not called up to date" $? "rc $rc: $out"
reset_server
faults '{"/c2018.txt": ["500", "500", "500", "500", "500", "500"]}'
out=$("$P" update --db "$G" --out "$SRC" --sources-file "$D/table.tsv" --only codata-a --retries 1 --force "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [[ "$out" == *"no source could be fetched (1 tried)"* ]] && [[ "$out" != *"is up to date"* ]] &&
	[ "$("$P" sources --db "$G" --json)" = "$before" ]
check "update --only with its fetch failing: exit 5, says so, not up to date" $? "rc $rc: $out"
reset_server
faults '{"/c2018.txt": ["500", "500", "500", "500"], "/c2014.txt": ["500", "500", "500", "500"]}'
out=$("$P" update --db "$D/never" --out "$D/src-none" --sources-file "$D/table.tsv" --retries 1 "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 5 ] && [ ! -e "$D/never" ] && [[ "$out" == *"no source could be fetched (2 tried)"* ]] &&
	[[ "$out" != *"no source files found"* ]]
check "update with no graph and every fetch failing: exit 5, nothing built" $? "rc $rc: $out"

# 12. the other databases' known sources: one arXiv record by its id, the
# dblp dump with its DTD, one PubMed record; saved where build reads them
reset_server
mkdir -p "$D/root/atom" "$D/root/dblp" "$D/root/efetch"
cp data/sources/arxiv/api-atom/id_1605.08386.xml "$D/root/atom/1605.08386.xml"
cp tests/fixtures/biblio-issue16/dblp/dblp.xml tests/fixtures/biblio-issue16/dblp/dblp.dtd "$D/root/dblp/"
cp tests/fixtures/biblio-issue16/pubmed/pubmed26n0001.xml "$D/root/efetch/40000001.xml"
B="$D/biblio"
rm -rf "$B"
out=$("$P" fetch arxiv:1605.08386 --url "$U/atom/{id}.xml" --out "$B" "${F[@]}" 2>&1) &&
	out=$out$("$P" fetch dblp:dblp.xml --url "$U/dblp/{id}" --out "$B" "${F[@]}" 2>&1) &&
	out=$out$("$P" fetch dblp:dblp.dtd --url "$U/dblp/{id}" --out "$B" "${F[@]}" 2>&1) &&
	out=$out$("$P" fetch pubmed:40000001 --url "$U/efetch/{id}.xml" --out "$B" "${F[@]}" 2>&1)
rc=$?
[ $rc -eq 0 ] && [ -s "$B/arxiv/api-atom/1605.08386.xml" ] && [ -s "$B/dblp/current/dblp.dtd" ] &&
	[ -s "$B/pubmed/efetch/40000001.xml" ] && "$P" build --db "$D/gb" -q data/sources/venues "$B" 2>/dev/null &&
	"$P" check-ref --db "$D/gb" "arXiv:1605.08386" >/dev/null &&
	"$P" check-ref --db "$D/gb" "DBLP:conf/nips/VaswaniSPUJGKP17" >/dev/null &&
	"$P" check-ref --db "$D/gb" "PMID: 40000001" >/dev/null
check "fetch arxiv:ID, dblp:FILE, pubmed:PMID: saved where build reads them, each verified" $? "rc $rc: $out"
out=$("$P" fetch arxiv:../../etc/passwd --out "$B" "${F[@]}" 2>&1)
[ $? -eq 2 ] && [[ "$out" == *"not an identifier"* ]]
check "fetch NAME:ID refuses a path that climbs out" $? "$out"
exit 0
