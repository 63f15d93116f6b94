#!/usr/bin/env bash
# bf16 against fp32 on this machine, and against PyTorch's CPU bf16 (one run, so the figures
# share the machine's state): GPT-2 124M, batch 4 x 256 tokens, whole optimizer steps (AdamW).
#   1. fourfold-bench step, grid 1x2x1x1 (2 ranks, 1 GEMM thread each), fp32 then bf16
#   2. the PyTorch peer (scripts/peers/torch_gpt2.py: eager fp32 and bf16 autocast, one process
#      on 2 threads), when Debian's python3-torch is installed (FOURFOLD_BENCH_INSTALL_PEER=1
#      installs it); a benchmark peer only, never a dependency
# Prints the JSON lines and a table: s/step, bf16/fp32 ratio, fourfold bf16 against PyTorch bf16.
# Options through the environment: BENCH_GRID (1x2x1x1), BENCH_BATCH (4), BENCH_SEQ (256),
# BENCH_STEPS (3 timed, after 1 warm-up).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"
bench=$build_dir/bin/fourfold-bench
[ -x "$bench" ] || { echo "bench-bf16: build first (scripts/demo.sh or scripts/test.sh)" >&2; exit 1; }
grid=${BENCH_GRID:-1x2x1x1}
batch=${BENCH_BATCH:-4}
seq=${BENCH_SEQ:-256}
steps=${BENCH_STEPS:-3}
IFS=x read -r gx gy gz gd <<<"$grid"
ranks=$((gx * gy * gz * gd))
threads=$(( $(nproc) / ranks ))
[ "$threads" -ge 1 ] || threads=1
out=$(mktemp)
trap 'rm -f "$out"' EXIT

for precision in fp32 bf16; do
  echo "== fourfold $precision, grid $grid, batch $batch x $seq, $threads GEMM thread(s) per rank =="
  OPENBLAS_NUM_THREADS=$threads OMP_NUM_THREADS=$threads mpiexec -n "$ranks" "$bench" step \
    --config configs/gpt2-124m.toml --grid "$grid" --batch-size "$batch" --seq-len "$seq" \
    --warmup 1 --steps "$steps" --set train.precision="\"$precision\"" | tee -a "$out"
done

torch_python=/usr/bin/python3
if ! "$torch_python" -c 'import torch' 2>/dev/null && [ "${FOURFOLD_BENCH_INSTALL_PEER:-0}" = 1 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-torch >/dev/null
fi
if "$torch_python" -c 'import torch' 2>/dev/null; then
  echo "== PyTorch peer: eager fp32 and CPU bf16 autocast, 1 process x $(nproc) threads =="
  OMP_NUM_THREADS=$(nproc) "$torch_python" scripts/peers/torch_gpt2.py --batch-size "$batch" --seq-len "$seq" \
    --threads "$(nproc)" --warmup 1 --steps "$steps" | tee -a "$out"
else
  echo "== PyTorch peer skipped: python3-torch is not installed (FOURFOLD_BENCH_INSTALL_PEER=1 installs it) =="
fi

python3 - "$out" <<'PY'
import json, sys
fourfold, peer = {}, {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("{"):
        continue
    j = json.loads(line)
    if j.get("bench") == "step_summary":
        fourfold[j["precision"]] = j["step_ms_median"] / 1e3
    elif j.get("peer") == "pytorch":
        peer[j["precision"]] = j["s_per_step"]
print("\n%-28s %10s" % ("system", "s/step"))
for name, table in (("fourfold", fourfold), ("PyTorch " + "CPU", peer)):
    for precision, seconds in sorted(table.items()):
        print("%-28s %10.3f" % (f"{name} {precision}", seconds))
if "fp32" in fourfold and "bf16" in fourfold:
    print("fourfold bf16 / fp32 step: %.3f" % (fourfold["bf16"] / fourfold["fp32"]))
if "bf16" in fourfold and "bf16" in peer:
    print("fourfold bf16 is %.2fx faster than PyTorch bf16 autocast" % (peer["bf16"] / fourfold["bf16"]))
PY
