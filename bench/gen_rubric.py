#!/usr/bin/python3
"""bench/gen_rubric.py TASKS SOLUTIONS RUNS SEED OUTDIR - seeded synthetic
rubric gradings for `provkg eval rubric` (make bench): TASKS rubrics of six
levels with three criteria each, SOLUTIONS solutions per task graded RUNS
times by the auto grader, one in five also by an expert. Writes
OUTDIR/rubrics.json and OUTDIR/grades.jsonl."""
import json, random, sys

tasks, sols, runs, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(seed)
rubrics = []
for t in range(tasks):
    rubrics.append({"task": "task%d" % t, "levels": [
        {"score": l, "criteria": [{"id": "c%d_%d" % (l, k), "text": "criterion", "points": rng.randint(1, 4)}
                                  for k in range(3)]} for l in range(1, 7)]})
with open(out + "/rubrics.json", "w") as f:
    json.dump(rubrics, f)
ids = ["c%d_%d" % (l, k) for l in range(1, 7) for k in range(3)]
with open(out + "/grades.jsonl", "w") as f:
    for t in range(tasks):
        for s in range(sols):
            q = rng.random()
            for grader, n in (("auto", runs), ("expert", 1 if rng.random() < 0.2 else 0)):
                for run in range(n):
                    crit = {i: rng.random() < q + 0.3 for i in ids}
                    f.write(json.dumps({"task": "task%d" % t, "solution": "s%d" % s, "run": run, "grader": grader,
                                        "criteria": crit}) + "\n")
