#include "drivers/train/token_shards.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <glob.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fourfold {
namespace {
constexpr std::size_t header_bytes = 256 * sizeof(std::int32_t);
}

TokenShard::TokenShard(std::string path) : path_(std::move(path)) {
  const int fd = ::open(path_.c_str(), O_RDONLY);
  FF_REQUIRE(fd >= 0, "cannot open token shard '{}': {}", path_, std::strerror(errno));
  struct stat info {};
  const bool stat_ok = ::fstat(fd, &info) == 0;
  map_bytes_ = stat_ok ? static_cast<std::size_t>(info.st_size) : 0;
  if (map_bytes_ >= header_bytes) {
    map_ = ::mmap(nullptr, map_bytes_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map_ == MAP_FAILED) map_ = nullptr;
  }
  const int saved_errno = errno;
  ::close(fd);
  FF_REQUIRE(stat_ok, "cannot stat token shard '{}': {}", path_, std::strerror(saved_errno));
  FF_REQUIRE(map_bytes_ >= header_bytes,
             "token shard '{}' has {} bytes, less than its {}-byte header: truncated or not a shard",
             path_, map_bytes_, header_bytes);
  FF_REQUIRE(map_ != nullptr, "cannot map token shard '{}': {}", path_, std::strerror(saved_errno));
  // The destructor does not run when the constructor throws: a rejected file unmaps here.
  try {
    const auto* header = static_cast<const std::int32_t*>(map_);
    const int magic = header[0], version = header[1];
    FF_REQUIRE((magic == shard_magic_u16 && version == 1) || (magic == shard_magic_u32 && version == 2),
               "'{}' is not an llm.c token shard: magic {} version {} (expected {} v1 for uint16 or "
               "{} v2 for uint32 tokens)",
               path_, magic, version, shard_magic_u16, shard_magic_u32);
    token_bytes_ = magic == shard_magic_u16 ? 2 : 4;
    FF_REQUIRE(header[2] >= 0, "token shard '{}' declares {} tokens", path_, header[2]);
    count_ = static_cast<std::size_t>(static_cast<std::uint32_t>(header[2]));
    const std::size_t expected = header_bytes + count_ * token_bytes_;
    FF_REQUIRE(map_bytes_ == expected,
               "token shard '{}' has {} bytes but its header declares {} tokens of {} bytes ({} bytes "
               "expected): the file is truncated or corrupt",
               path_, map_bytes_, count_, token_bytes_, expected);
  } catch (...) {
    ::munmap(map_, map_bytes_);
    map_ = nullptr;
    throw;
  }
  tokens_ = static_cast<const unsigned char*>(map_) + header_bytes;
}

TokenShard::~TokenShard() {
  if (map_ != nullptr && ::munmap(map_, map_bytes_) != 0) report_in_destructor("munmap of a token shard failed");
}

TokenShard::TokenShard(TokenShard&& other) noexcept
    : path_(std::move(other.path_)),
      map_(other.map_),
      map_bytes_(other.map_bytes_),
      tokens_(other.tokens_),
      count_(other.count_),
      token_bytes_(other.token_bytes_) {
  other.map_ = nullptr;
}

TokenDataset::TokenDataset(const std::string& file_or_glob) : pattern_(file_or_glob) {
  glob_t matches{};
  const int rc = ::glob(file_or_glob.c_str(), 0, nullptr, &matches);
  std::vector<std::string> paths;
  if (rc == 0)
    for (std::size_t i = 0; i < matches.gl_pathc; ++i) paths.emplace_back(matches.gl_pathv[i]);
  ::globfree(&matches);
  FF_REQUIRE(!paths.empty(), "no token shard matches '{}'", file_or_glob);
  std::sort(paths.begin(), paths.end());
  for (auto& p : paths) shards_.emplace_back(std::move(p));
}

std::size_t TokenDataset::total_tokens() const {
  std::size_t total = 0;
  for (const auto& s : shards_) total += s.size();
  return total;
}

void write_token_shard(const std::string& path, const std::vector<std::uint32_t>& tokens, int token_bytes) {
  FF_REQUIRE(token_bytes == 0 || token_bytes == 2 || token_bytes == 4, "token shard '{}': {} bytes per token", path,
             token_bytes);
  const bool fits = std::all_of(tokens.begin(), tokens.end(), [](std::uint32_t t) { return t < 65536; });
  FF_REQUIRE(token_bytes != 2 || fits, "token shard '{}': a token id of 65536 or more does not fit uint16", path);
  const bool narrow = token_bytes == 0 ? fits : token_bytes == 2;
  FF_REQUIRE(tokens.size() <= 0x7fffffffu, "a shard holds at most 2^31-1 tokens; got {}", tokens.size());
  std::int32_t header[256] = {};
  header[0] = narrow ? shard_magic_u16 : shard_magic_u32;
  header[1] = narrow ? 1 : 2;
  header[2] = static_cast<std::int32_t>(tokens.size());
  const std::string temporary = path + ".partial";
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  FF_REQUIRE(f != nullptr, "cannot create '{}': {}", temporary, std::strerror(errno));
  bool ok = std::fwrite(header, sizeof header, 1, f) == 1;
  if (narrow) {
    std::vector<std::uint16_t> narrow_tokens(tokens.begin(), tokens.end());
    ok = ok && std::fwrite(narrow_tokens.data(), 2, narrow_tokens.size(), f) == narrow_tokens.size();
  } else {
    ok = ok && std::fwrite(tokens.data(), 4, tokens.size(), f) == tokens.size();
  }
  ok = (std::fclose(f) == 0) && ok;
  ok = ok && std::rename(temporary.c_str(), path.c_str()) == 0;
  if (!ok) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    FF_REQUIRE(false, "writing token shard '{}' failed: {}", path, reason);
  }
}

}  // namespace fourfold
