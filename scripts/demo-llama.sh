#!/usr/bin/env bash
# The Llama demo, beside scripts/demo.sh's GPT-2: trains the tiny byte-level Llama
# (configs/llama-tiny.toml: RMSNorm, rotary positions, SwiGLU, 4 query heads sharing 2 key/value
# heads, untied head) on the fortunes corpus on 2 ranks (grid 1x2x1x1), exports the final
# checkpoint as a Hugging Face folder (config.json + model.safetensors, as LlamaForCausalLM), and
# starts a second run from that folder on another grid (1x1x1x2): its first loss is where the
# first run ended. About 2 minutes on 2 cores. Extra arguments go to the first run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
fourfold_build --target fourfold-train fourfold-prep fourfold-ckpt

data=build/data/fortunes
if [ ! -s "$data/train.bin" ]; then
  mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
  [ ${#texts[@]} -gt 0 ] || { echo "demo-llama: no fortunes text under /usr/share/games/fortunes" >&2; exit 1; }
  "$build_dir/bin/fourfold-prep" --out "$data" "${texts[@]}"
fi

run=build/runs/llama-tiny-$(date +%Y%m%d-%H%M%S)
export OPENBLAS_NUM_THREADS=1
mpiexec -n 2 "$build_dir/bin/fourfold-train" --config configs/llama-tiny.toml \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$run" --steps 1000 "$@"
scripts/plot-metrics "$run/loss.png" "$run/metrics.jsonl"

echo
echo "== export: the last checkpoint as a Hugging Face folder =="
last=$(ls "$run"/checkpoints/step_*.h5 | sort | tail -1)
"$build_dir/bin/fourfold-ckpt" export-hf "$last" "$run/hf"
ls -l "$run/hf"

echo
echo "== a new run from the Hugging Face folder, on grid 1x1x1x2 (data parallel) =="
mpiexec -n 2 "$build_dir/bin/fourfold-train" --config configs/llama-tiny.toml \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$run-from-hf" --grid 1x1x1x2 \
  --init-from "$run/hf" --steps 50 --set train.warmup_steps=10 --set train.lr=2e-4 --set data.val_every=50
python3 - "$run/metrics.jsonl" "$run-from-hf/metrics.jsonl" <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
again = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
val = [r["val_loss"] for r in rows if "val_loss" in r]
print(f"demo-llama: training loss {rows[0]['loss']:.3f} -> {rows[-1]['loss']:.3f}; validation loss {val[-1]:.3f} "
      f"(uniform guess: ln 256 = {math.log(256):.3f})")
print(f"demo-llama: from the Hugging Face export on 1x1x1x2, first loss {again[0]['loss']:.3f} "
      f"(the first run ended at {rows[-1]['loss']:.3f})")
PY
echo "demo-llama: run in $run (loss curve $run/loss.png), Hugging Face folder $run/hf, second run in $run-from-hf"
