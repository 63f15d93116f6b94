// Llama in Hugging Face's format (transformers' LlamaForCausalLM): config.json's keys, and where
// each fourfold tensor's rows live among Hugging Face's tensors. Host-only.
//
// fourfold fuses what Llama keeps apart: a block's q_proj, k_proj and v_proj are the row groups of
// its attn_weight ((NH + 2 KV) hs rows), gate_proj and up_proj those of its fc_weight (2 I rows).
// Every weight is nn.Linear's (out, in), as fourfold stores it: no transposes. q_proj and k_proj
// are in the rotate-half layout transformers' rotary embedding expects (Meta's conversion script
// permuted them), which is the layout fourfold's rotary kernel reads. embed_tokens has
// vocab_size rows; fourfold's padded rows are not stored, and read back as zeros.
#pragma once

#include "checkpoint/element_types.hpp"
#include "checkpoint/hf_folder.hpp"
#include "checkpoint/hf_piece.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_tensors.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// The Hugging Face tensors that hold tensor `tensor` of block `layer` of a Llama of `config`, in
/// row order; together they hold its rows [0, stored rows) (vocab_size rows of the embedding and
/// head; all rows of every other tensor).
std::vector<HfPiece> hf_llama_pieces(const GptConfig& config, GptTensor tensor, int layer);

/// The Llama config.json describes: model_type "llama"; hidden_size, intermediate_size,
/// num_hidden_layers, num_attention_heads, num_key_value_heads (default: the heads), vocab_size,
/// max_position_embeddings, rms_norm_eps, rope_theta (default 10000), tie_word_embeddings
/// (default false), rope_scaling (none, or rope_type "llama3"); and the settings fourfold's
/// Llama computes with (checked when present: hidden_act silu, no attention or MLP bias, head_dim
/// hidden_size / num_attention_heads). UserError naming the folder and the key otherwise.
GptConfig hf_llama_config(const HfFolder& folder);

/// Checks that the folder holds every Hugging Face tensor of `config` in F32, BF16 or F16 with its
/// shape, and nothing else but rotary caches (rotary_emb.inv_freq) and, for a tied model, a
/// stored lm_head.weight. UserError naming the folder, the shard and the tensor otherwise.
void check_hf_llama_tensors(const HfFolder& folder, const GptConfig& config);

/// config.json for `config` as a LlamaForCausalLM stored in `type`.
std::string hf_llama_config_json(const GptConfig& config, ElementType type);

}  // namespace fourfold::checkpoint
