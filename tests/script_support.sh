# Helpers the shell-script tests source (tests/<folder>/test_*.sh): a small llm.c token shard
# and the small model's [model] section.

# write_token_shard FILE N: an llm.c uint16 shard (magic 20240520) of N tokens below 64 with
# a learnable pattern.
write_token_shard() {
  python3 - "$1" "$2" <<'PY'
import struct, sys
path, n = sys.argv[1], int(sys.argv[2])
tokens = [(i * 5 + (i // 7) % 3) % 64 for i in range(n)]
with open(path, "wb") as f:
    f.write(struct.pack("<256i", 20240520, 1, n, *([0] * 253)))
    f.write(struct.pack(f"<{n}H", *tokens))
PY
}

# small_model_toml MAX_SEQ_LEN: the [model] section of a 2-layer, 32-channel model with a
# 64-token vocabulary (divisible by every grid of up to 4 ranks).
small_model_toml() {
  cat <<TOML
[model]
num_layers = 2
num_heads = 4
channels = 32
vocab_size = 64
padded_vocab_size = 64
max_seq_len = $1
TOML
}
