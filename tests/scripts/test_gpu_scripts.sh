#!/usr/bin/env bash
# The scripts that build and check fourfold for GPUs, where no GPU is: each parses (bash -n),
# and scripts/gpu/check.sh goes through every step in a dry run (printing the commands it would
# run on a GPU machine) and exits 0.
set -eu
build=$1
source_dir=$2
for script in "$source_dir"/scripts/build-kokkos.sh "$source_dir"/scripts/ci/*.sh "$source_dir"/scripts/gpu/*.sh; do
  bash -n "$script" || { echo "syntax error in $script"; exit 1; }
done
out=$build/gpu-check-dry-run
rm -rf "$out"
"$source_dir/scripts/gpu/check.sh" --dry-run --out "$out" --bundle "$build/no-bundle-here" >"$out.log" 2>&1 || {
  cat "$out.log"; echo "check.sh --dry-run failed"; exit 1; }
for expected in "train-tiny" "train-gpt2-124m" "--batch-size 8 --micro-batch-size 8 --seq-len 1024" "--steps 200" \
                "bench-model" "--count-syncs" "bench-step-none" "bench-step-all" "--overlap all" "2-rank tests: skipped" \
                "train-gpt2-124m-bf16" "bench-gemm-bf16" "bench-step-bf16" "train.precision="; do
  grep -q -- "$expected" "$out.log" || { cat "$out.log"; echo "dry run does not mention '$expected'"; exit 1; }
done
"$source_dir/scripts/build-kokkos.sh" cuda "$build/x" --arch sm_12 >/dev/null 2>&1 && { echo "build-kokkos accepted --arch sm_12"; exit 1; }
"$source_dir/scripts/build-kokkos.sh" rocm "$build/x" >/dev/null 2>&1 && { echo "build-kokkos accepted backend rocm"; exit 1; }
echo "gpu scripts: syntax ok, check.sh dry run ok, bad arguments rejected"
