#!/usr/bin/env bash
# bench/table.sh - make bench (issue 19): every path measured beside its
# baseline in the same run, one table. Baselines: zcat of the same bytes
# for ingest; bench/baseline.py (Python stdlib: sqlite3, FTS5 candidates,
# difflib scoring) for ingest, DOI lookups and free-text matching, with its
# verdict precision beside provkg's; value checks and answer audits with 1
# and 2 jobs. Synthetic inputs are seeded and generated once into
# bench/out/ (never committed). BENCH_WORKS (default 100000) sizes the
# Crossref-like dump; BENCH_MENTIONS (100000), BENCH_ANSWERS (10000);
# BENCH_PROVKG another provkg binary to measure (an older build, side by
# side with this one's table; default ./provkg); BENCH_LARGE_WORKS
# (1000000; 0: none) the graph the free-text target is measured on.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
P=${BENCH_PROVKG:-./provkg}
N=${BENCH_WORKS:-100000}
NM=${BENCH_MENTIONS:-100000}
NA=${BENCH_ANSWERS:-10000}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/provkg-bench-table.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
T0=$(now)
DUMP=bench/out/crossref-$N
crossref_dump "$DUMP" "$N"
# seconds of a command, to the millisecond (measure polls memory every 0.1 s)
timed() {
	local t0 t1
	t0=$(now)
	"$@"
	t1=$(now)
	echo "$t1 - $t0" | bc
}
row() { printf '%-34s %14s %14s %16s %9s  %s\n' "$@"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf (b > 0 ? "%.2fx" : "-"), a / b }'; }
per() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f/s", n / s }'; }
mbs() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f MB/s", b / s / 1e6 }'; }
secs() { awk -v s="$1" 'BEGIN { printf "%.2f s", s }'; }

# Each provkg figure (and the DOI and ingest baselines) is the median of
# BENCH_ROUNDS runs (default 3), a round running each command once, side
# by side: single runs on a shared 2-core machine vary by up to a third.
R=${BENCH_ROUNDS:-3}
med() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# ---- ingest ----------------------------------------------------------------
bytes=$(cat "$DUMP"/*.json.gz | wc -c)
# the graph of data/sources, then the dump ingested into a copy of it
"$P" build --db "$OUT/g0" -q 2>/dev/null
t_zcat=() t_ing=()
for _ in $(seq "$R"); do
	t_zcat+=("$(timed sh -c "cat $DUMP/*.json.gz | zcat >/dev/null")")
	rm -rf "$OUT/g"
	cp -r "$OUT/g0" "$OUT/g"
	t_ing+=("$(timed "$P" ingest --db "$OUT/g" -q "$DUMP")")
done
s_zcat=$(med "${t_zcat[@]}")
s_ing=$(med "${t_ing[@]}")
# the heap, from one more run (measure polls /proc every 0.1 s: not a timer)
cp -r "$OUT/g0" "$OUT/g-mem"
read -r _ _ rss_ing < <(measure "$P" ingest --db "$OUT/g-mem" -q "$DUMP")
rm -rf "$OUT/g-mem" "$OUT/g0"
s_base=$(timed sh -c "/usr/bin/python3 bench/baseline.py ingest $OUT/base.sqlite $DUMP 2>/dev/null")
"$P" snapshot --db "$OUT/g" "$OUT/snap" >/dev/null
gbytes=$(stat -c %s "$OUT"/snap/gen-*/data.mdb)

# ---- references: DOIs (half unknown) and labelled free text ----------------
doi_refs "$DUMP" >"$OUT/dois.jsonl"
labelled_refs "$DUMP/0.json.gz" "$OUT" --no-doi
mv "$OUT/refs.jsonl" "$OUT/free.jsonl"
nd=$(wc -l <"$OUT/dois.jsonl")
nf=$(wc -l <"$OUT/free.jsonl")
# difflib over 20 candidates takes ~80 ms a reference: the baseline gets
# the first NB of the free-text references (its rate and precision there)
NB=${BENCH_BASELINE_FREE:-400}
head -n "$NB" "$OUT/free.jsonl" >"$OUT/free-sample.jsonl"
cat "$OUT"/snap/gen-*/data.mdb >/dev/null
t_doi1=() t_doi2=() t_doib=() t_ft1=() t_ft2=()
for _ in $(seq "$R"); do
	t_doi1+=("$(timed sh -c "$P check-ref --jsonl --jobs 1 --db $OUT/snap <$OUT/dois.jsonl >$OUT/doi.1")")
	t_doi2+=("$(timed sh -c "$P check-ref --jsonl --jobs 2 --db $OUT/snap <$OUT/dois.jsonl >$OUT/doi.2")")
	t_doib+=("$(timed sh -c "/usr/bin/python3 bench/baseline.py check $OUT/base.sqlite <$OUT/dois.jsonl >$OUT/doi.b 2>/dev/null")")
	t_ft1+=("$(timed sh -c "$P check-ref --jsonl --jobs 1 --db $OUT/snap <$OUT/free.jsonl >$OUT/ft.1")")
	t_ft2+=("$(timed sh -c "$P check-ref --jsonl --jobs 2 --db $OUT/snap <$OUT/free.jsonl >$OUT/ft.2")")
done
s_doi1=$(med "${t_doi1[@]}") s_doi2=$(med "${t_doi2[@]}") s_doib=$(med "${t_doib[@]}")
s_ft1=$(med "${t_ft1[@]}") s_ft2=$(med "${t_ft2[@]}")
# (the free-text baseline once: ~30 s for its 400 references)
s_ftb=$(timed sh -c "/usr/bin/python3 bench/baseline.py check $OUT/base.sqlite <$OUT/free-sample.jsonl >$OUT/ft.b 2>/dev/null")
head -n "$NB" "$OUT/ft.1" >"$OUT/ft.1s"
cmp -s "$OUT/doi.1" "$OUT/doi.2" && cmp -s "$OUT/ft.1" "$OUT/ft.2" && same_refs=yes || same_refs=NO
prec() { ref_precision "$OUT/refs-bench.jsonl" "$@"; }
read -r p_doi v_doi f_doi < <(prec "$OUT/doi.1" doi)
read -r p_doib v_doib f_doib < <(prec "$OUT/doi.b" doi)
read -r p_ft v_ft f_ft < <(prec "$OUT/ft.1" free)
read -r p_ftb v_ftb f_ftb < <(prec "$OUT/ft.b" free)
read -r p_fts v_fts f_fts < <(prec "$OUT/ft.1s" free)

# ---- value checks and answer audits ------------------------------------------
[ -s "bench/out/mentions-$NM.jsonl" ] || /usr/bin/python3 bench/gen_mentions.py "$NM" >"bench/out/mentions-$NM.jsonl"
[ -s "bench/out/answers-$NA.jsonl" ] || /usr/bin/python3 bench/gen_answers.py "$NA" >"bench/out/answers-$NA.jsonl"
mb=$(wc -c <"bench/out/mentions-$NM.jsonl")
ab=$(wc -c <"bench/out/answers-$NA.jsonl")
t_cv1=() t_cv2=() t_ck1=() t_ck2=()
for _ in $(seq "$R"); do
	t_cv1+=("$(timed sh -c "$P check-value --jsonl --jobs 1 --db $OUT/snap <bench/out/mentions-$NM.jsonl >$OUT/cv.1")")
	t_cv2+=("$(timed sh -c "$P check-value --jsonl --jobs 2 --db $OUT/snap <bench/out/mentions-$NM.jsonl >$OUT/cv.2")")
	t_ck1+=("$(timed sh -c "$P check --jobs 1 --db $OUT/snap bench/out/answers-$NA.jsonl >$OUT/ck.1")")
	t_ck2+=("$(timed sh -c "$P check --jobs 2 --db $OUT/snap bench/out/answers-$NA.jsonl >$OUT/ck.2")")
done
s_cv1=$(med "${t_cv1[@]}") s_cv2=$(med "${t_cv2[@]}") s_ck1=$(med "${t_ck1[@]}") s_ck2=$(med "${t_ck2[@]}")
cmp -s "$OUT/cv.1" "$OUT/cv.2" && cmp -s "$OUT/ck.1" "$OUT/ck.2" && same_checks=yes || same_checks=NO

# ---- a graph of 1M works: the size of the free-text target -------------------------
# (its dump generated once, ~5 min; BENCH_LARGE_ROUNDS rounds of zcat and
# an ingest into a fresh graph, ~1 min a round: one round's ratio on this
# shared machine ranged 0.60x-1.05x within ten minutes. The default is 3
# rounds, and 1 in the run that generates the dump, which stays within
# 10 minutes so; R rounds of the references; BENCH_LARGE_WORKS=0 skips)
NL=${BENCH_LARGE_WORKS:-1000000}
if [ "$NL" -gt 0 ] && [ "$NL" != "$N" ]; then
	LDUMP=bench/out/crossref-$NL
	DUMP_MADE=0
	crossref_dump "$LDUMP" "$NL"
	[ "$DUMP_MADE" = 1 ] && RL=${BENCH_LARGE_ROUNDS:-1} || RL=${BENCH_LARGE_ROUNDS:-3}
	lbytes=$(cat "$LDUMP"/*.json.gz | wc -c)
	t_lzcat=() t_ling=()
	for _ in $(seq "$RL"); do
		t_lzcat+=("$(timed sh -c "cat $LDUMP/*.json.gz | zcat >/dev/null")")
		rm -rf "$OUT/gl"
		"$P" build --db "$OUT/gl" -q 2>/dev/null
		t_ling+=("$(timed "$P" ingest --db "$OUT/gl" -q "$LDUMP")")
	done
	s_lzcat=$(med "${t_lzcat[@]}") s_ling=$(med "${t_ling[@]}")
	"$P" snapshot --db "$OUT/gl" "$OUT/snapl" >/dev/null
	rm -rf "$OUT/gl"
	labelled_refs "$LDUMP/0.json.gz" "$OUT/large" --no-doi
	nlf=$(wc -l <"$OUT/large/refs.jsonl")
	cat "$OUT"/snapl/gen-*/data.mdb >/dev/null
	t_lf1=() t_lf2=()
	for _ in $(seq "$R"); do
		t_lf1+=("$(timed sh -c "$P check-ref --jsonl --jobs 1 --db $OUT/snapl <$OUT/large/refs.jsonl >$OUT/lf.1")")
		t_lf2+=("$(timed sh -c "$P check-ref --jsonl --jobs 2 --db $OUT/snapl <$OUT/large/refs.jsonl >$OUT/lf.2")")
	done
	s_lf1=$(med "${t_lf1[@]}") s_lf2=$(med "${t_lf2[@]}")
	cmp -s "$OUT/lf.1" "$OUT/lf.2" || same_refs=NO
	read -r p_lf v_lf f_lf < <(ref_precision "$OUT/large/refs-bench.jsonl" "$OUT/lf.1" free)
fi

# ---- the table ------------------------------------------------------------------
echo
echo "make bench: $N Crossref-like works ($((bytes / 1048576)) MB gzip), this machine: $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ); medians of $R rounds; $P"
row "path" "provkg 1 job" "provkg 2 jobs" "baseline" "ratio" "target"
row "Crossref ingest (s; vs zcat)" "$(secs "$s_ing")" "-" "zcat $(secs "$s_zcat")" "$(ratio "$s_ing" "$s_zcat")" "<= 0.8x zcat: $(awk -v a="$s_ing" -v b="$s_zcat" 'BEGIN{print (a <= 0.8*b) ? "met" : "NOT met"}')"
row "Crossref ingest (vs Python)" "$(per "$N" "$s_ing")" "-" "$(per "$N" "$s_base")" "$(ratio "$s_base" "$s_ing")" "(faster by the ratio)"
row "DOI references ($nd)" "$(per "$nd" "$s_doi1")" "$(per "$nd" "$s_doi2")" "$(per "$nd" "$s_doib")" "$(ratio "$s_doib" "$s_doi1")" ">= 5x Python: $(awk -v a="$s_doib" -v b="$s_doi1" 'BEGIN{print (a >= 5*b) ? "met" : "NOT met"}')"
row "  precision of verified" "$p_doi ($v_doi)" "-" "$p_doib ($v_doib)" "" "fabricated verified: $f_doi vs $f_doib"
row "free-text references ($nf)" "$(per "$nf" "$s_ft1")" "$(per "$nf" "$s_ft2")" "$(per "$NB" "$s_ftb") ($NB)" "$(awk -v a="$nf" -v b="$s_ft1" -v c="$NB" -v d="$s_ftb" 'BEGIN{printf "%.0fx", (a/b)/(c/d)}')" ">= 10,000/s: $(awk -v n="$nf" -v s="$s_ft2" 'BEGIN{print (n/s >= 10000) ? "met" : "NOT met"}') (graph of $N$([ "$N" -ge 1000000 ] || echo ', not 1M'))"
row "  precision of verified" "$p_ft ($v_ft)" "first $NB: $p_fts" "$p_ftb ($v_ftb)" "" "fabricated verified: $f_ft vs $f_ftb (first $NB: $f_fts)"
row "value checks ($NM)" "$(per "$NM" "$s_cv1")" "$(per "$NM" "$s_cv2")" "-" "-" ">= 100k/s: $(awk -v n="$NM" -v s="$s_cv2" 'BEGIN{print (n/s >= 100000) ? "met" : "NOT met"}')"
row "  MB/s" "$(mbs "$mb" "$s_cv1")" "$(mbs "$mb" "$s_cv2")" "" "" ""
row "answer audits ($NA, check)" "$(per "$NA" "$s_ck1")" "$(per "$NA" "$s_ck2")" "-" "-" ">= 10 MB/s: $(awk -v b="$ab" -v s="$s_ck2" 'BEGIN{print (b/s/1e6 >= 10) ? "met" : "NOT met"}')"
row "  MB/s" "$(mbs "$ab" "$s_ck1")" "$(mbs "$ab" "$s_ck2")" "" "" ""
row "graph on disk" "$((gbytes / N)) B/work" "" "" "" "ingest heap $rss_ing MB"
if [ -n "${s_lf2:-}" ]; then
	row "Crossref ingest, $NL works" "$(secs "$s_ling")" "-" "zcat $(secs "$s_lzcat")" "$(ratio "$s_ling" "$s_lzcat")" "<= 0.8x zcat: $(awk -v a="$s_ling" -v b="$s_lzcat" 'BEGIN{print (a <= 0.8*b) ? "met" : "NOT met"}') ($([ "$RL" = 1 ] && echo "one round" || echo "median of $RL rounds"), $((lbytes / 1048576)) MB gzip)"
	row "free-text refs ($nlf), $NL works" "$(per "$nlf" "$s_lf1")" "$(per "$nlf" "$s_lf2")" "-" "-" ">= 10,000/s on 1M works: $(awk -v n="$nlf" -v s="$s_lf2" 'BEGIN{print (n/s >= 10000) ? "met" : "NOT met"}')"
	row "  precision of verified" "$p_lf ($v_lf)" "" "" "" "fabricated verified: $f_lf"
fi
echo "--jobs 2 output identical to --jobs 1: references $same_refs, value checks and audits $same_checks"
echo "total $(awk -v a="$T0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s"
