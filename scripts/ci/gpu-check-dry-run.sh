#!/usr/bin/env bash
# CI stage: scripts/gpu/check.sh cannot rot. It packs what the CUDA compile stage built
# (build-cuda/: every executable, -O0, static, linked against Kokkos CUDA and NCCL; no test program
# is linked there) with scripts/gpu/pack.sh --from-build into build-gpu-dry-run/gpu-bundle (build-cuda/
# is only read), a bundle of kind compile-check (the executables, every library they load but the GPU driver and CUDA, Open
# MPI, the token shards and the CPU references made with the suite's CPU build), and runs
# scripts/gpu/check.sh --dry-run on it: every command of the five questions is printed and checked
# (its program is in the bundle and loads but for libcuda, every option it gives a fourfold
# program is one that program defines, every file it names exists, each training command's
# arguments pass the CPU build's fourfold-train --dry-run, the references parse), and the dry
# run must end with no problem. The test programs of question 1 are listed from the build's ctest
# and printed; only a gpu bundle (pack.sh without --from-build, an optimised shared build) holds
# them, which pack.sh checks. A compile-check bundle cannot make a GPU run: check.sh refuses it.
# Then scripts/gpu/verify-bundle.sh checks the bundle with the system's copies of its libraries
# hidden, as a GPU machine sees it (as root: it needs a mount namespace).
#   scripts/ci/gpu-check-dry-run.sh      after scripts/test.sh (build/) and scripts/ci/cuda-compile.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
cuda_build=${FOURFOLD_CUDA_BUILD_DIR:-$fourfold_root/build-cuda}
fail() { echo "gpu-check-dry-run: $*" >&2; exit 1; }
[ -x "$cuda_build/bin/fourfold-train" ] || fail "no CUDA build at $cuda_build (scripts/ci/cuda-compile.sh makes it)"
[ -x "$build_dir/bin/fourfold-train" ] || fail "no CPU build at $build_dir (scripts/test.sh makes it)"

work=${FOURFOLD_GPU_DRY_RUN_DIR:-$fourfold_root/build-gpu-dry-run}
mkdir -p "$work"
bundle=$work/gpu-bundle
start=$SECONDS
"$fourfold_root/scripts/gpu/pack.sh" --from-build "$cuda_build" --out "$bundle" --cpu-build "$build_dir"
pack_s=$((SECONDS - start))

out=$work/check
rm -rf "$out" "$out.log"
start=$SECONDS
"$fourfold_root/scripts/gpu/check.sh" --dry-run --bundle "$bundle" --out "$out" --cpu-build "$build_dir" >"$out.log" 2>&1 \
  || { cat "$out.log"; fail "check.sh --dry-run failed on $bundle"; }
dry_s=$((SECONDS - start))
cat "$out.log"
grep -q "commands checked against the compile-check bundle .*: no problems" "$out.log" \
  || fail "the dry run did not check its commands against the bundle"
for question in 1 2 3 4 5; do
  grep -q "^gpu-check: \[dry run\] Q$question " "$out.log" || fail "the dry run printed no command of question $question"
done
listed=$(wc -l <"$bundle/tests/programs.txt")
[ "$(grep -c '^gpu-check: \[dry run\] Q1 test_.*\.np1 ' "$out.log")" -eq "$listed" ] \
  || fail "the dry run did not print all $listed one-rank test programs"
start=$SECONDS
if [ "$(id -u)" -eq 0 ]; then
  "$fourfold_root/scripts/gpu/verify-bundle.sh" "$bundle"
  verify="verified with the system's libraries hidden in $((SECONDS - start))s"
else
  verify="not verified with the system's libraries hidden (scripts/gpu/verify-bundle.sh needs root)"
fi
echo "gpu-check-dry-run: packed $cuda_build in ${pack_s}s ($(du -sm "$bundle" | cut -f1) MiB," \
     "$(du -sm "$bundle.tar.xz" | cut -f1) MiB compressed); dry run of $(grep -c '^gpu-check: \[dry run\] Q' "$out.log")" \
     "commands in ${dry_s}s; bundle $verify"
