# bench/lib.sh - helpers shared by the benchmark scripts (sourced).

now() { date +%s.%N; }

# run a command, sampling its memory: prints "seconds peak_rss_mb peak_anon_mb"
# (anonymous memory is the heap; the rest of the RSS is the LMDB file
# mapped in, page cache the kernel can reclaim)
measure() {
	local t0 t1 pid hwm=0 anon=0 line v
	t0=$(now)
	"$@" &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		while read -r line; do
			case "$line" in
			VmHWM:*) v=${line//[!0-9]/}; [ "$v" -gt "$hwm" ] && hwm=$v ;;
			RssAnon:*) v=${line//[!0-9]/}; [ "$v" -gt "$anon" ] && anon=$v ;;
			esac
		done </proc/$pid/status 2>/dev/null || true
		sleep 0.1
	done
	wait $pid
	t1=$(now)
	echo "$(echo "$t1 - $t0" | bc) $((hwm / 1024)) $((anon / 1024))"
}

# crossref_dump DIR N: the seeded synthetic dump of N works in DIR
# (bench/gen_crossref.py, seed 2026), generated once; DIR/.complete holds
# the generator's hash, so a dump made by an older generator is made again
# (and DUMP_MADE is set to 1)
crossref_dump() {
	local want
	want="$(sha256sum bench/gen_crossref.py | cut -c1-16) $2"
	if [ "$(cat "$1/.complete" 2>/dev/null)" != "$want" ]; then
		rm -rf "$1"
		echo "generating $2 synthetic works in $1 (seeded, once) ..." >&2
		/usr/bin/python3 bench/gen_crossref.py "$1" "$2" 2026 >&2
		echo "$want" >"$1/.complete"
		DUMP_MADE=1
	fi
}

# per second: rate LINES SECONDS NAME
rate() {
	awk -v n="$1" -v s="$2" -v name="$3" 'BEGIN { printf "%s %d\n%s_per_second %.0f\n", name, n, name, n / s }'
}

# labelled_refs FILE.json.gz OUT_DIR [--no-doi]: the labelled free-text
# references of bench/gen_refs.py rendered from the works of one dump file:
# OUT_DIR/refs-bench.jsonl (with their expected verdicts) and
# OUT_DIR/refs.jsonl ({"id","ref"} only; --no-doi leaves out the bare DOIs)
labelled_refs() {
	mkdir -p "$2/one"
	ln -sf "$(readlink -f "$1")" "$2/one/0.json.gz"
	/usr/bin/python3 bench/gen_refs.py "$2/refs-bench.jsonl" 11 "$2/one" 2>/dev/null
	/usr/bin/python3 -c '
import json, sys
no_doi = sys.argv[2] == "--no-doi"
for l in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(l)
    if no_doi and d["ref"].lstrip().lower().startswith(("10.", "doi:", "https://doi.org", "http://dx.doi.org")):
        continue
    print(json.dumps({"id": d["id"], "ref": d["ref"]}, ensure_ascii=False))' "$2/refs-bench.jsonl" "${3:-}" >"$2/refs.jsonl"
}

# ref_precision: the precision of "verified" -- the matched work is the one
# the reference was made from (DOIs: ids even are real, odd invented), and
# the fabricated references verified
ref_precision() { # LABELLED.jsonl RESULTS.jsonl doi|free -> "precision verified fabricated_verified"
	/usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import json, sys
bench, res, kind = sys.argv[1], sys.argv[2], sys.argv[3]
got = {}
for l in open(res, encoding="utf-8"):
    r = json.loads(l)
    got[r.get("id")] = r
ver = good = fab = 0
if kind == "doi":
    for i, r in got.items():
        if r.get("verdict") == "verified":
            ver += 1
            good += i % 2 == 0
            fab += i % 2 == 1
else:
    for l in open(bench, encoding="utf-8"):
        b = json.loads(l)
        r = got.get(b["id"])
        if not r or r.get("verdict") != "verified":
            continue
        ver += 1
        e = b["expect"]
        if e["verdict"] == "verified" and (r.get("match") or {}).get("doi") == e["doi"]:
            good += 1
        if e["verdict"] == "fabricated":
            fab += 1
print("%.4f %d %d" % (good / ver if ver else float("nan"), ver, fab))
PY
}

# doi_refs DUMP: {"id","ref"} lines for the works of the dump's first 10
# files (by number): each work's DOI (even ids) and the same DOI with an
# "x" appended, registered nowhere (odd ids)
doi_refs() {
	/usr/bin/python3 - "$1" <<'PY'
import glob, gzip, json, sys
i = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.json.gz"), key=lambda p: int(p.rsplit("/", 1)[1].split(".")[0]))[:10]:
    for it in json.load(gzip.open(f, "rt"))["items"]:
        print(json.dumps({"id": 2 * i, "ref": "https://doi.org/" + it["DOI"]}))
        print(json.dumps({"id": 2 * i + 1, "ref": "https://doi.org/" + it["DOI"] + "x"}))
        i += 1
PY
}
