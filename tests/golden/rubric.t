# provkg eval rubric on tests/fixtures/rubric (every figure worked by hand in
# tests/unit/test_rubric.c)

$ provkg eval rubric --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl --solutions tests/fixtures/rubric/solutions.jsonl
> rubric: 15 auto gradings, 4 expert gradings, 5 solutions (1 criterion missing from gradings: counted not met)
>   TASK             SOLUTION       RUNS    E2E  PARTIAL% VIABLE  E2E BY RUN
>   boltzmann        "s1"              4    4.5     83.33     no  6 5 3 4  (experts: 5)
>   boltzmann        "s2"              3      1     86.67     no  0 6 1  (experts: 6 6)
>   boltzmann        "s3"              5      6       100    yes  6 6 5 6 6
>   titration        "t1"              2    2.5     71.43     no  3 2  (experts: 3)
>   titration        "t2"              1      1     71.43     no  1
>   task boltzmann: 3 solutions, viable 1/3 = 0.333, e2e median 4.5, partial credit median 86.67%
>   task titration: 2 solutions, viable 0/2 = 0.000, e2e median 1.75, partial credit median 71.43%
>   grader vs experts: 3 solutions: exact 0/3, within 1 level 2/3; 12 run pairs: exact 0.333, within 1 0.583; kappa on viability 0
>     differ most: titration b3  1/2 pairs (grader met 0.50, experts 1.00)
>     differ most: boltzmann a7  3/10 pairs (grader met 0.86, experts 0.67)
>     differ most: boltzmann a1  2/10 pairs (grader met 0.86, experts 1.00)
>     differ most: boltzmann a3  2/10 pairs (grader met 0.86, experts 1.00)
>     differ most: boltzmann a5  1/10 pairs (grader met 0.86, experts 1.00)
>   machine-checkable criteria: 6 checks, 3 disagree with the grader
>     boltzmann "s1" a3 (pattern): provkg met, grader 4/4  the pattern matches "Nyquist"
>     boltzmann "s1" a4 (kg): provkg met, grader 4/4  states Boltzmann constant = 1.380649e-23 J/K (match; CODATA 2022)
>     boltzmann "s1" a6 (kg): provkg met, grader 3/4  cites 10.1063/1.4759136 (verified)
>     boltzmann "s2" a3 (pattern): provkg not met, grader 2/3  DISAGREE  the pattern does not match
>     boltzmann "s2" a4 (kg): provkg not met, grader 3/3  DISAGREE  states Boltzmann constant wrongly: 1.38e-20 J/K (mismatch)
>     boltzmann "s2" a6 (kg): provkg not met, grader 3/3  DISAGREE  does not cite 10.1063/1.4759136
>     hints titration "t2": top level 3 after 2 hints (e2e by hints: 0:1 1:2 2:3)
! provkg: warning: tests/fixtures/rubric/grades.jsonl:22: not a JSON object; skipped
! provkg: warning: tests/fixtures/rubric/grades.jsonl:23: task 'spectroscopy' has no rubric; skipped
! provkg: warning: 1 grading names criteria the rubric does not have (first tests/fixtures/rubric/grades.jsonl:4: 'zz'); ignored
! provkg: warning: task 'boltzmann' solution "s1": 4 runs, expected 10
! provkg: warning: task 'boltzmann' solution "s2": 3 runs, expected 10
! provkg: warning: task 'boltzmann' solution "s3": 5 runs, expected 10
! provkg: warning: task 'titration' solution "t1": 2 runs, expected 10
! provkg: warning: task 'titration' solution "t2": 1 run, expected 10
! provkg: warning: 1 auto grading leaves out criteria (1 in all, first tests/fixtures/rubric/grades.jsonl:4: 'a6'): counted as not met
! provkg: warning: task 'titration': the top level is 3, so no solution can be viable (e2e >= 5)
? 0

$ provkg eval rubric --json --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl --runs 4 2>/dev/null | jq -c '.solutions[] | [.task, .solution, .runs, .e2e, .e2e_median, .partial_credit_median, .viable]'
> ["boltzmann","s1",4,[6,5,3,4],4.5,83.3333,false]
> ["boltzmann","s2",3,[0,6,1],1,86.6667,false]
> ["boltzmann","s3",5,[6,6,5,6,6],6,100,true]
> ["titration","t1",2,[3,2],2.5,71.4286,false]
> ["titration","t2",1,[1],1,71.4286,false]
? 0

$ provkg eval rubric --json --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl 2>/dev/null | jq -c '.tasks, .agreement.runs, .agreement.viability, .agreement.kappa_viability, [.agreement.criteria_differing[] | [.criterion, .differ, .pairs]]'
> {"boltzmann":{"solutions":3,"viable":1,"viable_share":0.3333,"e2e_median":4.5,"partial_credit_median":86.6667,"runs_by_e2e":[1,1,0,1,1,2,6],"solution_e2e_medians":[4.5,1,6]},"titration":{"solutions":2,"viable":0,"viable_share":0,"e2e_median":1.75,"partial_credit_median":71.4286,"runs_by_e2e":[0,1,1,1],"solution_e2e_medians":[2.5,1]}}
> {"pairs":12,"exact_rate":0.3333,"within_1_rate":0.5833}
> {"both_viable":0,"grader_only":0,"experts_only":2,"neither":1}
> 0
> [["b3",1,2],["a7",3,10],["a1",2,10],["a3",2,10],["a5",1,10],["a6",1,10]]
? 0

$ provkg eval rubric --json --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl 2>/dev/null | jq -c '.solutions[4].hints'
> {"e2e_by_hints":[{"hints":0,"e2e":1},{"hints":1,"e2e":2},{"hints":2,"e2e":3}],"hints_to_top":2}
? 0

$ provkg eval rubric --json --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl --solutions tests/fixtures/rubric/solutions.jsonl 2>/dev/null | jq -c '.solutions[1].machine_checks[] | [.criterion, .check, .met, .grader_met, .grader_runs, .disagree]'
> ["a3","pattern",false,2,3,true]
> ["a4","kg",false,3,3,true]
> ["a6","kg",false,3,3,true]
? 0

$ provkg eval rubric --rubric tests/fixtures/rubric/rubric.json --grades tests/fixtures/rubric/grades.jsonl --strict
! provkg: tests/fixtures/rubric/grades.jsonl:22: not a JSON object (--strict)
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-duplicate-id.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-duplicate-id.json (task 't'): levels[1].criteria[1]: duplicate id 'c1' (also at level 1)
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-points.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-points.json: [1] (task 't'): levels[0].criteria[0] ('c1'): "points" must be an integer from 1 to 4
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-unordered.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-unordered.json (task 't'): levels[2]: score 2 after 3: levels must be in increasing order
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-missing-level.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-missing-level.json (task 't'): levels[0]: score 2: level 1 is missing (levels start at 1)
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-pattern.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-pattern.json (task 't'): levels[0].criteria[0] ('c1'): bad pattern at offset 9: missing closing parenthesis
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/bad-syntax.json --grades tests/fixtures/rubric/grades.jsonl
! provkg: tests/fixtures/rubric/bad-syntax.json:3:29: not valid JSON
? 3

$ provkg eval rubric --rubric tests/fixtures/rubric/rubric.json
! usage: provkg eval rubric --rubric R.json --grades G.jsonl [--solutions S.jsonl] [--json]
!   R  {"task","levels":[{"score":1,"criteria":[{"id","text","points":1-4,
!      "pattern"?: PCRE2, "kg"?: {"quantity": NAME} | {"doi": DOI}}]}, ...]} or an array of them;
!      levels 1, 2, ... in order, none missing
!   G  {"task","solution","run","grader":"auto"|"expert","criteria":{"ID":true|false},
!      "hints"?: N} per grading (JSONL or a JSON array); a criterion not given is not met
!   S  {"task","solution","text"}: the texts the pattern and kg criteria are checked on
!   --runs N     the runs expected per solution (default 10; others are flagged)
!   --strict     stop at the first unusable grading or solution (exit 3); else warn and skip
!   --db DIR     the graph, for kg criteria
! scores: e2e = the highest level whose criteria and every lower level's are met; partial
!         credit = points met / all points (%); medians over a solution's auto runs (an
!         even count: the mean of the middle two); viable = e2e median >= 5; gradings with
!         "hints" > 0 only feed the hint guidance
! exit: 0, 2 usage, 3 a bad rubric (the message names the spot) or unusable input under
!       --strict, 4 graph error
? 2

# sub-tasks: each scored alone (x2 fails the formula yet solves the estimate), their
# likelihoods, the product beside the runs solving every sub-task and the task's own top level
$ provkg eval rubric --rubric tests/fixtures/rubric/subtasks.json --grades tests/fixtures/rubric/subtask-grades.jsonl --runs 4 2>/dev/null
> rubric: 7 auto gradings, 0 expert gradings, 2 solutions
>   TASK             SOLUTION       RUNS    E2E  PARTIAL% VIABLE  E2E BY RUN
>   exciton          "x1"              4      2     86.36     no  2 2 2 1
>     subtask formula      e2e 2/2, partial 100%, likelihood 1
>     subtask estimate     e2e 2/2, partial 100%, likelihood 0.75
>     subtask radius       e2e 1/1, partial 100%, likelihood 0.75
>     product of likelihoods 0.5625, runs solving every subtask 0.5, runs at the task's top level 0.75
>   exciton          "x2"              3      0     54.55     no  0 0 1
>     subtask formula      e2e 0/2, partial 50%, likelihood 0
>     subtask estimate     e2e 2/2, partial 100%, likelihood 1
>     subtask radius       e2e 1/1, partial 100%, likelihood 0.6667
>     product of likelihoods 0, runs solving every subtask 0, runs at the task's top level 0
>   task exciton: 2 solutions, viable 0/2 = 0.000, e2e median 1, partial credit median 70.45%

$ printf '{"task":"t","subtasks":[{"id":"a","levels":[{"score":1,"criteria":[{"id":"c1","text":"x","points":1}]}]},{"id":"a","levels":[{"score":1,"criteria":[{"id":"c2","text":"y","points":1}]}]}]}' > $WORK/dup.json && provkg eval rubric --rubric $WORK/dup.json --grades tests/fixtures/rubric/grades.jsonl 2>&1 | sed "s|$WORK|WORK|"
> provkg: WORK/dup.json (task 't'): subtasks[1]: duplicate sub-task id 'a'
? 3

$ printf '{"task":"t","subtasks":[{"id":"a"}]}' > $WORK/nolevels.json && provkg eval rubric --rubric $WORK/nolevels.json --grades tests/fixtures/rubric/grades.jsonl 2>&1 | sed "s|$WORK|WORK|"
> provkg: WORK/nolevels.json (task 't'): subtasks[0] ('a'): "levels" missing or empty
? 3
