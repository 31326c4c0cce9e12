#!/usr/bin/env bash
# tools/slurm/merge.sh OUTDIR NSHARDS - the shards of check-array.sh in task
# order on standard output: deterministic, and an error (exit 1, nothing
# written) when a shard is missing.
set -euo pipefail
out=$1 n=$2
for ((i = 0; i < n; i++)); do
	[ -s "$out/shard-$i.jsonl" ] || [ -e "$out/shard-$i.jsonl" ] ||
		{ echo "merge: $out/shard-$i.jsonl is missing (task $i did not finish)" >&2; exit 1; }
done
for ((i = 0; i < n; i++)); do cat "$out/shard-$i.jsonl"; done
