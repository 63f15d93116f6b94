// One split (train or val) of fourfold-prep's output: tokens appended document by document and
// written as llm.c shards of a fixed number of tokens (the last one shorter), named
// <split>_000000.bin, <split>_000001.bin, ..., or one <split>.bin when shard_tokens is 0. Every
// shard is written under a temporary name and renamed; a shard file that exists already is
// refused before anything is written, so nothing saved is overwritten.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold {

class ShardWriter {
 public:
  /// token_bytes: 2 (uint16) or 4 (uint32), for every shard.
  ShardWriter(std::string dir, std::string split, std::size_t shard_tokens, int token_bytes);
  void append(const std::vector<std::uint32_t>& tokens) { append(tokens.data(), tokens.size()); }
  /// `count` tokens from `tokens` (a part of a document: fourfold-prep's chunk split).
  void append(const std::uint32_t* tokens, std::size_t count);
  /// Writes what is left; the paths written.
  std::vector<std::string> finish();
  std::size_t tokens() const { return total_; }

 private:
  std::string path(std::size_t index) const;
  void write(std::size_t count);
  std::string dir_, split_;
  std::size_t shard_tokens_;
  int token_bytes_;
  std::vector<std::uint32_t> pending_;
  std::vector<std::string> written_;
  std::size_t total_ = 0;
};

}  // namespace fourfold
