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
crossref_dump "$DUMP" "$N"
bytes=$(cat "$DUMP"/*.json.gz | wc -c)
echo "scale run: $N works, $(ls "$DUMP"/*.json.gz | wc -l) files, $((bytes >> 20)) MB gzip; $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB RAM; $(date -u +%Y-%m-%dT%H:%MZ)"
t0=$(now); cat "$DUMP"/*.json.gz | zcat >/dev/null; t1=$(now)
s_zcat=$(echo "$t1 - $t0" | bc)
# the graph of data/sources, then the dump ingested into it: one write
# transaction (a build checkpoints every 16 batches, and past a few GB of
# graph each checkpoint rewrites most of the index pages it touches: the
# 10M build ran at a quarter of a core, waiting on writeback)
rm -rf "$G"
"$P" build --db "$G" -q data/sources 2>"$OUT/build.err"
read -r s_build rss anon < <(measure "$P" ingest --db "$G" -q "$DUMP" 2>>"$OUT/build.err")
echo "warnings: $(wc -l <"$OUT/build.err") (in $OUT/build.err)"
"$P" snapshot --db "$G" "$OUT/snap" >/dev/null
disk=$(stat -c %s "$OUT"/snap/gen-*/data.mdb)
rm -rf "$OUT/snap"
gen=$(readlink -f "$G/CURRENT")
echo "ingest of the dump: $s_build s; zcat of the dump alone: $s_zcat s ($(awk -v a="$s_build" -v b="$s_zcat" 'BEGIN{printf "%.2fx", a/b}')); $(awk -v n="$N" -v s="$s_build" 'BEGIN{printf "%.0f", n/s}') works/s"
echo "graph on disk (compacted snapshot): $((disk >> 20)) MB, $((disk / N)) bytes per work; file in use $(($(stat -c %s "$gen/data.mdb") >> 20)) MB; peak RSS $rss MB, of it heap $anon MB (the rest is the mapped graph)"

doi_refs "$DUMP" >"$OUT/dois.jsonl"
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
	printf "180M works (linear): %.0f GB of graph, %.1f h of ingest at this rate\n", d * k / 1e9, s * k / 3600 }'
