#!/usr/bin/env bash
# README command 1: the main job. Installs what is missing, builds, and measures the 4D grid's
# collectives on 4 ranks (grid 2x1x2x1: X and Z groups of 2, XY and tensor-parallel groups)
# plus the GEMM rate of this machine. Output: JSON lines (see README).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

"$fourfold_root/scripts/install-deps.sh"
fourfold_build
echo "== GEMM rate (2 ranks, 1 BLAS thread each; gflops_total is the machine's rate) =="
OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$build_dir/bin/fourfold-bench" gemm
echo "== collectives on grid 2x1x2x1 (4 ranks) =="
OPENBLAS_NUM_THREADS=1 mpiexec -n 4 "$build_dir/bin/fourfold-bench" comm --grid 2x1x2x1 \
  --min-bytes 4096 --max-bytes 4194304
