#!/usr/bin/env bash
# CI stage 3: the test suite on upstream Kokkos 4.6.01 with the OpenMP backend and 2 OpenMP
# threads per rank. Finds data races that the Serial backend hides, and drift between the Kokkos
# 3.4 and 4.x APIs. Builds the Kokkos install once (reused afterwards). Every test but the 4- and
# 8-rank runs of the MPI tests: those put 8 and 16 threads on CI's 2 cores and took 44% of the
# stage's test time, and the same kernels run threaded at 1 and 2 ranks (the Serial suite runs them all).
#   scripts/ci/openmp-suite.sh [ctest arguments...]      build into build-openmp/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kokkos.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
ensure_kokkos openmp

build=${FOURFOLD_OPENMP_BUILD_DIR:-$fourfold_root/build-openmp}
cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DFOURFOLD_ENABLE_WERROR=ON >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$jobs"

# Two threads per rank that really run in parallel: Open MPI would bind each rank to one core
# (both threads on it); passive waiting keeps oversubscribed ranks from spinning on the 2 cores.
export OMP_NUM_THREADS=2 OMP_PROC_BIND=false OMP_WAIT_POLICY=passive
export OMPI_MCA_hwloc_base_binding_policy=none
"$build/bin/fourfold-bench" gemm --shape 256x256x256 --iters 1 | sed -n 1p   # sed reads all: no SIGPIPE
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900 -E '\.np[48]$' "$@"
