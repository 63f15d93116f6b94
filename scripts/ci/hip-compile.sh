#!/usr/bin/env bash
# CI stage 2: HIP (AMD GPUs), compile only. Builds Kokkos + Kokkos Kernels 4.6.01 for HIP with
# hipcc (MI250X gfx90a unless FOURFOLD_HIP_ARCH says otherwise, e.g. gfx942 where the compiler
# knows it) once, then configures fourfold with hipcc and compiles and links every library and
# executable, and the tests with device code (gpu_compile_targets_of in kokkos.sh), against it, with warnings as errors in fourfold's own code. hipcc compiles
# every source for the host and for the GPU, so device-side diagnostics (a host function called
# from a KOKKOS_LAMBDA, a warning seen only by clang) fail the stage.
# Collectives: with RCCL installed the RCCL backend is built (FOURFOLD_ENABLE_RCCL=ON); without
# it the stage checks that configure refuses FOURFOLD_ENABLE_RCCL=ON with its "RCCL was not found"
# message, then builds with device collectives over MPI. fp32 GEMMs go through Kokkos Kernels
# (rocBLAS when scripts/build-kokkos.sh found it, else its portable kernels); bf16 GEMMs through
# rocBLAS (FOURFOLD_ENABLE_ROCBLAS=ON). Without rocBLAS installed (Debian has none) the stage checks
# that configure refuses FOURFOLD_ENABLE_ROCBLAS=ON with its "rocBLAS was not found" message, then
# compiles the rocBLAS route against the vendored rocBLAS headers and links fourfold's stub
# (FOURFOLD_ROCBLAS_STUB=ON, third_party/rocblas), and checks that core calls rocBLAS's gemm_ex and
# gemm_strided_batched_ex. Nothing runs: these machines have no AMD GPU (and the stub computes nothing),
# so fourfold's code is compiled at -O1 (two thirds of hipcc's -O3 time; the diagnostics come from
# the front end, and the optimised build is what the suites check). Not -O0: clang 15 then fails
# to select the gfx10+ lane intrinsics of Kokkos' reductions for gfx90a, which -O1 folds away.
# A unity build (8 sources per compile), as the CUDA stage: the Kokkos headers parsed once per batch.
#   scripts/ci/hip-compile.sh            build into build-hip/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kokkos.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
hipcc=${HIPCC:-$(command -v hipcc || echo "${ROCM_PATH:-/opt/rocm}/bin/hipcc")}
[ -x "$hipcc" ] || { echo "hip-compile: no hipcc (not on PATH, not in \${ROCM_PATH:-/opt/rocm}/bin; set HIPCC)" >&2; exit 1; }
export HIPCC=$hipcc
arch=${FOURFOLD_HIP_ARCH:-gfx90a}
ensure_kokkos hip "$arch"
# hipcc compiles every .cpp as HIP; given no --offload-arch (sources that do not use Kokkos, links)
# it asks rocm_agent_enumerator for the GPUs, which prints a traceback without /sys/class/kfd.
export HCC_AMDGPU_TARGET=${HCC_AMDGPU_TARGET:-$arch}

build=${FOURFOLD_HIP_BUILD_DIR:-$fourfold_root/build-hip}
configure() {
  cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_CXX_COMPILER="$hipcc" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
    -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DFOURFOLD_ENABLE_WERROR=ON "$@" >"$build.configure.log" 2>&1
}
# Every configure names all four options, so that a cache left by an earlier run decides nothing.
rccl=ON
collectives=(-DFOURFOLD_ENABLE_RCCL=ON)
if ! configure "${collectives[@]}" -DFOURFOLD_ENABLE_ROCBLAS=OFF -DFOURFOLD_ROCBLAS_STUB=OFF; then
  if ! grep -q "FOURFOLD_ENABLE_RCCL=ON but RCCL was not found" "$build.configure.log"; then
    cat "$build.configure.log"
    echo "hip-compile: configure failed (and not for want of RCCL)" >&2
    exit 1
  fi
  echo "hip-compile: no RCCL here; configure refused FOURFOLD_ENABLE_RCCL=ON as it should. Building with device collectives over MPI."
  rccl=OFF
  collectives=(-DFOURFOLD_ENABLE_RCCL=OFF -DFOURFOLD_ENABLE_NCCL=OFF)
fi
rocblas=rocBLAS
if ! configure "${collectives[@]}" -DFOURFOLD_ENABLE_ROCBLAS=ON -DFOURFOLD_ROCBLAS_STUB=OFF; then
  if ! grep -q "FOURFOLD_ENABLE_ROCBLAS=ON but rocBLAS was not found" "$build.configure.log"; then
    cat "$build.configure.log"
    echo "hip-compile: configure failed (and not for want of rocBLAS)" >&2
    exit 1
  fi
  echo "hip-compile: no rocBLAS here; configure refused FOURFOLD_ENABLE_ROCBLAS=ON as it should. Compiling the rocBLAS route against the vendored headers and linking the stub (FOURFOLD_ROCBLAS_STUB=ON)."
  rocblas="rocBLAS stub (compile check only)"
  configure "${collectives[@]}" -DFOURFOLD_ENABLE_ROCBLAS=ON -DFOURFOLD_ROCBLAS_STUB=ON || { cat "$build.configure.log"; exit 1; }
fi
grep -q "^#define FOURFOLD_ENABLE_ROCBLAS 1" "$build/generated/core/config.hpp" || { cat "$build.configure.log"; echo "hip-compile: configured without the rocBLAS route (FOURFOLD_ENABLE_ROCBLAS is not 1 in $build/generated/core/config.hpp)" >&2; exit 1; }
grep -q "Kokkos flavour upstream" "$build.configure.log" || { cat "$build.configure.log"; echo "hip-compile: not configured against upstream Kokkos" >&2; exit 1; }
grep -q -- "--offload-arch=$arch" "$build/build.ninja" || { echo "hip-compile: Kokkos did not add --offload-arch=$arch to fourfold's compile lines" >&2; exit 1; }
start=$SECONDS
gpu_compile_targets_of "$build"
cmake --build "$build" -j "$jobs" --target "${gpu_compile_targets[@]}"
# The rocBLAS route is compiled in: core's GEMM calls rocBLAS's two bf16 GEMMs (undefined in
# core's archive, defined by rocBLAS or the stub at link time).
core_lib=$(find "$build" -name 'libfourfold_core.*' -print -quit)
[ -n "$core_lib" ] || { echo "hip-compile: no libfourfold_core under $build" >&2; exit 1; }
core_symbols=$(nm "$core_lib")
for symbol in rocblas_gemm_ex rocblas_gemm_strided_batched_ex; do
  grep -q " U $symbol\$" <<<"$core_symbols" || { echo "hip-compile: $core_lib does not call $symbol: the rocBLAS route was not compiled in" >&2; exit 1; }
done
targets=$(find "$build/bin" -maxdepth 1 -type f -executable | wc -l)
echo "hip-compile: every library, $targets executables and the device-code tests compiled and linked for HIP ($arch, RCCL $rccl, bf16 GEMMs through $rocblas, -Werror, -O1) in $((SECONDS - start)) s"
