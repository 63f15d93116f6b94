# Sourced by scripts/gpu/check.sh and scripts/gpu/reference.sh: the arguments the GPU check and its
# CPU references share, so that both sides of a comparison run the same command.
#   tiny_llama_train_args DATA INIT OUT   sets tiny_llama_train: 40 steps of the tests' tiny Llama
#                                         (tests/checkpoint/test_llama_hf.sh's run on 1x1x1x1)
#   tiny_llama_generate_args INIT         sets tiny_llama_generate: greedy, 64 new tokens, ids out
#   toml_value FILE KEY                   a "key = value" line's value in a flat TOML file
tiny_llama_steps=40
tiny_llama_new_tokens=64
tiny_llama_prompt_ids="1 2 3 4"

tiny_llama_train_args() {
  tiny_llama_train=(--init-from "$2" --grid 1x1x1x1 --data "$1" --out "$3" --steps "$tiny_llama_steps"
                    --batch-size 8 --seq-len 64 --lr 1e-3 --set train.warmup_steps=5 --set log.every=10
                    --set log.gemm_efficiency=false)
}

tiny_llama_generate_args() {
  tiny_llama_generate=(--init-from "$1" --grid 1x1x1x1 --prompt-ids "$tiny_llama_prompt_ids" --greedy
                       --max-new-tokens "$tiny_llama_new_tokens" --ids)
}

toml_value() {
  local value
  value=$(sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\([^#]*\).*/\1/p" "$1" | head -1 | sed 's/[[:space:]]*$//; s/^"\(.*\)"$/\1/')
  [ -n "$value" ] || { echo "no key '$2' in $1" >&2; return 1; }
  echo "$value"
}
