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

$ provkg sources --db "$WORK/g"  | cut -c1-48
> KIND             EDITION        RECORDS REJECTED
> provkg-aliases   test-1               4        1
> CODATA           2018                 2        0
> CODATA           2014                 6        3
> NIST-AW          test-1               8        3
? 0

