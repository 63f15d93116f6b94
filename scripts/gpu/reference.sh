#!/usr/bin/env bash
# The CPU references of scripts/gpu/check.sh, made by scripts/gpu/pack.sh into a bundle with a CPU
# build of the same tree (the GPU check compares its own runs with these):
#   BUNDLE/reference/tiny-llama/                 the tests' tiny Llama as a Hugging Face folder (F32:
#                                                2 layers, C 64, 4 heads / 2 KV, I 176, vocabulary
#                                                256), written by the CPU build's tests/hf_test_tool
#   BUNDLE/reference/tiny-llama-losses.json      its 40 losses trained on BUNDLE/data/train.bin
#   BUNDLE/reference/tiny-llama-train.cpu.log    that run's output
#   BUNDLE/reference/tiny-llama-greedy.ids       its greedy generation: 64 ids after "1 2 3 4"
#   BUNDLE/reference/tiny-llama-generate.cpu.log that run's stderr (tokens/s)
#   BUNDLE/reference/llama-1.3b-plan.jsonl       fourfold-plan of scripts/gpu/llama-1.3b.toml on one
#                                                GPU for each precision and recompute mode: memory
#                                                per GPU, launches, and GEMM TFLOP per step (planned
#                                                at 1 TFLOP/s, so gemm_s is the TFLOP count)
#   scripts/gpu/reference.sh CPU_BUILD BUNDLE
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../common.sh"
source "$here/commands.sh"
[ $# -eq 2 ] || { echo "reference: expected CPU_BUILD BUNDLE (see the header of $0)" >&2; exit 2; }
cpu=$1 bundle=$2
fail() { echo "reference: $*" >&2; exit 1; }
for tool in bin/fourfold-train bin/fourfold-generate bin/fourfold-plan tests/hf_test_tool; do
  [ -x "$cpu/$tool" ] || fail "no $cpu/$tool (a CPU build of this tree makes the references)"
done
[ -s "$bundle/data/train.bin" ] || fail "no $bundle/data/train.bin (pack.sh prepares the corpus first)"
ref=$bundle/reference
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$ref"
export OPENBLAS_NUM_THREADS=1

rm -rf "$ref/tiny-llama"
"$cpu/tests/hf_test_tool" make-llama "$ref/tiny-llama" >/dev/null || fail "hf_test_tool make-llama failed"

tiny_llama_train_args "$bundle/data/train.bin" "$ref/tiny-llama" "$work/train"
timeout 300 mpiexec -n 1 "$cpu/bin/fourfold-train" "${tiny_llama_train[@]}" >"$ref/tiny-llama-train.cpu.log" 2>&1 \
  || { cat "$ref/tiny-llama-train.cpu.log"; fail "the CPU training of the tiny Llama failed"; }
python3 - "$work/train/metrics.jsonl" "$ref/tiny-llama-losses.json" "$tiny_llama_steps" "$cpu" <<'PY' || fail "no losses"
import json, math, sys
metrics, out, steps, cpu = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
losses = [json.loads(line)["loss"] for line in open(metrics) if line.strip()]
assert len(losses) == steps and all(math.isfinite(x) for x in losses), f"{len(losses)} losses: {losses}"
json.dump({"model": "tests' tiny Llama (hf_test_tool make-llama)", "steps": steps, "losses": losses,
           "device": "CPU", "build": cpu}, open(out, "w"))
print(f"reference: tiny Llama on the CPU, {steps} losses {losses[0]:.4f} -> {losses[-1]:.4f}")
PY

tiny_llama_generate_args "$ref/tiny-llama"
timeout 120 mpiexec -n 1 "$cpu/bin/fourfold-generate" "${tiny_llama_generate[@]}" >"$ref/tiny-llama-greedy.ids" \
  2>"$ref/tiny-llama-generate.cpu.log" || { cat "$ref/tiny-llama-generate.cpu.log"; fail "the CPU generation failed"; }
[ "$(wc -w <"$ref/tiny-llama-greedy.ids")" -eq "$tiny_llama_new_tokens" ] \
  || fail "the CPU generated '$(cat "$ref/tiny-llama-greedy.ids")', not $tiny_llama_new_tokens ids"
echo "reference: greedy ids on the CPU: $(head -c 60 "$ref/tiny-llama-greedy.ids")..."

# Memory and work of the 1.3B Llama per precision and recompute mode on one GPU. The machine's
# rates are 1 TFLOP/s, so that gemm_s reads as the step's GEMM TFLOP (linear layers, attention,
# LM head and any recomputation, as the planner counts them); its memory is unbounded, so that
# every mode is planned and check.sh compares memory_gib with the GPU it finds.
cat >"$work/unit-gpu.toml" <<'TOML'
[machine]
gpus_per_node = 1
intra_node_gbps = 1
inter_node_gbps = 1
intra_node_latency_us = 1
inter_node_latency_us = 1
gemm_tflops = { fp32 = 1, bf16 = 1 }
peak_tflops = { fp32 = 1, bf16 = 1 }
memory_gbps = 1
memory_gib = 1000000
TOML
: >"$ref/llama-1.3b-plan.jsonl"
for precision in bf16 fp32; do
  for recompute in none selective attention block; do
    "$cpu/bin/fourfold-plan" --config "$fourfold_root/scripts/gpu/llama-1.3b.toml" --gpus 1 --machine "$work/unit-gpu.toml" \
      --recompute "$recompute" --shard-optimizer false --sequence-shard false --set "train.precision=\"$precision\"" \
      --json --top 1 >"$work/plan.json" 2>&1 || { cat "$work/plan.json"; fail "fourfold-plan of llama-1.3b ($precision, $recompute) failed"; }
    python3 - "$work/plan.json" "$precision" >>"$ref/llama-1.3b-plan.jsonl" <<'PY' || fail "fourfold-plan gave no plan"
import json, sys
line = json.loads(open(sys.argv[1]).readline())
assert line["feasible"], line
print(json.dumps({"precision": sys.argv[2], "recompute": line["recompute"], "memory_gib": line["memory_gib"],
                  "gemm_tflop_per_step": line["gemm_s"], "launches": line["launches"],
                  "batch_size": line["batch_size"], "micro_batch_size": line["micro_batch_size"]}))
PY
  done
done
python3 - "$ref/llama-1.3b-plan.jsonl" <<'PY'
import json, sys
plans = [json.loads(line) for line in open(sys.argv[1])]
print("reference: 1.3B Llama planned on one GPU: " + ", ".join(
    "{precision} {recompute} {memory_gib:.1f} GiB".format(**p) for p in plans))
PY
