#!/usr/bin/env bash
# fourfold-plan from the command line: a ranked table for a preset model and machine, JSON
# lines, infeasible configurations with their reasons, and bad input rejected with a message.
set -u
build=$1
plan=$build/bin/fourfold-plan
fail() { echo "FAIL: $*"; exit 1; }

out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --batch-size 64 --micro-batch-size 16 --top 3 2>&1) \
  || fail "plan exited non-zero: $out"
[ "$(grep -cE '^ +[0-9]+  [0-9]+x[0-9]+x[0-9]+x[0-9]+ ' <<<"$out")" -eq 3 ] || fail "expected 3 ranked rows: $out"
grep -q "20 grids" <<<"$out" || fail "8 GPUs have 20 factorisations: $out"

# Llama 3 70B on 1024 GPUs of Alps: every feasible grid keeps the key/value heads whole over Y
# (G_y divides 8), and the header names the family.
out=$("$plan" --config llama3-70b --gpus 1024 --machine alps --show-infeasible --top 400 2>&1) \
  || fail "plan llama3-70b exited non-zero: $out"
grep -q "Llama L=80 NH=64 KV=8 C=8192 I=28672" <<<"$out" || fail "the header does not name the Llama: $out"
rows=$(grep -cE '^ +[0-9]+  [0-9]+x[0-9]+x[0-9]+x[0-9]+ ' <<<"$out")
[ "$rows" -gt 0 ] || fail "no feasible Llama 3 70B configuration: $out"
grep -E '^ +[0-9]+  [0-9]+x(16|32|64|128|256|512|1024)x' <<<"$out" && fail "a feasible grid splits 8 key/value heads over G_y > 8"
grep -q "8 key/value heads are not divisible by G_y = 16" <<<"$out" || fail "G_y = 16 not refused for its key/value heads: $out"

# The micro-batch and the recompute mode searched with the grid, any key through --set; each
# row says what it chose.
json=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --batch-size 64 --micro-batch-size auto \
  --set 'train.precision="bf16"' --set train.loss_chunk_tokens=128 --json --top 50 2>&1) || fail "plan auto: $json"
python3 - "$json" <<'PY' || fail "plan auto JSON: $json"
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines()]
assert len(lines) == 50, len(lines)
assert all(64 % d["micro_batch_size"] == 0 for d in lines), lines
assert len({d["micro_batch_size"] for d in lines}) > 1, "micro-batch not searched"
assert {d["recompute"] for d in lines} <= {"none", "selective", "attention", "block"}, lines
assert {d["shard_optimizer"] for d in lines} == {False, True}, "optimizer sharding not searched"
assert all(lines[i]["step_s"] <= lines[i + 1]["step_s"] for i in range(49)), lines
assert all(d["mfu_peak"] == "bf16" for d in lines), lines
PY
# A step costs at the run's precision: the same configuration in fp32 (plain SGEMM, no TF32) is
# slower and its MFU is against the fp32 peak; the header and the MFU column name the precision.
fp32=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --batch-size 64 --micro-batch-size 16 \
  --json --top 20 2>&1) || fail "fp32 row: $fp32"
bf16=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --batch-size 64 --micro-batch-size 16 \
  --set 'train.precision="bf16"' --json --top 20 2>&1) || fail "bf16 row: $bf16"
python3 - "$fp32" "$bf16" <<'PY' || fail "fp32 vs bf16: $fp32 / $bf16"
import json, sys
rows = [{(d["grid"], d["recompute"], d["shard_optimizer"]): d for d in map(json.loads, a.splitlines())}
        for a in sys.argv[1:3]]
key = next(k for k in rows[0] if k in rows[1])  # one configuration ranked in both
f, b = rows[0][key], rows[1][key]
assert f["mfu_peak"] == "fp32" and b["mfu_peak"] == "bf16", (f, b)
assert f["gemm_s"] > 10 * b["gemm_s"], (f["gemm_s"], b["gemm_s"])  # 13.7 vs 220 TFLOP/s
PY
out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --set 'train.precision="bf16"' --top 1 2>&1) || fail "$out"
grep -q "bf16 GEMMs at 220 TFLOP/s, peak 312" <<<"$out" || fail "header without the precision's rates: $out"
grep -q "MFU(bf16 peak)" <<<"$out" || fail "MFU column without its peak: $out"
out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --recompute block --top 1 2>&1) || fail "block: $out"
grep -qE ' block +(yes|no) +[0-9.]+ ' <<<"$out" || fail "--recompute block not in the row: $out"
out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --set train.recompute='"full"' 2>&1) \
  && fail "bad train.recompute accepted"
grep -q '"full"' <<<"$out" || fail "bad recompute message: $out"
out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --set train.nothing=1 2>&1) && fail "unknown key accepted"
grep -q "train.nothing" <<<"$out" || fail "unknown --set key message: $out"
out=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --micro-batch-size lots 2>&1) \
  && fail "bad --micro-batch-size accepted"
grep -q "micro-batch-size 'lots'" <<<"$out" || fail "bad --micro-batch-size message: $out"

json=$("$plan" --config axonn-80b --gpus 1024 --machine perlmutter --json --show-infeasible --top 5 2>&1) \
  || fail "plan --json exited non-zero: $json"
python3 - "$json" <<'PY' || fail "plan JSON: $json"
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines()]
good = [d for d in lines if d["feasible"]]
bad = [d for d in lines if not d["feasible"]]
assert len(good) == 5, len(good)
assert all(good[i]["step_s"] <= good[i + 1]["step_s"] for i in range(4)), good
assert all(0 < d["mfu"] < 1 and d["memory_gib"] <= 40 for d in good), good
assert all(d["mfu_peak"] == "bf16" for d in good), good  # the paper configs run bf16
assert any("GiB per GPU" in d["reason"] for d in bad), bad
assert any("not divisible" in d["reason"] for d in bad), bad
PY

out=$("$plan" --config gpt2-124m --gpus 8 --machine summit 2>&1) && fail "unknown machine accepted"
grep -q "machine 'summit' is neither a preset" <<<"$out" || fail "unknown machine message: $out"
out=$("$plan" --config no-such-model --gpus 8 --machine alps 2>&1) && fail "unknown model accepted"
grep -q "'no-such-model' is neither a file nor a preset" <<<"$out" || fail "unknown model message: $out"
# --print-machine: a preset as a machine file naming its device and the device table's peaks,
# which plans exactly as the preset does; it stands alone.
printed=$("$plan" --print-machine perlmutter 2>&1) || fail "--print-machine perlmutter: $printed"
grep -q '^device = "A100"$' <<<"$printed" || fail "--print-machine without the device: $printed"
grep -q '^peak_tflops = { fp32 = 19.5, bf16 = 312.0 }$' <<<"$printed" || fail "--print-machine peaks: $printed"
machine_file="${TMPDIR:-/tmp}/fourfold-printed-$$.toml"
printf '%s\n' "$printed" >"$machine_file"
for precision in fp32 bf16; do
  preset=$("$plan" --config gpt2-124m --gpus 8 --machine perlmutter --set "train.precision=\"$precision\"" --json --top 5 2>&1)
  from_file=$("$plan" --config gpt2-124m --gpus 8 --machine "$machine_file" --set "train.precision=\"$precision\"" \
    --json --top 5 2>&1)
  [ -n "$preset" ] && [ "$preset" = "$from_file" ] || fail "the printed preset plans differently ($precision): $preset / $from_file"
done
rm -f "$machine_file"
out=$("$plan" --print-machine perlmutter --gpus 8 2>&1) && fail "--print-machine with --gpus accepted"
out=$("$plan" --config gpt2-124m --machine alps 2>&1) && fail "no --gpus accepted"
grep -q -- "--config, --gpus and --machine are required" <<<"$out" || fail "missing --gpus message: $out"
out=$("$plan" --config gpt2-124m --gpus 0 --machine alps 2>&1) && fail "--gpus 0 accepted"
grep -q -- "--gpus 0: expected at least 1" <<<"$out" || fail "--gpus 0 message: $out"
out=$("$plan" --config gpt2-124m --gpus 4 --machine alps --overlap oar,bogus 2>&1) && fail "bad --overlap accepted"
grep -q "bogus" <<<"$out" || fail "bad --overlap message: $out"
out=$("$plan" --config gpt2-124m --gpus 4 --machine alps --batch-size 4 --micro-batch-size 4 --seq-len 1024 2>&1) \
  || fail "4 GPUs of alps: $out"

# The local machine from calibration lines (fourfold-bench comm + gemm), e.g. a 4-rank node.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/cal.jsonl" <<'EOF'
{"op":"all_reduce","group":"x","group_size":4,"stride":1,"bytes":65536,"seconds":0.0001}
{"op":"all_reduce","group":"x","group_size":4,"stride":1,"bytes":4194304,"seconds":0.002}
{"op":"all_gather","group":"x","group_size":2,"stride":1,"bytes":1048576,"seconds":0.0003}
{"op":"gemm","shape":"qkv","m":256,"n":2304,"k":768,"gflops_per_rank":50.0}
{"op":"triad","elements":16777216,"gbps_per_rank":10.0}
{"op":"node","ranks":4,"ranks_per_node":4,"memory_bytes_per_rank":6e9}
EOF
out=$("$plan" --config tiny --gpus 4 --machine local --calibration "$work/cal.jsonl" --top 2 2>&1) \
  || fail "local machine: $out"
grep -q "on 4 GPUs of local (4 per node; fp32 GEMMs at 0.05 TFLOP/s" <<<"$out" || fail "local machine header: $out"
# The calibration measured fp32 only: a bf16 run cannot be costed from it, and is told so.
out=$("$plan" --config tiny --gpus 4 --machine local --calibration "$work/cal.jsonl" --set 'train.precision="bf16"' 2>&1) \
  && fail "bf16 planned from an fp32 calibration"
grep -q "machine 'local' has no bf16 GEMM rate (it gives fp32)" <<<"$out" || fail "missing precision message: $out"
out=$("$plan" --config tiny --gpus 4 --machine local 2>&1) && fail "local without a calibration accepted"
grep -q "built from a calibration file" <<<"$out" || fail "local without calibration message: $out"
echo '{"op":"gemm"}' >>"$work/cal.jsonl"
out=$("$plan" --config tiny --gpus 4 --machine local --calibration "$work/cal.jsonl" 2>&1) && fail "bad calibration accepted"
grep -q 'cal.jsonl. line 7: "gflops_per_rank" is missing' <<<"$out" || fail "bad calibration message: $out"
echo "PASS"
