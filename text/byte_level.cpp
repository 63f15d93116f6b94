#include "text/byte_level.hpp"

#include "text/utf8.hpp"

namespace fourfold::text {

ByteLevel::ByteLevel() {
  inverse_.fill(-1);
  int next = 0;
  for (int b = 0; b < 256; ++b) {
    const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    const char32_t cp = printable ? static_cast<char32_t>(b) : static_cast<char32_t>(256 + next++);
    append_utf8(symbols_[b], cp);
    inverse_[cp] = b;
  }
}

std::string ByteLevel::encode(std::string_view bytes) const {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) out += symbols_[static_cast<unsigned char>(c)];
  return out;
}

const ByteLevel& byte_level() {
  static const ByteLevel alphabet;
  return alphabet;
}

}  // namespace fourfold::text
