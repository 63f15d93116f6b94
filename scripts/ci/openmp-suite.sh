#!/usr/bin/env bash
# CI stage 3: the suite on upstream Kokkos 4.6.01 with the OpenMP backend, 2 OpenMP threads per
# rank, built with AddressSanitizer and UndefinedBehaviorSanitizer (FOURFOLD_SANITIZE=
# address,undefined, -O1, warnings as errors). One build checks what two stages used to: data
# races that the Serial backend hides and drift between the Kokkos 3.4 and 4.x APIs (the OpenMP
# suite), and memory errors, undefined behaviour and leaks (the sanitizer suite). Any ASan or
# UBSan report, or a leak outside Open MPI's known ones (scripts/ci/lsan-openmpi.supp), fails the
# test that hit it. Builds the Kokkos install once (reused afterwards) into .deps/. The libraries
# are a unity build (8 sources per compile; each test is its own), as in the GPU compile stages:
# the Serial suite compiles every file alone.
#
# Runs the unit tests and the MPI tests at 2 ranks (at 1 rank those that have no 2-rank run).
# Left to the Serial suite (scripts/test.sh), which runs them all: the 1-rank runs of programs
# that also run on 2 ranks (the same kernels on the same 2 threads per rank, and the 2-rank grids
# keep three axes of size 1, so the one-rank shortcuts of the collectives run there too), the 4-
# and 8-rank runs (8 and 16 instrumented threads on CI's 2 cores repeat the 2-rank ones with the
# same kernels, slowly) and the script tests (whole programs built from the same kernels).
# `-L script` or `-R '\.np[14]$'` runs those too.
#   scripts/ci/openmp-suite.sh [ctest arguments...]      build into build-openmp/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kokkos.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
ensure_kokkos openmp

build=${FOURFOLD_OPENMP_BUILD_DIR:-$fourfold_root/build-openmp}
cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DFOURFOLD_SANITIZE=address,undefined -DFOURFOLD_ENABLE_NATIVE=OFF \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DFOURFOLD_ENABLE_WERROR=ON >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; exit 1; }
grep -q "Kokkos flavour upstream" "$build.configure.log" || { cat "$build.configure.log"; echo "openmp-suite: not configured against upstream Kokkos" >&2; exit 1; }
cmake --build "$build" -j "$jobs"

# Two threads per rank that really run in parallel: Open MPI would bind each rank to one core
# (both threads on it); passive waiting keeps oversubscribed ranks from spinning on the 2 cores.
export OMP_NUM_THREADS=2 OMP_PROC_BIND=false OMP_WAIT_POLICY=passive
export OMPI_MCA_hwloc_base_binding_policy=none
export OPENBLAS_NUM_THREADS=1
# Full unwinding at each allocation: the fast unwinder stops at the first library built without
# frame pointers (Open MPI), and the suppressions could not see it.
# intercept_tls_get_addr=0: GCC 12's runtime (as LLVM's up to 16) takes a dynamic TLS block
# that glibc >= 2.25 happened to malloc at offset 16 of a page for an old glibc's header, reads a
# bogus range from before it, and LeakSanitizer's tracer dies at exit ("Tracer caught signal
# 11") after every test passed: a flake that depends only on where malloc puts the block.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:fast_unwind_on_malloc=0:allocator_may_return_null=0:intercept_tls_get_addr=0
export LSAN_OPTIONS=suppressions=$fourfold_root/scripts/ci/lsan-openmpi.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$build/bin/fourfold-bench" gemm --shape 256x256x256 --iters 1 | sed -n 1p   # sed reads all: no SIGPIPE
if [ $# -gt 0 ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900 -E '^(install_consumer|gpu_scripts)$' "$@"
else
  # The 1-rank runs whose program has a 2-rank run too, as one ctest pattern.
  tests=$(ctest --test-dir "$build" -N | sed -n 's/^ *Test *#[0-9]*: *//p')
  np1_twins=$(grep '\.np1$' <<<"$tests" | while read -r t; do
    if grep -qx "${t%.np1}.np2" <<<"$tests"; then echo "${t//./\\.}"; fi
  done | paste -sd'|' -)
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900 -E "\.np[48]\$${np1_twins:+|^($np1_twins)\$}" -LE script
fi
