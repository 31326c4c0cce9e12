# provkg check / summarize on the fixtures in tests/fixtures/check

$ provkg check tests/fixtures/check/answer-zh.txt
> answer tests/fixtures/check/answer-zh.txt: 1 value, 0 citations
>   traceability    10/10  (1 of 1 checked items traced: 1 exact, 0 within tolerance; 0 wrong; 0 not checked)
>   premise          4/10
>   uncertainty      3/10
>   falsifiability   5/10
>   value    match         +0.0  "3×10⁸ m/s"  speed of light in vacuum = 299 792 458 m s^-1 [CODATA 2022]
>   premise        +4  assumption-with-criterion-zh: "假设样品厚度远小于波长（小于 50 nm），可以忽略反射。"
>   uncertainty    +3  uncertainty-with-reason-zh: "由于厚度由原子力显微镜测得，误差约为 2%。"
>   falsifiability +5  refutation-condition-zh: "若在 10 meV 内未观察到峰，则该模型需要修正。"
? 0

# the numbers of citations are no cited values: a year after an initial
# ("Hoisington D (2003)" is not the mass of deuterium, "Weidema BP (2013)"
# not a band gap of boron phosphide), a volume's pages ("42:47-63"), a
# number inside a reference entry; the values the answer states still count
$ provkg check tests/fixtures/check/reference-numbers.txt
> answer tests/fixtures/check/reference-numbers.txt: 2 values, 4 citations
>   traceability    10/10  (2 of 2 checked items traced: 2 exact, 0 within tolerance; 0 wrong; 4 not checked)
>   premise          2/10
>   uncertainty      0/10
>   falsifiability   0/10
>   fabricated references: 0 of 4
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1836.15"  proton-electron mass ratio = 1836.152 673 426 [CODATA 2022]
>   citation unverifiable     .  "Sze and Ng, 2007"  no matching work in the graph (not a closed world)
>   citation unverifiable     .  [1] "Sambrook J, Russell D (2001) Molecular cloning: a laboratory manual, 3rd edn. Co..."  no matching work in the graph (not a closed world)
>   citation unverifiable     .  [2] "Vaswani A et al. (2017) Attention is all you need. arXiv:1706.03762"  arXiv:1706.03762 not checked: no ingested arXiv snapshot covers the ids of 1706 that far
>   citation unverifiable     .  [3] "Weidema BP 2013. Guide to the PEF Guide. LCA consultants, Aalborg"  no matching work in the graph (not a closed world)
>   premise        +2  explicit-condition: "The band gap of Si is 1.12 eV at room temperature (Sze and Ng, 2007), and the proton-electron mass r..."
? 0

# a reference list without labels (APA) after its heading, a wrapped entry joined
$ provkg check tests/fixtures/check/reference-plain-list.txt
> answer tests/fixtures/check/reference-plain-list.txt: 1 value, 2 citations
>   traceability    10/10  (3 of 3 checked items traced: 3 exact, 0 within tolerance; 0 wrong; 0 not checked)
>   premise          2/10
>   uncertainty      0/10
>   falsifiability   0/10
>   fabricated references: 0 of 2
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   citation verified      +0.0  [1] "Moshir, F., & Singh, S. (2014). Wireless barcodes for tagging infrastructure. In..."  
>   citation verified      +0.0  [2] "Watanabe, S. (1974). Infantile syphilis accompanied by anticomplementary effect ..."  
>   premise        +2  explicit-condition: "Silicon has a band gap of 1.12 eV at 300 K [Watanabe, 1974]; barcodes can tag infrastructure (Moshir..."

$ provkg check --closed-world tests/fixtures/check/answers.jsonl | cut -c1-160
> {"id":1,"model":"model-a","where":"tests/fixtures/check/answers.jsonl:1","record_version":1,"values":[{"quantity":"Boltzmann constant","cited":{"value":1.380649
> {"id":2,"model":"model-a","where":"tests/fixtures/check/answers.jsonl:2","record_version":1,"values":[{"quantity":"speed of light in vacuum","cited":{"value":30
> {"id":null,"model":null,"where":"tests/fixtures/check/answers.jsonl:3","record_version":1,"error":"tests/fixtures/check/answers.jsonl:3: not a JSON object"}
> {"id":4,"model":"model-b","where":"tests/fixtures/check/answers.jsonl:4","record_version":1,"values":[{"quantity":"speed of light in vacuum","cited":{"value":30
> {"id":5,"model":"model-b","where":"tests/fixtures/check/answers.jsonl:5","record_version":1,"error":"tests/fixtures/check/answers.jsonl:5: no answer text (text)
> {"id":6,"model":"model-b","where":"tests/fixtures/check/answers.jsonl:6","record_version":1,"values":[],"citations":[{"kind":"doi","span":[55,91],"cited_at":[[5
> {"id":"x7","model":"model-b","where":"tests/fixtures/check/answers.jsonl:7","record_version":1,"values":[],"citations":[],"scores":{"traceability":0,"premise":0
? 0

$ provkg check --closed-world tests/fixtures/check/answers.jsonl | sed -n 6p | grep -o "\"kind\":\"[a-z]*\"\|\"verdict\":\"[a-z]*\"\|\"reasons\":\[[^]]*\]"
> "kind":"doi"
> "verdict":"verified"
> "reasons":[]
> "kind":"arxiv"
> "verdict":"unverifiable"
> "reasons":["arXiv:2101.00001 not checked: no ingested arXiv snapshot covers the ids of 2101 that far"]
? 0

$ provkg check tests/fixtures/check/openai-evals.jsonl | cut -c1-120
> {"id":"physics-qa.dev.0","model":"gpt-3.5-turbo","where":"tests/fixtures/check/openai-evals.jsonl:2","record_version":1,
> {"id":"physics-qa.dev.1","model":"gpt-3.5-turbo","where":"tests/fixtures/check/openai-evals.jsonl:4","record_version":1,
? 0

$ provkg check --format jsonl --text-field output.completion --id-field uid --model-field meta.model tests/fixtures/check/nested.jsonl | grep -o "\"id\":[0-9]*,\"model\":\"[^\"]*\"\|\"scores\":{[^}]*}"
> "id":0,"model":"m1"
> "scores":{"traceability":10,"premise":4,"uncertainty":3,"falsifiability":5}
> "id":1,"model":"m2"
> "scores":{"traceability":0,"premise":0,"uncertainty":0,"falsifiability":0}
? 0

$ provkg check --closed-world tests/fixtures/check/answers.jsonl > "$WORK/audit.jsonl" && provkg summarize "$WORK/audit.jsonl"
> MODEL                    ANSWERS ERRORS  traceability        premise             uncertainty         falsifiability      TRACED    FABRICATED REFERENCES
> model-a                        2      0  5.00 [0.00,10.00]   2.00 [0.00,10.00]   1.50 [0.00,10.00]   2.50 [0.00,10.00]   0.50      1/2 = 0.500 [0.095,0.905]
> (unknown)                      1      1  -                   -                   -                   -                   -         -
> model-b                        4      1  6.67 [0.00,10.00]   1.33 [0.00,7.07]    1.00 [0.00,5.30]    1.67 [0.00,8.84]    0.75      0/2 = 0.000 [0.000,0.658]
> (all)                          7      2  6.00 [0.00,10.00]   1.60 [0.00,4.32]    1.20 [0.00,3.24]    2.00 [0.00,5.40]    0.62      1/4 = 0.250 [0.046,0.699]
? 0

$ provkg summarize --json "$WORK/audit.jsonl" | grep -o "\"overall\":.*"
> "overall":{"model":"(all)","answers":7,"errors":2,"scores":{"traceability":{"n":5,"mean":6,"sd":5.4772,"ci95":[0,10]},"premise":{"n":5,"mean":1.6,"sd":2.1909,"ci95":[0,4.3203]},"uncertainty":{"n":5,"mean":1.2,"sd":1.6432,"ci95":[0,3.2403]},"falsifiability":{"n":5,"mean":2,"sd":2.7386,"ci95":[0,5.4004]}},"traced_fraction":{"n":4,"mean":0.625,"sd":0.4787,"ci95":[0,1]},"fabricated":{"citations":4,"fabricated":1,"rate":0.25,"wilson95":[0.0456,0.6994],"per_answer_rate":{"n":3,"mean":0.3333,"sd":0.5774,"ci95":[0,1]},"patterns":{"future date":1}}}}
? 0

$ echo "The speed of light is 3e8 m/s." | provkg check --json --model cli | grep -o "\"model\":\"cli\"\|\"verdict\":\"[a-z]*\""
> "model":"cli"
> "verdict":"match"
? 0

$ provkg check --format yaml x
! provkg: --format: one of auto, text, jsonl, inspect, lm-eval, openai-evals, helm, every-eval-ever
? 2

$ provkg summarize tests/fixtures/check/answer-zh.txt
! provkg: tests/fixtures/check/answer-zh.txt:1: not a provkg check record: not an audit file (the JSONL `provkg check` writes)
? 3

# a README with an example record inside is not an audit file either
$ provkg summarize README.md
! provkg: README.md:1: not a provkg check record: not an audit file (the JSONL `provkg check` writes)
? 3

# issue 18 (3): a record of another version is refused, not misread: one
# written before record_version, one of a later version (on line 3, after
# two good records: the whole file is refused, not the line skipped)
$ sed 's/,"record_version":1//' "$WORK/audit.jsonl" > "$WORK/old.jsonl" && provkg summarize "$WORK/old.jsonl" 2>&1 | sed "s|$WORK|WORK|g"
> provkg: WORK/old.jsonl:1: an audit record without "record_version" (written by an older provkg); this provkg reads version 1: run provkg check on the answers again
? 3

$ sed '3s/"record_version":1/"record_version":2/' "$WORK/audit.jsonl" > "$WORK/v2.jsonl" && { provkg report "$WORK/v2.jsonl" -o "$WORK/v2.html" 2>&1; echo "exit $?"; } | sed "s|$WORK|WORK|g"; test -e "$WORK/v2.html" || echo "no report written"
> provkg: WORK/v2.jsonl:3: an audit record of version 2; this provkg reads version 1: read it with the provkg that wrote it, or run provkg check on the answers again
> exit 3
> no report written
? 0


# a pipe (process substitution) is read once: its text is the answer (it
# was "empty input": the pipe was read a second time)
$ provkg check --db "$PROVKG_DB" --json <(cat tests/fixtures/check/inline-refs.txt) | jq -c '[.bytes, (.citations | length), .error]'
> [443,3,null]
? 0

# issue 17: an empty input is an error exit, not an error record with exit 0;
# a JSON array of non-objects is no HELM file
$ printf '' | provkg check --db "$PROVKG_DB" --json - 2>&1
> provkg: <stdin>: empty input: no answer to check
? 3

$ printf '[1,2,3]\n' > "$WORK/arr.json" && provkg check --db "$PROVKG_DB" --json "$WORK/arr.json" 2>&1 | sed "s|$WORK|WORK|"
> provkg: WORK/arr.json: a JSON array whose entries are not objects: not HELM's display_predictions.json, nor another log format provkg reads
? 3

# traceability is a share of the checked items: three wrong or stale values
# of four cost points (it was 10/10 when points were summed and capped)
$ printf 'The electron mass is 9.109e-28 kg. The Boltzmann constant is 1.380649e-23 J/mol. The Planck constant is 6.626070040e-34 J s. The speed of light is 299792458 m/s.\n' | provkg check
> answer <stdin>: 4 values, 0 citations
>   traceability     4/10  (2 of 4 checked items traced: 1 exact, 1 within tolerance; 2 wrong; 0 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    mismatch      -2.5  "9.109e-28 kg"  electron mass = 9.109 383 7139 e-31 kg [CODATA 2022]
>   value    unit_mismatch -2.5  "1.380649e-23 J/mol"  Boltzmann constant = 1.380 649 e-23 J K^-1 [CODATA 2022]
>   value    outdated      -1.2  "6.626070040e-34 J s"  Planck constant = 6.626 070 15 e-34 J Hz^-1 [CODATA 2022]
>   value    match         +0.0  "299792458 m/s"  speed of light in vacuum = 299 792 458 m s^-1 [CODATA 2022]

# falsifiability reads English comparatives as the Chinese rules read 超过/低于/高于
$ for t in 'If the measured peak lies more than 20 meV below 1.42 eV at 300 K, the model must be revised.' 'If the gap turns out below 1.3 eV, the model would be rejected.' 'Should the exciton binding energy be greater than 10 meV, the hydrogenic picture must be abandoned.' 'If the linewidth is above 5 meV at 4 K, the mechanism is ruled out.' 'If the peak lies below the band edge, it is fine.' 'As shown above, the model must be revised if we wish.'; do printf '%s\n' "$t" | provkg check --json | grep -o '"falsifiability":[0-9]*' | head -1; done
> "falsifiability":5
> "falsifiability":5
> "falsifiability":5
> "falsifiability":5
> "falsifiability":0
> "falsifiability":0

# a text answer that cannot be checked still gets its record (not the report)
$ printf 'The value \377 is bad.' | provkg check --db "$PROVKG_DB"
> {"id":null,"model":null,"where":"<stdin>","record_version":1,"error":"<stdin>: the answer is not valid UTF-8"}

# a material named alone counts only for the property its clause names: "The electron
# affinity of GaAs is 4.07 eV" is no band gap of GaAs (these were mismatches); an element's
# symbol names its solid too ("Ge and Si ... respectively"); a value in parentheses after a
# name is its own, not a condition of the next one ("Ge (0.66 eV) ... GaAs (1.42 eV)": the
# first was dropped)
$ provkg check tests/fixtures/check/value-materials.txt
> answer tests/fixtures/check/value-materials.txt: 8 values, 0 citations
>   traceability    10/10  (6 of 6 checked items traced: 6 exact, 0 within tolerance; 0 wrong; 2 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    match         +0.0  "0.66 eV"  band gap of Ge (measured) = 0.665 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "0.66 eV"  band gap of Ge (measured) = 0.665 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "0.66 eV"  band gap of Ge (measured) = 0.665 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    unknown          .  "4.07 eV"
>   value    unknown          .  "2.33 eV"

# a value in brackets right after a material is that material's, even one set against the
# subject ("than Si (1.12 eV)"), and a list's next value takes the material bracketed after it
# ("1.42 eV (GaAs)"): both were compared with the other material and called wrong
$ provkg check tests/fixtures/check/value-brackets.txt
> answer tests/fixtures/check/value-brackets.txt: 4 values, 0 citations
>   traceability    10/10  (3 of 3 checked items traced: 3 exact, 0 within tolerance; 0 wrong; 1 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    unknown          .  "1.42 eV"
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]

# the next value of a list the last one's name leads: "for Si", "in Si", "at 0 K" name its
# material or condition (1.42 eV for Si is wrong); a value after other words ("the laser
# emits at"), or for another subject ("for the proton"), is not taken into the list
$ provkg check tests/fixtures/check/value-lists.txt
> answer tests/fixtures/check/value-lists.txt: 11 values, 0 citations
>   traceability     9/10  (10 of 11 checked items traced: 10 exact, 0 within tolerance; 1 wrong; 0 not checked)
>   premise          4/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.17 eV"  band gap of Si (measured) = 1.17 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    mismatch      -0.9  "1.42 eV"  band gap of Si (measured) = 1.17 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "9.109e-31 kg"  electron mass = 9.109 383 7139 e-31 kg [CODATA 2022]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   premise        +2  explicit-condition: "The band gap is 1.42 eV for GaAs and 1.12 eV for Si."
>   premise        +2  explicit-condition: "The band gap of Si is 1.12 eV at 300 K and 1.17 eV at 0 K."

# a unit ends with its sentence ("1.42 eV. c is ...": not eV times c), and a symbol
# equated after a blank starts an equation ("J Hz^-1 c = 299792458 m/s"): both
# right values were unit_mismatch, and the speed of light was not found
$ provkg check tests/fixtures/check/unit-ends.txt
> answer tests/fixtures/check/unit-ends.txt: 3 values, 0 citations
>   traceability    10/10  (3 of 3 checked items traced: 3 exact, 0 within tolerance; 0 wrong; 0 not checked)
>   premise          2/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "6.62607015e-34 J Hz^-1"  Planck constant = 6.626 070 15 e-34 J Hz^-1 [CODATA 2022]
>   value    match         +0.0  "299792458 m/s"  speed of light in vacuum = 299 792 458 m s^-1 [CODATA 2022]
>   premise        +2  explicit-condition: "c is the speed of light in vacuum, and h = 6.62607015e-34 J Hz^-1 c = 299792458 m/s in SI."

# a Markdown table's row names the quantity in the cell before the value's: each value is
# found and checked (none was: "|" ended no name)
$ provkg check tests/fixtures/check/table-rows.txt
> answer tests/fixtures/check/table-rows.txt: 4 values, 0 citations
>   traceability     8/10  (3 of 4 checked items traced: 3 exact, 0 within tolerance; 1 wrong; 0 not checked)
>   premise          0/10
>   uncertainty      0/10
>   falsifiability   0/10
>   value    match         +0.0  "6.626e-34 J s"  Planck constant = 6.626 070 15 e-34 J Hz^-1 [CODATA 2022]
>   value    match         +0.0  "3.00e8 m/s"  speed of light in vacuum = 299 792 458 m s^-1 [CODATA 2022]
>   value    match         +0.0  "1.42 eV"  band gap of GaAs (measured) = 1.42 eV [experimental Strehlow-Cook 1973]
>   value    mismatch      -2.5  "9.109e-28 kg"  electron mass = 9.109 383 7139 e-31 kg [CODATA 2022]

# Markdown: emphasis and code marks around values and names are read through (no value was
# found), and a reference list's marks go in pairs ("_JAMA_ **321**" was a mismatch)
$ provkg check tests/fixtures/check/markdown.md
> answer tests/fixtures/check/markdown.md: 3 values, 2 citations
>   traceability     8/10  (4 of 5 checked items traced: 4 exact, 0 within tolerance; 1 wrong; 0 not checked)
>   premise          2/10
>   uncertainty      0/10
>   falsifiability   0/10
>   fabricated references: 0 of 2
>   value    match         +0.0  "1.12 eV"  band gap of Si (measured) = 1.12 eV [experimental Strehlow-Cook 1973]
>   value    match         +0.0  "6.626e-34 J s"  Planck constant = 6.626 070 15 e-34 J Hz^-1 [CODATA 2022]
>   value    mismatch      -2.0  "9.109 × 10⁻²⁸ kg"  electron mass = 9.109 383 7139 e-31 kg [CODATA 2022]
>   citation verified      +0.0  [1] "Stoll BJ. Reflections on leadership. JAMA. 2019;321(22):2165-2166."  
>   citation verified      +0.0  [2] "Stoll, B. J. Reflections on leadership. JAMA 321, 2165 (2019)."  
>   premise        +2  explicit-condition: "- **Band gap of Si:** **1.12 eV** at room temperature."
