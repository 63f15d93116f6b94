// UTF-8 handling (text/utf8.hpp): well-formedness by Unicode's Table 3-7 (overlong forms,
// surrogates and code points above U+10FFFF refused), replacement of maximal ill-formed subparts
// by U+FFFD as Python's and Rust's decoders replace them, and where a byte stream can be released.
#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

namespace fourfold::text {
namespace {

TEST(Utf8, WellFormedSequencesAndTheFirstBadByte) {
  EXPECT_EQ(first_invalid_utf8("plain ASCII"), std::string::npos);
  EXPECT_EQ(first_invalid_utf8("caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80"), std::string::npos);
  EXPECT_EQ(first_invalid_utf8("ab\x80"), 2u);              // a lone continuation byte
  EXPECT_EQ(first_invalid_utf8("\xC0\xAF"), 0u);            // overlong '/'
  EXPECT_EQ(first_invalid_utf8("x\xE0\x80\xAF"), 1u);       // overlong three-byte form
  EXPECT_EQ(first_invalid_utf8("\xED\xA0\x80"), 0u);        // surrogate U+D800
  EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);    // U+110000
  EXPECT_EQ(first_invalid_utf8("\xF0\x9F\x98"), 0u);        // truncated
  EXPECT_EQ(first_invalid_utf8("\xFF"), 0u);
  EXPECT_EQ(utf8_sequence_length("\xF0\x9F\x98\x80", 0), 4u);
  EXPECT_EQ(decode_utf8("\xF0\x9F\x98\x80", 0, 4), U'\U0001F600');
}

TEST(Utf8, MaximalSubpartsBecomeOneReplacementEach) {
  std::size_t replaced = 0;
  // Unicode's example (section 3.9): 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 -> a, FFFD, FFFD,
  // FFFD, b, FFFD, c, FFFD, FFFD, d.
  const std::string out = replace_invalid_utf8("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", replaced);
  EXPECT_EQ(out, "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD" "d");
  EXPECT_EQ(replaced, 6u);
  replaced = 0;
  EXPECT_EQ(replace_invalid_utf8("fine", replaced), "fine");
  EXPECT_EQ(replaced, 0u);
}

TEST(Utf8, ReleasablePrefixHoldsOnlyAnIncompleteCharacter) {
  EXPECT_EQ(releasable_utf8_prefix("abc"), 3u);
  EXPECT_EQ(releasable_utf8_prefix("ab\xF0\x9F"), 2u);          // an emoji's first two bytes
  EXPECT_EQ(releasable_utf8_prefix("ab\xF0\x9F\x98\x80"), 6u);  // complete
  EXPECT_EQ(releasable_utf8_prefix("ab\xE6"), 2u);
  EXPECT_EQ(releasable_utf8_prefix("ab\x80"), 3u);              // never a character: released
  EXPECT_EQ(releasable_utf8_prefix("ab\xF0\x28"), 4u);          // broken already: released
  EXPECT_EQ(releasable_utf8_prefix(""), 0u);
}

TEST(Utf8, EncodesEveryLength) {
  std::string s;
  for (const char32_t cp : {U'\x24', U'\xA2', U'\x20AC', U'\U00010348'}) append_utf8(s, cp);
  EXPECT_EQ(s, "\x24\xC2\xA2\xE2\x82\xAC\xF0\x90\x8D\x88");
}

}  // namespace
}  // namespace fourfold::text
