#!/usr/bin/env bash
# README command 2: install what is missing, build into build/, run the whole test suite
# (unit tests, MPI tests at 1, 2 and 4 ranks, script tests). Exits non-zero on any failure.
# Extra arguments go to ctest (e.g. -R collectives, -L mpi).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

"$fourfold_root/scripts/install-deps.sh"
fourfold_build
ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" --timeout 900 "$@"
