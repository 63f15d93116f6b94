// A compiled pre-tokenizer pattern (PCRE2, UTF-8 with Unicode properties: \p{L}, \p{N}, \s as
// Unicode whitespace, lookahead), JIT-compiled where PCRE2 can. Move-only RAII: the compiled
// code is freed once. Matching needs a RegexMatcher per thread (PCRE2's match data), so one Regex
// serves every thread.
#pragma once

#include <string>
#include <string_view>
#include <vector>

struct pcre2_real_code_8;
struct pcre2_real_match_data_8;

namespace fourfold::text {

class Regex {
 public:
  /// UserError naming the pattern, PCRE2's message and the offset where it failed.
  explicit Regex(const std::string& pattern);
  ~Regex();
  Regex(Regex&& other) noexcept;
  Regex& operator=(Regex&& other) noexcept;
  Regex(const Regex&) = delete;
  Regex& operator=(const Regex&) = delete;

  const std::string& pattern() const { return pattern_; }
  pcre2_real_code_8* code() const { return code_; }

 private:
  std::string pattern_;
  pcre2_real_code_8* code_ = nullptr;
};

/// One thread's matching state for a Regex.
class RegexMatcher {
 public:
  explicit RegexMatcher(const Regex& regex);
  ~RegexMatcher();
  RegexMatcher(RegexMatcher&& other) noexcept;
  RegexMatcher& operator=(RegexMatcher&& other) noexcept;
  RegexMatcher(const RegexMatcher&) = delete;
  RegexMatcher& operator=(const RegexMatcher&) = delete;

  /// Hugging Face's Split with behaviour "Isolated": `text` (valid UTF-8) cut into the matches
  /// of the pattern and the stretches between them, in order, none empty. Appended to `pieces`.
  void split_isolated(std::string_view text, std::vector<std::string_view>& pieces);

 private:
  const Regex* regex_ = nullptr;
  pcre2_real_match_data_8* match_ = nullptr;
};

}  // namespace fourfold::text
