#!/usr/bin/env bash
# bench/biblio.sh - ingest of the other bibliographic databases (part of make
# bench): BENCH_BIBLIO_N (default 1000000) synthetic records of each of
# arXiv (snapshot JSON lines), dblp (dblp.xml.gz + DTD), PubMed (baseline
# XML files), OpenAlex and DataCite (JSON lines), from bench/gen_biblio.py
# (seeded, generated once into bench/out/, never committed). For each: the
# ingest time beside the time to merely read the same input (zcat/cat, the
# floor), records/s, graph bytes per work, peak RSS; then lookups/s by arXiv
# id and by PMID through check-ref --jsonl on those graphs.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
N=${BENCH_BIBLIO_N:-1000000}
DUMP=bench/out/biblio-$N
OUT=$(mktemp -d "${TMPDIR:-/tmp}/provkg-bench-biblio.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
if [ ! -f "$DUMP/.complete" ]; then
	rm -rf "$DUMP"
	echo "generating $N synthetic records of each database in $DUMP (seeded) ..."
	/usr/bin/python3 bench/gen_biblio.py "$DUMP" "$N" 2026
	touch "$DUMP/.complete"
fi
echo "== bibliographic databases: $N records each"
for db in arxiv dblp pubmed openalex datacite; do
	read -r rs _ _ < <(measure sh -c "for f in $DUMP/$db/*; do case \$f in *.gz) zcat \$f ;; *) cat \$f ;; esac; done >/dev/null")
	read -r s rss anon < <(measure ./provkg build --db "$OUT/g-$db" -q data/sources/venues "$DUMP/$db")
	recs=$(./provkg sources --db "$OUT/g-$db" --json | jq '[.[] | select(.kind != "provkg-venues") | .records] | add')
	bytes=$(stat -c %s "$OUT/g-$db"/CURRENT/data.mdb)
	inb=$(du -cb "$DUMP/$db" | tail -1 | cut -f1)
	awk -v db="$db" -v n="$recs" -v s="$s" -v rs="$rs" -v rss="$rss" -v anon="$anon" -v b="$bytes" -v ib="$inb" 'BEGIN {
		printf "%s_records %d\n%s_ingest_seconds %.2f\n%s_read_only_seconds %.2f\n%s_ingest_vs_read %.2fx\n", db, n, db, s, db, rs, db, s / rs
		printf "%s_records_per_second %.0f\n%s_graph_bytes_per_work %.0f\n%s_input_bytes_per_record %.0f\n", db, n / s, db, b / n, db, ib / n
		printf "%s_peak_rss_mb %d\n%s_peak_heap_mb %d\n", db, rss, db, anon }'
done
# lookups by identifier
grep '^arxiv' "$DUMP/ids.tsv" | cut -f2 | awk '{ printf "{\"id\":%d,\"ref\":\"arXiv:%s\"}\n", NR, $1 }' >"$OUT/arxiv.jsonl"
grep '^pmid' "$DUMP/ids.tsv" | cut -f2 | awk '{ printf "{\"id\":%d,\"ref\":\"PMID: %s\"}\n", NR, $1 }' >"$OUT/pmid.jsonl"
for kind in arxiv:arxiv pmid:pubmed; do
	in=${kind%%:*}
	g=${kind##*:}
	cat "$OUT/g-$g"/CURRENT/data.mdb >/dev/null
	t0=$(now)
	./provkg check-ref --jsonl --db "$OUT/g-$g" <"$OUT/$in.jsonl" >"$OUT/$in.out"
	t1=$(now)
	n=$(wc -l <"$OUT/$in.jsonl")
	v=$(grep -c '"verdict":"verified"' "$OUT/$in.out" || true)
	awk -v k="$in" -v n="$n" -v v="$v" -v s="$(echo "$t1 - $t0" | bc)" \
		'BEGIN { printf "lookup_%s %d\nlookup_%s_per_second %.0f\nlookup_%s_verified %d\n", k, n, k, n / s, k, v }'
done
exit 0
