#!/usr/bin/env bash
# CI stage "slurm requeue": scripts/slurm/local.sh under a real one-node Slurm cluster.
#   0. runs perlmutter.sh, frontier.sh and alps.sh with --dry-run (each prints its sbatch and srun
#      commands and submits nothing);
#   1. installs Debian's slurm-wlm and munge when missing (starting no daemon);
#   2. starts munged, slurmctld and slurmd in a temporary folder (key, socket, configuration,
#      state, spool, logs and pid files all there; ports chosen free), waits for the node;
#   3. makes byte-level shards from the fortunes text and submits configs/tiny.toml on 2 ranks
#      with scripts/slurm/local.sh (sbatch); stops the job twice once it has written checkpoints:
#      `scontrol requeue`, then, in the requeued job, the USR1 that Slurm sends before a time
#      limit (#SBATCH --signal), which the batch shell passes to fourfold-train: it saves at its
#      next step boundary, exits 75, and the job requeues itself;
#   4. trains the same run uninterrupted with mpirun on the grid the job used (the reference);
#   5. checks that all three starts used one grid, that both later starts resumed from a
#      checkpoint (not step 0), the third from the very step saved at the signal (no step lost),
#      and that every step's loss, the final one and the validation loss
#      equal the reference's exactly (same grid: the continuation is bit-identical);
#   6. stops every daemon it started, by pid, and removes the folder (kept, with its logs, on
#      failure or with --keep).
# About two minutes on 2 cores. Every wait is bounded.
#
#   scripts/slurm/test-local.sh [--keep]
#     FOURFOLD_BIN                folder with fourfold-train and fourfold-prep (default build/bin,
#                                 built when missing)
#     FOURFOLD_SLURM_TEST_GRID    grid of the job (default auto, which also checks that the
#                                 requeued starts keep the grid the first one chose)
set -euo pipefail
# shellcheck source=../common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"   # OpenMPI as root, build_dir, fourfold_build
root=$fourfold_root
keep=0
case "${1:-}" in
  --keep) keep=1 ;;
  "") ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "slurm-local: unknown argument '$1' (see --help)" >&2; exit 2 ;;
esac

[ "$(id -u)" -eq 0 ] || { echo "slurm-local: needs root (apt-get; slurmd runs the job as SlurmUser root)" >&2; exit 1; }
grid=${FOURFOLD_SLURM_TEST_GRID:-auto}
ranks=2
[ "$grid" = auto ] || ranks=$(($(echo "$grid" | tr x '*')))
steps=400           # about 20 s of training on 2 cores
every=25            # a checkpoint every 25 steps
first_stop=100      # scontrol requeue once the job has saved this step (or a later one)
second_stop=225     # then the time-limit signal, once the requeued job has saved this one

say() { echo "slurm-local: $*"; }
tmp=""
fail() {
  echo "slurm-local: FAILED: $*" >&2
  exit 1
}

# --- 0. the machine scripts' dry runs ---------------------------------------------------------
for machine in perlmutter:NCCL_NET_GDR_LEVEL=PHB frontier:FI_CXI_ATS=0 alps:'NCCL_NET=AWS Libfabric'; do
  script=$root/scripts/slurm/${machine%%:*}.sh
  dry=$(env -u SLURM_JOB_ID -u FOURFOLD_GRID -u FOURFOLD_ARGS -u FOURFOLD_SRUN_ARGS FOURFOLD_OUT=/scratch/run "$script" --dry-run -A test -N 4 -- --steps 10 2>&1) ||
    { echo "$dry" >&2; fail "$script --dry-run exited non-zero"; }
  for expected in "sbatch -A test -N 4 $script --steps 10" "#SBATCH --requeue" "${machine#*:}" \
    "srun --distribution=block:block" "fourfold-train --config" "--grid auto --out /scratch/run" "--resume"; do
    [[ $dry == *"$expected"* ]] || { echo "$dry" >&2; fail "$script --dry-run does not print '$expected'"; }
  done
done
say "dry runs of perlmutter.sh, frontier.sh and alps.sh print their sbatch and srun commands"

# --- 1. packages -------------------------------------------------------------------------------
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if ! installed slurm-wlm || ! installed munge; then
  say "installing slurm-wlm munge"
  # Debian's maintainer scripts start munge, slurmctld and slurmd unless policy-rc.d forbids it;
  # forbid it for this install only, and stop any such daemon that appears anyway.
  policy=/usr/sbin/policy-rc.d
  made_policy=0
  if [ ! -e $policy ]; then
    trap 'rm -f $policy' EXIT
    printf '#!/bin/sh\nexit 101\n' >$policy && chmod 755 $policy && made_policy=1
  fi
  daemons() { local name; for name in munged slurmctld slurmd; do pgrep -x $name || true; done | sort; }
  before=$(daemons)
  export DEBIAN_FRONTEND=noninteractive
  install_log=$(mktemp)
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge; } >"$install_log" 2>&1; then
    tail -20 "$install_log" >&2
    [ $made_policy -eq 1 ] && rm -f $policy
    fail "apt-get install slurm-wlm munge failed"
  fi
  rm -f "$install_log"
  [ $made_policy -eq 1 ] && rm -f $policy && trap - EXIT
  for pid in $(comm -13 <(echo "$before") <(daemons)); do
    say "stopping $(ps -o comm= -p "$pid") (pid $pid) started by the package install"
    kill "$pid" 2>/dev/null || true
  done
fi
for tool in munged mungekey munge unmunge slurmctld slurmd sbatch srun scontrol sinfo squeue; do
  command -v $tool >/dev/null || fail "'$tool' not found after installing slurm-wlm and munge"
done

# --- binaries ----------------------------------------------------------------------------------
bin=${FOURFOLD_BIN:-$build_dir/bin}
if [ ! -x "$bin/fourfold-train" ] || [ ! -x "$bin/fourfold-prep" ]; then
  [ -z "${FOURFOLD_BIN:-}" ] || fail "no fourfold-train/fourfold-prep in FOURFOLD_BIN=$bin"
  "$root/scripts/install-deps.sh"
  fourfold_build --target fourfold-train fourfold-prep
fi
bin=$(cd "$bin" && pwd)

# --- 2. the cluster ----------------------------------------------------------------------------
tmp=$(mktemp -d /tmp/fourfold-slurm.XXXXXX)
chmod 755 "$tmp"   # munged wants every folder above its socket searchable by all
mkdir -p "$tmp/munge" "$tmp/slurm/state" "$tmp/slurm/spool" "$tmp/slurm/tmp" "$tmp/tmp" "$tmp/data"
munge_pid="" ctld_pid="" slurmd_pid="" jobid=""

# stop PID NAME: TERM, up to 10 s, then KILL; reaps it (the daemons are this shell's children).
stop() {
  local pid=$1 name=$2
  [ -n "$pid" ] || return 0
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "slurm-local: $name (pid $pid) ignored SIGTERM for 10 s: SIGKILL" >&2
    kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null
  return 0
}

show_logs() {
  local f
  if [ -n "$jobid" ]; then
    echo "----- scontrol show job $jobid" >&2
    scontrol show job "$jobid" 2>&1 | head -n 8 >&2
  fi
  for f in "$tmp/job.out" "$tmp/slurm/slurmctld.log" "$tmp/slurm/slurmd.log" "$tmp/munge/munged.out" "$tmp/munge/munged.log"; do
    [ -s "$f" ] || continue
    echo "----- last lines of $f" >&2
    tail -n 25 "$f" >&2
  done
}

cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  [ $rc -ne 0 ] && [ -n "$tmp" ] && show_logs
  if [ -n "$jobid" ] && [ -n "$ctld_pid" ]; then
    scancel "$jobid" 2>/dev/null
    # Let slurmd end the job's processes (KillWait=5) before it stops.
    local tries=0
    while [[ $(scontrol show job -o "$jobid" 2>/dev/null) =~ JobState=(RUNNING|COMPLETING|CONFIGURING|SIGNALING|SUSPENDED) ]] &&
      [ $tries -lt 60 ]; do
      tries=$((tries + 1))
      sleep 0.5
    done
  fi
  stop "$slurmd_pid" slurmd
  stop "$ctld_pid" slurmctld
  stop "$munge_pid" munged
  if [ -n "$tmp" ]; then
    if [ $rc -eq 0 ] && [ $keep -eq 0 ]; then
      rm -rf "$tmp"
    else
      echo "slurm-local: logs and runs kept in $tmp" >&2
    fi
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.2 s until it succeeds.
wait_for() {
  local limit=$1 what=$2 start=$SECONDS
  shift 2
  until "$@"; do
    [ $((SECONDS - start)) -lt "$limit" ] || fail "$what: not within $limit s"
    sleep 0.2
  done
}

# munge: its own key, socket, pid, seed and log files; -F keeps it in the foreground so that $! is
# the daemon.
mungekey -c -k "$tmp/munge/munge.key"
socket=$tmp/munge/munge.socket
munged -F --key-file="$tmp/munge/munge.key" --socket="$socket" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" >"$tmp/munge/munged.out" 2>&1 &
munge_pid=$!
munge_ok() { munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; }
wait_for 15 "munged answering on $socket" munge_ok

# Two free TCP ports for slurmctld and slurmd (no clash with a system Slurm or a parallel run).
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
host=$(hostname -s)
# The node as slurmd sees it (CPUs, sockets, cores, threads), with 95% of its memory.
node=$(slurmd -C | head -n 1 | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^RealMemory=/) { split($i, m, "="); $i = "RealMemory=" int(m[2] * 0.95) } print }')
[[ $node == NodeName=* ]] || fail "slurmd -C printed no node line: $node"
export SLURM_CONF=$tmp/slurm/slurm.conf
cat >"$SLURM_CONF" <<EOF
# One-node cluster of scripts/slurm/test-local.sh ($tmp)
ClusterName=fourfold-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/slurm/state
SlurmdSpoolDir=$tmp/slurm/spool
TmpFS=$tmp/slurm/tmp
SlurmctldPidFile=$tmp/slurm/slurmctld.pid
SlurmdPidFile=$tmp/slurm/slurmd.pid
SlurmctldLogFile=$tmp/slurm/slurmctld.log
SlurmdLogFile=$tmp/slurm/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=pmix
ReturnToService=2
KillWait=5
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
EOF
# -D keeps both in the foreground (their pids are $!); they log to the files above.
slurmctld -D >"$tmp/slurm/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D >"$tmp/slurm/slurmd.out" 2>&1 &
slurmd_pid=$!
node_idle() {
  kill -0 "$ctld_pid" 2>/dev/null || fail "slurmctld exited: $(tail -n 5 "$tmp/slurm/slurmctld.out")"
  kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd exited: $(tail -n 5 "$tmp/slurm/slurmd.out")"
  [ "$(sinfo -h -N -n "$host" -o %T 2>/dev/null)" = idle ]
}
wait_for 30 "node $host idle in sinfo" node_idle
say "cluster up in $tmp (munged $munge_pid, slurmctld $ctld_pid, slurmd $slurmd_pid; ports $ctld_port, $slurmd_port)"

# --- 3. data, and the job, interrupted twice ---------------------------------------------------
mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' 2>/dev/null | sort)
[ ${#texts[@]} -gt 0 ] || texts=("$root/README.md" /usr/share/common-licenses/*)
"$bin/fourfold-prep" --out "$tmp/data" "${texts[@]}" >"$tmp/prep.log" 2>&1 || { cat "$tmp/prep.log" >&2; fail "fourfold-prep"; }
overcommit=()
[ "$ranks" -le "$(nproc)" ] || overcommit=(--overcommit)   # more ranks than cores
run_sets=(--set checkpoint.every=$every --set checkpoint.keep_last=3 --set data.val_every=0 --set log.every=50)
export OPENBLAS_NUM_THREADS=1 TMPDIR=$tmp/tmp

out=$tmp/job
FOURFOLD_BIN=$bin FOURFOLD_CONFIG=$root/configs/tiny.toml FOURFOLD_GRID=$grid FOURFOLD_OUT=$out \
  FOURFOLD_DATA=$tmp/data/train.bin FOURFOLD_VAL_DATA=$tmp/data/val.bin FOURFOLD_STEPS=$steps \
  FOURFOLD_ARGS="${run_sets[*]}" \
  "$root/scripts/slurm/local.sh" --parsable --ntasks="$ranks" "${overcommit[@]}" --output="$tmp/job.out" --chdir="$tmp" \
  >"$tmp/submit.out" 2>&1 || { cat "$tmp/submit.out" >&2; fail "submitting scripts/slurm/local.sh"; }
jobid=$(tail -n 1 "$tmp/submit.out" | cut -d';' -f1)
[[ $jobid =~ ^[0-9]+$ ]] || { cat "$tmp/submit.out" >&2; jobid=""; fail "sbatch printed no job id"; }
say "submitted job $jobid: $steps steps on $ranks ranks, --grid $grid"

# job_info: one `scontrol show job` into $info; field NAME: a field of it. (Polling stays cheap:
# the job's two ranks already fill both cores.)
info=""
job_info() { info=$(scontrol show job -o "$jobid" 2>/dev/null || true); }
field() { [[ " $info" =~ \ $1=([^ ]*) ]] && echo "${BASH_REMATCH[1]}" || true; }
job_field() { job_info; field "$1"; }
newest_step() {
  local files=("$out"/checkpoints/step_*.h5) last
  last=${files[${#files[@]}-1]##*/step_}
  last=${last%.h5}
  [[ $last =~ ^[0-9]+$ ]] && echo $((10#$last)) || echo 0
}
# job_state: sets `state` to the job's state, after moving a requeued job along. Slurm 22.05
# makes a requeued job eligible only about 2 minutes later (EligibleTime = requeue time + 121 s,
# Reason=BeginTime), and the scheduler may start it later still: the test moves its start to now,
# but only 3 s after it first saw the job pending, with the node idle. Moved at once, the new
# instance was once started in the second of the kill and refused by slurmd ("Job credential
# revoked": credential times are in whole seconds), and the job failed. A job held after its
# requeue (Reason JobHeld*: RequeueExitHold or MaxBatchRequeue) would be released.
state=""
pending_since=""
job_state() {
  local reason
  job_info
  state=$(field JobState)
  reason=$(field Reason)
  if [ "$state" = PENDING ]; then
    [ -n "$pending_since" ] || pending_since=$SECONDS
    if [[ $reason == JobHeld* ]]; then
      echo "slurm-local: job $jobid is held after its requeue ($reason): scontrol release" >&2
      scontrol release "$jobid" >&2 || true
    elif [ "$reason" = BeginTime ] && [ $((SECONDS - pending_since)) -ge 3 ] &&
      [ "$(sinfo -h -N -n "$host" -o %T 2>/dev/null)" = idle ]; then
      scontrol update JobId="$jobid" StartTime=now >/dev/null 2>&1 || true
    fi
  else
    pending_since=""
  fi
}
# running_past STEP RESTARTS: the job runs its start RESTARTS+1 and has saved STEP or a later one.
running_past() {
  job_state
  case "$state" in
    PENDING | CONFIGURING | RUNNING | COMPLETING | REQUEUED | REQUEUE_FED) ;;
    *) fail "job $jobid is $state (reason $(field Reason), exit code $(field ExitCode)) before step $1 of start $(($2 + 1))" ;;
  esac
  [ "$state" = RUNNING ] && [ "$(field Restarts)" = "$2" ] && [ "$(newest_step)" -ge "$1" ]
}
finished() {
  job_state
  case "$state" in
    COMPLETED) return 0 ;;
    PENDING | CONFIGURING | RUNNING | COMPLETING | REQUEUED | REQUEUE_FED) return 1 ;;
    *) fail "job $jobid ended $state (reason $(field Reason), exit code $(field ExitCode))" ;;
  esac
}

# First interruption: an external requeue (what an operator or a node failure does).
wait_for 120 "job $jobid running with a checkpoint at step >= $first_stop" running_past $first_stop 0
saved1=$(newest_step)
scontrol requeue "$jobid"
say "scontrol requeue $jobid while running (newest checkpoint: step $saved1)"
# Second interruption: Slurm's time-limit warning (#SBATCH --signal=B:USR1@...), sent now; the
# job's trap passes it to fourfold-train, which saves at its next step and exits 75; the job
# requeues itself.
wait_for 180 "requeued job $jobid running again with a checkpoint at step >= $second_stop" running_past $second_stop 1
saved2=$(newest_step)
scancel --batch --signal=USR1 "$jobid"
say "USR1 to the batch shell of job $jobid, as before its time limit (newest checkpoint: step $saved2)"
start=$SECONDS
wait_for 180 "job $jobid completed after its second requeue" finished
say "job $jobid completed $((SECONDS - start)) s after the signal (restarts: $(job_field Restarts))"
[ "$(job_field Restarts)" = 2 ] || fail "job $jobid restarted $(job_field Restarts) times, expected 2"
[ "$(job_field ExitCode)" = 0:0 ] || fail "job $jobid exit code $(job_field ExitCode)"

# --- 4. the uninterrupted reference on the job's grid -------------------------------------------
! grep -q 'the run is complete' "$tmp/job.out" ||
  fail "the job saved its last step before the time-limit signal stopped it (polling too slow?): $tmp/job.out"
mapfile -t grids < <(sed -n 's/^fourfold-train: GPT-2 .* on grid \([0-9x]*\) (.*/\1/p' "$tmp/job.out")
[ ${#grids[@]} -eq 3 ] || fail "${#grids[@]} starts of fourfold-train in $tmp/job.out, expected 3"
[ "${grids[0]}" = "${grids[1]}" ] && [ "${grids[0]}" = "${grids[2]}" ] ||
  fail "the job's starts trained on grids ${grids[*]} (--grid $grid): a requeued job must keep its grid"
start=$SECONDS
say "reference: $steps steps uninterrupted with mpirun on grid ${grids[0]} (the job's, --grid $grid)"
mpirun -n "$ranks" "$bin/fourfold-train" --config "$root/configs/tiny.toml" --grid "${grids[0]}" \
  --data "$tmp/data/train.bin" --val-data "$tmp/data/val.bin" --steps $steps "${run_sets[@]}" \
  --out "$tmp/reference" >"$tmp/reference.log" 2>&1 || { tail -n 20 "$tmp/reference.log" >&2; fail "the reference run"; }
say "reference done in $((SECONDS - start)) s"

# --- 5. checks ---------------------------------------------------------------------------------
starts=$(grep -c 'fourfold-slurm\[local\]: job .*, start ' "$tmp/job.out" || true)
[ "$starts" -eq 3 ] || fail "the job log shows $starts starts, expected 3 (first and two requeued): $tmp/job.out"
grep -q 'time limit near: SIGUSR1 to fourfold-train' "$tmp/job.out" || fail "the job's USR1 trap did not pass the signal on: $tmp/job.out"
grep -q 'saved at the signal: requeueing job' "$tmp/job.out" || fail "the job did not requeue itself after the save: $tmp/job.out"
signal_step=$(sed -n 's/.*SIGUSR1 at step \([0-9]*\): checkpoint .* saved, stopping for a requeue.*/\1/p' "$tmp/job.out" | tail -n 1)
[ -n "$signal_step" ] || fail "fourfold-train did not save at the signal: $tmp/job.out"
mapfile -t resumed < <(sed -n 's/.*; resumed from .*step_[0-9]*\.h5 (step \([0-9]*\),.*/\1/p' "$tmp/job.out")
[ ${#resumed[@]} -eq 2 ] || fail "${#resumed[@]} starts resumed from a checkpoint ('resumed from' in $tmp/job.out), expected 2"
[ "${resumed[0]}" -ge "$saved1" ] && [ "${resumed[1]}" -ge "$saved2" ] && [ "${resumed[1]}" -lt $steps ] ||
  fail "resumed at steps ${resumed[*]}: expected >= $saved1, then >= $saved2 and < $steps (the checkpoints before each stop)"
[ "${resumed[1]}" -eq "$signal_step" ] ||
  fail "saved at step $signal_step at the signal but resumed at step ${resumed[1]}: steps were lost"
python3 - "$tmp/reference/metrics.jsonl" "$out/metrics.jsonl" "$steps" <<'PY' || fail "the requeued run's metrics differ from the reference"
import json, sys
ref = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
job = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
steps = int(sys.argv[3])
for name, rows in (("reference", ref), ("job", job)):
    got = [r["step"] for r in rows]
    if got != list(range(1, steps + 1)):
        sys.exit(f"{name} metrics.jsonl: steps {got[:3]}...{got[-3:]} ({len(got)} rows), expected 1..{steps}")
bad = [(a["step"], a["loss"], b["loss"]) for a, b in zip(ref, job) if a["loss"] != b["loss"]]
if bad:
    s, a, b = bad[0]
    sys.exit(f"{len(bad)} steps differ; first: step {s} loss {a!r} uninterrupted, {b!r} requeued")
if ref[-1].get("val_loss") != job[-1].get("val_loss"):
    sys.exit(f"validation loss {ref[-1].get('val_loss')!r} uninterrupted, {job[-1].get('val_loss')!r} requeued")
print(f"slurm-local: all {steps} step losses equal the reference's, and the validation loss "
      f"({job[-1]['val_loss']!r})")
PY
last_loss() { python3 -c 'import json, sys; print(repr([json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1]["loss"]))' "$1"; }
say "resumed at step ${resumed[0]} (after scontrol requeue) and ${resumed[1]} (after the time-limit signal, saved at step $signal_step when the newest scheduled checkpoint was $saved2: no step lost), final loss $(last_loss "$out/metrics.jsonl") == uninterrupted $(last_loss "$tmp/reference/metrics.jsonl")"
