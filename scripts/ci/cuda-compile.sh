#!/usr/bin/env bash
# CI stage 1: CUDA, compile only. Builds Kokkos + Kokkos Kernels 4.6.01 for CUDA (Hopper sm_90
# unless FOURFOLD_CUDA_ARCH says otherwise) once, then compiles and links every fourfold library
# and executable, and the tests with device code (gpu_compile_targets_of in kokkos.sh), against it
# with NCCL enabled and warnings as errors in fourfold's own code
# (host compiler warnings and nvcc's own diagnostics, such as a host function called from a
# kernel). Kokkos-using code goes through nvcc_wrapper; host-only code through the host compiler.
# Nothing runs: these machines have no GPU (scripts/gpu/check.sh runs it on one). So fourfold's
# code is compiled without optimisation (-O0, what the compile costs is the front end, where the
# diagnostics are): the optimised build is what the suites check and scripts/gpu/check.sh runs.
# A unity build (8 sources per compile): most of a file's nvcc time is the Kokkos headers, parsed
# once per batch instead of once per file (the suites still compile every file on its own).
#   scripts/ci/cuda-compile.sh            build into build-cuda/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kokkos.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || { echo "cuda-compile: no CUDA toolkit (nvcc not on PATH, not in /usr/local/cuda)" >&2; exit 1; }
export PATH=$(dirname "$nvcc"):$PATH
arch=${FOURFOLD_CUDA_ARCH:-sm_90}
ensure_kokkos cuda "$arch"

build=${FOURFOLD_CUDA_BUILD_DIR:-$fourfold_root/build-cuda}
cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" \
  -DCMAKE_CXX_COMPILER=g++ -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DFOURFOLD_ENABLE_NCCL=ON -DFOURFOLD_ENABLE_WERROR=ON >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; exit 1; }
grep -q "Kokkos flavour upstream" "$build.configure.log" || { cat "$build.configure.log"; echo "cuda-compile: not configured against upstream Kokkos" >&2; exit 1; }
start=$SECONDS
gpu_compile_targets_of "$build"
cmake --build "$build" -j "$jobs" --target "${gpu_compile_targets[@]}"
targets=$(find "$build/bin" -maxdepth 1 -type f -executable | wc -l)
echo "cuda-compile: every library, $targets executables and the device-code tests compiled and linked for CUDA ($arch, NCCL on, -Werror, -O0) in $((SECONDS - start)) s"
