// Text to token ids and back, for byte-level BPE tokenizers (GPT-2, Llama 3, Qwen 2/3,
// Mistral-Nemo, ...), read from what their authors publish:
//  * Hugging Face's tokenizer.json: model.type "BPE" (vocab, merges as "a b" or ["a", "b"],
//    ignore_merges), added and special tokens, no normalizer or NFC (Qwen 2/3's, through ICU),
//    the ByteLevel and Split (regex,
//    behaviour "Isolated") pre-tokenizers or a Sequence of them, the ByteLevel decoder, and the
//    post_processor's single-sequence template (TemplateProcessing, alone or in a Sequence with
//    ByteLevel: Llama 3's <|begin_of_text|>), applied where special tokens are asked for;
//  * GPT-2's original pair, encoder.json + vocab.bpe, and Hugging Face's vocab.json + merges.txt
//    (GPT-2's pre-tokenizer; <|endoftext|> special where the vocabulary has it);
//  * a folder holding one of these.
// Encoding: the text (valid UTF-8, or an error naming the byte offset) is cut at added tokens
// (longest first), each stretch between them pre-tokenized and each piece BPE-encoded. Decoding
// maps ids back to their bytes; StreamDecoder releases them as whole characters.
//
// The Tokenizer is immutable once loaded and shared by threads; each thread encodes through its
// own Encoder (regex match data and the BPE word cache).
#pragma once

#include "text/bpe.hpp"
#include "text/regex.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fourfold::text {

struct AddedToken {
  int id = 0;
  std::string content;
  bool special = false;
};

/// One step of pre-tokenization.
struct PreTokenizerStep {
  enum Kind { split, byte_level } kind = byte_level;
  std::shared_ptr<const Regex> regex;  // split; byte_level with use_regex (GPT-2's pattern)
  bool add_prefix_space = false;       // byte_level
};

class Tokenizer {
 public:
  /// Reads `path`: a tokenizer.json, a folder holding tokenizer.json (or encoder.json + vocab.bpe,
  /// or vocab.json + merges.txt), or encoder.json / vocab.json with its merges file beside it.
  /// UserError naming the file and what is wrong (unsupported model type, normalizer or
  /// pre-tokenizer; a malformed vocabulary or merge).
  static Tokenizer load(const std::string& path);
  /// From the text of a tokenizer.json (`origin` names it in errors).
  static Tokenizer from_json(const std::string& json_text, const std::string& origin);
  /// GPT-2's pair: the vocabulary's JSON text and the merges' text (a "#version" line first, then
  /// "a b" per line).
  static Tokenizer from_vocab_and_merges(const std::string& vocab_json, const std::string& merges_text,
                                         const std::string& origin);

  /// Ids of `text`; UserError naming the byte offset of the first byte that is not valid UTF-8.
  /// add_special_tokens: the post_processor's template around them (transformers'
  /// add_special_tokens=True, its default: Llama 3's BOS first); without one, nothing is added.
  std::vector<int> encode(std::string_view text, bool add_special_tokens = false) const;
  /// UserError naming the post_processor when it is one fourfold does not apply (encode with
  /// add_special_tokens calls it).
  void require_special_tokens() const;
  /// The ids the post_processor's single-sequence template puts before and after a text's own.
  const std::vector<int>& special_prefix() const { return special_prefix_; }
  const std::vector<int>& special_suffix() const { return special_suffix_; }
  /// The bytes of `ids` (any ids the tokenizer has; UserError naming an id it has not).
  std::string decode(const std::vector<int>& ids) const;
  /// Appends the bytes of one id.
  void append_bytes(int id, std::string& out) const;

  /// One past the largest id (BPE vocabulary and added tokens).
  int vocab_size() const { return vocab_size_; }
  /// The id of an added (or vocabulary) token's exact text, if there is one.
  std::optional<int> token_id(const std::string& content) const;
  /// The end-of-text token a corpus separates documents with: the first special token of
  /// <|endoftext|>, <|end_of_text|>, </s>, <|im_end|>, <eos> that this tokenizer has.
  std::optional<int> default_end_of_text() const;
  const std::string& origin() const { return origin_; }
  const std::vector<AddedToken>& added_tokens() const { return added_; }

  /// One thread's encoding state.
  class Encoder {
   public:
    explicit Encoder(const Tokenizer& tokenizer);
    /// Appends the ids of `text` (valid UTF-8; the caller has checked it) to `ids`.
    void encode_valid(std::string_view text, std::vector<int>& ids);
    /// As Tokenizer::encode, appending.
    void encode(std::string_view text, std::vector<int>& ids);

   private:
    void encode_stretch(std::string_view text, std::vector<int>& ids);
    const Tokenizer* tokenizer_;
    std::vector<RegexMatcher> matchers_;  // one per step with a regex
    std::unordered_map<std::string, std::vector<int>> cache_;
    std::vector<std::string_view> pieces_, next_;
    std::string prefixed_, normalized_;
  };

 private:
  std::string origin_;
  BpeModel bpe_;
  std::vector<PreTokenizerStep> steps_;
  bool nfc_ = false;                          // the text between added tokens is NFC-normalised first
  std::vector<AddedToken> added_;             // longest content first
  std::unordered_map<int, std::size_t> added_by_id_;
  int vocab_size_ = 0;
  std::vector<int> special_prefix_, special_suffix_;  // the post_processor's template (TemplateProcessing)
  std::string unsupported_post_processor_;            // its type, refused where special tokens are asked for
};

/// Releases the bytes of a stream of ids as whole UTF-8 characters: a character whose bytes are
/// split across ids is held until its last byte arrives; bytes that can never form one are
/// released as they are.
class StreamDecoder {
 public:
  explicit StreamDecoder(const Tokenizer& tokenizer) : tokenizer_(&tokenizer) {}
  /// The bytes that are complete after `id`.
  std::string push(int id);
  /// What is still held (an incomplete character's bytes), released at the end.
  std::string flush();

 private:
  const Tokenizer* tokenizer_;
  std::string held_;
};

/// GPT-2's pre-tokenizer pattern (openai/gpt-2 encoder.py; Hugging Face's ByteLevel use_regex).
extern const char* const gpt2_pattern;

}  // namespace fourfold::text
