#!/usr/bin/env bash
# Learning works: the tiny model trained on the fortunes corpus on 2 ranks (tensor parallel)
# reaches a validation loss well below ln(256) = 5.55, the loss of a uniform guess.
set -u
build=$1
source_dir=$2
mpiexec=${MPIEXEC:-mpiexec}
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
[ ${#texts[@]} -gt 0 ] || fail "the fortunes corpus is not installed (scripts/install-deps.sh installs it)"
"$build/bin/fourfold-prep" --out "$work/data" "${texts[@]}" || fail "fourfold-prep failed"
OPENBLAS_NUM_THREADS=1 timeout 600 "$mpiexec" -n 2 "$build/bin/fourfold-train" \
  --config "$source_dir/configs/tiny.toml" --data "$work/data/train.bin" --val-data "$work/data/val.bin" \
  --out "$work/run" --steps 150 --set data.val_every=50 --set log.every=50 || fail "training failed"
val=$(python3 -c "
import json,sys
rows=[json.loads(l) for l in open('$work/run/metrics.jsonl')]
v=[r['val_loss'] for r in rows if 'val_loss' in r]
print(v[-1] if len(rows)==150 and len(v)==3 else 'missing')")
echo "validation loss after 150 steps: $val"
python3 -c "import sys; sys.exit(0 if '$val' != 'missing' and float('$val') < 3.0 else 1)" \
  || fail "validation loss $val is not below 3.0 (ln 256 = 5.55)"
"$source_dir/scripts/plot-metrics" "$work/loss.png" "$work/run/metrics.jsonl" >/dev/null || fail "plot-metrics failed"
[ -s "$work/loss.png" ] || fail "no loss plot written"
echo PASS
