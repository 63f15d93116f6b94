// GPT-2 weights in llm.c's checkpoint format, loaded onto or saved from any grid.
//
// File: a header of 256 int32 (magic 20240326; version 3 = fp32 parameters, 5 = bf16; then
// max_seq_len, vocab_size, num_layers, num_heads, channels, padded_vocab_size), then the
// parameters in the order wte (Vp, C), wpe (maxT, C), ln1w (L, C), ln1b, qkvw (L, 3C, C), qkvb
// (L, 3C), attprojw (L, C, C), attprojb, ln2w, ln2b, fcw (L, 4C, C), fcb (L, 4C), fcprojw
// (L, C, 4C), fcprojb (L, C), lnfw (C), lnfb (C), each weight (out, in) row-major.
#pragma once

#include "checkpoint/llmc_header.hpp"
#include "layers/gpt.hpp"
#include "layers/gpt_config.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Element offset of a fourfold tensor (by name) in llm.c's parameter order.
std::size_t llmc_tensor_offset(const GptConfig& config, const std::string& name);

/// Fills this rank's shards of every parameter from the file: each rank reads only its own
/// runs. The file's model config must equal the model's (the error lists both).
void load_llmc(const std::string& path, Gpt& model);

/// Writes the model in llm.c's format (version 3 fp32 or 5 bf16). Collective: the tensors are
/// assembled one at a time and rank 0 writes, under a temporary name renamed into place.
void save_llmc(const std::string& path, const Gpt& model, int version = llmc_version_fp32);

/// Writes `parameters` (all of them, in llm.c's order) as an llm.c file, serially, under a
/// temporary name renamed into place.
void write_llmc_file(const std::string& path, const GptConfig& config,
                     const std::vector<float>& parameters, int version = llmc_version_fp32);

}  // namespace fourfold::checkpoint
