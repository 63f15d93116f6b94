#!/usr/bin/env bash
# fourfold-bench from the command line under mpiexec: JSON lines for each op on each
# non-trivial group; a grid that does not match the world size fails on every rank, no hang.
set -u
build=$1
bench=$build/bin/fourfold-bench
mpiexec=${MPIEXEC:-mpiexec}
fail() { echo "FAIL: $*"; exit 1; }

out=$(timeout 120 "$mpiexec" -n 4 "$bench" comm --grid 2x1x2x1 --min-bytes 1024 --max-bytes 4096 --iters 2 2>&1) \
  || fail "bench comm 2x1x2x1 exited non-zero: $out"
for group in x z xy tp; do
  for op in all_reduce all_gather reduce_scatter broadcast; do
    n=$(grep -c "\"group\":\"$group\".*\"op\":\"$op\"\|\"op\":\"$op\".*\"group\":\"$group\"" <<<"$out")
    [ "$n" -eq 3 ] || fail "expected 3 lines for $op on group $group, got $n"
  done
done
grep -q '"group":"y"' <<<"$out" && fail "group y has size 1 and must not be measured"
grep -q '"group":"data"' <<<"$out" && fail "group data has size 1 and must not be measured"

start=$(date +%s)
out=$(timeout 120 "$mpiexec" -n 4 "$bench" comm --grid 3x1x1x1 2>&1); rc=$?
[ $rc -ne 0 ] || fail "grid 3x1x1x1 on 4 ranks exited 0"
[ $rc -ne 124 ] || fail "grid 3x1x1x1 on 4 ranks hung"
n=$(grep -c "error: grid 3x1x1x1 .* does not match the 4 MPI ranks" <<<"$out")
[ "$n" -eq 4 ] || fail "expected the error on all 4 ranks, got $n: $out"
echo "bad grid rejected on all ranks in $(( $(date +%s) - start )) s"

out=$(timeout 60 "$mpiexec" -n 2 "$bench" comm --grid 1x1x1x2 --min-bytes 9 --max-bytes 3 2>&1) \
  && fail "min-bytes > max-bytes accepted"
grep -q -- "--min-bytes 9 and --max-bytes 3" <<<"$out" || fail "bad byte range message missing: $out"

help=$("$bench" comm --help 2>&1) || fail "comm --help exited non-zero"
for flag in --grid --min-bytes --max-bytes --warmup --iters --ops; do
  grep -q -- "$flag" <<<"$help" || fail "comm --help does not list $flag"
done
grep -q "1024" <<<"$help" || fail "comm --help does not show the default of --min-bytes"

out=$("$bench" gemm --shape 64x48x32 --iters 1 2>&1) || fail "bench gemm failed: $out"
grep -q '"op":"gemm"' <<<"$out" || fail "bench gemm printed no JSON: $out"
grep -q '"precision":"fp32"' <<<"$out" || fail "bench gemm line without its precision: $out"
out=$("$bench" gemm --shape 64x48x32 --iters 1 --precision bf16 2>&1) || fail "bench gemm bf16 failed: $out"
grep -q '"precision":"bf16"' <<<"$out" || fail "bench gemm --precision bf16 line: $out"
out=$("$bench" gemm --shape 64x48x32 --precision fp8 2>&1) && fail "bench gemm --precision fp8 accepted"
grep -q "fp8" <<<"$out" || fail "bad gemm --precision message: $out"
# --transpose: the backward products' orientations; --route onednn: fp32 through oneDNN, where built.
out=$("$bench" gemm --shape 64x48x32 --iters 1 --transpose TN 2>&1) || fail "bench gemm --transpose TN failed: $out"
grep '"op":"gemm"' <<<"$out" | grep -q '"transpose":"TN"' || fail "bench gemm --transpose TN line: $out"
if out=$("$bench" gemm --shape 64x48x32 --iters 1 --route onednn --transpose NN 2>&1); then
  grep '"op":"gemm_onednn"' <<<"$out" | grep -q '"route":"oneDNN fp32 matmul' || fail "bench gemm --route onednn line: $out"
else
  grep -q "this build has no oneDNN" <<<"$out" || fail "bench gemm --route onednn failed: $out"
fi
out=$("$bench" gemm --shape 64x48x32 --route mkl 2>&1) && fail "bench gemm --route mkl accepted"
grep -q -- "--route 'mkl': expected gemm .* or onednn" <<<"$out" || fail "bad gemm --route message: $out"
out=$("$bench" gemm --shape 64x48x32 --route onednn --precision bf16 2>&1) && fail "bench gemm --route onednn bf16 accepted"
grep -q -- "--route onednn times fp32 products" <<<"$out" || fail "bad gemm --route/--precision message: $out"
out=$("$bench" gemm --shape 64x48x32 --transpose NX 2>&1) && fail "bench gemm --transpose NX accepted"
grep -q -- "--transpose 'NX': expected" <<<"$out" || fail "bad gemm --transpose message: $out"
# model: GPT-2 and the Llama of its size, one line each with tokens/s and the GEMM share.
out=$(timeout 120 "$mpiexec" -n 2 "$bench" model --grid 1x2x1x1 --family gpt2,llama --layers 1 --batch 2 \
  --seq-len 16 --warmup 0 --steps 1 2>&1) || fail "bench model gpt2,llama failed: $out"
python3 - "$out" <<'PY' || fail "bench model lines: $out"
import json, sys
rows = [json.loads(l) for l in sys.argv[1].splitlines() if l.startswith("{")]
assert [r["family"] for r in rows] == ["gpt2", "llama"], rows
assert rows[1]["model"].startswith("Llama L=1 NH=12 KV=4 C=768 I=2048"), rows[1]["model"]
assert all(r["tokens_per_s"] > 0 and 0 < r["gemm_fraction"] <= 1 for r in rows), rows
assert all(abs(r["model_gflops"] * r["step_s"] * 1e9 / r["model_flops"] - 1) < 1e-9 for r in rows), rows
assert all(("mfu" in r) == ("mfu_peak" in r) for r in rows), rows  # mfu only where the GPU has a peak
PY
# One MFU: the bench's model FLOPs per step are the planner's (and the trainer's,
# test_drivers_model_flops) for the same models, GPT-2 and the Llama of its size.
plan=$build/bin/fourfold-plan
llama=(--set 'model.family="llama"' --set model.num_kv_heads=4 --set model.intermediate_size=2048
       --set model.tied_embeddings=false)
for family in gpt2 llama; do
  extra=(); [ "$family" = llama ] && extra=("${llama[@]}")
  planned=$("$plan" --config gpt2-124m --set model.num_layers=1 "${extra[@]}" --gpus 2 --machine perlmutter \
    --batch-size 2 --micro-batch-size 2 --seq-len 16 --json --top 1 2>&1) || fail "plan $family: $planned"
  python3 - "$out" "$planned" "$family" <<'PY' || fail "bench and planner model FLOPs differ ($family): $out / $planned"
import json, sys
bench = next(r for r in map(json.loads, filter(lambda l: l.startswith("{"), sys.argv[1].splitlines()))
             if r["family"] == sys.argv[3])
plan = json.loads(sys.argv[2].splitlines()[0])
assert bench["parameters"] == plan["parameters"], (bench["parameters"], plan["parameters"])
assert bench["model_flops"] == plan["model_flops"], (bench["model_flops"], plan["model_flops"])
PY
done
out=$("$bench" model --family mistral 2>&1) && fail "bench model --family mistral accepted"
grep -q "'mistral'" <<<"$out" || fail "bad --family message: $out"
# step: per-step JSON lines and a summary with the communication split; bad overlap rejected.
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"
{ small_model_toml 16; cat <<'TOML'; } >"${TMPDIR:-/tmp}/fourfold-step-bench-$$.toml"
[train]
batch_size = 4
seq_len = 8
TOML
config=${TMPDIR:-/tmp}/fourfold-step-bench-$$.toml
trap 'rm -f "$config"' EXIT
out=$(timeout 120 "$mpiexec" -n 2 "$bench" step --config "$config" --grid 1x1x2x1 --overlap all --steps 2 --warmup 1 2>&1) \
  || fail "bench step exited non-zero: $out"
[ "$(grep -c '"bench":"step",' <<<"$out")" -eq 2 ] || fail "bench step: expected 2 step lines: $out"
summary=$(grep '"bench":"step_summary"' <<<"$out") || fail "bench step printed no summary: $out"
python3 - "$summary" <<'PY' || fail "bench step summary: $summary"
import json, sys
d = json.loads(sys.argv[1])
assert d["grid"] == "1x1x2x1" and d["overlap"] == "all", d
assert d["comm_busy_ms_median"] > 0 and 0 <= d["hidden_fraction"] <= 1, d
assert d["comm_exposed_ms_median"] <= d["comm_busy_ms_median"] * 1.5 + 1, d
# Z at 1x1x2x1 moves the weight gathers and gradient reduce-scatters and nothing else.
b = d["comm_bytes_axis"]
assert set(b) == {"x", "y", "z", "data", "xy", "other"}, b
assert b["z"] > 0 and b["x"] == b["y"] == b["data"] == 0, b
PY
steps=$(grep '"bench":"step",' <<<"$out")
python3 - "$steps" <<'PY' || fail "bench step lines: $steps"
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines()]
assert all(l["comm_bytes_axis"]["z"] > 0 for l in lines), lines
assert lines[0]["comm_bytes_axis"] == lines[1]["comm_bytes_axis"], lines  # every step moves the same
PY
# --set as in fourfold-train: the precision and the batch from the command line.
out=$(timeout 120 "$mpiexec" -n 2 "$bench" step --config "$config" --set 'train.precision="bf16"' \
  --set train.batch_size=8 --set train.micro_batch_size=8 --grid 1x1x1x2 --steps 1 --warmup 0 2>&1) \
  || fail "bench step --set exited non-zero: $out"
grep '"bench":"step_summary"' <<<"$out" | grep -q '"precision":"bf16"' || fail "--set train.precision not taken: $out"
grep '"bench":"step_summary"' <<<"$out" | grep -q '"batch":8' || fail "--set train.batch_size not taken: $out"
# bf16 halves the bytes over Z: the weight gathers with precision alone, the gradient
# reduce-scatters too with grad_reduce (the Z group's traffic is nothing else at 1x1x2x1).
z_bytes() {
  timeout 120 "$mpiexec" -n 2 "$bench" step --config "$config" --grid 1x1x2x1 --steps 1 --warmup 0 "$@" 2>&1 |
    grep '"bench":"step_summary"' | python3 -c 'import json,sys; print(json.load(sys.stdin)["comm_bytes_axis"]["z"])'
}
fp32_z=$(z_bytes) && bf16_z=$(z_bytes --set 'train.precision="bf16"') &&
  both_z=$(z_bytes --set 'train.precision="bf16"' --set 'train.grad_reduce="bf16"') || fail "z bytes"
python3 - "$fp32_z" "$bf16_z" "$both_z" <<'PY' || fail "Z bytes fp32 / bf16 / bf16 gradients: $fp32_z $bf16_z $both_z"
import sys
f, b, g = map(float, sys.argv[1:4])
assert 0.55 < b / f < 0.8, b / f   # gathers halved, gradients still fp32
assert abs(g / f - 0.5) < 0.05 * 0.5 + 0.01, g / f
PY
out=$(timeout 60 "$mpiexec" -n 2 "$bench" step --config "$config" --set train.nothing=1 2>&1) && fail "bad --set accepted"
[ "$(grep -c "train.nothing" <<<"$out")" -ge 2 ] || fail "bad --set key not reported on both ranks: $out"
out=$(timeout 60 "$mpiexec" -n 2 "$bench" step --config "$config" --overlap oar,bogus 2>&1) && fail "bad --overlap accepted"
[ "$(grep -c '"bogus" is not an overlap' <<<"$out")" -eq 2 ] || fail "bad --overlap not reported on both ranks: $out"
# kernels: one JSON line per kernel at the shard of a 2-rank grid, with a rate for each; the
# before/after joiner reads them; a bad precision is rejected on both ranks.
kernels=$(timeout 300 "$mpiexec" -n 2 "$bench" kernels --grid 1x2x1x1 --batch 2 --seq-len 9 --iters 1 --warmup 0 \
  --triad-elements 4096 --precision bf16 2>&1) || fail "bench kernels exited non-zero: $kernels"
python3 - "$kernels" <<'PY' || fail "bench kernels JSON: $kernels"
import json, sys
every = [json.loads(l) for l in sys.argv[1].splitlines() if l.startswith("{")]
lines = [d for d in every if d["bench"] == "kernels"]
counts = [d for d in every if d["bench"] == "kernel_counts"]
# One causal block at T = 9: 2 forward and 5 backward batched GEMM launches, whatever the batch.
assert len(counts) == 1 and counts[0]["attention_gemm_launches_per_layer"] == 7, counts
names = {d["kernel"] for d in lines}
for k in ["triad", "attention_forward", "attention_backward", "layernorm_forward", "layernorm_backward",
          "residual_layernorm_forward", "bias_gelu_forward", "lm_head_loss_forward", "adamw"]:
    assert k in names, (k, names)
for d in lines:
    assert d["grid"] == "1x2x1x1" and d["seq_len"] == 9 and d["precision"] == "bf16", d
    assert d["ms"] > 0 and ("gflops" in d or "gb_per_s" in d), d
PY
table=$(python3 "$(dirname "${BASH_SOURCE[0]}")/../../scripts/kernel_table.py" <(echo "$kernels") <(echo "$kernels")) \
  || fail "kernel_table.py failed: $table"
grep -q "| attention_forward .*1.00x" <<<"$table" || fail "kernel_table.py: no attention_forward row: $table"
out=$(timeout 60 "$mpiexec" -n 2 "$bench" kernels --grid 1x2x1x1 --precision fp8 2>&1) && fail "--precision fp8 accepted"
[ "$(grep -c "fp8" <<<"$out")" -ge 2 ] || fail "bad --precision not reported on both ranks: $out"
echo "PASS"
