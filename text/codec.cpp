#include "text/codec.hpp"

#include "core/error.hpp"
#include "text/utf8.hpp"

namespace fourfold::text {

Codec::Codec(const std::string& tokenizer_path, int model_vocab_size) : model_vocab_size_(model_vocab_size) {
  if (!tokenizer_path.empty()) {
    tokenizer_ = std::make_unique<Tokenizer>(Tokenizer::load(tokenizer_path));
    FF_REQUIRE(tokenizer_->vocab_size() <= model_vocab_size,
               "tokenizer '{}' has {} tokens but the model only {}: they do not belong together", tokenizer_path,
               tokenizer_->vocab_size(), model_vocab_size);
  }
  bytes_ = tokenizer_ == nullptr && model_vocab_size <= 256;
}

std::vector<int> Codec::encode(const std::string& text, bool add_special_tokens) const {
  FF_REQUIRE(has_text(), "a model of more than 256 tokens needs its tokenizer to read text");
  if (tokenizer_) return tokenizer_->encode(text, add_special_tokens);
  std::vector<int> ids(reinterpret_cast<const unsigned char*>(text.data()),
                       reinterpret_cast<const unsigned char*>(text.data()) + text.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    FF_REQUIRE(ids[i] < model_vocab_size_, "byte {} of the text (0x{:02X}) is no token of a model of {} byte tokens", i,
               ids[i], model_vocab_size_);
  return ids;
}

std::vector<int> Codec::special_prefix() const {
  if (!tokenizer_) return {};
  tokenizer_->require_special_tokens();
  return tokenizer_->special_prefix();
}

std::string Codec::push(int id) {
  if (tokenizer_) {
    tokenizer_->append_bytes(id, held_);
  } else {
    FF_REQUIRE(id >= 0 && id < 256, "token {} is no byte", id);
    held_.push_back(static_cast<char>(id));
  }
  return take_releasable_utf8(held_);
}

std::string Codec::flush() {
  std::string out;
  out.swap(held_);
  return out;
}

std::optional<int> Codec::end_of_text() const { return tokenizer_ ? tokenizer_->default_end_of_text() : std::nullopt; }

}  // namespace fourfold::text
