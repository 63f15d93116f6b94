#!/usr/bin/env bash
# CI stage: the suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# (FOURFOLD_SANITIZE=address,undefined, -O1) on Debian's Kokkos, and its 1- and 2-rank tests run
# clean: any ASan or UBSan report, or a leak outside Open MPI's known ones
# (scripts/ci/lsan-openmpi.supp), fails the test that hit it.
#   scripts/ci/sanitize.sh [ctest args...]
# Builds into build-asan/ (kept between runs). Runs the unit tests and the MPI tests at 1 and 2
# ranks; skipped are the 4-rank runs (four instrumented ranks on two cores repeat the 2-rank
# ones, slowly) and the script tests (whole programs the plain suite already runs; CI's 50
# minutes do not hold them twice). `scripts/ci/sanitize.sh -L script` runs those too.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/scripts/common.sh"
build=$root/build-asan
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DFOURFOLD_SANITIZE=address,undefined -DFOURFOLD_ENABLE_NATIVE=OFF -DFOURFOLD_ENABLE_WERROR=ON \
    >"$build.configure.log" 2>&1 || { tail -30 "$build.configure.log" >&2; echo "sanitize: configure failed" >&2; exit 1; }
fi
cmake --build "$build" >"$build/sanitize-build.log" 2>&1 ||
  { grep -E "error|FAILED" "$build/sanitize-build.log" | head -30 >&2; echo "sanitize: build failed (log: $build/sanitize-build.log)" >&2; exit 1; }
# Full unwinding at each allocation: the fast unwinder stops at the first library built without
# frame pointers (Open MPI, Trilinos Kokkos), and the suppressions could not see them.
# intercept_tls_get_addr=0: GCC 12's runtime (as LLVM's up to 16) takes a dynamic TLS block
# that glibc >= 2.25 happened to malloc at offset 16 of a page for an old glibc's header, reads a
# bogus range from before it, and LeakSanitizer's tracer dies at exit ("Tracer caught signal
# 11") after every test passed: a flake that depends only on where malloc puts the block.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:fast_unwind_on_malloc=0:allocator_may_return_null=0:intercept_tls_get_addr=0
export LSAN_OPTIONS=suppressions=$root/scripts/ci/lsan-openmpi.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export OPENBLAS_NUM_THREADS=1
cd "$build"
if [ $# -gt 0 ]; then
  ctest --output-on-failure -j 2 -E '\.np4$|^(install_consumer|gpu_scripts)$' "$@"
else
  ctest --output-on-failure -j 2 -E '\.np4$' -LE script
fi
