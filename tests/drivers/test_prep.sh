#!/usr/bin/env bash
# fourfold-prep with a tokenizer: JSONL and text inputs (names and globs), the end-of-text token
# before every document, documents split between train and val, fixed-size shards, uint16 for
# GPT-2's vocabulary and uint32 for Llama 3's, the same shards on 1 and 2 threads, and bad input
# (invalid UTF-8, a JSONL line without its field, a bad tokenizer file, an unknown --eot, an
# output that exists, a document over the uint16 range of --token-bytes 2) refused naming the file and line; --replace-invalid counts its replacements.
# A single text file (a book) is split by chunks of the token stream and round-trips to its text
# with GPT-2's and Llama 3's tokenizers (decoded here from the tokenizer's own vocabulary);
# --val-fraction 0 writes no validation shard, on both routes; --add-special-tokens puts the
# tokenizer's post_processor template (Llama 3's BOS) around each document.
set -u
build=$1
prep=$build/bin/fourfold-prep
data=$build/test-data
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f "$data/gpt2/tokenizer.json" ] && [ -f "$data/llama3/tokenizer.json" ] \
  || fail "tokenizer files missing under $data (cmake/FourfoldTestData.cmake fetches them at configure time)"

python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
with open(f"{w}/docs.jsonl", "w") as f:
    f.write(json.dumps({"text": "Hello world!", "id": 0}) + "\n")
    for i in range(1, 20):
        f.write(json.dumps({"text": f"Document number {i}: caf\u00e9 \u65e5\u672c " + "word " * i}) + "\n")
    f.write("\n")  # a blank line is no document
with open(f"{w}/more.txt", "w") as f:
    f.write("A plain text file is one document.\n" * 50)
PY
counts() {  # counts SHARD: magic, token count, first tokens
  python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
magic, version, n = struct.unpack("<3i", data[:12])
width = 2 if magic == 20240520 else 4
tokens = struct.unpack(f"<{n}{'H' if width == 2 else 'I'}", data[1024:1024 + n * width])
assert len(data) == 1024 + n * width, "size"
print(magic, n, ",".join(map(str, tokens[:5])), tokens.count(50256), tokens.count(128001))
PY
}

out=$("$prep" --out "$work/gpt2" --tokenizer "$data/gpt2/tokenizer.json" --threads 1 "$work/docs.jsonl" "$work/*.txt" 2>&1) \
  || fail "prep with GPT-2's tokenizer: $out"
grep -q "21 documents (2 validation)" <<<"$out" || fail "documents and split: $out"
grep -q "MB/s" <<<"$out" || fail "no throughput in the final line: $out"
read -r magic n first eot _ <<<"$(counts "$work/gpt2/train.bin")"
[ "$magic" = 20240520 ] || fail "GPT-2 shards are not uint16 (magic $magic)"
[ "$first" = "50256,15496,995,0,50256" ] || fail "train.bin starts '$first'; expected <|endoftext|> Hello world! <|endoftext|>"
[ "$eot" = 19 ] || fail "train.bin holds $eot end-of-text tokens; expected 19 documents"
read -r _ _ _ val_eot _ <<<"$(counts "$work/gpt2/val.bin")"
[ "$val_eot" = 2 ] || fail "val.bin holds $val_eot documents; expected 2 (every 10th)"
# Threads change nothing.
"$prep" --out "$work/gpt2-threads" --tokenizer "$data/gpt2" --threads 2 "$work/docs.jsonl" "$work/*.txt" >/dev/null \
  || fail "prep on 2 threads"
cmp -s "$work/gpt2/train.bin" "$work/gpt2-threads/train.bin" || fail "1 and 2 threads wrote different shards"
# Fixed-size shards; Llama 3's vocabulary needs uint32, its end-of-text is <|end_of_text|>.
out=$("$prep" --out "$work/llama" --tokenizer "$data/llama3/tokenizer.json" --shard-tokens 100 --val-fraction 0.25 \
  "$work/docs.jsonl" "$work/more.txt" 2>&1) || fail "prep with Llama 3's tokenizer: $out"
ls "$work/llama"/train_000000.bin "$work/llama"/train_000001.bin "$work/llama"/val_000000.bin >/dev/null \
  || fail "no fixed-size shards: $(ls "$work/llama")"
read -r magic n _ _ eot <<<"$(counts "$work/llama/train_000000.bin")"
[ "$magic" = 20240801 ] && [ "$n" = 100 ] || fail "Llama 3 shard: magic $magic, $n tokens (expected uint32, 100)"
# A single text file: split by chunks of the token stream (every 10th of 64 tokens held out), and
# the chunks put back in stream order decode to the end-of-text token and the text itself.
python3 - "$work/book.txt" <<'PY'
import sys
lines = ["To be, or not to be, that is the question: caf\u00e9 \u65e5\u672c %d\n" % i for i in range(200)]
open(sys.argv[1], "w", encoding="utf-8").write("".join(lines))
PY
roundtrip() {  # roundtrip TOKENIZER_JSON DIR TEXT EOT_TEXT: the stream decodes to EOT_TEXT + TEXT
  python3 - "$@" <<'PY'
import json, struct, sys
tok, out, text_file, eot = sys.argv[1:5]
def read(path):
    data = open(path, "rb").read()
    magic, _, n = struct.unpack("<3i", data[:12])
    return list(struct.unpack(f"<{n}{'H' if magic == 20240520 else 'I'}", data[1024:]))
train, val = read(f"{out}/train.bin"), read(f"{out}/val.bin")
stream, chunk = [], 0
while train or val:
    source = val if chunk % 10 == 9 else train
    assert source, f"chunk {chunk}: its split ran out of tokens"
    stream += source[:64]
    del source[:64]
    chunk += 1
t = json.load(open(tok, encoding="utf-8"))
names = {i: s for s, i in t["model"]["vocab"].items()}
names.update({a["id"]: a["content"] for a in t.get("added_tokens", [])})
# GPT-2's byte-to-character table (both tokenizers are byte-level BPE).
bs = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
rest = [k for k in range(256) if k not in bs]
cs = bs + [256 + n for n in range(len(rest))]
bs = bs + rest
byte = {chr(c): b for b, c in zip(bs, cs)}
special = {a["content"] for a in t.get("added_tokens", [])}
raw = b"".join(names[i].encode() if names[i] in special else bytes(byte[c] for c in names[i]) for i in stream)
want = eot.encode() + open(text_file, "rb").read()
assert raw == want, f"decoded {len(raw)} bytes differ from the {len(want)} expected (first at {next((k for k in range(min(len(raw), len(want))) if raw[k] != want[k]), -1)})"
print(len(stream))
PY
}
for pair in "gpt2:<|endoftext|>" "llama3:<|end_of_text|>"; do
  name=${pair%%:*}
  out=$("$prep" --out "$work/book-$name" --tokenizer "$data/$name" --chunk-tokens 64 "$work/book.txt" 2>&1) \
    || fail "single-file prep with $name's tokenizer: $out"
  grep -q "1 documents (validation: every 10th chunk of 64 tokens)" <<<"$out" || fail "single-file split ($name): $out"
  n=$(roundtrip "$data/$name/tokenizer.json" "$work/book-$name" "$work/book.txt" "${pair#*:}") \
    || fail "$name: the single file's chunks do not decode to its text: $n"
done
out=$("$prep" --out "$work/book-docs" --tokenizer "$data/gpt2" --split documents "$work/book.txt" 2>&1) \
  && fail "a document split of one document accepted"
grep -q "1 documents are too few.*--split chunks" <<<"$out" || fail "document split message: $out"
# --add-special-tokens: the post_processor's template (Meta's Llama 3 one: <|begin_of_text|>) after
# the end-of-text token of every document; without it, none.
mkdir -p "$work/meta-llama3"
python3 - "$data/llama3/tokenizer.json" "$work/meta-llama3/tokenizer.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1], encoding="utf-8"))
t["post_processor"] = {"type": "Sequence", "processors": [
    {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
    {"type": "TemplateProcessing",
     "single": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
     "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [128000], "tokens": ["<|begin_of_text|>"]}}}]}
json.dump(t, open(sys.argv[2], "w", encoding="utf-8"))
PY
out=$("$prep" --out "$work/bos" --tokenizer "$work/meta-llama3" --add-special-tokens "$work/docs.jsonl" 2>&1) \
  || fail "--add-special-tokens: $out"
read -r _ _ first _ _ <<<"$(counts "$work/bos/train.bin")"
[ "$first" = "128001,128000,9906,1917,0" ] || fail "--add-special-tokens: train.bin starts '$first'; expected <|end_of_text|> <|begin_of_text|> Hello world!"
"$prep" --out "$work/nobos" --tokenizer "$work/meta-llama3" "$work/docs.jsonl" >/dev/null || fail "prep without --add-special-tokens"
read -r _ _ first _ _ <<<"$(counts "$work/nobos/train.bin")"
[ "$first" = "128001,9906,1917,0,128001" ] || fail "without --add-special-tokens train.bin starts '$first'"
# --val-fraction 0: the training shard only, on both routes.
out=$("$prep" --out "$work/noval" --tokenizer "$data/gpt2" --val-fraction 0 "$work/docs.jsonl" 2>&1) \
  || fail "--val-fraction 0: $out"
grep -q "no validation split" <<<"$out" && [ -f "$work/noval/train.bin" ] && [ ! -e "$work/noval/val.bin" ] \
  || fail "--val-fraction 0 (tokenizer): $out; $(ls "$work/noval")"
out=$("$prep" --out "$work/noval-bytes" --val-fraction 0 "$work/book.txt" 2>&1) || fail "--val-fraction 0 (bytes): $out"
[ -f "$work/noval-bytes/train.bin" ] && [ ! -e "$work/noval-bytes/val.bin" ] || fail "--val-fraction 0 (bytes): $out"
out=$("$prep" --out "$work/r8" --val-fraction -0.5 "$work/book.txt" 2>&1) && fail "a negative --val-fraction accepted"
grep -q -- "--val-fraction -0.5 must be at least 0" <<<"$out" || fail "--val-fraction message: $out"
# Bad input, each named.
printf 'good start \xC3\x28 bad' >"$work/bad.txt"
out=$("$prep" --out "$work/r1" --tokenizer "$data/gpt2" "$work/bad.txt" "$work/more.txt" 2>&1) && fail "invalid UTF-8 accepted"
grep -q "bad.txt: not valid UTF-8 at byte offset 11" <<<"$out" || fail "invalid UTF-8 message: $out"
out=$("$prep" --out "$work/r2" --tokenizer "$data/gpt2" --replace-invalid "$work/bad.txt" "$work/*.jsonl" 2>&1) \
  || fail "--replace-invalid: $out"
grep -q "1 invalid sequence(s) replaced" <<<"$out" || fail "replacements not counted: $out"
printf '{"text": "fine"}\n{"body": "no text"}\n' >"$work/nofield.jsonl"
out=$("$prep" --out "$work/r3" --tokenizer "$data/gpt2" "$work/nofield.jsonl" 2>&1) && fail "a line without its field accepted"
grep -q "nofield.jsonl line 2: no string field 'text'" <<<"$out" || fail "missing field message: $out"
echo '{"model": {"type": "WordPiece"}}' >"$work/wordpiece.json"
out=$("$prep" --out "$work/r4" --tokenizer "$work/wordpiece.json" "$work/more.txt" 2>&1) && fail "a WordPiece tokenizer accepted"
grep -q "wordpiece.json': model type 'WordPiece' is not supported" <<<"$out" || fail "bad tokenizer message: $out"
out=$("$prep" --out "$work/r5" --tokenizer "$data/gpt2" --eot "<|nope|>" "$work/more.txt" 2>&1) && fail "unknown --eot accepted"
grep -q -- "--eot '<|nope|>'" <<<"$out" || fail "--eot message: $out"
out=$("$prep" --out "$work/gpt2" --tokenizer "$data/gpt2" "$work/docs.jsonl" "$work/more.txt" 2>&1) && fail "an existing output was overwritten"
grep -q "train.bin' exists already" <<<"$out" || fail "existing output message: $out"
out=$("$prep" --out "$work/r7" --tokenizer "$data/llama3" --token-bytes 2 "$work/docs.jsonl" 2>&1) && fail "uint16 ids over 65535 accepted"
grep -q "docs.jsonl line 1: token id 128001 is over the uint16 range" <<<"$out" || fail "uint16 range message: $out"
out=$("$prep" --out "$work/r6" --tokenizer "$data/gpt2" "$work/no-such-*.txt" 2>&1) && fail "an input matching nothing accepted"
grep -q "matches none" <<<"$out" || fail "unmatched input message: $out"
echo PASS
