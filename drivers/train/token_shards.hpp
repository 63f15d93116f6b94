// llm.c token shards, memory-mapped: a header of 256 int32 (magic 20240520 version 1 ->
// uint16 tokens; magic 20240801 version 2 -> uint32 tokens; header[2] = token count), then
// the tokens. One file or a glob of shards, taken in sorted name order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold {

inline constexpr int shard_magic_u16 = 20240520;
inline constexpr int shard_magic_u32 = 20240801;

/// One memory-mapped shard (move-only; unmapped in the destructor).
class TokenShard {
 public:
  /// Validates magic, version and size (1024 + count * token bytes), naming the file.
  explicit TokenShard(std::string path);
  ~TokenShard();
  TokenShard(TokenShard&& other) noexcept;
  TokenShard& operator=(TokenShard&&) = delete;
  TokenShard(const TokenShard&) = delete;
  TokenShard& operator=(const TokenShard&) = delete;

  const std::string& path() const { return path_; }
  std::size_t size() const { return count_; }
  int token_bytes() const { return token_bytes_; }
  std::uint32_t operator[](std::size_t i) const {
    return token_bytes_ == 2 ? reinterpret_cast<const std::uint16_t*>(tokens_)[i]
                             : reinterpret_cast<const std::uint32_t*>(tokens_)[i];
  }

 private:
  std::string path_;
  void* map_ = nullptr;
  std::size_t map_bytes_ = 0;
  const unsigned char* tokens_ = nullptr;
  std::size_t count_ = 0;
  int token_bytes_ = 2;
};

/// All shards matching a file name or glob pattern, in sorted order.
class TokenDataset {
 public:
  explicit TokenDataset(const std::string& file_or_glob);
  const std::vector<TokenShard>& shards() const { return shards_; }
  std::size_t total_tokens() const;
  const std::string& pattern() const { return pattern_; }

 private:
  std::string pattern_;
  std::vector<TokenShard> shards_;
};

/// Writes tokens as an llm.c shard, atomically (temporary name, then rename): uint16 (token_bytes
/// 2), uint32 (4), or 0: uint16 when every token fits, else uint32. UserError naming the file for
/// a token that does not fit 2 bytes, or a failed write.
void write_token_shard(const std::string& path, const std::vector<std::uint32_t>& tokens, int token_bytes = 0);

}  // namespace fourfold
