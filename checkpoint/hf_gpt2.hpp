// GPT-2 in Hugging Face's format (transformers' GPT2LMHeadModel): config.json's keys, and each
// fourfold tensor's name, shape and layout there. Host-only: the import (hf_model.hpp) and the
// export from a checkpoint (checkpoint_file.hpp) both read it.
//
// Hugging Face names fourfold's tensors as fourfold does, with ".weight" on the embeddings and,
// in a GPT2LMHeadModel, a "transformer." prefix ("transformer.h.0.attn.c_attn.weight"); a
// GPT2Model folder (openai-community/gpt2's own) has none. Its linear weights are Conv1D:
// stored (in, out), the transpose of fourfold's and llm.c's (out, in). Its token embedding has
// vocab_size rows: fourfold's padded rows are not stored, and read back as zeros. The head is
// tied to wte; a stored lm_head.weight is ignored, as transformers ignores it for a tied model.
#pragma once

#include "checkpoint/element_types.hpp"
#include "checkpoint/hf_folder.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_tensors.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Where one fourfold tensor lives in a Hugging Face GPT-2 folder.
struct HfGpt2Tensor {
  std::string name;                 // "transformer.h.3.mlp.c_fc.weight"
  std::vector<std::int64_t> shape;  // as stored: (in, out) for the linear weights, (V, C) for wte
  bool transposed = false;          // stored as the transpose of fourfold's (rows, cols)
  std::int64_t stored_rows = 0;     // fourfold rows that are stored (V of wte's Vp); the rest are zero
};

/// The tensor in a folder whose names carry `prefix` ("transformer." or "").
HfGpt2Tensor hf_gpt2_tensor(const GptConfig& config, GptTensor tensor, int layer, const std::string& prefix);

/// The GPT-2 config.json describes: model_type "gpt2"; n_embd, n_layer, n_head, vocab_size,
/// n_positions; and the settings fourfold's GPT-2 computes with (checked when present:
/// activation_function gelu_new, layer_norm_epsilon 1e-5, n_inner 4 n_embd, tied embeddings, no
/// attention scaling by layer index). UserError naming the folder and the key otherwise.
GptConfig hf_gpt2_config(const HfFolder& folder);

/// The names' prefix of the folder's GPT-2 tensors, after checking that it holds every tensor of
/// `config` in F32, BF16 or F16 with the shape Hugging Face gives it, and nothing else but
/// Hugging Face's non-parameter buffers (attn.bias, attn.masked_bias) and a tied lm_head.weight.
/// UserError naming the folder, the shard and the tensor otherwise.
std::string check_hf_gpt2_tensors(const HfFolder& folder, const GptConfig& config);

/// config.json for `config` as a GPT2LMHeadModel stored in `type`.
std::string hf_gpt2_config_json(const GptConfig& config, ElementType type);

}  // namespace fourfold::checkpoint
