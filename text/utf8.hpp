// UTF-8 as the tokenizers need it: validation that names the first bad byte, replacement of
// invalid bytes by U+FFFD, the code points of valid text, and where a byte stream can be cut
// without splitting a character (streamed decoding). Well-formed UTF-8 as Unicode defines it
// (Table 3-7): no overlong forms, no surrogates, nothing above U+10FFFF.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fourfold::text {

inline constexpr char32_t replacement_character = 0xFFFD;

/// Bytes of the well-formed sequence that starts at s[i], or 0 when none does (s[i] is a
/// continuation byte, an invalid lead byte, or the start of an ill-formed or truncated sequence).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

/// Offset of the first byte of s that does not begin a well-formed sequence; npos when s is valid.
std::size_t first_invalid_utf8(std::string_view s);

/// s with each maximal ill-formed subpart replaced by U+FFFD (Unicode's recommended practice, as
/// Python's and Rust's decoders do); `replaced` is increased by the number of replacements.
std::string replace_invalid_utf8(std::string_view s, std::size_t& replaced);

/// The code point of the well-formed sequence of `length` bytes at s[i].
char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t length);

/// Appends the UTF-8 encoding of cp (a scalar value: not a surrogate, at most U+10FFFF).
void append_utf8(std::string& out, char32_t cp);

/// How many bytes of s can be released to a reader now: all but a trailing sequence that is
/// well-formed so far but incomplete (its lead byte and fewer continuation bytes than it needs),
/// which a later byte may complete. Ill-formed bytes are released as they are.
std::size_t releasable_utf8_prefix(std::string_view s);

/// Takes the releasable prefix out of `held` (streamed output: what a reader may print now).
std::string take_releasable_utf8(std::string& held);

}  // namespace fourfold::text
