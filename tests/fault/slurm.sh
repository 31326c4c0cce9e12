#!/usr/bin/env bash
# The Slurm recipe of docs/scale.md run for real (issue 19, 5): a one-node
# Slurm (munged, slurmctld, slurmd) started here on 127.0.0.1 ports of its
# own, an array job of tools/slurm/check-array.sh over a snapshot (each
# task staging its copy to node-local disk and checking it), merged by
# tools/slurm/merge.sh, equal to the single run. Where the daemons cannot
# start (no slurm-wlm/munge, not root), it says so and why, and checks
# nothing ("skip ..." lines are not counted).
set -u
P=$PROVKG
D="$WORK/slurm"
rm -rf "$D"
mkdir -p "$D/state" "$D/spool" "$D/out" "$D/tmp"
skip() { echo "skip slurm: $*"; echo "slurm.sh skipped: $*" >&2; exit 0; }
for b in munged slurmctld slurmd sbatch sinfo; do
	command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || skip "no $b (Debian slurm-wlm and munge)"
done
[ "$(id -u)" = 0 ] || skip "not root: slurmd must run as root to start jobs"
PATH=/usr/sbin:$PATH
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	sleep 0.5
	for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
	chmod -R u+w "$D" 2>/dev/null
}
trap cleanup EXIT

# munge with a key of its own on a socket of its own
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$D/munge.key"
munged -f --socket="$D/munge.sock" --key-file="$D/munge.key" --pid-file="$D/munged.pid" \
	--log-file="$D/munged.log" --seed-file="$D/munge.seed" 2>"$D/munged.err" ||
	skip "munged does not start: $(head -c 300 "$D/munged.err")"
[ -s "$D/munged.pid" ] && pids+=("$(cat "$D/munged.pid")")

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
host=$(hostname -s)
cpus=$(nproc)
cat >"$D/slurm.conf" <<CONF
ClusterName=provkgtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$port2
AuthType=auth/munge
AuthInfo=socket=$D/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=provkg Nodes=$host Default=YES MaxTime=10 State=UP
CONF
export SLURM_CONF="$D/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$D/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$D/slurmd.out" 2>&1 &
pids+=($!)
up=0
for _ in $(seq 1 60); do
	if sinfo -h -o '%T' 2>/dev/null | grep -q 'idle'; then up=1; break; fi
	sleep 0.5
done
[ $up = 1 ] || skip "the daemons did not come up in 30 s: $(tail -c 400 "$D/slurmctld.log" "$D/slurmd.log" 2>/dev/null | tr '\n' ' ')"
echo "ok slurm: a one-node Slurm is up ($(sinfo -h -o '%N %c CPUs %T'))"

# the recipe: a snapshot, the input, an array job, the merge
"$P" snapshot --db "$PROVKG_DB" "$D/snap" >/dev/null || { echo "FAIL slurm: snapshot"; exit 0; }
jq -Rc '{id: input_line_number, ref: .}' tests/fixtures/reference-strings/real-unstructured-2000.txt >"$D/refs.jsonl"
n=4
job=$(TMPDIR="$D/tmp" PROVKG="$P" sbatch --parsable --wait --array=0-$((n - 1)) --output="$D/task-%a.log" \
	--chdir="$ROOT" tools/slurm/check-array.sh "$D/snap" "$D/refs.jsonl" "$D/out" $n 2>"$D/sbatch.err")
rc=$?
[ $rc -eq 0 ] && [ -n "$job" ]
ok=$?
[ $ok -eq 0 ] && echo "ok slurm: array job $job of $n tasks finished" ||
	echo "FAIL slurm: sbatch exit $rc: $(cat "$D/sbatch.err") $(tail -c 300 "$D"/task-*.log 2>/dev/null)"
staged=$(grep -l "^snapshot .*/provkg-$job-[0-9]*/snap: gen-" "$D"/task-*.log 2>/dev/null | wc -l)
[ "$staged" -eq $n ] && echo "ok slurm: every task staged its snapshot copy to node-local disk and checked its hash" ||
	echo "FAIL slurm: $staged of $n tasks logged a checked local copy: $(head -c 300 "$D"/task-0.log 2>/dev/null)"
tools/slurm/merge.sh "$D/out" $n >"$D/merged.jsonl" 2>"$D/merge.err"
"$P" check-ref --jsonl --db "$D/snap" <"$D/refs.jsonl" >"$D/single.jsonl"
cmp -s "$D/merged.jsonl" "$D/single.jsonl" && [ "$(wc -l <"$D/merged.jsonl")" -eq "$(wc -l <"$D/refs.jsonl")" ] &&
	echo "ok slurm: $n shards merged in task order equal the single run ($(wc -l <"$D/merged.jsonl") references)" ||
	echo "FAIL slurm: merged shards differ from the single run: $(cat "$D/merge.err") $(wc -l <"$D/merged.jsonl") lines"
# a missing shard is an error, not a short merge
rm -f "$D/out/shard-2.jsonl"
tools/slurm/merge.sh "$D/out" $n >/dev/null 2>"$D/merge.err"
[ $? -ne 0 ] && grep -q "shard-2.jsonl is missing" "$D/merge.err" && echo "ok slurm: a missing shard fails the merge" ||
	echo "FAIL slurm: a missing shard was merged: $(cat "$D/merge.err")"
