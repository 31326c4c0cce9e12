#!/usr/bin/env bash
# tests/fuzz/run.sh TARGET... - run each libFuzzer harness (build/fuzz/fuzz_*)
# for FUZZ_SECONDS on a corpus seeded from the real data and the fixtures
# (build/fuzz/corpus/TARGET, kept between runs), then replay every input of
# tests/fixtures/bad/ (the crashes found so far) through it. Prints one line
# per harness: executions, corpus size, and ok or FAIL (a crash, with the
# input libFuzzer saved). FUZZ_ONLY=NAME runs one harness.
set -u
cd "$(dirname "$0")/../.."
S=${FUZZ_SECONDS:-60}
bad=0
seed() { # seed TARGET DIR: small real inputs for that parser
	local t=$1 d=$2 f i=0
	mkdir -p "$d"
	[ -n "$(ls -A "$d" 2>/dev/null)" ] && return
	case $t in
	refparse | checkref)
		head -300 tests/fixtures/reference-strings/real-unstructured-2000.txt | while IFS= read -r l; do
			i=$((i + 1)); printf '%s' "$l" >"$d/ref$i"; done ;;
	value | answers)
		for f in tests/fixtures/check/*.txt tests/fixtures/check/*.jsonl; do [ -f "$f" ] && head -c 4096 "$f" >"$d/$(basename "$f")"; done
		printf 'The speed of light is 3e8 m/s' >"$d/v1"; printf '\\SI{6.626e-34}{J.s} and \\frac{1}{2}' >"$d/v2"
		if [ "$t" = answers ]; then # the harness logs, an Inspect .eval zip (deflate and zstd) among them
			for f in tests/fixtures/harness/*.json tests/fixtures/harness/*.jsonl tests/fixtures/harness/helm/*.json; do
				head -c 16384 "$f" >"$d/h-$(basename "$f")"; done
			python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json "$d/log-deflate.eval" 2>/dev/null
			python3 tests/gen/inspect_eval.py tests/fixtures/harness/inspect-log_formats.json "$d/log-zstd.eval" \
				--method zstd --epochs 2 2>/dev/null
		fi ;;
	derive)
		for f in tests/fixtures/derive/*.txt; do cp "$f" "$d/"; done
		printf '$x = \\frac{a}{b} = \\sqrt[3]{y^{-2}}$ and $$e^{-E/k_B T} \\approx 1$$' >"$d/v1"
		printf 'It is widely agreed that all labs always agree. 学术界一致认为。' >"$d/v2"
		# a find of fuzz-smoke (2026-12-02): an exponent past int in dx_pow (UB)
		printf '$x = \\frac{a}{b} = \\sqrt[6]{y^{-%s}}$ and $$e^{-E/k_B T} .approx 1$$' \
			26666666666666666666666666666666666666666666666666666666666666666666666666666 >"$d/v3" ;;
	patterns) # the rule files' patterns, each after a flags byte (caseless)
		python3 - "$d" <<'PY'
import json, sys
i = 0
for f in ("data/rules/credibility.json", "data/rules/postcheck.json"):
    def walk(o):
        global i
        if isinstance(o, dict):
            for k, v in o.items():
                if k in ("all", "any", "none") and isinstance(v, list):
                    for p in v:
                        i += 1
                        open("%s/p%d" % (sys.argv[1], i), "wb").write(b"\x01" + p.encode())
                else:
                    walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(json.load(open(f, encoding="utf-8")))
PY
		;;
	cites) # author-year citations in prose, English and Chinese, and the fixtures' answers
		printf 'As Zhang et al. (2023) and Smith & Jones, 2019 argue, and (Lee, 2020; Park and Kim 2018).' >"$d/c1"
		printf '该结果与张三等（2020）的测量一致，也与李四（2019）一致。Kim et al., Phys. Rev. B 2021; Lee (20٢٣)' >"$d/c2"
		printf 'In 2019 Smith (2019 ) showed 6.626e-34 [1]; Ng et al. 1999a.\n\nReferences\n[1] Ng A. T. Nature 1, 2 (1999).' >"$d/c3" ;;
	units) for u in 'm s^-1' 'J Hz^-1' 'kg m^2 s^-2' 'eV' '1/cm' 'km s^-1 Mpc^-1' 'g/cc' 'μB/T'; do
			i=$((i + 1)); printf '%s' "$u" >"$d/u$i"; done ;;
	number) for n in '6.626 070 15 e-34' '1.054 571 817... e-34' '55.845(2)' '1e999' '12 345,6' '3×10^8'; do
			i=$((i + 1)); printf '%s' "$n" >"$d/n$i"; done ;;
	pj | crossref) zcat data/sources/crossref/public-data-file/0.json.gz 2>/dev/null | head -c 60000 >"$d/works"
		for f in data/sources/crossref/api-responses/*.json; do cp "$f" "$d/"; done ;;
	lines) head -c 20000 data/sources/arxiv/snapshot-2022-03-31/*.json >"$d/l1"; printf 'a\nb\r\n\n' >"$d/l2" ;;
	ingest)
		head -c 30000 data/sources/codata/allascii-2018.txt >"$d/codata"
		head -c 30000 data/sources/nist/atomic-weights-isotopes.txt >"$d/nist"
		head -5 data/sources/arxiv/snapshot-2022-03-31/*.json >"$d/arxiv"
		cp data/sources/arxiv/oai-pmh/sample_arxiv_record.xml "$d/oai"
		cp data/sources/arxiv/api-atom/id_1605.08386.xml "$d/atom"
		head -c 20000 data/sources/dblp/vision-2025/dblp.xml >"$d/dblp"
		zcat data/sources/pubmed/sample-2018/*.gz | head -c 20000 >"$d/pubmed"
		cp data/sources/datacite/rest-api/10.5061_dryad.8515.json "$d/datacite"
		cp "$(ls data/sources/openalex/api/*.json | head -1)" "$d/openalex"
		zcat data/sources/materials-project/summary-sample.jsonl.gz | head -3 >"$d/mp" ;;
	esac
}
for t in "$@"; do
	[ -n "${FUZZ_ONLY:-}" ] && [ "$FUZZ_ONLY" != "$t" ] && continue
	bin=build/fuzz/fuzz_$t
	corpus=build/fuzz/corpus/$t
	seed "$t" "$corpus"
	mkdir -p build/fuzz/crashes
	log=build/fuzz/$t.log
	"$bin" -max_total_time="$S" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
		-artifact_prefix="build/fuzz/crashes/$t-" "$corpus" >"$log" 2>&1
	rc=$?
	# libFuzzer's closing "Done N runs", else its last status line ("#N
	# pulse ..." at a line's start: the recommended dictionary it prints
	# last may hold "#63" inside an entry, which once read as 63 runs)
	execs=$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -1)
	[ -z "$execs" ] && execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
	n=$(ls "$corpus" | wc -l)
	# the regression inputs
	replay=0
	if [ -d tests/fixtures/bad/fuzz ]; then
		for f in tests/fixtures/bad/fuzz/*; do
			[ -f "$f" ] || continue
			"$bin" "$f" >/dev/null 2>&1 || { replay=1; echo "    $t crashes on $f"; }
		done
	fi
	if [ $rc -eq 0 ] && [ $replay -eq 0 ]; then
		echo "ok fuzz $t: ${execs:-?} executions in ${S} s, corpus $n inputs, no crash"
	else
		bad=1
		echo "FAIL fuzz $t: exit $rc after ${execs:-?} executions; $(grep -m1 -E 'ERROR|SUMMARY' "$log"); input: $(ls -t build/fuzz/crashes/$t-* 2>/dev/null | head -1)"
	fi
done
exit $bad
