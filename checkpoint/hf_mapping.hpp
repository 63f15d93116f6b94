// Either family in Hugging Face's format: the folder's model_type chooses GPT-2's mapping
// (hf_gpt2.hpp) or Llama's (hf_llama.hpp), and everything that reads or writes folders (the
// import onto a grid, the export from a checkpoint, the train driver's dimensions) goes through
// the functions here, which see a tensor as the pieces that store its rows. Host-only.
#pragma once

#include "checkpoint/element_types.hpp"
#include "checkpoint/hf_folder.hpp"
#include "checkpoint/hf_piece.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_tensors.hpp"

#include <string>
#include <utility>
#include <vector>

namespace fourfold::checkpoint {

/// The model config.json describes, by its model_type ("gpt2" or "llama"); UserError naming the
/// folder and the type otherwise, or a key the family's reader refuses.
GptConfig hf_model_config(const HfFolder& folder);

/// How a folder names its tensors: GPT-2's with or without "transformer." (`prefix`); Llama's
/// always as LlamaForCausalLM does.
struct HfNaming {
  std::string prefix;
};

/// Checks that the folder holds every tensor of `config` with Hugging Face's shape, in F32, BF16 or
/// F16, and nothing unexpected (check_hf_gpt2_tensors, check_hf_llama_tensors); the naming found.
HfNaming check_hf_tensors(const HfFolder& folder, const GptConfig& config);

/// The stored pieces of tensor `tensor` of block `layer`, in row order. Rows past the last piece
/// (the padded vocabulary) are not stored.
std::vector<HfPiece> hf_pieces(const GptConfig& config, GptTensor tensor, int layer, const HfNaming& naming);

/// What an export writes: fourfold's tensors in Hugging Face's order (the embeddings, each
/// block's tensors, the final norm, the head), the stored pieces of each (GPT2LMHeadModel's
/// "transformer." names for GPT-2), and the safetensors entries of all pieces in that order.
struct HfExportLayout {
  std::vector<std::pair<GptTensor, int>> order;
  std::vector<std::vector<HfPiece>> pieces;  // per entry of order
  std::vector<SafetensorsEntry> entries;     // every piece, stored as the export's type
};
HfExportLayout hf_export_layout(const GptConfig& config, ElementType type);

/// config.json for `config` stored in `type` (GPT2LMHeadModel or LlamaForCausalLM).
std::string hf_config_json(const GptConfig& config, ElementType type);

}  // namespace fourfold::checkpoint
