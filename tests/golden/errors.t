# errors: clear messages and documented exit codes
$ provkg lookup h --db /nonexistent/graph
! provkg: no graph at '/nonexistent/graph' (run 'provkg build')
? 4

$ provkg lookup nothing-like-this
! provkg: no match for 'nothing-like-this'
? 1

$ provkg lookup
! usage: provkg lookup [--db DIR] [--json] [--edition YEAR | --all-editions] [--max N] QUERY
!        provkg lookup [--db DIR] --jsonl [--edition YEAR | --all-editions] < queries.jsonl
!   QUERY           a name, symbol or alias: "Planck constant", h, ħ, 普朗克常数, Fe-56,
!                   "standard atomic weight of carbon"
!   --json          one JSON object {"query","matches":[...]}
!   --jsonl         read {"id","query"} lines, write one result line per input line
!   --edition YEAR  only values of that edition (default: the newest holding each value)
!   --all-editions  values of every edition, newest first
!   --max N         at most N matches (default 50)
! exit: 0 matches found, 1 no match, 2 usage (--edition naming no edition of the graph too),
!       4 graph missing or unreadable
? 2

$ provkg lookup G --edition 2014 --all-editions
! provkg: --edition and --all-editions exclude each other
? 2

$ provkg frobnicate
! provkg: 'frobnicate' is not a provkg command (see 'provkg --help')
? 2

$ provkg build --db "$WORK/g" tests/fixtures/unknown.txt
! provkg: tests/fixtures/unknown.txt: unknown file type (not a CODATA table, NIST atomic weights, provkg table, Materials Project, Crossref, arXiv, DBLP, PubMed, DataCite or OpenAlex data)
? 3

$ provkg build --db "$WORK/g" tests/fixtures/no-such-file
! provkg: cannot open 'tests/fixtures/no-such-file': No such file or directory
? 3

$ provkg lookup --jsonl
< {"id":1,"query":"c"}
< not json
< {"id":"x"}
< {"id":[1,2],"query":""}
< {"id":4,"query":"no such quantity"}
> {"id":1,"query":"c","matches":[{"name":"speed of light in vacuum","symbol":"c","value":299792458,"value_text":"299 792 458","uncertainty":0,"exact":true,"truncated":false,"unit":"m s^-1","source":"CODATA","edition":"2022","locator":"allascii-2022.txt:330","uncertainty_text":"(exact)","quantity":"speed of light in vacuum"}]}
> {"id":null,"error":"line 2: not a JSON object"}
> {"id":"x","error":"missing string field \"query\""}
> {"id":[1,2],"error":"empty query"}
> {"id":4,"query":"no such quantity","matches":[]}
? 0

$ provkg fetch --retries abc codata-2022
! provkg: --retries: bad value 'abc' (a whole number of retries, 0 to 100)
? 2

$ provkg fetch --retries 5x codata-2022
! provkg: --retries: bad value '5x' (a whole number of retries, 0 to 100)
? 2


# issue 15 (8): a raw NUL byte inside a JSONL string is an error record, as
# the \u0000 escape is; the stream stays aligned
$ printf '{"id":1,"query":"G\0xyz"}\n{"id":2,"query":"G"}\n' | provkg lookup --jsonl --db "$PROVKG_DB" | jq -c '[.id, .error // .matches[0].symbol]'
> [1,"line 1: a raw NUL byte in input (column 19)"]
> [2,"G"]
? 0

$ printf '{"id":"a","model":"m","text":"c is 3e8 m/s\0 really"}\n{"id":"b","model":"m","text":"c is 3e8 m/s"}\n' | provkg check --db "$PROVKG_DB" --json - | jq -c '[.id, .error // (.values | length)]'
> [null,"<stdin>:1: a raw NUL byte in the record (column 43)"]
> ["b",1]
? 0

# issue 15 (11): a number longer than any measured value is not read (it
# was 1e+59 with the unit dropped); an empty directory is no source
$ provkg check-value --db "$PROVKG_DB" --json "The speed of light is 1$(printf '0%.0s' $(seq 100000)) m/s" | jq -c '[.verdict, .cited, .diagnosis]'
> ["unknown",null,"no value with a unit or a named quantity found"]
? 1

$ mkdir -p "$WORK/empty/units.tsv" && provkg build --db "$WORK/ge" "$WORK/empty/units.tsv" 2>&1 | sed "s|$WORK|WORK|"
> provkg: no source files found in the given paths
? 3

# issue 15 (7): inputs that overflowed (UBSan): a 20-digit mass number, a
# BibTeX author list with an empty name after a comma
$ provkg lookup --db "$PROVKG_DB" 77777777777777777777Fe
? 1

$ provkg check-ref --db "$PROVKG_DB" --json "@article{k, author={Smith, and Jones}, title={A title here}, year={2020}}" | jq -c .parsed.authors
> ["Smith","Jones"]
? 1

# --edition names an edition the graph has, or says which it has
$ provkg lookup --edition 1999 h
! provkg: --edition: no edition '1999' in the graph (have CODATA 2014, 2018, 2022; NIST-AW 4.1; experimental Strehlow-Cook 1973; MP 2020-05, 2022.10.28)
? 2

$ provkg check-value --edition abc "h = 6.626e-34 J s"
! provkg: --edition: no edition 'abc' in the graph (have CODATA 2014, 2018, 2022; NIST-AW 4.1; experimental Strehlow-Cook 1973; MP 2020-05, 2022.10.28)
? 2

# a global --db before the command, as git's -C
$ provkg --db "$PROVKG_DB" lookup --json h | grep -o '"name":"Planck constant"' | head -1
> "name":"Planck constant"
? 0

$ provkg --db /nonexistent sources
! provkg: no graph at '/nonexistent' (run 'provkg build')
? 4

# a missing file is bad input (3), the same for every command
$ provkg check /nonexistent.txt
! provkg: cannot open '/nonexistent.txt': No such file or directory
? 3

$ provkg summarize /nonexistent.jsonl
! provkg: cannot open '/nonexistent.jsonl': No such file or directory
? 3

$ provkg ingest --db "$WORK/g" /nonexistent
! provkg: cannot open '/nonexistent': No such file or directory
? 3

# make demo echoes each command as a shell reads it back: pasted, it runs the same
$ source <(sed -n '/^quote()/,/^}/p' tools/demo.sh); for a in "Planck constant" 普朗克常数 Fe-56 "Watanabe S. (1979);109(6):889." "it's" 'a$b`c`' ''; do line=$(quote "$a"); eval "set -- $line"; [ "$#" = 1 ] && [ "$1" = "$a" ] && echo "round trip: $line"; done
> round trip: 'Planck constant'
> round trip: 普朗克常数
> round trip: Fe-56
> round trip: 'Watanabe S. (1979);109(6):889.'
> round trip: 'it'\''s'
> round trip: 'a$b`c`'
> round trip: ''
