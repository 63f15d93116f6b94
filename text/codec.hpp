// Text in and out of a model: through a tokenizer, or, for a model of at most 256 tokens without
// one, bytes as tokens 0..255 (fourfold-prep's byte level). Output is released as whole UTF-8
// characters (a character split across tokens is held until it is complete).
#pragma once

#include "text/tokenizer.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fourfold::text {

class Codec {
 public:
  /// tokenizer_path: empty for bytes. UserError naming the tokenizer when it has more tokens than
  /// the model (they do not belong together).
  Codec(const std::string& tokenizer_path, int model_vocab_size);
  /// Whether text can be encoded and decoded (a tokenizer, or a byte-level model).
  bool has_text() const { return tokenizer_ != nullptr || bytes_; }
  /// add_special_tokens: the tokenizer's post_processor template around the text (Llama 3's BOS
  /// first), as transformers adds by default; bytes have none.
  std::vector<int> encode(const std::string& text, bool add_special_tokens = false) const;
  /// The ids encode(text, true) puts before the text's own (the post_processor template's prefix:
  /// Llama 3's BOS); none for bytes or a tokenizer without a template. UserError for a
  /// post_processor fourfold does not apply, as encode(text, true).
  std::vector<int> special_prefix() const;
  /// The bytes of `id` that complete whole characters, and what is held at the end.
  std::string push(int id);
  std::string flush();
  /// The end-of-text token, when the tokenizer has one.
  std::optional<int> end_of_text() const;

 private:
  std::unique_ptr<Tokenizer> tokenizer_;
  bool bytes_ = false;
  int model_vocab_size_ = 0;
  std::string held_;
};

}  // namespace fourfold::text
