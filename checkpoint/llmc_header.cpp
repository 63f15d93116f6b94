#include "checkpoint/llmc_header.hpp"

#include "core/error.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <sys/stat.h>

namespace fourfold::checkpoint {
namespace {

constexpr std::size_t header_ints = llmc_header_ints;
constexpr std::size_t header_bytes = llmc_header_bytes;

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::size_t llmc_bytes_per_element(int version) { return version == llmc_version_bf16 ? 2 : 4; }

LlmcHeader read_llmc_header(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  FF_REQUIRE(file.good(), "cannot open llm.c checkpoint '{}': {}", path, errno_text());
  std::int32_t h[header_ints] = {};
  file.read(reinterpret_cast<char*>(h), header_bytes);
  FF_REQUIRE(file.gcount() == static_cast<std::streamsize>(header_bytes),
             "llm.c checkpoint '{}' is {} bytes long, shorter than its {}-byte header", path,
             file.gcount(), header_bytes);
  FF_REQUIRE(h[0] == llmc_model_magic,
             "'{}' is not an llm.c GPT-2 checkpoint: magic {} (expected {})", path, h[0],
             llmc_model_magic);
  FF_REQUIRE(h[1] == llmc_version_fp32 || h[1] == llmc_version_bf16,
             "llm.c checkpoint '{}' has version {}; supported are 3 (fp32) and 5 (bf16)", path, h[1]);
  LlmcHeader header;
  header.version = h[1];
  header.config.max_seq_len = h[2];
  header.config.vocab_size = h[3];
  header.config.num_layers = h[4];
  header.config.num_heads = h[5];
  header.config.channels = h[6];
  header.config.padded_vocab_size = h[7];
  try {
    header.config.validate();
  } catch (const UserError& e) {
    FF_REQUIRE(false, "llm.c checkpoint '{}' has an invalid header: {}", path, e.what());
  }
  struct stat info {};
  FF_REQUIRE(::stat(path.c_str(), &info) == 0, "cannot stat '{}': {}", path, errno_text());
  const auto expected = static_cast<long long>(header_bytes) +
                        header.config.num_parameters() * static_cast<long long>(llmc_bytes_per_element(header.version));
  FF_REQUIRE(info.st_size == expected,
             "llm.c checkpoint '{}' has {} bytes, but its header ({}, {}) needs {} bytes: the file "
             "is truncated or not what the header says",
             path, static_cast<long long>(info.st_size), header.config.str(),
             header.version == llmc_version_bf16 ? "bf16" : "fp32", expected);
  return header;
}

}  // namespace fourfold::checkpoint
