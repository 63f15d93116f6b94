#!/usr/bin/env bash
# fourfold-generate from the command line: the same ids on every grid for a Llama (a Hugging Face
# folder) and a GPT-2 (a checkpoint), greedy and sampled with a seed (another seed, other ids),
# text streamed for a byte-level model with tokens/s on stderr, a prompt file of lines of different
# lengths decoded as a batch giving each line what it gives alone (greedy and sampled, one batch or
# several, one rank or two), its JSON lines, and bad requests refused on every rank by name (a
# prompt and new tokens past the context, two prompts, an id outside the vocabulary, a tokenizer
# that is not the model's, an empty line, a line too long for the context).
set -u
build=$1
mpiexec=${MPIEXEC:-mpiexec}
generate=$build/bin/fourfold-generate
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OPENBLAS_NUM_THREADS=1
source "$(dirname "${BASH_SOURCE[0]}")/../script_support.sh"

"$build/tests/hf_test_tool" make-llama "$work/llama" >/dev/null || fail "could not write the tiny Llama"
ids() {  # ids RANKS GRID ARGS...: the generated ids, rank 0's line
  local n=$1 g=$2
  shift 2
  timeout 120 "$mpiexec" -n "$n" "$generate" --grid "$g" --ids "$@" 2>"$work/stderr" || { cat "$work/stderr"; fail "generate on $g: $*"; }
}
same_on_every_grid() {  # ARGS...: the ids on 1x1x1x1, then equal on every grid of 2 ranks
  local want got
  want=$(ids 1 1x1x1x1 "$@")
  [ "$(wc -w <<<"$want")" -ge 8 ] || fail "too few ids: '$want'"
  for g in 2x1x1x1 1x2x1x1 1x1x2x1 1x1x1x2; do
    got=$(ids 2 "$g" "$@")
    [ "$got" = "$want" ] || fail "grid $g generated '$got', 1x1x1x1 '$want' ($*)"
  done
  echo "$want"
}
greedy=$(same_on_every_grid --init-from "$work/llama" --prompt-ids "1 2 3 4" --greedy --max-new-tokens 16)
echo "Llama greedy: $greedy"
sampled=$(same_on_every_grid --init-from "$work/llama" --prompt-ids "1 2 3 4" --max-new-tokens 16 --seed 7 \
  --temperature 0.9 --top-k 50 --top-p 0.95)
other=$(ids 1 1x1x1x1 --init-from "$work/llama" --prompt-ids "1 2 3 4" --max-new-tokens 16 --seed 8 --temperature 0.9 \
  --top-k 50 --top-p 0.95)
[ "$sampled" != "$other" ] || fail "seeds 7 and 8 sampled the same ids: the seed is not used"

# GPT-2 from a checkpoint of a short run.
write_token_shard "$work/tokens.bin" 20000
{ small_model_toml 32; cat <<TOML; } >"$work/gpt2.toml"
[train]
steps = 3
batch_size = 4
seq_len = 16
[data]
train = "$work/tokens.bin"
TOML
timeout 120 "$mpiexec" -n 1 "$build/bin/fourfold-train" --config "$work/gpt2.toml" --out "$work/gpt2" >/dev/null 2>&1 \
  || fail "training the GPT-2 failed"
gpt2=$(same_on_every_grid --checkpoint "$work/gpt2/checkpoints/step_00000003.h5" --prompt-ids "5 10 15" --greedy \
  --max-new-tokens 12)
echo "GPT-2 greedy: $gpt2"

# Text: the Llama's 256 tokens are bytes; streamed to stdout, tokens/s on stderr.
out=$(timeout 120 "$mpiexec" -n 2 "$generate" --init-from "$work/llama" --grid 1x2x1x1 --prompt "Hello" --max-new-tokens 20 \
  --seed 3 2>"$work/stderr") || fail "text generation failed: $(cat "$work/stderr")"
grep -q "20 new tokens in .* tokens/s) after a prompt of 5 tokens" "$work/stderr" || fail "no tokens/s line: $(cat "$work/stderr")"
[ -n "$out" ] || fail "no text on stdout"

# A prompt file: one prompt per line (the last without its newline), a batch equal to each alone.
printf 'Hello\nA longer prompt, with more bytes\nx' >"$work/prompts.txt"
# Greedy: three single runs, then the file as one batch on one rank.
alone=$(for line in "Hello" "A longer prompt, with more bytes" "x"; do
  ids 1 1x1x1x1 --init-from "$work/llama" --prompt "$line" --max-new-tokens 12 --greedy; done)
[ "$(wc -l <<<"$alone")" -eq 3 ] || fail "three single runs gave '$alone'"
batched=$(ids 1 1x1x1x1 --init-from "$work/llama" --prompt-file "$work/prompts.txt" --max-new-tokens 12 --greedy)
[ "$batched" = "$alone" ] || fail "the prompt file gave '$batched', its lines alone '$alone'"
# Sampled: each line alone (--batch-size 1: one sequence at a time, as a single prompt runs), then in
# batches of 2 and 1 on two ranks.
sampling=(--init-from "$work/llama" --prompt-file "$work/prompts.txt" --max-new-tokens 12 --seed 5 --temperature 0.9 --top-k 50)
sampled_alone=$(ids 1 1x1x1x1 "${sampling[@]}" --batch-size 1)
sampled=$(ids 2 1x2x1x1 "${sampling[@]}" --batch-size 2)
[ "$sampled" = "$sampled_alone" ] || fail "sampled in batches of 2: '$sampled', each line alone '$sampled_alone'"
[ "$sampled" != "$batched" ] || fail "sampled and greedy ids are the same: the sampling options are not used"
echo "prompt file, each line as alone: $(tr '\n' '|' <<<"$alone")"
json=$(timeout 120 "$mpiexec" -n 1 "$generate" --init-from "$work/llama" --prompt-file "$work/prompts.txt" \
  --max-new-tokens 6 --greedy 2>"$work/stderr") || fail "prompt file as text failed: $(cat "$work/stderr")"
[ "$(wc -l <<<"$json")" -eq 3 ] || fail "not one JSON line per prompt: $json"
grep -q '^{"line":1,"prompt":"Hello","completion":".*","new_tokens":6,"stop":"max_new_tokens"}$' <<<"$json" \
  || fail "first JSON line: $json"
[ "$(grep -o '"line":[0-9]*' <<<"$json" | tr '\n' ' ')" = '"line":1 "line":2 "line":3 ' ] || fail "lines out of order: $json"
grep -q "18 new tokens of 3 prompts (batches of 3) in .* tokens/s) after prompts of 38 tokens" "$work/stderr" \
  || fail "no tokens/s line over all prompts: $(cat "$work/stderr")"

# Bad requests, refused on both ranks.
refused() {  # refused FRAGMENT ARGS...
  local fragment=$1
  shift
  out=$(timeout 60 "$mpiexec" -n 2 "$generate" --grid 1x2x1x1 "$@" 2>&1); rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "accepted or hung ($rc): $*"
  [ "$(grep -c -- "$fragment" <<<"$out")" -eq 2 ] || fail "not refused on both ranks with '$fragment': $out"
}
refused "need 203 positions" --init-from "$work/llama" --prompt-ids "1 2 3" --max-new-tokens 200
refused "give the prompt once" --init-from "$work/llama" --prompt "a" --prompt-ids "1"
refused "'999' is no token id of the model (0 to 255)" --init-from "$work/llama" --prompt-ids "1 999"
refused "--top-p 1.5" --init-from "$work/llama" --prompt-ids "1" --top-p 1.5
refused "has 50257 tokens but the model only 256" --init-from "$work/llama" --prompt "a" \
  --tokenizer "$build/test-data/gpt2/tokenizer.json"
printf 'one\n\nthree\n' >"$work/blank.txt"
refused "--prompt-file '$work/blank.txt': line 2 is empty; expected one prompt per line" --init-from "$work/llama" \
  --prompt-file "$work/blank.txt"
head -c 100 /dev/zero | tr '\0' 'a' | sed '1i short' >"$work/long.txt"
refused "--prompt-file '$work/long.txt' line 2: a prompt of 100 tokens and --max-new-tokens 40 need 140 positions" \
  --init-from "$work/llama" --prompt-file "$work/long.txt" --max-new-tokens 40
echo PASS
