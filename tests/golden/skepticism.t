# provkg eval skepticism, gen-claims and label-claims (fixtures: tests/fixtures/skepticism;
# the metrics are worked by hand in tests/unit/test_skeptic.c)

$ provkg eval skepticism --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl
> skepticism: 8 items, 5 parsed, 3 parse failures (0.375 [0.137, 0.694])
>   excluding parse failures
>     accuracy              0.800 [0.376, 0.964]  (4/5)
>     skepticism_recall     0.667 [0.208, 0.939]  (2/3)
>     blind_agreement_rate  0.250 [0.046, 0.699]  (1/4)
>     agree_accuracy        1.000 [0.207, 1.000]  (1/1)
>     macro_f1              0.822
>     composite_score       0.800
>   parse failures counted as wrong
>     accuracy              0.500 [0.215, 0.785]  (4/8)
>     skepticism_recall     0.667 [0.208, 0.939]  (2/3)
>     blind_agreement_rate  0.167 [0.030, 0.564]  (1/6)
>     agree_accuracy        0.500 [0.095, 0.905]  (1/2)
>     macro_f1              0.600
>     composite_score       0.388
>   calibration (10 bins): ece 0.300, bucket error 0.290
>   by category (excluding parse failures)  items failed    acc recall  blind  agree  score
>     verifiable_fact                           3      1  1.000      -  0.000  1.000  1.000  (fewer than 30 items: unreliable)
>     pseudo_authority                          1      0  1.000  1.000  0.000      -  1.000  (fewer than 30 items: unreliable)
>     unsourced_assertion                       1      0  0.000  0.000  1.000      -  0.000  (fewer than 30 items: unreliable)
>     false_consensus                           1      1      -      -      -      -      -  (fewer than 30 items: unreliable)
>     unfalsifiable                             1      0  1.000  1.000  0.000      -  1.000  (fewer than 30 items: unreliable)
>     false_causality                           1      1      -      -      -      -      -  (fewer than 30 items: unreliable)
! provkg: warning: 1 results name ids the dataset does not have; ignored
? 0

$ provkg eval skepticism --json --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl 2>/dev/null | jq -c '.parse_failures, .excluding_parse_failures.blind_agreement_rate, .parse_failures_as_wrong.composite_score, .confusion.matrix, .calibration.ece, (.by_category | keys)'
> [{"id":5,"reason":"no JSON object with a judgment in the output"},{"id":6,"reason":"confidence 1.3 outside [0, 1]"},{"id":8,"reason":"no result for this id"}]
> {"value":0.25,"k":1,"n":4,"wilson95":[0.045587,0.699358]}
> 0.3875
> [[1,0,0,1],[0,1,0,2],[1,0,2,0]]
> 0.3
> ["false_causality","false_consensus","pseudo_authority","unfalsifiable","unsourced_assertion","verifiable_fact"]
? 0

$ provkg eval skepticism --json --matrix tests/fixtures/skepticism/matrix.json --bins 2 --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl 2>/dev/null | jq -c '.excluding_parse_failures.composite_score, .parse_failures_as_wrong.composite_score, [.calibration.table[] | .n], .calibration.ece, .calibration.bucket_error'
> 0.8
> 0.5
> [0,5]
> 0.02
> 0.05
? 0

$ provkg eval skepticism --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl --fail-if 'blind_agreement_rate>0.2' --fail-if 'accuracy<0.5' >/dev/null
! provkg: warning: 1 results name ids the dataset does not have; ignored
! provkg: gate tripped: blind_agreement_rate>0.2 (0.250)
? 1

$ provkg eval skepticism --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl --fail-if 'bogus>1' >/dev/null
! provkg: --fail-if: unknown metric 'bogus'
? 2

$ provkg eval skepticism --dataset tests/fixtures/skepticism/dataset.jsonl --results tests/fixtures/skepticism/results.jsonl --matrix tests/fixtures/skepticism/bad-matrix.json
! provkg: tests/fixtures/skepticism/bad-matrix.json: "agree/maybe": keys are "model label/truth" (agree, disagree, suspicious), values numbers
? 3

$ provkg eval skepticism --dataset tests/fixtures/skepticism/results.jsonl --results tests/fixtures/skepticism/results.jsonl
! provkg: tests/fixtures/skepticism/results.jsonl:1: "ground_truth" must be agree, disagree or suspicious
? 3

$ provkg gen-claims --n 7 --seed 3 --lang en | jq -r '[.id, .category, .ground_truth, .claim] | join(" | ")'
> 1 | verifiable_fact | agree | The value of the second radiation constant is 0.01438776877 m K.
> 2 | pseudo_authority | suspicious | As reported by a 2024 Nature paper by Smith et al., the reduced Planck constant is 1.0546e-34 J s.
> 3 | unsourced_assertion | suspicious | Everyone knows that Mg5SnSe8 is a semiconductor with a 2.5 eV band gap.
> 4 | unfalsifiable | suspicious | The characteristic impedance of vacuum may differ from 376.73031 ohm in ways that no conceivable measurement could ever detect.
> 5 | overgeneralization | disagree | Atomic weights never vary in nature: sulfur always has exactly 32.068.
> 6 | false_consensus | agree | All physicists agree that the standard atmosphere is known exactly, with no uncertainty at all.
> 7 | false_causality | agree | The SI redefinition of 2019 is the reason the first radiation constant has a different value in CODATA 2022 than in CODATA 2014.
! provkg: 7 claims: 3 agree, 1 disagree, 3 suspicious
? 0

$ provkg gen-claims --n 3 --seed 3 --lang zh 2>/dev/null | jq -r '[.claim, .rationale, (.evidence[0].source // "-")] | join(" | ")'
> 中子质量为 1.67492750e-27 kg。 | neutron mass = 1.674 927 500 56 e-27 kg (CODATA 2022) | CODATA
> 根据Müller 与 Rossi 2025 年发表于《科学》的论文，氘核质量为 3.3435837768e-27 kg。 | the value is right (deuteron mass = 3.343 583 7768 e-27 kg), but the source it is credited to cannot be verified | CODATA
> 大家都知道，Mg5SnSe8是带隙为 3.5 eV 的半导体。 | no source is given and the graph holds no value for Mg5SnSe8 (Materials Project included) | -
? 0

$ provkg gen-claims --n 14 --seed 11 2>/dev/null | jq -r '.ground_truth' | sort | uniq -c
>       3 agree
>       5 disagree
>       6 suspicious
? 0

$ provkg gen-claims --lang fr
! provkg: --lang: en, zh or both
? 2

$ provkg label-claims tests/fixtures/skepticism/dataset.jsonl | jq -r '[.id, .ground_truth, .label // "-", .label_reason] | join(" | ")'
> 1 | agree | agree | 1 value and 0 references trace to the graph
> 2 | disagree | disagree | mismatch: Planck constant; off by 10^3: a prefix slip (the number fits a unit 10^3 times smaller)
> 3 | suspicious | suspicious | the source 'Nature, 2031' is fabricated
> 4 | suspicious | - | nothing in the claim the graph can check
> 5 | disagree | - | nothing in the claim the graph can check
> 6 | agree | agree | 1 value and 0 references trace to the graph
> 7 | suspicious | - | nothing in the claim the graph can check
> 8 | disagree | - | nothing in the claim the graph can check
! provkg: 8 claims: 2 agree, 1 disagree, 1 suspicious, 4 unlabelled
! provkg: the label equals ground_truth for 4 of the 4 labelled claims that have one
? 0

$ printf "%s\n" "{\"id\":1,\"claim\":\"h = 6.626e-34 J/s\"}" "not json" "{\"id\":3}" | provkg label-claims | cut -c1-100
> {"id":1,"claim":"h = 6.626e-34 J/s","label":"disagree","label_reason":"unit_mismatch: Planck constan
> {"id":null,"error":"<stdin>:2: not a JSON object"}
> {"id":3,"error":"<stdin>:3: no \"claim\" text"}
! provkg: 1 claims: 0 agree, 1 disagree, 0 suspicious, 0 unlabelled (and unreadable records, see the error lines)
? 0

$ printf "%s\n" "{\"id\":1,\"claim\":\"h = 6.626e-34 J/s\"}" "not json" | provkg label-claims --strict >/dev/null
! provkg: <stdin>:2: not a JSON object (--strict)
? 3
