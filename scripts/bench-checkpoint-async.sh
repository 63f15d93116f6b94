#!/usr/bin/env bash
# Asynchronous against synchronous checkpoints in one run: GPT-2 124M (parameters and both AdamW
# moments: 1.5 GB per checkpoint) on 2 ranks, saving every 5 steps, trained once with
# checkpoint.async = true and once with false from the same seed and data. Prints, for each:
#   - the mean checkpoint_blocking_s of the scheduled saves (the run's last save is synchronous in
#     both, so it is left out), and the mean checkpoint_write_s;
#   - the mean step_ms of the steps between saves (the first two steps, warm-up, left out);
# then the two ratios the async save is judged by (blocking: async / sync; steps: async / sync).
#   scripts/bench-checkpoint-async.sh [--grid 1x2x1x1] [--steps 26] [--every 5] [--batch 4] [--seq-len 64]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"
grid=1x2x1x1 steps=26 every=5 batch=4 seq_len=64
while [ $# -gt 0 ]; do
  case "$1" in
    --grid) grid=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --every) every=$2; shift 2 ;;
    --batch) batch=$2; shift 2 ;;
    --seq-len) seq_len=$2; shift 2 ;;
    *) echo "bench-checkpoint-async: unknown argument '$1' (expected --grid, --steps, --every, --batch, --seq-len)" >&2; exit 2 ;;
  esac
done
train=$build_dir/bin/fourfold-train
[ -x "$train" ] || { echo "bench-checkpoint-async: build first (scripts/test.sh)" >&2; exit 1; }
data=build/data/fortunes
if [ ! -s "$data/train.bin" ]; then
  mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
  "$build_dir/bin/fourfold-prep" --out "$data" "${texts[@]}"
fi
ranks=$(python3 -c "import math; print(math.prod(int(g) for g in '$grid'.split('x')))")
work=$(mktemp -d "${TMPDIR:-/tmp}/fourfold-ckpt-async.XXXXXX")
trap 'rm -rf "$work"' EXIT
for mode in true false; do
  OPENBLAS_NUM_THREADS=1 mpiexec -n "$ranks" "$train" --data "$data/train.bin" --grid "$grid" --steps "$steps" \
    --batch-size "$batch" --seq-len "$seq_len" --set train.warmup_steps=1 --set log.every=1000 \
    --set checkpoint.every="$every" --set checkpoint.keep_last=1 --set checkpoint.async="$mode" \
    --out "$work/$mode" | grep -E "^(checkpoints|memory)" || true
done
python3 - "$work" "$every" "$steps" <<'PY'
import json, statistics, sys
work, every, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
result = {}
for mode in ("true", "false"):
    rows = [json.loads(line) for line in open(f"{work}/{mode}/metrics.jsonl")]
    saves = [r for r in rows if "checkpoint_blocking_s" in r and r["step"] != steps]
    writes = [r["checkpoint_write_s"] for r in rows if "checkpoint_write_s" in r and r.get("checkpoint_step") != steps]
    between = [r["step_ms"] for r in rows if r["step"] > 2 and r["step"] % every != 0 and r["step"] != steps]
    result[mode] = (statistics.mean(r["checkpoint_blocking_s"] for r in saves), statistics.mean(writes),
                    statistics.mean(between), len(saves))
    name = "async" if mode == "true" else "sync"
    b, w, s, n = result[mode]
    print(f"{name:5}: {n} scheduled saves, checkpoint_blocking_s mean {b:.3f} s, checkpoint_write_s mean {w:.3f} s, "
          f"steps between saves {s:.1f} ms")
a, s = result["true"], result["false"]
print(f"async / sync: blocking {100 * a[0] / s[0]:.1f}% (target <= 10%), steps between saves {100 * a[2] / s[2]:.1f}% "
      f"(target <= 110%)")
PY
