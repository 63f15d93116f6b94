// Byte-level BPE: a vocabulary of byte-level strings (byte_level.hpp) and the ranked merges that
// build them, as GPT-2's encoder.py and Hugging Face's BPE model apply them: a word (one
// pre-token's bytes) starts as one symbol per byte, then the adjacent pair of lowest rank is
// merged, all its occurrences left to right, until no pair has a merge. With ignore_merges (Llama
// 3's tokenizer.json) a word that is itself in the vocabulary is that one token.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fourfold::text {

class BpeModel {
 public:
  BpeModel() = default;
  // Move-only: tokens_ points into vocab_'s keys, which a move keeps and a copy would not.
  BpeModel(BpeModel&&) = default;
  BpeModel& operator=(BpeModel&&) = default;
  BpeModel(const BpeModel&) = delete;
  BpeModel& operator=(const BpeModel&) = delete;
  /// vocab: token string -> id (ids below 2^31, each at most once); merges: pairs of token
  /// strings in rank order, each part and the merged string in the vocabulary. `origin` (the
  /// file) is named in every UserError: a duplicate id, a merge of a string that is no token, a
  /// byte with no single-symbol token.
  BpeModel(std::unordered_map<std::string, int> vocab,
           const std::vector<std::pair<std::string, std::string>>& merges, bool ignore_merges,
           const std::string& origin);

  /// Appends the ids of one word (raw bytes) to `ids`, through `cache` (the word's ids kept for
  /// its next occurrence; cleared when it outgrows cache_limit entries).
  void encode_word(std::string_view word, std::vector<int>& ids,
                   std::unordered_map<std::string, std::vector<int>>& cache) const;

  /// The byte-level string of an id, or nullptr when no token has that id.
  const std::string* token(int id) const;
  /// The id of a token string, or -1.
  int id(const std::string& token) const;
  /// One past the largest id.
  int size() const { return size_; }

  static constexpr std::size_t cache_limit = 1 << 18;

 private:
  std::unordered_map<std::string, int> vocab_;
  std::unordered_map<int, const std::string*> tokens_;  // id -> its string (a key of vocab_)
  int size_ = 0;
  std::array<int, 256> byte_ids_{};        // the single-symbol token of each byte
  // (left id << 32 | right id) -> (rank, merged id)
  std::unordered_map<std::uint64_t, std::pair<int, int>> merges_;
  bool ignore_merges_ = false;
};

}  // namespace fourfold::text
