#!/usr/bin/env bash
# A rank lost in the middle of a 4-rank run must end the job within a bounded time, never hang
# it, and leave the last complete checkpoint intact:
#   - killed (SIGKILL) at a random point: the launcher sees the death and ends the others;
#   - stopped (SIGSTOP) at a random point, i.e. alive but silent, which no launcher notices: every
#     other rank's watchdog fires after parallel.timeout_s, names the stopped rank and exits
#     non-zero.
# Prints each case's time from the fault to the job's end.
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
job=
cleanup() {
  [ -n "$job" ] && kill -9 "$job" 2>/dev/null
  pkill -9 -f "$work/run.toml" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; [ -f "$work/out.log" ] && tail -20 "$work/out.log"; exit 1; }
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

timeout_s=2
# The watchdog fires within 1.25 timeouts of a fault in a step, 1.25 x 10 during checkpoint I/O
# (comm::io_timeout_factor; checkpoints are frequent here); then the launcher tears down.
bound=$((timeout_s * 10 * 5 / 4 + 12))
write_token_shard "$work/tokens.bin" 20000
{ small_model_toml 16; cat <<TOML; } >"$work/run.toml"
[parallel]
timeout_s = $timeout_s
[train]
steps = 100000
batch_size = 8
micro_batch_size = 8
seq_len = 16
[data]
train = "$work/tokens.bin"
[checkpoint]
every = 100
[log]
every = 1
peak_gflops = 1.0
gemm_efficiency = false
TOML

# rank_pid RANK: the pid of fourfold-train's rank RANK of this job (from its environment).
rank_pid() {
  local pid
  for pid in $(pgrep -f "fourfold-train --config $work/run.toml"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1"; then
      echo "$pid"
      return 0
    fi
  done
  return 1
}

for signal in KILL STOP; do
  for grid in 1x2x1x2 1x1x2x2; do
    out=$work/out-$signal-$grid
    rm -rf "$out" "$work/out.log"
    "$mpiexec" -n 4 "$build/bin/fourfold-train" --config "$work/run.toml" --grid "$grid" --out "$out" \
      >"$work/out.log" 2>&1 &
    job=$!
    # A random point after the first checkpoint: somewhere in a step, its collectives included.
    for _ in $(seq 600); do grep -q "checkpoint: step 100 saved" "$work/out.log" && break; sleep 0.1; done
    grep -q "checkpoint: step 100 saved" "$work/out.log" || fail "$signal $grid: no checkpoint at step 100 within 60 s"
    sleep "0.$((RANDOM % 10))"
    victim=$((1 + RANDOM % 3))
    pid=$(rank_pid $victim) || fail "$signal $grid: no process for rank $victim"
    start=$(date +%s.%N)
    kill -s "$signal" "$pid"
    rc=
    for _ in $(seq $((bound * 10))); do
      if ! kill -0 "$job" 2>/dev/null; then wait "$job"; rc=$?; break; fi
      sleep 0.1
    done
    took="$(python3 -c "import time; print(f'{time.time() - $start:.1f}')") s"
    if [ -z "$rc" ]; then
      kill -CONT "$pid" 2>/dev/null
      fail "$signal of rank $victim on grid $grid: the job still ran ${bound} s later (hang)"
    fi
    job=
    [ "$rc" -ne 0 ] || fail "$signal of rank $victim on grid $grid: the job exited 0"
    if [ "$signal" = STOP ]; then
      grep -q "parallel.timeout_s = $timeout_s: a peer rank died or hangs; rank $victim (pid $pid) is stopped" \
        "$work/out.log" || fail "STOP of rank $victim on grid $grid: no watchdog message naming it"
      where=$(sed -n "s/.*error: \(.*\) on group .* has waited.*/\1/p" "$work/out.log" | sort -u | paste -sd, -)
      took="$took (survivors were blocked in: $where)"
    fi
    latest=$(cat "$out/checkpoints/latest" 2>/dev/null) || fail "$signal $grid: no checkpoints/latest"
    "$build/bin/fourfold-ckpt" verify "$out/checkpoints/$latest" >"$work/verify.log" 2>&1 ||
      fail "$signal $grid: the last complete checkpoint $latest does not verify: $(cat "$work/verify.log")"
    echo "SIG$signal of rank $victim on grid $grid: job ended (exit $rc) ${took} after the fault; $latest verifies"
  done
done
echo "PASS"
