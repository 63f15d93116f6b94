#!/usr/bin/env bash
# Checkpoint failures from the command line, on 2 ranks:
#  - a process killed in the middle of a save (and between rename and pointer update):
#    --resume picks the newest complete checkpoint and the run ends exactly like an
#    uninterrupted one;
#  - a failed save (injected I/O error; a checkpoint directory that cannot be created):
#    reported on every rank, earlier checkpoints untouched, training stops by default or
#    warns and continues with checkpoint.on_failure = warn;
#  - damaged or mismatched checkpoints: a clear error on every rank, non-zero exit, no hang;
#  - retention: checkpoint.keep_last newest, and older ones at multiples of keep_every;
#  - fourfold-ckpt info / verify / export-llmc / export-hf, and --init-from a checkpoint, an
#    llm.c file and a Hugging Face folder (the same run from each); a damaged Hugging Face folder
#    is refused on every rank, and an export never overwrites a saved model.
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

write_token_shard "$work/tokens.bin" 40000
{ small_model_toml 32; cat <<TOML; } >"$work/run.toml"
[parallel]
grid = "1x2x1x1"
[train]
steps = 8
batch_size = 8
seq_len = 16
lr = 3e-3
warmup_steps = 2
[data]
train = "$work/tokens.bin"
order = "shuffled"
[checkpoint]
every = 2
keep_last = 2
[log]
every = 100
peak_gflops = 1.0
TOML
train() { timeout 120 "$mpiexec" -n 2 "$build/bin/fourfold-train" --config "$work/run.toml" "$@" 2>&1; }
final_loss() { python3 -c "import json,sys; print([json.loads(l) for l in open(sys.argv[1])][-1]['loss'])" "$1"; }

out=$(train --out "$work/whole") || fail "uninterrupted run failed: $out"
expected=$(final_loss "$work/whole/metrics.jsonl")

for point in tensors latest; do
  dir=$work/killed_$point
  out=$(FOURFOLD_CHECKPOINT_FAULT=kill:$point:6 train --out "$dir"); rc=$?
  [ $rc -ne 0 ] || fail "a run killed at '$point' of the step-6 save exited 0"
  [ $rc -ne 124 ] || fail "a run killed at '$point' hung"
  want=4; [ $point = latest ] && want=6   # killed after the rename: step 6 is complete
  [ -s "$dir/checkpoints/step_0000000$want.h5" ] || fail "step $want checkpoint missing after a kill at '$point'"
  # Saves are asynchronous by default: the kill came in the background writer, mid-write or
  # mid-commit, while training had gone on; the checkpoint before it still verifies.
  "$build/bin/fourfold-ckpt" verify "$dir/checkpoints/step_0000000$want.h5" >/dev/null \
    || fail "the step $want checkpoint does not verify after a kill at '$point' of an asynchronous save"
  out=$(train --out "$dir" --resume) || fail "resume after a kill at '$point' failed: $out"
  grep -q "resumed from .*step_0000000$want.h5 (step $want" <<<"$out" || fail "resume after '$point' did not start at step $want: $out"
  got=$(final_loss "$dir/metrics.jsonl")
  [ "$got" = "$expected" ] || fail "after a kill at '$point' and resume the final loss is $got, uninterrupted $expected"
  steps=$(grep -c '"step"' "$dir/metrics.jsonl")
  [ "$steps" -eq 8 ] || fail "metrics.jsonl holds $steps records after resume (expected 8)"
done
echo "kill at tensors/latest + resume: final loss $expected, identical to the uninterrupted run"

# Retention: the newest keep_last checkpoints, and the older ones whose step is a multiple of
# keep_every; a checkpoint of the final step is written like any other.
ls "$work/whole/checkpoints" | grep -E '^step_[0-9]{8}\.h5$' | tr '\n' ' ' >"$work/kept"
[ "$(cat "$work/kept")" = "step_00000006.h5 step_00000008.h5 " ] || fail "keep_last = 2 left: $(cat "$work/kept")"
out=$(train --out "$work/every" --set checkpoint.every=1 --set checkpoint.keep_last=2 --set checkpoint.keep_every=3) \
  || fail "a run with keep_every failed: $out"
kept=$(ls "$work/every/checkpoints" | grep -E '^step_[0-9]{8}\.h5$' | tr '\n' ' ')
[ "$kept" = "step_00000003.h5 step_00000006.h5 step_00000007.h5 step_00000008.h5 " ] \
  || fail "keep_last = 2, keep_every = 3 left: $kept"
out=$(train --out "$work/every-bad" --set checkpoint.keep_every=-1); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "keep_every = -1 accepted (exit $rc)"
grep -q "checkpoint.keep_every" <<<"$out" || fail "keep_every message: $out"
echo "retention: keep_last and keep_every leave $kept"

# A failed save, asynchronous (the default: reported on every rank at a later step, once every
# writer is done) and synchronous (reported at the save step).
for mode in async sync; do
  dir=$work/error-$mode
  flag=(--set checkpoint.async=true); [ $mode = sync ] && flag=(--set checkpoint.async=false)
  out=$(FOURFOLD_CHECKPOINT_FAULT=error:tensors:4 train --out "$dir" "${flag[@]}"); rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "a failed $mode save did not stop the run cleanly (exit $rc)"
  prefix=""; [ $mode = async ] && prefix="the asynchronous checkpoint of step 4 failed: "
  n=$(grep -c "error: ${prefix}writing tensor .* injected I/O error" <<<"$out")
  [ "$n" -eq 2 ] || fail "the failed $mode save was reported on $n of 2 ranks: $out"
  [ -s "$dir/checkpoints/step_00000002.h5" ] || fail "the earlier checkpoint was lost ($mode)"
  [ ! -e "$dir/checkpoints/step_00000004.h5.partial" ] || fail "the partial file was left behind ($mode)"
  [ ! -e "$dir/checkpoints/step_00000004.h5" ] || fail "the failed save left a complete-looking file ($mode)"
  [ "$(cat "$dir/checkpoints/latest")" = "step_00000002.h5" ] || fail "latest no longer points to step 2 ($mode)"
  "$build/bin/fourfold-ckpt" verify "$dir/checkpoints/step_00000002.h5" >/dev/null \
    || fail "the previous checkpoint does not verify after a failed $mode save"
  # Every rank stopped at the same step: the records it wrote end there.
  last=$(python3 -c "import json,sys; print([json.loads(l) for l in open(sys.argv[1])][-1]['step'])" "$dir/metrics.jsonl")
  if [ $mode = sync ]; then [ "$last" -eq 4 ] || fail "the failed sync save stopped the run at step $last, not 4"; fi
  if [ $mode = async ]; then [ "$last" -ge 5 ] || fail "the failed async save stopped the run at step $last: before the next step"; fi
  out=$(FOURFOLD_CHECKPOINT_FAULT=error:tensors:4 train --out "$dir.warn" --set checkpoint.on_failure=warn "${flag[@]}") \
    || fail "with on_failure = warn the $mode run stopped: $out"
  prefix="checkpoint of step 4 failed"; [ $mode = async ] && prefix="the asynchronous checkpoint of step 4 failed"
  n=$(grep -c "warning: $prefix" <<<"$out")
  [ "$n" -eq 2 ] || fail "the $mode warning was printed on $n of 2 ranks: $out"
  [ -s "$dir.warn/checkpoints/step_00000008.h5" ] || fail "training did not go on to its final checkpoint ($mode)"
done

mkdir -p "$work/blocked" && touch "$work/blocked/checkpoints"   # a file where the directory should be
out=$(train --out "$work/blocked"); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "an impossible checkpoint directory did not stop the run (exit $rc)"
n=$(grep -cE "error: (the asynchronous checkpoint of step 2 failed: )?preparing checkpoint directory" <<<"$out")
[ "$n" -eq 2 ] || fail "the directory failure was reported on $n of 2 ranks: $out"
echo "failed saves: reported on every rank, earlier checkpoints intact"

good=$work/whole/checkpoints/step_00000008.h5
cp "$good" "$work/truncated.h5" && truncate -s 20000 "$work/truncated.h5"
cp "$good" "$work/flipped.h5"
offset=$(h5dump -p -H -d /model/wte "$good" | awk '/OFFSET/ {print $2; exit}')
[ -n "$offset" ] || fail "could not find the data offset of /model/wte"
printf '\x5a\x5a\x5a\x5a' | dd of="$work/flipped.h5" bs=1 seek=$((offset + 64)) conv=notrunc status=none
for case in "truncated.h5:(truncated or corrupt?)" "flipped.h5:checksum mismatch in 1 tensor(s): wte" \
            "missing.h5:cannot open checkpoint"; do
  file=${case%%:*}; message=${case#*:}
  out=$(train --out "$work/r_$file" --resume "$work/$file"); rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "resume from $file exited $rc"
  n=$(grep -c -F "$message" <<<"$out")
  [ "$n" -eq 2 ] || fail "resume from $file: '$message' on $n of 2 ranks: $out"
done
out=$(train --out "$work/r_shape" --resume "$good" --set model.num_layers=3); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "a model mismatch exited $rc"
[ "$(grep -c "holds GPT-2 L=2.*but the run's model is GPT-2 L=3" <<<"$out")" -eq 2 ] || fail "model mismatch message: $out"
echo "damaged checkpoints: clear errors on every rank"

"$build/bin/fourfold-ckpt" info "$good" | grep -q "h.1.mlp.c_fc.weight *\[128, 32\]" || fail "ckpt info lacks the tensor list"
"$build/bin/fourfold-ckpt" info "$good" | grep -q "^family *gpt2$" || fail "ckpt info does not name the family"
"$build/bin/fourfold-ckpt" verify "$good" >/dev/null || fail "ckpt verify rejected a good checkpoint"
out=$("$build/bin/fourfold-ckpt" verify "$work/flipped.h5" 2>&1) && fail "ckpt verify accepted a damaged checkpoint"
grep -q "MISMATCH /model/wte" <<<"$out" || fail "ckpt verify did not name the damaged dataset: $out"
"$build/bin/fourfold-ckpt" export-llmc "$good" "$work/model.bin" >/dev/null || fail "export-llmc failed"
out=$(train --out "$work/from_llmc" --init-from "$work/model.bin" --steps 2 --set checkpoint.every=0) || fail "--init-from the export failed: $out"
out=$(train --out "$work/from_h5" --init-from "$good" --steps 2 --set checkpoint.every=0) || fail "--init-from a checkpoint failed: $out"
grep -q "weights from checkpoint" <<<"$out" || fail "--init-from .h5 did not say so"
[ "$(final_loss "$work/from_llmc/metrics.jsonl")" = "$(final_loss "$work/from_h5/metrics.jsonl")" ] \
  || fail "starting from the llm.c export and from the checkpoint differ"

"$build/bin/fourfold-ckpt" export-hf "$good" "$work/hf" --max-shard-size 60KB >/dev/null || fail "export-hf failed"
[ -f "$work/hf/config.json" ] && [ -f "$work/hf/model.safetensors.index.json" ] || fail "export-hf wrote no sharded folder"
out=$("$build/bin/fourfold-ckpt" export-hf "$good" "$work/hf" 2>&1) && fail "export-hf overwrote a saved model"
grep -q "already holds a model" <<<"$out" || fail "export-hf over a model: $out"
out=$(train --out "$work/from_hf" --init-from "$work/hf" --steps 2 --set checkpoint.every=0) || fail "--init-from the Hugging Face export failed: $out"
grep -q "weights from Hugging Face folder" <<<"$out" || fail "--init-from a folder did not say so"
[ "$(final_loss "$work/from_hf/metrics.jsonl")" = "$(final_loss "$work/from_h5/metrics.jsonl")" ] \
  || fail "starting from the Hugging Face export and from the checkpoint differ"
# A damaged folder: a shard cut short (its header then claims more than the file holds).
cp -r "$work/hf" "$work/hf_cut"
shard=$(ls "$work/hf_cut"/model-00001-of-*.safetensors)
truncate -s 100 "$shard"
out=$(train --out "$work/r_hf_cut" --init-from "$work/hf_cut" --steps 2); rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "--init-from a damaged folder exited $rc"
[ "$(grep -c "longer than the file" <<<"$out")" -eq 2 ] || fail "damaged folder not named on both ranks: $out"
echo PASS
