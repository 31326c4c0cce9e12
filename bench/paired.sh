#!/usr/bin/env bash
# bench/paired.sh - two provkg binaries' Crossref ingests side by side, in
# paired rounds with the order alternated:
#
#   bench/paired.sh OLD NEW [DUMP] [ROUNDS]
#
# Each round runs `zcat` of the dump, then OLD and NEW (NEW first in every
# second round), each ingesting DUMP (default bench/out/crossref-100000,
# made by `make bench`) into a fresh copy of the graph of data/sources.
# The order matters on this project's machines: the second ingest of a
# round reuses memory the first one freed, and two builds with no
# difference in wall time split 8 of 8 rounds by their order
# (docs/benchmarks.md, the fourteenth session). It prints each round, then
# the median of each binary, the rounds NEW won, and NEW's median against
# zcat's.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
if [ $# -lt 2 ]; then
	echo "usage: bench/paired.sh OLD NEW [DUMP] [ROUNDS]" >&2
	exit 2
fi
OLD=$1 NEW=$2
DUMP=${3:-bench/out/crossref-100000}
R=${4:-8}
for p in "$OLD" "$NEW"; do
	[ -x "$p" ] || { echo "bench/paired.sh: '$p' is not an executable" >&2; exit 2; }
done
ls "$DUMP"/*.json.gz >/dev/null 2>&1 || { echo "bench/paired.sh: no *.json.gz in '$DUMP' (make bench makes it)" >&2; exit 2; }
OUT=$(mktemp -d "${TMPDIR:-/tmp}/provkg-paired.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
"$OLD" build --db "$OUT/g0" -q 2>/dev/null || { echo "bench/paired.sh: $OLD could not build the graph of data/sources" >&2; exit 1; }

ingest() {
	local t0 t1
	rm -rf "$OUT/g"
	cp -r "$OUT/g0" "$OUT/g"
	t0=$(now)
	"$1" ingest --db "$OUT/g" -q "$DUMP"
	t1=$(now)
	echo "$t1 - $t0" | bc
}

z=() o=() n=()
for i in $(seq "$R"); do
	t0=$(now)
	cat "$DUMP"/*.json.gz | zcat >/dev/null
	t1=$(now)
	z+=("$(echo "$t1 - $t0" | bc)")
	if [ $((i % 2)) = 1 ]; then
		o+=("$(ingest "$OLD")")
		n+=("$(ingest "$NEW")")
		first=old
	else
		n+=("$(ingest "$NEW")")
		o+=("$(ingest "$OLD")")
		first=new
	fi
	printf 'round %d (%s first): zcat %.2f s, old %.2f s, new %.2f s\n' "$i" "$first" "${z[-1]}" "${o[-1]}" "${n[-1]}"
done
med() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
wins=0
for i in "${!o[@]}"; do
	[ "$(echo "${n[$i]} < ${o[$i]}" | bc)" = 1 ] && wins=$((wins + 1))
done
mo=$(med "${o[@]}") mn=$(med "${n[@]}") mz=$(med "${z[@]}")
awk -v mo="$mo" -v mn="$mn" -v mz="$mz" -v w="$wins" -v r="$R" 'BEGIN {
	printf "median: old %.2f s, new %.2f s, zcat %.2f s; new faster in %d of %d rounds; new %.2fx zcat, old %.2fx\n", mo, mn, mz, w, r, mn / mz, mo / mz }'
