#!/usr/bin/python3
"""tests/golden_update.py FILE.t... - rewrite the expected stdout ("> ")
and exit code ("? ") of golden transcripts from what the commands print
now. For a deliberate change of output: run it, read `git diff` line by
line, and commit only what you meant to change. It never runs as part of
`make test`.

Environment as tests/golden.sh: PROVKG (the binary), PROVKG_DB (a graph
built from data/sources), ROOT (the checkout)."""
import os, subprocess, sys, tempfile

provkg = os.environ.get("PROVKG", os.path.abspath("provkg"))
root = os.environ.get("ROOT", os.getcwd())


def run(cmd, stdin, work):
    script = f'provkg() {{ "{provkg}" "$@"; }}; {cmd}'
    p = subprocess.run(["bash", "-o", "pipefail", "-c", script], input=stdin.encode(), cwd=root,
                       env=dict(os.environ, WORK=work), capture_output=True)
    return p.stdout.decode(), p.returncode


def update(path):
    # one scratch directory for the whole file, as tests/golden.sh has it:
    # a case may use what an earlier one left in $WORK
    with tempfile.TemporaryDirectory() as work:
        update_in(path, work)


def update_in(path, work):
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            out.append(line)
            i += 1
            continue
        cmd, stdin, j = line[2:], "", i + 1
        ins, errs, rest = [], [], []
        while j < len(lines) and not lines[j].startswith("$ "):
            l = lines[j]
            if l.startswith("< ") or l == "<":
                stdin += l[2:] + "\n"
                ins.append(l)
            elif l.startswith("! "):
                errs.append(l)
            elif not (l.startswith("> ") or l == ">" or l.startswith("? ")):
                rest.append(l)
            j += 1
        stdout, rc = run(cmd, stdin, work)
        outs = ["> " + l if l else ">" for l in stdout.split("\n")] if stdout else []
        if stdout.endswith("\n"):
            outs.pop()
        had_rc = any(l.startswith("? ") for l in lines[i + 1:j])
        block = [line] + ins + outs + errs + ([f"? {rc}"] if rc or had_rc else [])
        tail = rest  # comments and blank lines between cases
        out += block + tail
        i = j
    open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")


for f in sys.argv[1:]:
    update(f)
