#include "drivers/train/token_loader.hpp"

#include "core/error.hpp"
#include "core/hash.hpp"
#include "drivers/train/train_config.hpp"

#include <algorithm>

namespace fourfold {

TokenLoader::TokenLoader(const TokenDataset& data, int seq_len, int batch, DataOrder order,
                         std::uint64_t seed, int vocab_size)
    : data_(data),
      seq_len_(seq_len),
      batch_(batch),
      shuffled_(order == DataOrder::shuffled),
      seed_(seed),
      vocab_size_(vocab_size) {
  const std::size_t batch_tokens = static_cast<std::size_t>(batch) * seq_len;
  for (const TokenShard& shard : data.shards()) {
    batch_start_.push_back(batches_);
    window_start_.push_back(windows_);
    if (shard.size() > 0) {
      batches_ += (shard.size() - 1) / batch_tokens;
      windows_ += (shard.size() - 1) / seq_len;
    }
  }
  if (shuffled_) {
    FF_REQUIRE(windows_ > 0, "token data '{}' ({} tokens) is too short for one sequence of {} + 1 tokens",
               data.pattern(), data.total_tokens(), seq_len);
  } else {
    FF_REQUIRE(batches_ > 0,
               "token data '{}': no shard holds one batch of {} sequences x {} tokens + 1 ({} tokens "
               "in all); use more data or a smaller batch",
               data.pattern(), batch, seq_len, data.total_tokens());
  }
  while ((std::uint64_t{1} << domain_bits_) < windows_) ++domain_bits_;
  if (domain_bits_ % 2) ++domain_bits_;  // balanced Feistel halves
}

std::uint64_t TokenLoader::permute(std::uint64_t index, std::uint64_t epoch) const {
  // Cycle-walking Feistel permutation of [0, windows_): a bijection of [0, 2^bits) applied until
  // the value falls inside the range.
  const int half = domain_bits_ / 2;
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  std::uint64_t v = index;
  do {
    std::uint64_t left = v >> half, right = v & mask;
    for (int round = 0; round < 4; ++round) {
      const std::uint64_t f = rng::bits(seed_, (epoch << 2) | round, right) & mask;
      const std::uint64_t next = left ^ f;
      left = right;
      right = next;
    }
    v = (left << half) | right;
  } while (v >= windows_);
  return v;
}

std::pair<std::size_t, std::size_t> TokenLoader::locate(long step, int i) const {
  if (!shuffled_) {
    const std::size_t b = static_cast<std::size_t>(step) % batches_;
    const std::size_t shard =
        std::upper_bound(batch_start_.begin(), batch_start_.end(), b) - batch_start_.begin() - 1;
    const std::size_t offset = ((b - batch_start_[shard]) * batch_ + i) * seq_len_;
    return {shard, offset};
  }
  const std::uint64_t g = static_cast<std::uint64_t>(step) * batch_ + i;
  const std::uint64_t w = permute(g % windows_, g / windows_);
  const std::size_t shard =
      std::upper_bound(window_start_.begin(), window_start_.end(), w) - window_start_.begin() - 1;
  return {shard, (w - window_start_[shard]) * seq_len_};
}

void TokenLoader::sequence(long step, int i, int* tokens, int* targets) const {
  FF_ASSERT(i >= 0 && i < batch_, "sequence {} of a batch of {}", i, batch_);
  const auto [s, offset] = locate(step, i);
  const TokenShard& shard = data_.shards()[s];
  for (int t = 0; t <= seq_len_; ++t) {
    const std::uint32_t token = shard[offset + t];
    FF_REQUIRE(token < static_cast<std::uint32_t>(vocab_size_),
               "token {} at position {} of '{}' is outside the model's vocabulary (vocab_size {})",
               token, offset + t, shard.path(), vocab_size_);
    if (t < seq_len_) tokens[t] = static_cast<int>(token);
    if (t > 0) targets[t - 1] = static_cast<int>(token);
  }
}

void TokenLoader::fill(long step, int micro_step, int micro_batch, int row_group, int local,
                       int* tokens, int* targets) const {
  const int first = micro_step * micro_batch + row_group * local;
  for (int j = 0; j < local; ++j)
    sequence(step, first + j, tokens + static_cast<std::size_t>(j) * seq_len_,
             targets + static_cast<std::size_t>(j) * seq_len_);
}

}  // namespace fourfold
