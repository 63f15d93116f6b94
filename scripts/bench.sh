#!/usr/bin/env bash
# The figures fourfold reports on a machine, as JSON lines and step lines (assumes a build in
# build/, e.g. from scripts/demo.sh or scripts/test.sh):
#   1. GEMM rate through the wrapper, 1 rank with 1 and 2 BLAS threads, and 2 ranks x 1 thread
#   2. all-reduce (and the other collectives) on 2 and 4 ranks
#   3. GPT-2 124M forward + backward (batch 4 x 64) on 1 rank and 2 ranks, share in GEMMs
#   4. GPT-2 124M training throughput and MFU (AdamW included) on 2 ranks and 1 rank x 2 threads
#   5. checkpoint save and load of GPT-2 124M with optimizer state on 1, 2 and 4 ranks
#   6. kernels: every kernel of a GPT-2 124M step at one rank's shard, T = 64 and 1024, on 1 rank
#      and 2 ranks (grid 1x2x1x1), with a memory triad; with FOURFOLD_BENCH_BEFORE=<another
#      build folder> the same runs of that build too, joined into a before/after table
#   7. long: GPT-2 124M forward + backward at batch 4 x 1024 on 2 ranks (grid 1x2x1x1), share in GEMMs
# Pick sections with arguments: scripts/bench.sh gemm comm model train checkpoint kernels long
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"
bench=$build_dir/bin/fourfold-bench
[ -x "$bench" ] || { echo "bench: build first (scripts/demo.sh or scripts/test.sh)" >&2; exit 1; }
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(gemm comm model train checkpoint kernels long)
want() { [[ " ${sections[*]} " == *" $1 "* ]]; }

if want gemm; then
  echo "== GEMM (1 rank, 1 thread; 1 rank, 2 threads; 2 ranks x 1 thread) =="
  OPENBLAS_NUM_THREADS=1 "$bench" gemm --shape 1024x1024x1024 --shape 256x2304x768
  OPENBLAS_NUM_THREADS=2 "$bench" gemm --shape 1024x1024x1024 --shape 256x2304x768
  OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$bench" gemm --shape 1024x1024x1024 --shape 256x2304x768
fi
if want comm; then
  echo "== collectives: 2 ranks (grid 2x1x1x1), 4 ranks (grid 4x1x1x1) =="
  OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$bench" comm --grid 2x1x1x1 --min-bytes 65536 --max-bytes 16777216 --ops all_reduce
  OPENBLAS_NUM_THREADS=1 mpiexec -n 4 "$bench" comm --grid 4x1x1x1 --min-bytes 65536 --max-bytes 16777216 --ops all_reduce
fi
if want model; then
  echo "== GPT-2 124M forward + backward, batch 4 x 64 =="
  OPENBLAS_NUM_THREADS=1 "$bench" model --steps 3
  OPENBLAS_NUM_THREADS=2 "$bench" model --steps 3
  for grid in 1x2x1x1 2x1x1x1 1x1x1x2; do
    OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$bench" model --steps 3 --grid $grid
  done
fi
if want train; then
  echo "== GPT-2 124M training steps (AdamW included), batch 4 x 64 =="
  data=build/data/fortunes
  if [ ! -s "$data/train.bin" ]; then
    mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
    "$build_dir/bin/fourfold-prep" --out "$data" "${texts[@]}"
  fi
  common=(--data "$data/train.bin" --steps 6 --batch-size 4 --seq-len 64 --set train.warmup_steps=1 --set log.every=1)
  OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$build_dir/bin/fourfold-train" "${common[@]}" --grid 1x2x1x1 | tail -3
  OPENBLAS_NUM_THREADS=2 "$build_dir/bin/fourfold-train" "${common[@]}" | tail -3
fi
if want checkpoint; then
  echo "== GPT-2 124M checkpoint with optimizer state =="
  OPENBLAS_NUM_THREADS=1 "$bench" checkpoint --dir build/bench-checkpoints
  OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$bench" checkpoint --dir build/bench-checkpoints --grid 1x2x1x1
  OPENBLAS_NUM_THREADS=1 mpiexec -n 4 "$bench" checkpoint --dir build/bench-checkpoints --grid 2x1x2x1
fi
if want kernels; then
  echo "== GPT-2 124M kernels at one rank's shard, batch 4 x 64 and 4 x 1024, 1 rank and 2 ranks (1x2x1x1) =="
  kernel_runs() {  # $1: a fourfold-bench binary; JSON lines of every run on stdout, tables on stderr
    for seq in 64 1024; do
      OPENBLAS_NUM_THREADS=1 "$1" kernels --seq-len $seq
      OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$1" kernels --seq-len $seq --grid 1x2x1x1
    done | tee >(grep -v '^{' >&2) | grep '^{'
  }
  after=$(kernel_runs "$bench")
  if [ -n "${FOURFOLD_BENCH_BEFORE:-}" ]; then
    before_bench=$FOURFOLD_BENCH_BEFORE/bin/fourfold-bench
    [ -x "$before_bench" ] || { echo "bench: FOURFOLD_BENCH_BEFORE=$FOURFOLD_BENCH_BEFORE has no bin/fourfold-bench" >&2; exit 1; }
    before=$(kernel_runs "$before_bench" 2>/dev/null)
    python3 "$fourfold_root/scripts/kernel_table.py" <(echo "$before") <(echo "$after")
  else
    echo "$after"
  fi
fi
if want long; then
  echo "== GPT-2 124M forward + backward, batch 4 x 1024, 2 ranks (grid 1x2x1x1) =="
  OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$bench" model --steps 2 --seq-len 1024 --grid 1x2x1x1
fi
