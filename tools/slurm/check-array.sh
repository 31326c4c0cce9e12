#!/usr/bin/env bash
# tools/slurm/check-array.sh SNAPSHOT INPUT.jsonl OUTDIR NSHARDS [COMMAND...]
#
# One task of a Slurm array job (sbatch --array=0-$((NSHARDS-1))): stage the
# snapshot to node-local disk, verify the copy against its manifest, check
# shard $SLURM_ARRAY_TASK_ID of INPUT (contiguous lines, as split -n l/N
# cuts them) and write OUTDIR/shard-<i>.jsonl (renamed into place when
# whole, so a task killed half-way leaves no shard that looks done).
# COMMAND defaults to "check-ref --jsonl"; any one-line-per-record command
# works (check-value --jsonl, lookup --jsonl, check --format jsonl).
#
# Environment: PROVKG (the binary; default provkg on PATH), TMPDIR
# (node-local disk; Slurm's job tmp when set).
#SBATCH --job-name=provkg-check
#SBATCH --output=provkg-check-%A_%a.log
set -euo pipefail
snap=$1 input=$2 out=$3 n=$4
shift 4
cmd=("$@")
[ ${#cmd[@]} -gt 0 ] || cmd=(check-ref --jsonl)
i=${SLURM_ARRAY_TASK_ID:?not a Slurm array task (SLURM_ARRAY_TASK_ID unset)}
P=${PROVKG:-provkg}
local_root=${SLURM_TMPDIR:-${TMPDIR:-/tmp}}/provkg-${SLURM_ARRAY_JOB_ID:-$$}-$i
trap 'chmod -R u+w "$local_root" 2>/dev/null; rm -rf "$local_root"' EXIT
mkdir -p "$local_root" "$out"
cp -r "$snap" "$local_root/snap"
"$P" snapshot --check "$local_root/snap" >&2
# shard i of n: split -n l/N's cut (whole lines, contiguous)
split -n "l/$((i + 1))/$n" "$input" >"$local_root/in.jsonl"
"$P" --db "$local_root/snap" "${cmd[@]}" <"$local_root/in.jsonl" >"$out/.shard-$i.jsonl.tmp"
[ "$(wc -l <"$out/.shard-$i.jsonl.tmp")" -eq "$(wc -l <"$local_root/in.jsonl")" ] ||
	{ echo "shard $i: output lines differ from input lines" >&2; exit 1; }
mv "$out/.shard-$i.jsonl.tmp" "$out/shard-$i.jsonl"
