#!/usr/bin/env bash
# One run on a machine with an NVIDIA GPU and the CUDA toolkit (no MPI, HDF5 or OpenBLAS
# development files needed), within 10 minutes:
#   1. loads fourfold built for the GPU: the bundle scripts/gpu/pack.sh made on a build machine
#      (it travels with the working tree as .gpu-bundle), with the machine's CUDA and NCCL
#   2. runs the suite's one-rank tests, and its 2-rank tests when 2 GPUs are present
#   3. trains the tiny model for 200 steps and GPT-2 124M for 20 steps (batch 8 x 1024) on one GPU,
#      in fp32 and in bf16
#   4. prints tokens/s, the share of step time in GEMMs, the host waits per step and the GEMM
#      rate in fp32 and bf16
#   5. GPT-2 124M steps with overlap "none" and "all" on grid 1x1x1x1: the overlap machinery
#      (schedule, double-buffered weights, gradient ring, event timing) must not serialise or
#      slow a step on one GPU
#
#   scripts/gpu/check.sh [--bundle DIR] [--out DIR] [--budget SECONDS] [--dry-run]
#     --bundle   the bundle (default .gpu-bundle in the checkout, or .gpu-bundle.tar.xz unpacked)
#     --budget   the whole run's time (default 540 s): each step's limit is cut to what is left,
#                and steps that no longer fit are skipped and reported
#     --out      where logs and runs go (default $OUT when set, else build/gpu-check)
#     --dry-run  check the script and the bundle here and print every command, running none
# Exits non-zero when a step fails; the summary at the end names each step's result.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bundle=$root/.gpu-bundle
out=${OUT:-$root/build/gpu-check}
dry_run=0
budget=540
while [ $# -gt 0 ]; do
  case $1 in
    --bundle) bundle=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    --budget) budget=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
# The bundle travels compressed: unpack it next to the archive the first time.
if [ ! -d "$bundle" ] && [ -f "$bundle.tar.xz" ]; then
  if [ $dry_run -eq 1 ]; then
    echo "gpu-check: [dry run] would unpack $bundle.tar.xz"
  else
    tar -C "$(dirname "$bundle")" -xJf "$bundle.tar.xz" || { echo "gpu-check: cannot unpack $bundle.tar.xz" >&2; exit 1; }
  fi
fi
bundle=$(cd "$bundle" 2>/dev/null && pwd || echo "$bundle")
mkdir -p "$out"
log=$out/check.log
: >"$log"
say() { echo "gpu-check: $*" | tee -a "$log"; }
results=()
failed=0

# step NAME SECONDS COMMAND...: runs (or, dry, prints) one command with a time limit, its output
# kept in $out/NAME.log and its tail shown.
step() {
  local name=$1 limit=$2
  shift 2
  if [ $dry_run -eq 1 ]; then
    say "[dry run] $name (limit ${limit}s): $*"
    results+=("$name: not run (dry run)")
    return 0
  fi
  local left=$((budget - SECONDS))
  if [ $left -lt 15 ]; then
    results+=("$name: skipped (the ${budget} s budget is spent)")
    failed=1
    return 0
  fi
  [ "$limit" -le "$left" ] || limit=$left
  say "$name: $*"
  local start=$SECONDS status=0
  timeout --kill-after=10 "$limit" "$@" >"$out/$name.log" 2>&1 || status=$?
  tail -n 15 "$out/$name.log" | tee -a "$log"
  if [ $status -eq 0 ]; then
    results+=("$name: passed in $((SECONDS - start)) s")
  else
    results+=("$name: FAILED (exit $status$([ $status -eq 124 ] && echo ', time limit') after $((SECONDS - start)) s)")
    failed=1
  fi
}

FOURFOLD_BUNDLE=$bundle source "$root/scripts/gpu/env.sh"
export FOURFOLD_SOURCE_DIR=$root  # tests that read the checkout (configs/) find it here
say "bundle $bundle: $(head -1 "$bundle/manifest.txt" 2>/dev/null || echo 'missing')"
[ -n "$fourfold_env_problems" ] && say "environment: $fourfold_env_problems"
if [ $dry_run -eq 0 ]; then
  [ -z "$fourfold_env_problems" ] || { say "cannot run: $fourfold_env_problems"; exit 1; }
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | tee -a "$log"
fi
gpus=$( (nvidia-smi -L 2>/dev/null || true) | grep -c '^GPU' )
say "$gpus GPU(s) visible"
missing=$(LD_LIBRARY_PATH=$LD_LIBRARY_PATH ldd "$bundle/bin/fourfold-train" 2>/dev/null | grep 'not found' | grep -v 'libcuda.so' || true)
[ -z "$missing" ] || say "libraries not found for fourfold-train: $(echo "$missing" | awk '{print $1}' | tr '\n' ' ')"

# 0. MPI and parallel HDF5 from the bundle, before any GPU program.
step mpi-probe 60 "$bundle/bin/mpi-probe" "$out/probe.h5"

# 1. The suite's tests, one rank each (every test program; MPI tests as singletons).
tests=("$bundle"/tests/test_*)
if [ ! -e "${tests[0]}" ]; then
  say "no test programs in $bundle/tests (make the bundle with scripts/gpu/pack.sh)"
  [ $dry_run -eq 1 ] || failed=1
  tests=()
fi
for test in "${tests[@]}"; do
  step "$(basename "$test").np1" 120 "$test"
done
# 2-rank tests need one GPU per rank.
if [ "$gpus" -ge 2 ] && [ -f "$bundle/tests/np2.txt" ]; then
  while read -r test; do
    step "$test.np2" 180 mpiexec -n 2 "$bundle/tests/$test"
  done <"$bundle/tests/np2.txt"
else
  results+=("2-rank tests: skipped ($gpus GPU(s); they need 2)")
fi

# 2. Training on one GPU.
data=$bundle/data
step train-tiny 150 "$bundle/bin/fourfold-train" --config "$root/configs/tiny.toml" --grid 1x1x1x1 --steps 200 \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$out/runs/tiny-$(date +%s)" --set log.every=50
step train-gpt2-124m 240 "$bundle/bin/fourfold-train" --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --steps 20 --batch-size 8 --micro-batch-size 8 --seq-len 1024 --data "$data/train.bin" \
  --set train.warmup_steps=2 --set log.every=1

step train-gpt2-124m-bf16 240 "$bundle/bin/fourfold-train" --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --steps 20 --batch-size 8 --micro-batch-size 8 --seq-len 1024 --data "$data/train.bin" \
  --set train.warmup_steps=2 --set log.every=1 --set train.precision='"bf16"'

# 3. Figures: step time and GEMM share, host waits per optimizer step, the GEMM rate of each
#    precision (a square product and GPT-2 124M's shapes at 8 x 1024 tokens).
for precision in fp32 bf16; do
  step "bench-gemm-$precision" 90 "$bundle/bin/fourfold-bench" gemm --precision $precision --shape 8192x8192x8192 \
    --shape 8192x2304x768 --shape 8192x3072x768 --shape 8192x768x3072 --warmup 3 --iters 10
done
step bench-model 120 "$bundle/bin/fourfold-bench" model --batch 8 --seq-len 1024 --warmup 1 --steps 3
step bench-syncs 120 "$bundle/bin/fourfold-bench" model --batch 8 --seq-len 1024 --warmup 1 --steps 2 --count-syncs
for mode in none all; do
  step "bench-step-$mode" 90 "$bundle/bin/fourfold-bench" step --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
    --batch-size 8 --seq-len 1024 --overlap $mode --warmup 2 --steps 5
done
step bench-step-bf16 90 "$bundle/bin/fourfold-bench" step --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --batch-size 8 --seq-len 1024 --overlap all --warmup 2 --steps 5 --set train.precision='"bf16"'

if [ $dry_run -eq 0 ]; then
  say "figures:"
  grep -h "tok/s" "$out/train-gpt2-124m.log" "$out/train-gpt2-124m-bf16.log" 2>/dev/null | grep "step *20 " | tee -a "$log"
  grep -h '"op":"gemm"' "$out/bench-gemm-fp32.log" "$out/bench-gemm-bf16.log" 2>/dev/null | tee -a "$log"
  grep -h '"bench"' "$out/bench-model.log" "$out/bench-syncs.log" 2>/dev/null | tee -a "$log"
  grep -h '"step_summary"' "$out/bench-step-none.log" "$out/bench-step-all.log" "$out/bench-step-bf16.log" 2>/dev/null \
    | tee -a "$log"
fi
say "summary:"
printf '  %s\n' "${results[@]}" | tee -a "$log"
exit $failed
