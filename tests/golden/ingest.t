# build and ingest into a scratch graph: warnings with file:line, --strict, re-ingest replaces
$ provkg build --db "$WORK/g" -q tests/fixtures/allascii-1999.txt tests/fixtures/aliases-small.tsv && provkg lookup 光速 --db "$WORK/g" --json
> {"query":"光速","matches":[{"name":"speed of light in vacuum","symbol":"c","value":299792458,"value_text":"299 792 458","uncertainty":0,"exact":true,"truncated":false,"unit":"m s^-1","source":"CODATA","edition":"2018","locator":"allascii-1999.txt:12","uncertainty_text":"(exact)","quantity":"speed of light in vacuum"}]}
! provkg: warning: tests/fixtures/aliases-small.tsv:6: expected at least 3 tab-separated fields, got 1
? 0

$ provkg ingest --db "$WORK/g" -q tests/fixtures/codata-bad.txt
! provkg: warning: tests/fixtures/codata-bad.txt:16: bad value '6.6x26 e-34': unexpected 'x' in number '6.6x26 e-34'
! provkg: warning: tests/fixtures/codata-bad.txt:17: not a constant line (expected name, value, uncertainty, unit)
! provkg: warning: tests/fixtures/codata-bad.txt:18: duplicate constant 'speed of light in vacuum'
? 0

$ provkg ingest --db "$WORK/g" tests/fixtures/codata-bad.txt 2>&1 | sed -n "\$p"
> provkg: CODATA 2014: 6 records, 3 rejected (tests/fixtures/codata-bad.txt)
? 0

$ provkg lookup G --all-editions --db "$WORK/g"
> NAME                               SYMBOL  VALUE          UNCERTAINTY    UNIT            SOURCE
> Newtonian constant of gravitation  G       6.674 08 e-11  0.000 31 e-11  m^3 kg^-1 s^-2  CODATA 2014 codata-bad.txt:12
? 0

$ provkg sources --db "$WORK/g" --json | sed -E "s/\"ingested_at\":\"[^\"]*\"/\"ingested_at\":\"T\"/g"
> [{"kind":"provkg-aliases","edition":"test-1","file":"tests/fixtures/aliases-small.tsv","sha256":"a198170d5831a9ca89c74aaf273d3b5fd6cc66de2910b9ed714bdcc908edb161","records":4,"rejected":1,"ingested_at":"T","complete":false},{"kind":"CODATA","edition":"2018","file":"tests/fixtures/allascii-1999.txt","sha256":"ce14c8abe544f55fa67e59fcfb3fe7848a41ab14b8e4a0ce13525a61355bf1a5","records":2,"rejected":0,"ingested_at":"T","complete":false,"note":"2018 CODATA adjustment"},{"kind":"CODATA","edition":"2014","file":"tests/fixtures/codata-bad.txt","sha256":"7a184073f8b225d6a45c2f7d1c2eb9b0dcbde7a0105e24c30501fc4120b3b3ed","records":6,"rejected":3,"ingested_at":"T","complete":false,"note":"2014 Fundamental Physical Constants --- Complete Listing"}]
? 0

$ provkg ingest --db "$WORK/g" --strict tests/fixtures/nist-small.txt 2>&1 | sed "s|$WORK|WORK|"
> provkg: tests/fixtures/nist-small.txt:57: incomplete isotope record (needs Atomic Number, Atomic Symbol, Mass Number, Relative Atomic Mass)
> provkg: nothing was ingested; the graph in 'WORK/g' is unchanged
? 3

$ provkg lookup Fe-56 --db "$WORK/g"
! provkg: no match for 'Fe-56'
? 1

$ provkg ingest --db "$WORK/g" -q tests/fixtures/nist-small.txt 2>/dev/null && provkg lookup Fe-56 --db "$WORK/g"
> NAME                           SYMBOL  VALUE            UNCERTAINTY  UNIT  SOURCE
> isotopic composition of Fe-56  56Fe    0.91754(36)      0.00036            NIST-AW test-1 nist-small.txt:29
> relative atomic mass of Fe-56  56Fe    55.93493633(49)  4.9e-07            NIST-AW test-1 nist-small.txt:28
? 0

$ provkg sources --db "$WORK/g" | awk '{print $1, $2, $3, $4}'
> KIND EDITION RECORDS REJECTED
> provkg-aliases test-1 4 1
> CODATA 2018 2 0
> CODATA 2014 6 3
> NIST-AW test-1 8 3
? 0


# Materials Project: bad documents are reported with file, line and record id; the rest is kept

$ provkg build --db "$WORK/mp" tests/fixtures/mp/bad-summary.jsonl data/sources/materials-project/properties.tsv 2>&1 | grep -v "built graph"
> provkg: provkg-mp-properties 1: 31 records, 0 rejected (data/sources/materials-project/properties.tsv)
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:2: mp-9002: band_gap is NaN; field dropped
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:3: mp-9003: unexpected end of input at column 102
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:4: no material_id (nor task_id)
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:5: mp-9004: unreadable formula_pretty
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:6: not a JSON object
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:7: mp-9005: density in unknown unit 'furlongs' (expected g/cm^3); field dropped
> provkg: warning: tests/fixtures/mp/bad-summary.jsonl:7: mp-9005: k_vrh is infinite; field dropped
> provkg: MP 2099.01.01: 4 records, 4 rejected, 3 bad fields dropped (tests/fixtures/mp/bad-summary.jsonl)
? 0

$ provkg lookup --db "$WORK/mp" "band gap of GaAs"
> NAME                        SYMBOL  VALUE  UNCERTAINTY  UNIT  SOURCE
> band gap of GaAs (mp-9001)  GaAs    1.52   -            eV    MP 2099.01.01 bad-summary.jsonl:mp-9001#band_gap
? 0

$ provkg lookup --db "$WORK/mp" "mp-9005"
> NAME                                  SYMBOL  VALUE  UNCERTAINTY  UNIT     SOURCE
> band gap of Ga₂O₃ (mp-9005)           Ga₂O₃   4.8    -            eV       MP 2099.01.01 bad-summary.jsonl:mp-9005#band_gap
> energy above hull of Ga₂O₃ (mp-9005)  Ga₂O₃   0      -            eV/atom  MP 2099.01.01 bad-summary.jsonl:mp-9005#energy_above_hull
? 0

$ gzip -c tests/fixtures/mp/bad-summary.jsonl > "$WORK/summary.jsonl.gz" && provkg ingest --db "$WORK/mp" --edition 2099.02 -q "$WORK/summary.jsonl.gz" 2>/dev/null; provkg sources --db "$WORK/mp" | awk '/^MP/ {print $1, $2, $3, $4}'
> MP 2099.01.01 4 4
? 0

$ provkg build --db "$WORK/mp" --strict tests/fixtures/mp/bad-materials.json 2>&1 | sed "s|$WORK|WORK|"
> provkg: tests/fixtures/mp/bad-materials.json: record 2: task_id is not a string
> provkg: build stopped; the previous graph in 'WORK/mp' is unchanged
? 3

$ provkg build --db "$WORK/mp" -q tests/fixtures/mp/bad-materials.json && provkg lookup --db "$WORK/mp" "Fe"
> NAME                             SYMBOL  VALUE  UNCERTAINTY  UNIT     SOURCE
> energy_per_atom of Fe (mp-9101)  Fe      -8.4   -            eV/atom  MP bad-materials.json bad-materials.json:mp-9101#energy_per_atom
> density of Fe (mp-9101)          Fe      7.9    -            g/cm^3   MP bad-materials.json bad-materials.json:mp-9101#density
> a of Fe (mp-9101)                Fe      2.87   -            Å        MP bad-materials.json bad-materials.json:mp-9101#a
> b of Fe (mp-9101)                Fe      2.87   -            Å        MP bad-materials.json bad-materials.json:mp-9101#b
> c of Fe (mp-9101)                Fe      2.87   -            Å        MP bad-materials.json bad-materials.json:mp-9101#c
> alpha of Fe (mp-9101)            Fe      90     -            °        MP bad-materials.json bad-materials.json:mp-9101#alpha
> beta of Fe (mp-9101)             Fe      90     -            °        MP bad-materials.json bad-materials.json:mp-9101#beta
> gamma of Fe (mp-9101)            Fe      90     -            °        MP bad-materials.json bad-materials.json:mp-9101#gamma
! provkg: warning: tests/fixtures/mp/bad-materials.json: record 2: task_id is not a string
! provkg: warning: tests/fixtures/mp/bad-materials.json: record 3: not a JSON object
! provkg: warning: no material property table in this build: material properties are found by MP field name only (band_gap, not "band gap" or 带隙), with the default tolerance; add data/sources/materials-project/properties.tsv
? 0


# issue 15 (1): a Crossref JSON Lines file whose first line is longer than
# the 64 KiB format sniff (a work with its reference list) keeps every line
$ mkdir -p "$WORK/longline" && python3 -c 'import json; w=lambda d, n: json.dumps({"DOI": d, "title": ["Work " + d], "type": "journal-article", "author": [{"family": "Long", "given": "L."}], "issued": {"date-parts": [[2020]]}, "reference": [{"key": str(i), "unstructured": "x" * 100} for i in range(n)]}); print("\n".join([w("10.5555/long.1", 800)] + [w("10.5555/long.%d" % i, 1) for i in range(2, 5)]))' > "$WORK/longline/works.jsonl" && provkg build --db "$WORK/gl" "$WORK/longline" 2>&1 | grep Crossref | sed "s|$WORK|WORK|"
> provkg: Crossref longline: 4 records, 0 rejected (WORK/longline)
? 0

# and a JSON document followed by more data is more records or an error, never a silent drop
$ mkdir -p "$WORK/trail" && printf '{"DOI":"10.5555/t.1","title":["One"],"type":"journal-article"}  {"DOI":"10.5555/t.2","title":["Two"],"type":"journal-article"}\n' > "$WORK/trail/w.json" && provkg build --db "$WORK/gt" "$WORK/trail" 2>&1 | grep Crossref | sed "s|$WORK|WORK|"
> provkg: Crossref trail: 2 records, 0 rejected (WORK/trail)
? 0

# issue 15 (4): --edition applies to files that name none, and two inputs
# that would land in one edition are an error naming both (nothing built)
$ provkg build --db "$WORK/ge" --edition big data/sources/crossref 2>&1 | sed "s|$WORK|WORK|"
> provkg: Crossref big: 6 records, 0 rejected (data/sources/crossref/api-responses)
> provkg: data/sources/crossref/api-responses and data/sources/crossref/public-data-file would both be Crossref edition 'big' (the second replacing the first): give one its own .edition file, or ingest them apart
> provkg: build stopped; the previous graph in 'WORK/ge' is unchanged
? 3

$ mkdir -p "$WORK/ed" && cp -r tests/fixtures/crossref-issue14 "$WORK/ed/a" && echo fixtures-2026 > "$WORK/ed/a.edition" && provkg build --db "$WORK/ge2" --edition big "$WORK/ed/a" data/sources/crossref/api-responses 2>&1 | sed "s|$WORK|WORK|; s| in [0-9.]* s||"
> provkg: Crossref fixtures-2026: 12 records, 0 rejected (WORK/ed/a)
> provkg: Crossref big: 6 records, 0 rejected (data/sources/crossref/api-responses)
> provkg: built graph 'WORK/ge2' from 2 sources
? 0

# one directory, however written (dir, dir/, dir//./, .), is one edition: re-ingesting replaces it
$ provkg build --db "$WORK/g1" -q data/sources/crossref/api-responses && provkg ingest --db "$WORK/g1" -q data/sources/crossref/api-responses/ && provkg ingest --db "$WORK/g1" -q data/sources/crossref//./api-responses/. && (cd data/sources/crossref/api-responses && provkg ingest --db "$WORK/g1" -q .) && provkg sources --db "$WORK/g1" --json | grep -o '"kind":"[^"]*","edition":"[^"]*"'
> "kind":"Crossref","edition":"api-responses"
