#!/usr/bin/env bash
# README command 1: the main job. Installs what is missing, builds, turns the fortunes corpus
# into byte-level token shards, trains the tiny GPT-2 (configs/tiny.toml) on 2 ranks with
# tensor parallelism (grid 1x2x1x1: heads and MLP split over Y), checkpointing every 500 steps,
# prints the loss falling and writes the loss curve. Then it shows a resume: the step-1000
# checkpoint continued on another grid (1x1x1x2, data parallel) ends at the same loss. It ends
# with the model talking: three fortunes it writes (fourfold-generate on the tensor-parallel grid).
# About 4 minutes on 2 cores. Each run gets its own directory under build/runs/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
fourfold_build --target fourfold-train fourfold-prep fourfold-ckpt fourfold-generate   # the tests are not needed here

data=build/data/fortunes
if [ ! -s "$data/train.bin" ]; then
  mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
  [ ${#texts[@]} -gt 0 ] || { echo "demo: no fortunes text under /usr/share/games/fortunes" >&2; exit 1; }
  "$build_dir/bin/fourfold-prep" --out "$data" "${texts[@]}"
fi

run=build/runs/tiny-$(date +%Y%m%d-%H%M%S)
export OPENBLAS_NUM_THREADS=1
mpiexec -n 2 "$build_dir/bin/fourfold-train" --config configs/tiny.toml \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$run" "$@"
scripts/plot-metrics "$run/loss.png" "$run/metrics.jsonl"

echo
echo "== resume: the step-1000 checkpoint, continued on grid 1x1x1x2 (data parallel) =="
"$build_dir/bin/fourfold-ckpt" info "$run/checkpoints/step_00001000.h5" | head -9
mpiexec -n 2 "$build_dir/bin/fourfold-train" --config configs/tiny.toml \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$run-resumed" --grid 1x1x1x2 \
  --resume "$run/checkpoints/step_00001000.h5" "$@"
python3 - "$run/metrics.jsonl" "$run-resumed/metrics.jsonl" <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
resumed = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
val = [r["val_loss"] for r in rows if "val_loss" in r]
print(f"demo: training loss {rows[0]['loss']:.3f} -> {rows[-1]['loss']:.3f}; "
      f"validation loss {val[-1]:.3f} (uniform guess: ln 256 = {math.log(256):.3f})")
a, b = rows[-1], resumed[-1]
print(f"demo: step {a['step']} loss {a['loss']:.6f} uninterrupted on 1x2x1x1, {b['loss']:.6f} after "
      f"resuming step 1000 on 1x1x1x2 (relative difference {abs(a['loss'] - b['loss']) / a['loss']:.1e})")
PY
echo "demo: run in $run (loss curve $run/loss.png, checkpoints $run/checkpoints), resumed run in $run-resumed"

echo
echo "== the model talks: fortunes it writes after '%' (fourfold-generate, grid 1x2x1x1) =="
final=$(ls "$run"/checkpoints/step_*.h5 | sort | tail -1)
for seed in 1 2 3; do
  # A fortune ends at the next '%' line; 120 bytes at most (the model's context is 128).
  mpiexec -n 2 "$build_dir/bin/fourfold-generate" --checkpoint "$final" --grid 1x2x1x1 --prompt $'%\n' \
    --max-new-tokens 120 --temperature 0.8 --top-k 40 --seed "$seed" | awk 'done { next } /^%$/ { done = 1 } { print }'
  echo
done
