#!/usr/bin/env bash
# An error on one rank in the middle of a step, while gradient collectives are in flight on the
# progress engine (Z reduce-scatters, data-parallel buckets), must end the whole job: the
# failing rank reports it, abandons its collectives, and the job exits non-zero within the
# failure grace period instead of hanging the other ranks.
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

write_token_shard "$work/tokens.bin" 20000
{ small_model_toml 32; cat <<TOML; } >"$work/run.toml"
[parallel]
overlap = "all"
bucket_mb = 0.002
[train]
steps = 6
batch_size = 8
micro_batch_size = 4
seq_len = 16
[data]
train = "$work/tokens.bin"
[log]
every = 100
peak_gflops = 1.0
TOML

for grid in 1x1x2x1 1x1x1x2; do
  start=$(date +%s)
  out=$(FOURFOLD_STEP_FAULT=1:3 timeout 120 "$mpiexec" -n 2 "$build/bin/fourfold-train" --config "$work/run.toml" \
        --grid $grid 2>&1); rc=$?
  took=$(( $(date +%s) - start ))
  [ $rc -ne 124 ] || fail "grid $grid: the job hung after an error on rank 1 (killed after 120 s)"
  [ $rc -ne 0 ] || fail "grid $grid: the job exited 0 after an error on rank 1"
  grep -q "rank 1/2\]: error: injected fault on rank 1 in step 3" <<<"$out" \
    || fail "grid $grid: rank 1 did not report the error: $out"
  grep -q "step      1 |" <<<"$out" || fail "grid $grid: steps before the fault did not run: $out"
  echo "grid $grid: error on rank 1 in step 3 ended the job (exit $rc) in ${took} s"
done

out=$(FOURFOLD_STEP_FAULT=banana timeout 60 "$mpiexec" -n 2 "$build/bin/fourfold-train" --config "$work/run.toml" 2>&1); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "a bad FOURFOLD_STEP_FAULT was not rejected (exit $rc)"
grep -q "FOURFOLD_STEP_FAULT='banana' is not RANK:STEP" <<<"$out" || fail "bad FOURFOLD_STEP_FAULT message: $out"
echo "PASS"
