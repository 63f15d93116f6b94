#!/usr/bin/env bash
# fourfold-eval from the command line: the loss of a GPT-2 checkpoint over token shards equals the
# validation loss fourfold-train logged for it (same micro-batches) to 1e-6 relative, on grids of
# 1, 2 and 4 ranks; multiple choice on a byte-level Llama (a Hugging Face folder) gives the same
# answers on 1 and 2 ranks, with one --per-example line per example and a progress bar; bad input
# is refused on every rank, naming the file and line, with a non-zero exit and no hang.
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
eval_bin=$build/bin/fourfold-eval
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

# Loss: a short run validated after its last step, then the same micro-batches through fourfold-eval.
write_token_shard "$work/tokens.bin" 20000
{ small_model_toml 32; cat <<TOML; } >"$work/gpt2.toml"
[train]
steps = 2
batch_size = 4
seq_len = 16
[data]
train = "$work/tokens.bin"
val = "$work/tokens.bin"
val_batches = 3
TOML
timeout 120 "$mpiexec" -n 1 "$build/bin/fourfold-train" --config "$work/gpt2.toml" --out "$work/gpt2" >/dev/null 2>&1 \
  || fail "training the GPT-2 failed"
want=$(python3 -c 'import json,sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if "val_loss" in r: v = r["val_loss"]
print(repr(v))' "$work/gpt2/metrics.jsonl") || fail "no val_loss in metrics.jsonl"
checkpoint=$work/gpt2/checkpoints/step_00000002.h5
for run in "1 1x1x1x1" "2 1x1x1x2" "2 1x2x1x1" "4 1x1x2x2" "4 2x1x1x2"; do
  set -- $run
  out=$(timeout 120 "$mpiexec" -n "$1" "$eval_bin" --checkpoint "$checkpoint" --grid "$2" --data "$work/tokens.bin" \
    --seq-len 16 --batch-size 4 --batches 3 2>"$work/stderr") || { cat "$work/stderr"; fail "loss on $2"; }
  python3 - "$out" "$want" "$2" <<'PY' || fail "loss on $2: $out, validation loss $want"
import json, math, sys
got, want = json.loads(sys.argv[1]), float(sys.argv[2])
assert abs(got["loss"] - want) <= 1e-6 * want, (got, want)
assert abs(got["perplexity"] - math.exp(got["loss"])) <= 1e-9 * got["perplexity"], got
assert got["tokens"] == 3 * 4 * 16, got
print(f"grid {sys.argv[3]}: loss {got['loss']!r} (validation {want!r})")
PY
done

# Multiple choice on the tiny Llama's 256 byte tokens.
"$build/tests/hf_test_tool" make-llama "$work/llama" >/dev/null || fail "could not write the tiny Llama"
cat >"$work/mc.jsonl" <<'EOF'
{"ctx": "The cat sat on the", "endings": ["mat.", "moon", "roof"], "label": 0}
{"ctx": "Water is ", "endings": ["wet", "dry"], "label": 1}
{"question": "unused", "ctx": "One, two,", "endings": ["three", "four", "five", "six"], "label": "2"}
EOF
mc() {  # mc RANKS GRID ARGS...: rank 0's JSON line
  local n=$1 g=$2
  shift 2
  timeout 120 "$mpiexec" -n "$n" "$eval_bin" --init-from "$work/llama" --grid "$g" --seq-len 24 --batch-size 4 "$@" \
    2>"$work/stderr" || { cat "$work/stderr"; fail "multiple choice on $g: $*"; }
}
one=$(mc 1 1x1x1x1 --multiple-choice "$work/mc.jsonl" --per-example "$work/per1.jsonl")
grep -q "100%" "$work/stderr" || fail "no progress bar on stderr: $(cat "$work/stderr")"
for g in 1x1x1x2 1x2x1x1 2x1x1x1; do
  two=$(mc 2 "$g" --multiple-choice "$work/mc.jsonl" --per-example "$work/per2.jsonl")
  [ "$two" = "$one" ] || fail "grid $g: $two, one rank: $one"
  python3 - "$work/per1.jsonl" "$work/per2.jsonl" <<'PY' || fail "grid $g: per-example scores differ"
import json, sys
a = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
assert len(a) == len(b) == 3, (len(a), len(b))
for x, y in zip(a, b):
    assert (x["line"], x["label"], x["pred"], x["pred_norm"]) == (y["line"], y["label"], y["pred"], y["pred_norm"]), (x, y)
    assert all(abs(s - t) <= 1e-4 * abs(t) for s, t in zip(x["scores"], y["scores"])), (x, y)
PY
done
python3 -c 'import json,sys; r=json.loads(sys.argv[1]); assert r["examples"]==3 and set(r)=={"acc","acc_norm","correct","correct_norm","examples"}, r' "$one" \
  || fail "bad result line: $one"
echo "multiple choice: $one"

# [eval] in training: the tasks scored every step on 2 ranks, logged in metrics.jsonl, the last
# step's scores equal to fourfold-eval's of the checkpoint the run saved at that step.
cat >"$work/llama-train.toml" <<TOML
[model]
init_from = "$work/llama"
[parallel]
grid = "1x2x1x1"
[train]
steps = 2
batch_size = 4
seq_len = 24
[data]
train = "$work/tokens.bin"
[eval]
every = 1
tasks = "$work/mc.jsonl"
TOML
out=$(timeout 120 "$mpiexec" -n 2 "$build/bin/fourfold-train" --config "$work/llama-train.toml" --out "$work/llama-run" 2>&1) \
  || fail "training with [eval] tasks failed: $out"
grep -q "| mc acc " <<<"$out" || fail "no eval scores in the step lines: $out"
after=$(timeout 120 "$mpiexec" -n 2 "$eval_bin" --checkpoint "$work/llama-run/checkpoints/step_00000002.h5" --grid 1x2x1x1 \
  --seq-len 24 --batch-size 4 --multiple-choice "$work/mc.jsonl" 2>"$work/stderr") || { cat "$work/stderr"; fail "eval of the run's checkpoint"; }
python3 - "$work/llama-run/metrics.jsonl" "$(tail -1 <<<"$after")" <<'PY' || fail "[eval] scores in metrics.jsonl disagree with fourfold-eval: $after"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["step"] for r in rows if "eval" in r] == [1, 2], rows
last, cli = rows[-1]["eval"]["mc"], json.loads(sys.argv[2])
assert last["examples"] == cli["examples"] == 3, (last, cli)
assert abs(last["acc"] - cli["acc"]) < 1e-12 and abs(last["acc_norm"] - cli["acc_norm"]) < 1e-12, (last, cli)
print(f"[eval] in training: step 2 {last}, fourfold-eval of its checkpoint {cli}")
PY
out=$(timeout 60 "$mpiexec" -n 2 "$build/bin/fourfold-train" --config "$work/llama-train.toml" --out "$work/llama-bad" \
  --set eval.tasks="$work/missing.jsonl" 2>&1); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "a missing eval task was accepted or hung ($rc)"
[ "$(grep -c "error: reading eval task '$work/missing.jsonl'" <<<"$out")" -eq 2 ] || fail "missing eval task: $out"

# Bad input, refused on both ranks by file and line, never hanging (every kind of bad line is
# checked by test_drivers_eval; here that the program stops cleanly).
refused() {  # refused FRAGMENT ARGS...
  local fragment=$1
  shift
  out=$(timeout 60 "$mpiexec" -n 2 "$eval_bin" --init-from "$work/llama" --grid 1x1x1x2 --seq-len 24 "$@" 2>&1); rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "accepted or hung ($rc): $*"
  [ "$(grep -c -- "$fragment" <<<"$out")" -eq 2 ] || fail "not refused on both ranks with '$fragment': $out"
}
bad() {  # bad LINE: a file whose second line is LINE
  printf '%s\n%s\n' '{"ctx": "a", "endings": ["b", "c"], "label": 0}' "$1" >"$work/bad.jsonl"
}
bad '{"ctx": "a", "endings": ["b"], "label": 0'; refused "bad.jsonl:2: not a JSON object" --multiple-choice "$work/bad.jsonl"
bad '{"ctx": "a", "endings": ["b", "c"], "label": 5}'; refused "bad.jsonl:2: \"label\" = 5 is out of range" \
  --multiple-choice "$work/bad.jsonl"
bad '{"prompt": "a", "endings": ["b"], "label": 0}'; refused "bad.jsonl:1: no field \"prompt\"" \
  --multiple-choice "$work/bad.jsonl" --context-field prompt
refused "nothing to evaluate" --batch-size 4
refused "error: --data: no token shard matches" --data "$work/missing_*.bin"
echo PASS
