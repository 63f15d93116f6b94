#define PCRE2_CODE_UNIT_WIDTH 8
#include "text/regex.hpp"

#include "core/error.hpp"
#include "text/utf8.hpp"

#include <pcre2.h>

#include <utility>

namespace fourfold::text {

Regex::Regex(const std::string& pattern) : pattern_(pattern) {
  int error = 0;
  PCRE2_SIZE offset = 0;
  code_ = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), PCRE2_UTF | PCRE2_UCP, &error,
                        &offset, nullptr);
  if (code_ == nullptr) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(error, message, sizeof(message));
    FF_REQUIRE(false, "pre-tokenizer pattern '{}': {} at offset {}", pattern, reinterpret_cast<const char*>(message),
               static_cast<std::size_t>(offset));
  }
  // JIT where the platform has it; the interpreter otherwise (same matches).
  (void)pcre2_jit_compile(code_, PCRE2_JIT_COMPLETE);
}

Regex::~Regex() {
  if (code_ != nullptr) pcre2_code_free(code_);
}

Regex::Regex(Regex&& other) noexcept : pattern_(std::move(other.pattern_)), code_(std::exchange(other.code_, nullptr)) {}

Regex& Regex::operator=(Regex&& other) noexcept {
  if (this != &other) {
    if (code_ != nullptr) pcre2_code_free(code_);
    pattern_ = std::move(other.pattern_);
    code_ = std::exchange(other.code_, nullptr);
  }
  return *this;
}

RegexMatcher::RegexMatcher(const Regex& regex)
    : regex_(&regex), match_(pcre2_match_data_create_from_pattern(regex.code(), nullptr)) {
  FF_REQUIRE(match_ != nullptr, "pre-tokenizer pattern '{}': no memory for its match data", regex.pattern());
}

RegexMatcher::~RegexMatcher() {
  if (match_ != nullptr) pcre2_match_data_free(match_);
}

RegexMatcher::RegexMatcher(RegexMatcher&& other) noexcept
    : regex_(other.regex_), match_(std::exchange(other.match_, nullptr)) {}

RegexMatcher& RegexMatcher::operator=(RegexMatcher&& other) noexcept {
  if (this != &other) {
    if (match_ != nullptr) pcre2_match_data_free(match_);
    regex_ = other.regex_;
    match_ = std::exchange(other.match_, nullptr);
  }
  return *this;
}

void RegexMatcher::split_isolated(std::string_view text, std::vector<std::string_view>& pieces) {
  const auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  std::size_t start = 0, gap = 0;  // where to search next; where the unmatched stretch began
  while (start <= text.size()) {
    // The text was validated as UTF-8 before it got here: PCRE2 need not check it again.
    const int rc = pcre2_match(regex_->code(), subject, text.size(), start, PCRE2_NO_UTF_CHECK, match_, nullptr);
    if (rc == PCRE2_ERROR_NOMATCH) break;
    FF_REQUIRE(rc >= 0, "pre-tokenizer pattern '{}': matching failed with PCRE2 error {}", regex_->pattern(), rc);
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(match_);
    const std::size_t begin = ovector[0], end = ovector[1];
    if (end == begin) {
      // An empty match splits nothing: search again from the next character.
      if (begin >= text.size()) break;
      const std::size_t n = utf8_sequence_length(text, begin);
      start = begin + (n > 0 ? n : 1);
      continue;
    }
    if (begin > gap) pieces.push_back(text.substr(gap, begin - gap));
    pieces.push_back(text.substr(begin, end - begin));
    gap = start = end;
  }
  if (gap < text.size()) pieces.push_back(text.substr(gap));
}

}  // namespace fourfold::text
