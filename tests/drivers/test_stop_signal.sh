#!/usr/bin/env bash
# fourfold-train at a stop signal (drivers/train/stop_signal.hpp), on 2 ranks: SIGUSR1 on one rank
# only stops both at the same step boundary, after a checkpoint of that step, with exit status
# 75; --resume then ends exactly as an uninterrupted run, and metrics.jsonl holds every step
# once (zero lost steps). SIGTERM on both ranks does the same.
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

write_token_shard "$work/tokens.bin" 40000
steps=400
{ small_model_toml 32; cat <<TOML; } >"$work/run.toml"
[parallel]
grid = "1x2x1x1"
[train]
steps = $steps
batch_size = 8
seq_len = 16
lr = 1e-3
warmup_steps = 2
[data]
train = "$work/tokens.bin"
order = "shuffled"
[checkpoint]
every = 0
[log]
every = 1000
peak_gflops = 1.0
TOML
train=$build/bin/fourfold-train
final_loss() { python3 -c "import json,sys; print([json.loads(l) for l in open(sys.argv[1])][-1]['loss'])" "$1"; }
records() { grep -c '"step"' "$1" 2>/dev/null || echo 0; }

out=$(timeout 240 "$mpiexec" -n 2 "$train" --config "$work/run.toml" --out "$work/whole" 2>&1) \
  || fail "uninterrupted run failed: $out"
expected=$(final_loss "$work/whole/metrics.jsonl")

# stop_run DIR SIGNAL WHO [extra arguments]: starts the run, sends SIGNAL to one rank (WHO = one)
# or both (WHO = both) once 5 steps are done, and waits; prints the output, returns its status.
stop_run() {
  local dir=$1 signal=$2 who=$3
  shift 3
  timeout 240 "$mpiexec" -n 2 "$train" --config "$work/run.toml" "$@" >"$work/out.log" 2>&1 &
  local launcher=$! waited=0 ranks
  while [ "$(records "$dir/metrics.jsonl")" -lt 5 ] && [ $waited -lt 2000 ] && kill -0 $launcher 2>/dev/null; do
    sleep 0.05
    waited=$((waited + 1))
  done
  ranks=$(pgrep -f "^$train --config $work/run.toml.*$dir" | sort -n)
  [ -n "$ranks" ] || { cat "$work/out.log"; return 99; }
  if [ "$who" = one ]; then kill -"$signal" "$(head -1 <<<"$ranks")"; else kill -"$signal" $ranks; fi
  local rc=0
  wait $launcher || rc=$?
  cat "$work/out.log"
  return $rc
}

dir=$work/usr1
out=$(stop_run "$dir" USR1 one --out "$dir"); rc=$?
[ $rc -eq 75 ] || fail "SIGUSR1 on one rank: exit status $rc, expected 75: $out"
at=$(sed -n 's/.*SIGUSR1 at step \([0-9]*\): checkpoint .* saved, stopping for a requeue.*/\1/p' <<<"$out")
[ -n "$at" ] || fail "no save-at-signal line: $out"
[ "$at" -lt "$steps" ] || fail "the signal came too late to test (step $at of $steps)"
[ -s "$dir/checkpoints/$(printf 'step_%08d.h5' "$at")" ] || fail "no checkpoint of step $at: $(ls "$dir/checkpoints")"
[ "$(records "$dir/metrics.jsonl")" -eq "$at" ] || fail "metrics.jsonl holds $(records "$dir/metrics.jsonl") steps, the save is of step $at"
out=$(timeout 240 "$mpiexec" -n 2 "$train" --config "$work/run.toml" --out "$dir" --resume 2>&1) \
  || fail "resume after SIGUSR1 failed: $out"
grep -q "resumed from .*$(printf 'step_%08d.h5' "$at") (step $at" <<<"$out" || fail "the resume did not start at step $at: $out"
[ "$(final_loss "$dir/metrics.jsonl")" = "$expected" ] || fail "after SIGUSR1 and resume the final loss is $(final_loss "$dir/metrics.jsonl"), uninterrupted $expected"
[ "$(records "$dir/metrics.jsonl")" -eq "$steps" ] || fail "metrics.jsonl holds $(records "$dir/metrics.jsonl") steps after resume (expected $steps: none lost, none twice)"
echo "SIGUSR1 on one rank: saved at step $at, exit 75; the resume ends at the uninterrupted loss $expected"

dir=$work/term
out=$(stop_run "$dir" TERM both --out "$dir"); rc=$?
[ $rc -eq 75 ] || fail "SIGTERM: exit status $rc, expected 75: $out"
grep -q "SIGTERM at step [0-9]*: checkpoint .* saved" <<<"$out" || fail "no save at SIGTERM: $out"
echo "SIGTERM on both ranks: saved, exit 75"
echo PASS
