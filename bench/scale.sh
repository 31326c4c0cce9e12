#!/usr/bin/env bash
# bench/scale.sh - the scale run of issue 19 (docs/benchmarks.md; not in CI,
# not in make bench): a graph of data/sources plus a seeded synthetic
# Crossref dump of N works (default 10,000,000; ~15 GB of gzip and ~18 GB of
# graph at that size), and at that size: build time and its ratio to zcat
# of the same bytes, bytes per work on disk, peak RSS and peak heap of the
# build, DOI references/s (half unregistered) and labelled free-text
# references/s with 1 and 2 jobs, and the precision of "verified".
#
# usage: bench/scale.sh [N] [DIR]   (DIR: where the dump and graph go,
# default bench/out; the dump is generated once, seeded, and reused)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
P=./provkg
N=${1:-10000000}
DIR=${2:-bench/out}
DUMP=$DIR/crossref-$N
G=$DIR/graph-$N
OUT=$DIR/scale-$N
mkdir -p "$OUT"
if [ ! -f "$DUMP/.complete" ]; then
	rm -rf "$DUMP"
	echo "generating $N synthetic works in $DUMP (seeded, once) ..." >&2
	/usr/bin/python3 bench/gen_crossref.py "$DUMP" "$N" 2026 >&2
	touch "$DUMP/.complete"
fi
bytes=$(cat "$DUMP"/*.json.gz | wc -c)
echo "scale run: $N works, $(ls "$DUMP"/*.json.gz | wc -l) files, $((bytes >> 20)) MB gzip; $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB RAM; $(date -u +%Y-%m-%dT%H:%MZ)"
t0=$(now); cat "$DUMP"/*.json.gz | zcat >/dev/null; t1=$(now)
s_zcat=$(echo "$t1 - $t0" | bc)
rm -rf "$G"
read -r s_build rss anon < <(measure "$P" build --db "$G" -q data/sources "$DUMP" 2>"$OUT/build.err")
echo "build warnings: $(wc -l <"$OUT/build.err") (in $OUT/build.err)"
gen=$(ls -d "$G"/gen-* | tail -n 1)
disk=$(stat -c %s "$gen/data.mdb")
echo "build (data/sources + dump): $s_build s; zcat of the dump alone: $s_zcat s ($(awk -v a="$s_build" -v b="$s_zcat" 'BEGIN{printf "%.2fx", a/b}')); $(awk -v n="$N" -v s="$s_build" 'BEGIN{printf "%.0f", n/s}') works/s"
echo "graph on disk: $((disk >> 20)) MB, $((disk / N)) bytes per work; peak RSS $rss MB, of it heap $anon MB (the rest is the mapped graph)"

# DOI references: the works of the first 10 files and as many unregistered
/usr/bin/python3 - "$DUMP" >"$OUT/dois.jsonl" <<'PY'
import glob, gzip, json, sys
i = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.json.gz"), key=lambda p: int(p.rsplit("/", 1)[1].split(".")[0]))[:10]:
    for it in json.load(gzip.open(f, "rt"))["items"]:
        print(json.dumps({"id": 2 * i, "ref": "https://doi.org/" + it["DOI"]}))
        print(json.dumps({"id": 2 * i + 1, "ref": "https://doi.org/" + it["DOI"] + "x"}))
        i += 1
PY
labelled_refs "$DUMP/0.json.gz" "$OUT" --no-doi
mv "$OUT/refs.jsonl" "$OUT/free.jsonl"
nd=$(wc -l <"$OUT/dois.jsonl")
nf=$(wc -l <"$OUT/free.jsonl")
cat "$gen/data.mdb" >/dev/null # a warm graph, as a long-running checker sees it
for j in 1 2; do
	t0=$(now); "$P" check-ref --jsonl --jobs $j --db "$G" <"$OUT/dois.jsonl" >"$OUT/doi.$j"; t1=$(now)
	echo "DOI references, $j job(s): $(awk -v n="$nd" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN{printf "%.0f/s (%d in %.2f s)", n/s, n, s}')"
	t0=$(now); "$P" check-ref --jsonl --jobs $j --db "$G" <"$OUT/free.jsonl" >"$OUT/free.$j"; t1=$(now)
	echo "free-text references, $j job(s): $(awk -v n="$nf" -v s="$(echo "$t1 - $t0" | bc)" 'BEGIN{printf "%.0f/s (%d in %.2f s)", n/s, n, s}')"
done
cmp -s "$OUT/doi.1" "$OUT/doi.2" && cmp -s "$OUT/free.1" "$OUT/free.2" && same=yes || same=NO
read -r p v f < <(ref_precision "$OUT/refs-bench.jsonl" "$OUT/doi.1" doi)
echo "DOI precision of verified: $p ($v verified, $f unregistered verified)"
read -r p v f < <(ref_precision "$OUT/refs-bench.jsonl" "$OUT/free.1" free)
echo "free-text precision of verified: $p ($v verified, $f fabricated verified); --jobs 2 output = --jobs 1: $same"
echo "verdicts: $(jq -r .verdict "$OUT/free.1" | sort | uniq -c | awk '{printf "%s %s, ", $2, $1}')"
# linear extrapolation to the 180M works of the 2026 Crossref public data file
awk -v n="$N" -v d="$disk" -v s="$s_build" 'BEGIN {
	k = 180e6 / n
	printf "180M works (linear): %.0f GB of graph, %.1f h of build at this rate\n", d * k / 1e9, s * k / 3600 }'
