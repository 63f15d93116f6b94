// The header of an llm.c GPT-2 weight file: 256 int32 (magic 20240326; version 3 = fp32
// parameters, 5 = bf16; then max_seq_len, vocab_size, num_layers, num_heads, channels,
// padded_vocab_size). Host-only, so that the checks on outside data run (and are fuzzed)
// without a device.
#pragma once

#include "layers/gpt_config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace fourfold::checkpoint {

inline constexpr int llmc_model_magic = 20240326;
inline constexpr int llmc_version_fp32 = 3;
inline constexpr int llmc_version_bf16 = 5;
inline constexpr std::size_t llmc_header_ints = 256;
inline constexpr std::size_t llmc_header_bytes = llmc_header_ints * sizeof(std::int32_t);

struct LlmcHeader {
  GptConfig config;
  int version = llmc_version_fp32;
};

/// Bytes of one stored parameter: 2 for version 5 (bf16), else 4.
std::size_t llmc_bytes_per_element(int version);

/// Reads and validates the header and the file size (magic, version, positive dimensions,
/// size = 1024 + parameters * bytes per element); errors name the file and the bad value.
LlmcHeader read_llmc_header(const std::string& path);

}  // namespace fourfold::checkpoint
