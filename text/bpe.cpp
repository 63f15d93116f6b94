#include "text/bpe.hpp"

#include "core/error.hpp"
#include "text/byte_level.hpp"

#include <limits>

namespace fourfold::text {
namespace {

std::uint64_t pair_key(int left, int right) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) | static_cast<std::uint32_t>(right);
}

}  // namespace

BpeModel::BpeModel(std::unordered_map<std::string, int> vocab,
                   const std::vector<std::pair<std::string, std::string>>& merges, bool ignore_merges,
                   const std::string& origin)
    : vocab_(std::move(vocab)), ignore_merges_(ignore_merges) {
  FF_REQUIRE(!vocab_.empty(), "tokenizer '{}': the vocabulary is empty", origin);
  tokens_.reserve(vocab_.size());
  for (const auto& [token, id] : vocab_) {
    FF_REQUIRE(id >= 0 && id < (1 << 30), "tokenizer '{}': token '{}' has id {} (expected 0 to 2^30)", origin, token,
               id);
    const auto [slot, fresh] = tokens_.emplace(id, &token);
    FF_REQUIRE(fresh, "tokenizer '{}': id {} belongs to both '{}' and '{}'", origin, id, *slot->second, token);
    size_ = std::max(size_, id + 1);
  }
  const ByteLevel& alphabet = byte_level();
  for (int b = 0; b < 256; ++b) {
    const auto found = vocab_.find(alphabet.symbol(static_cast<unsigned char>(b)));
    FF_REQUIRE(found != vocab_.end(),
               "tokenizer '{}': byte 0x{:02X} ('{}') has no token; a byte-level BPE vocabulary holds all 256", origin,
               b, alphabet.symbol(static_cast<unsigned char>(b)));
    byte_ids_[b] = found->second;
  }
  merges_.reserve(merges.size());
  for (std::size_t rank = 0; rank < merges.size(); ++rank) {
    const auto& [left, right] = merges[rank];
    const auto l = vocab_.find(left), r = vocab_.find(right), m = vocab_.find(left + right);
    FF_REQUIRE(l != vocab_.end() && r != vocab_.end() && m != vocab_.end(),
               "tokenizer '{}': merge {} ('{}' '{}') joins strings that are not in the vocabulary", origin, rank,
               left, right);
    // The first (lowest) rank of a pair counts, as in Hugging Face's BPE.
    merges_.emplace(pair_key(l->second, r->second), std::make_pair(static_cast<int>(rank), m->second));
  }
}

void BpeModel::encode_word(std::string_view word, std::vector<int>& ids,
                           std::unordered_map<std::string, std::vector<int>>& cache) const {
  if (word.empty()) return;
  std::string key(word);
  if (const auto hit = cache.find(key); hit != cache.end()) {
    ids.insert(ids.end(), hit->second.begin(), hit->second.end());
    return;
  }
  std::vector<int> symbols;
  symbols.reserve(word.size());
  if (ignore_merges_) {
    const auto whole = vocab_.find(byte_level().encode(word));
    if (whole != vocab_.end()) symbols.push_back(whole->second);
  }
  if (symbols.empty()) {
    for (const char c : word) symbols.push_back(byte_ids_[static_cast<unsigned char>(c)]);
    // The pair of lowest rank, merged at every place it occurs (left to right), until none merges.
    while (symbols.size() > 1) {
      int best_rank = std::numeric_limits<int>::max(), best_left = -1, best_right = -1, merged = -1;
      for (std::size_t i = 0; i + 1 < symbols.size(); ++i) {
        const auto m = merges_.find(pair_key(symbols[i], symbols[i + 1]));
        if (m != merges_.end() && m->second.first < best_rank) {
          best_rank = m->second.first;
          best_left = symbols[i];
          best_right = symbols[i + 1];
          merged = m->second.second;
        }
      }
      if (merged < 0) break;
      std::size_t out = 0;
      for (std::size_t i = 0; i < symbols.size(); ++i) {
        if (i + 1 < symbols.size() && symbols[i] == best_left && symbols[i + 1] == best_right) {
          symbols[out++] = merged;
          ++i;
        } else {
          symbols[out++] = symbols[i];
        }
      }
      symbols.resize(out);
    }
  }
  ids.insert(ids.end(), symbols.begin(), symbols.end());
  if (cache.size() >= cache_limit) cache.clear();
  cache.emplace(std::move(key), std::move(symbols));
}

const std::string* BpeModel::token(int id) const {
  const auto found = tokens_.find(id);
  return found == tokens_.end() ? nullptr : found->second;
}

int BpeModel::id(const std::string& token) const {
  const auto found = vocab_.find(token);
  return found == vocab_.end() ? -1 : found->second;
}

}  // namespace fourfold::text
