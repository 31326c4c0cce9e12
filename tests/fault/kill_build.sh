#!/usr/bin/env bash
# kill -9 a build at each crash point and at random moments: the previous
# graph must still answer, unchanged; the next build cleans up.
set -u
G="$WORK/kill-graph"
P=$PROVKG_TESTHOOKS # $PROVKG_TEST_* act only in the test build
q() { "$P" lookup G --json --db "$G" 2>&1; }
# provkg verify after every kill: indexes, records and counts agree
v() { "$P" verify --db "$G" >"$WORK/verify.out" 2>&1 || { echo "  verify: $(head -3 "$WORK/verify.out")" >&2; return 1; }; }

"$P" build --db "$G" -q data/sources || { echo "FAIL setup build"; exit 1; }
before=$(q)

for stage in build-entry build-written build-linked; do
	PROVKG_TEST_KILL_AT=$stage "$P" build --db "$G" -q tests/fixtures/allascii-1999.txt >/dev/null 2>&1
	rc=$?
	if [ $rc -ne 137 ]; then
		echo "FAIL killed at $stage (exit $rc, expected 137)"
		continue
	fi
	if [ "$(q)" = "$before" ] && v; then echo "ok killed at $stage: old graph answers unchanged, verify sound"; else echo "FAIL killed at $stage: graph changed or unsound"; fi
done

# killed right after the swap: the new graph is complete and in use
PROVKG_TEST_KILL_AT=build-swapped "$P" build --db "$G" -q tests/fixtures/allascii-1999.txt >/dev/null 2>&1
rc=$?
loc=$("$P" lookup "speed of light in vacuum" --json --db "$G" | grep -o '"locator":"[^"]*"')
if [ $rc -eq 137 ] && [ "$loc" = '"locator":"allascii-1999.txt:12"' ] && v; then
	echo "ok killed after swap: new graph in use, verify sound"
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
	{ [ "$(q)" = "$before" ] && v; } || { bad=$((bad + 1)); echo "  after kill $i: $(q | head -c 200)" >&2; }
done
[ $bad -eq 0 ] && echo "ok 12 random kill -9 during build: graph always answers, verify sound" || echo "FAIL $bad of 12 random kills broke the graph"

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
	grep -q '"records":6,"rejected":3' "$WORK/src-after" && v && echo "ok killed ingest: committed whole" || echo "FAIL killed ingest: partial"
else
	cmp -s "$WORK/src-before" "$WORK/src-after" && v && echo "ok killed ingest: graph unchanged" || echo "FAIL killed ingest: sources changed"
fi

# an ingest of each other bibliographic format killed at random moments:
# nothing half-written, verify sound (issue 15, requirement 4)
bad=0
for src in data/sources/arxiv/snapshot-2022-03-31 data/sources/arxiv/oai-pmh data/sources/dblp/vision-2025 \
	data/sources/pubmed/sample-2018 data/sources/datacite/rest-api data/sources/openalex/api; do
	for i in 1 2 3; do
		"$P" sources --db "$G" --json >"$WORK/src-before"
		"$P" ingest --db "$G" -q "$src" >/dev/null 2>&1 &
		pid=$!
		sleep "0.0$((RANDOM % 6))"
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		v || { bad=$((bad + 1)); echo "  $src kill $i: unsound" >&2; }
	done
done
[ $bad -eq 0 ] && echo "ok 18 kills of ingests of arXiv, dblp, PubMed, DataCite, OpenAlex: verify sound each time" ||
	echo "FAIL $bad of 18 killed ingests left an unsound graph"

# verify finds what is wrong: a work removed behind the graph's back
"$P" build --db "$G" -q data/sources >/dev/null 2>&1
cur=$(readlink -f "$G/CURRENT")
key=$(mdb_dump -s works -p "$cur" 2>/dev/null | sed -n '/^HEADER=END/{n;p;q}' | sed 's/^ //')
out=$(/usr/bin/python3 - "$cur" "$key" <<'PY' 2>&1
import ctypes, sys
lmdb = ctypes.CDLL("liblmdb.so.0")
class Val(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("data", ctypes.c_void_p)]
env = ctypes.c_void_p(); txn = ctypes.c_void_p(); dbi = ctypes.c_uint()
assert lmdb.mdb_env_create(ctypes.byref(env)) == 0
lmdb.mdb_env_set_maxdbs(env, 32)
assert lmdb.mdb_env_open(env, sys.argv[1].encode(), 0, 0o644) == 0, "open"
assert lmdb.mdb_txn_begin(env, None, 0, ctypes.byref(txn)) == 0
assert lmdb.mdb_dbi_open(txn, b"works", 0, ctypes.byref(dbi)) == 0
k = sys.argv[2].encode()
kv = Val(len(k), ctypes.cast(ctypes.c_char_p(k), ctypes.c_void_p))
assert lmdb.mdb_del(txn, dbi, ctypes.byref(kv), None) == 0, "del"
assert lmdb.mdb_txn_commit(txn) == 0
print("deleted")
PY
)
vout=$("$P" verify --db "$G" 2>&1)
rc=$?
[ "$out" = "deleted" ] && [ $rc -eq 1 ] && [[ "$vout" == *"which is no record"* ]] && [[ "$vout" == *"NOT sound"* ]]
if [ $? -eq 0 ]; then echo "ok verify reports a work deleted behind the graph's back (exit 1)"; else echo "FAIL verify missed a deleted work: $out / $vout"; fi
