#include "text/utf8.hpp"

namespace fourfold::text {
namespace {

// The allowed range of the second byte after lead byte b (Unicode Table 3-7); the remaining
// continuation bytes are 0x80..0xBF. Returns the sequence length (0: not a lead byte).
std::size_t lead(unsigned char b, unsigned char& lo, unsigned char& hi) {
  lo = 0x80;
  hi = 0xBF;
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return 2;
  if (b == 0xE0) {
    lo = 0xA0;
    return 3;
  }
  if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) return 3;
  if (b == 0xED) {
    hi = 0x9F;  // no surrogates
    return 3;
  }
  if (b == 0xF0) {
    lo = 0x90;
    return 4;
  }
  if (b >= 0xF1 && b <= 0xF3) return 4;
  if (b == 0xF4) {
    hi = 0x8F;  // nothing above U+10FFFF
    return 4;
  }
  return 0;
}

// Bytes of s from i that are well-formed so far (at most the sequence's length), and the
// sequence's length in `need` (0 when s[i] is no lead byte).
std::size_t well_formed_so_far(std::string_view s, std::size_t i, std::size_t& need) {
  unsigned char lo = 0, hi = 0;
  need = lead(static_cast<unsigned char>(s[i]), lo, hi);
  if (need == 0) return 0;
  std::size_t k = 1;
  for (; k < need && i + k < s.size(); ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    const unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
    if (c < l || c > h) break;
  }
  return k;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  std::size_t need = 0;
  const std::size_t k = well_formed_so_far(s, i, need);
  return need != 0 && k == need ? need : 0;
}

std::size_t first_invalid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = utf8_sequence_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string replace_invalid_utf8(std::string_view s, std::size_t& replaced) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    std::size_t need = 0;
    const std::size_t k = well_formed_so_far(s, i, need);
    if (need != 0 && k == need) {
      out.append(s.substr(i, k));
      i += k;
    } else {
      // A maximal subpart: the lead byte and the continuation bytes that fit so far (at least one byte).
      append_utf8(out, replacement_character);
      ++replaced;
      i += k > 0 ? k : 1;
    }
  }
  return out;
}

char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t length) {
  const auto b = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(s[i + k])); };
  switch (length) {
    case 1: return b(0);
    case 2: return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
    case 3: return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    default: return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  }
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::size_t releasable_utf8_prefix(std::string_view s) {
  // Only the last three bytes can belong to an incomplete sequence.
  const std::size_t first = s.size() > 3 ? s.size() - 3 : 0;
  for (std::size_t i = first; i < s.size(); ++i) {
    std::size_t need = 0;
    const std::size_t k = well_formed_so_far(s, i, need);
    if (need > 1 && k == s.size() - i && k < need) return i;  // a lead byte and its bytes so far
  }
  return s.size();
}

std::string take_releasable_utf8(std::string& held) {
  const std::size_t n = releasable_utf8_prefix(held);
  std::string out = held.substr(0, n);
  held.erase(0, n);
  return out;
}

}  // namespace fourfold::text
