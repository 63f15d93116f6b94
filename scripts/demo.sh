#!/usr/bin/env bash
# README command 1: the main job. Installs what is missing, builds, turns the fortunes corpus
# into byte-level token shards, trains the tiny GPT-2 (configs/tiny.toml) on 2 ranks with
# tensor parallelism (grid 1x2x1x1: heads and MLP split over Y), prints the loss falling and
# writes the loss curve to build/runs/tiny/loss.png. About 3 minutes on 2 cores.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"

"$fourfold_root/scripts/install-deps.sh"
fourfold_build

data=build/data/fortunes
if [ ! -s "$data/train.bin" ]; then
  mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
  [ ${#texts[@]} -gt 0 ] || { echo "demo: no fortunes text under /usr/share/games/fortunes" >&2; exit 1; }
  "$build_dir/bin/fourfold-prep" --out "$data" "${texts[@]}"
fi

run=build/runs/tiny
mkdir -p "$run"
OPENBLAS_NUM_THREADS=1 mpiexec -n 2 "$build_dir/bin/fourfold-train" --config configs/tiny.toml \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$run" "$@"
scripts/plot-metrics "$run/loss.png" "$run/metrics.jsonl"
python3 - "$run/metrics.jsonl" <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
val = [r["val_loss"] for r in rows if "val_loss" in r]
print(f"demo: training loss {rows[0]['loss']:.3f} -> {rows[-1]['loss']:.3f}; "
      f"validation loss {val[-1]:.3f} (uniform guess: ln 256 = {math.log(256):.3f})")
PY
