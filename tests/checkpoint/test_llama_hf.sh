#!/usr/bin/env bash
# The training path a user takes with a Llama from elsewhere: a tiny random Llama as a Hugging
# Face folder (F32: 2 layers, hidden 64, 4 heads sharing 2 key/value heads, intermediate 176,
# vocabulary 256, untied) trained with fourfold-train --init-from for 40 steps on grids 1x1x1x1,
# 2x1x1x1, 1x2x1x1 and 1x1x2x2: the losses agree across grids to float rounding. The final
# checkpoint exported with export-hf (fp32, and bf16 in shards) holds the checkpoint's weights;
# and the export trains on from where the checkpoint stood. Damaged Llama folders (a shape that
# disagrees with config.json, a NaN weight) are refused, naming the file and the tensor, on every
# rank that reads it (every rank for a shape; the rank whose shard holds the NaN), with no hang.
set -u
build=$1
source_dir=$2
mpiexec=${MPIEXEC:-mpiexec}
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tool="$build/tests/hf_test_tool"
export OPENBLAS_NUM_THREADS=1

"$tool" make-llama "$work/tiny-llama" || fail "could not write the tiny Llama folder"
mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
[ ${#texts[@]} -gt 0 ] || fail "the fortunes corpus is not installed (scripts/install-deps.sh installs it)"
"$build/bin/fourfold-prep" --out "$work/data" "${texts[@]}" >/dev/null || fail "fourfold-prep failed"

train() {  # train GRID RANKS OUT INIT: 40 steps from INIT
  timeout 300 "$mpiexec" -n "$2" "$build/bin/fourfold-train" --init-from "$4" --grid "$1" \
    --data "$work/data/train.bin" --out "$3" --steps 40 --batch-size 8 --seq-len 64 --lr 1e-3 \
    --set train.warmup_steps=5 --set log.every=10 --set log.gemm_efficiency=false >"$3.log" 2>&1 \
    || { cat "$3.log"; fail "training on grid $1 failed"; }
}
for grid in 1x1x1x1 2x1x1x1 1x2x1x1 1x1x2x2; do
  ranks=$(python3 -c "import math; print(math.prod(int(g) for g in '$grid'.split('x')))")
  train "$grid" "$ranks" "$work/run-$grid" "$work/tiny-llama"
done
grep -q "Llama L=2 NH=4 KV=2 C=64 I=176 V=256" "$work/run-1x1x1x1.log" || fail "the run did not train the folder's Llama"
python3 - "$work" <<'PY' || fail "losses differ across grids"
import json, sys
work = sys.argv[1]
def losses(grid):
    return [json.loads(l)["loss"] for l in open(f"{work}/run-{grid}/metrics.jsonl") if l.strip()]
ref = losses("1x1x1x1")
assert len(ref) == 40, f"{len(ref)} steps"
assert ref[-1] < ref[0] - 1.0, f"no learning: {ref[0]} -> {ref[-1]}"
worst = 0.0
for grid in ["2x1x1x1", "1x2x1x1", "1x1x2x2"]:
    got = losses(grid)
    assert len(got) == 40, f"{grid}: {len(got)} steps"
    diff = max(abs(a - b) / b for a, b in zip(got, ref))
    print(f"grid {grid}: 40 losses within {diff:.1e} (relative) of 1x1x1x1's")
    worst = max(worst, diff)
print(f"loss {ref[0]:.4f} -> {ref[-1]:.4f}; worst relative difference across grids {worst:.1e}")
sys.exit(0 if worst < 1e-4 else 1)
PY

ckpt="$work/run-1x1x1x1/checkpoints/step_00000040.h5"
"$build/bin/fourfold-ckpt" info "$ckpt" | grep -q "family *llama" || fail "ckpt info does not name the family"
"$build/bin/fourfold-ckpt" export-hf "$ckpt" "$work/export" || fail "export-hf failed"
"$tool" matches "$ckpt" "$work/export" || fail "the export's weights differ from the checkpoint's"
"$build/bin/fourfold-ckpt" export-hf "$ckpt" "$work/export-bf16" --dtype bf16 --max-shard-size 50KB \
  || fail "bf16 export failed"
[ -f "$work/export-bf16/model.safetensors.index.json" ] || fail "the bf16 export is not sharded"
grep -q '"torch_dtype": "bfloat16"' "$work/export-bf16/config.json" || fail "the bf16 export's torch_dtype"
# A second export into the same folder is refused and leaves the first intact.
"$build/bin/fourfold-ckpt" export-hf "$ckpt" "$work/export" >"$work/again.log" 2>&1 && fail "export over a model was accepted"
"$tool" matches "$ckpt" "$work/export" >/dev/null || fail "a refused export changed the folder"
# The export trains on from the checkpoint's weights: its first loss is near the run's last.
train 1x2x1x1 2 "$work/from-export" "$work/export"
python3 - "$work" <<'PY' || fail "the export does not continue from the trained weights"
import json, sys
work = sys.argv[1]
last = [json.loads(l)["loss"] for l in open(f"{work}/run-1x1x1x1/metrics.jsonl") if l.strip()][-1]
first = json.loads(open(f"{work}/from-export/metrics.jsonl").readline())["loss"]
print(f"trained run's last loss {last:.4f}; the export's first loss {first:.4f}")
sys.exit(0 if abs(first - last) < 0.5 else 1)
PY

# Damaged folders: refused with the file and the tensor named by the ranks that read them, no hang.
refused() {  # refused DIR FRAGMENT RANKS
  out=$(timeout 120 "$mpiexec" -n 2 "$build/bin/fourfold-train" --init-from "$1" --grid 1x2x1x1 \
    --data "$work/data/train.bin" --out "$work/refused" --steps 2 2>&1); rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "--init-from $1 exited $rc"
  [ "$(grep -c -- "$2" <<<"$out")" -eq "$3" ] || fail "$1 not refused by $3 rank(s) with '$2': $out"
}
cp -r "$work/tiny-llama" "$work/wide-config"
sed -i 's/"intermediate_size": 176/"intermediate_size": 192/' "$work/wide-config/config.json"
refused "$work/wide-config" "tensor 'model.layers.0.mlp.gate_proj.weight'.*has shape \[176, 64\]" 2
cp -r "$work/tiny-llama" "$work/nan"
python3 - "$work/nan/model.safetensors" <<'PY'
import json, struct, sys
with open(sys.argv[1], "r+b") as f:
    n = struct.unpack("<Q", f.read(8))[0]
    header = json.loads(f.read(n))
    begin = header["model.layers.1.self_attn.v_proj.weight"]["data_offsets"][0]
    f.seek(8 + n + begin + 4 * 5)
    f.write(struct.pack("<f", float("nan")))
PY
# Row 0 of v_proj: the first key/value head, read by the rank with y = 0 only.
refused "$work/nan" "model.safetensors': tensor 'model.layers.1.self_attn.v_proj.weight'.*nan at element 5" 1
echo PASS
