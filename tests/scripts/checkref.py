"""check-ref --jsonl on (id, reference) pairs for the checks of
tests/scripts: the results in input order, or FAIL and exit 1 when the
stream does not come back aligned (a module, not a check: run.sh runs
check_* only)."""
import json, subprocess, sys


def check_refs(provkg, db, refs):
    inp = "".join(json.dumps({"id": i, "ref": s}, ensure_ascii=False) + "\n" for i, s in refs)
    out = subprocess.run([provkg, "check-ref", "--jsonl", "--db", db], input=inp.encode(), capture_output=True,
                         check=True).stdout.decode().splitlines()
    res = [json.loads(l) for l in out]
    if len(res) != len(refs) or any(x["id"] != i for x, (i, _) in zip(res, refs)):
        print(f"FAIL check-ref gave {len(res)} aligned results for {len(refs)} references")
        sys.exit(1)
    return res
