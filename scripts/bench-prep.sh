#!/usr/bin/env bash
# Tokenizer throughput: fourfold-prep on a large text (the fortunes corpus repeated to about 30 MB,
# one document per copy) with GPT-2's and Llama 3's tokenizers (the files the tests fetch), on 1
# and 2 threads; prints each run's final line (documents, tokens, MB/s, tokens/s). The target is
# at least 5 MB/s of text per core. Needs a configured build (scripts/test.sh) for the tokenizers.
#   scripts/bench-prep.sh [COPIES]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"
fourfold_build --target fourfold-prep >/dev/null
copies=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
for i in $(seq 1 "$copies"); do cat "${texts[@]}" >"$work/copy-$i.txt"; done
for tokenizer in gpt2 llama3; do
  file="$build_dir/test-data/$tokenizer/tokenizer.json"
  [ -f "$file" ] || { echo "bench-prep: $file is missing (configure the tests: scripts/test.sh)" >&2; exit 1; }
  for threads in 1 2; do
    rm -rf "$work/out"
    line=$("$build_dir/bin/fourfold-prep" --out "$work/out" --tokenizer "$file" --threads "$threads" --val-fraction 0.5 --replace-invalid \
      "$work"/copy-*.txt | tail -1)
    echo "bench-prep: $tokenizer, $threads thread(s): ${line#fourfold-prep: }"
  done
done
