// GPT-2's byte-level alphabet (bytes_to_unicode in openai/gpt-2's encoder.py, Hugging Face's
// ByteLevel pre-tokenizer and decoder): each of the 256 byte values stands for one printable
// code point, so that BPE vocabularies of byte-level models are strings of those code points.
// Printable Latin-1 bytes ('!'..'~', '¡'..'¬', '®'..'ÿ') stand for themselves; the others for
// U+0100 onward, in byte order (space is 'Ġ' U+0120, newline 'Ċ' U+010A).
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace fourfold::text {

class ByteLevel {
 public:
  ByteLevel();
  /// The UTF-8 of the code point that stands for byte b.
  const std::string& symbol(unsigned char b) const { return symbols_[b]; }
  /// The byte-level string of raw bytes.
  std::string encode(std::string_view bytes) const;
  /// The byte a code point stands for, or -1 when it stands for none.
  int byte_of(char32_t cp) const { return cp < inverse_.size() ? inverse_[cp] : -1; }

 private:
  std::array<std::string, 256> symbols_;
  std::array<int, 324> inverse_{};  // code points up to U+0143
};

/// The one alphabet (immutable, shared).
const ByteLevel& byte_level();

}  // namespace fourfold::text
