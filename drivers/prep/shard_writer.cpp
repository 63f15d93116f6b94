#include "drivers/prep/shard_writer.hpp"

#include "core/error.hpp"
#include "drivers/train/token_shards.hpp"

#include <filesystem>

namespace fourfold {

ShardWriter::ShardWriter(std::string dir, std::string split, std::size_t shard_tokens, int token_bytes)
    : dir_(std::move(dir)), split_(std::move(split)), shard_tokens_(shard_tokens), token_bytes_(token_bytes) {
  std::error_code ec;
  const std::string first = path(0);
  FF_REQUIRE(!std::filesystem::exists(first, ec), "'{}' exists already: choose another --out (nothing was written)",
             first);
}

std::string ShardWriter::path(std::size_t index) const {
  if (shard_tokens_ == 0) return dir_ + "/" + split_ + ".bin";
  return fmt::format("{}/{}_{:06d}.bin", dir_, split_, index);
}

void ShardWriter::write(std::size_t count) {
  const std::string p = path(written_.size());
  std::error_code ec;
  FF_REQUIRE(!std::filesystem::exists(p, ec), "'{}' exists already: choose another --out", p);
  write_token_shard(p, std::vector<std::uint32_t>(pending_.begin(), pending_.begin() + count), token_bytes_);
  pending_.erase(pending_.begin(), pending_.begin() + count);
  written_.push_back(p);
}

void ShardWriter::append(const std::uint32_t* tokens, std::size_t count) {
  pending_.insert(pending_.end(), tokens, tokens + count);
  total_ += count;
  while (shard_tokens_ > 0 && pending_.size() >= shard_tokens_) write(shard_tokens_);
}

std::vector<std::string> ShardWriter::finish() {
  if (!pending_.empty() || written_.empty()) write(pending_.size());
  return written_;
}

}  // namespace fourfold
