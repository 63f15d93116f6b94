// The model's parameters, once: every tensor's name, global shape, how the grid shards it, its
// place in llm.c's weight file, its initialisation, whether AdamW decays it and which models
// have it. The model's arena layout and views (gpt.cpp), the parameter count, llm.c and Hugging
// Face import/export, the checkpoint datasets (named and shaped from the ParamInfo built here),
// AdamW's groups and the tests' reference mapping all derive from this table. A new tensor is
// one row here (plus the code that computes with it).
//
// GPT-2 and Llama share the rows of tensors with the same role: a Llama block's input RMSNorm is
// ln_1_weight, its fused q/k/v projection attn_weight ((NH + 2 KV) hs rows), o_proj
// attn_proj_weight, its fused gate/up projection fc_weight (2 I rows), down_proj
// fc_proj_weight. Llama has no position embedding, no biases and (untied) an LM head of its own.
#pragma once

#include "layers/gpt_config.hpp"
#include "layers/param_layout.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <utility>

namespace fourfold {

/// The tensors, in llm.c's file order (the enum value is the llm.c parameter group), then the
/// tensors llm.c's GPT-2 does not have.
enum class GptTensor {
  wte, wpe, ln_1_weight, ln_1_bias, attn_weight, attn_bias, attn_proj_weight, attn_proj_bias,
  ln_2_weight, ln_2_bias, fc_weight, fc_bias, fc_proj_weight, fc_proj_bias, ln_f_weight, ln_f_bias,
  lm_head,
};
inline constexpr int gpt_tensor_count = 17;

/// A dimension of a global shape: `multiple` x a model size.
struct ModelExtent {
  enum Size { one, channels, padded_vocab, max_seq_len, qkv_features, mlp_in_features, mlp_hidden } size = one;
  int multiple = 1;
  template <typename T>
  T of(const GptConfig& c) const {
    T base = T(1);
    switch (size) {
      case channels: base = T(c.channels); break;
      case padded_vocab: base = T(c.padded_vocab_size); break;
      case max_seq_len: base = T(c.max_seq_len); break;
      case qkv_features: base = c.qkv_features<T>(); break;
      case mlp_in_features: base = c.mlp_in_features<T>(); break;
      case mlp_hidden: base = c.mlp_hidden<T>(); break;
      case one: break;
    }
    return base * T(multiple);
  }
};

/// Which models have a tensor.
enum class Presence {
  always,       // every model
  gpt2_only,    // GPT-2 (the position embedding, biases, LayerNorm biases)
  untied_head,  // a model whose LM head is not its token embedding (Llama untied)
};

/// Which of the block's four linear layers a weight or bias belongs to.
enum class BlockLinear { none, attn, attn_proj, fc, fc_proj };

/// How the grid splits a tensor (the layer that computes with it decides).
enum class TensorSharding {
  vocab_rows,        // the token embedding: padded-vocab rows over X x Y, replicated over Z and data
  position_columns,  // the position embedding: channel columns over X
  channels_over_x,   // LayerNorm vectors: channels over X
  linear_weight,     // a linear layer's weight: its (X, Y) block, then a 1/G_z chunk
  linear_bias,       // a linear layer's bias: its output shard (Y for normal, X for transposed layers)
};

/// GPT-2's initialisation: normal(0, 0.02); residual projections scaled by 1/sqrt(2L).
enum class InitRule { normal, normal_residual, ones, zeros };

struct GptTensorSpec {
  GptTensor tensor;
  const char* name;     // "wte", or in block l "h.<l>.<name>" (GPT-2 / Hugging Face's GPT-2 naming)
  bool per_block;       // one per transformer block
  ModelExtent rows, cols;  // global shape (rows, cols); a vector has cols = one and is_vector
  bool is_vector;
  TensorSharding sharding;
  BlockLinear linear;
  InitRule init;
  bool weight_decay;
  Presence presence;
};

/// Whether a model of `config` has the tensor.
inline bool tensor_present(const GptTensorSpec& s, const GptConfig& config) {
  switch (s.presence) {
    case Presence::always: return true;
    case Presence::gpt2_only: return config.family == ModelFamily::gpt2;
    case Presence::untied_head: return !config.tied_embeddings;
  }
  return false;
}

/// The table, indexed by GptTensor.
const std::array<GptTensorSpec, gpt_tensor_count>& gpt_tensors();
inline const GptTensorSpec& spec_of(GptTensor t) { return gpt_tensors()[static_cast<int>(t)]; }

/// Elements of one instance (one block's, for per-block tensors).
template <typename T = std::size_t>
T tensor_elements(const GptTensorSpec& s, const GptConfig& c) {
  return s.rows.of<T>(c) * s.cols.of<T>(c);
}

/// Parameters of the whole model (every instance of every tensor it has).
template <typename T = long long>
T gpt_parameter_count(const GptConfig& c) {
  T total = 0;
  for (const GptTensorSpec& s : gpt_tensors())
    if (tensor_present(s, c)) total += tensor_elements<T>(s, c) * (s.per_block ? T(c.num_layers) : T(1));
  return total;
}

/// "wte", "h.3.attn.c_attn.weight".
std::string tensor_name(GptTensor t, int layer);
/// The tensor and block (0 for tensors outside the blocks) a name denotes; UserError naming the
/// name when it is no GPT-2 parameter of a model with `num_layers` blocks.
std::pair<GptTensor, int> parse_tensor_name(const std::string& name, int num_layers);

/// First element of tensor `t` of block `layer` in llm.c's flat parameter array (groups in
/// table order, each holding every block's instance in turn). GPT-2 only.
std::size_t llmc_element_offset(const GptConfig& c, GptTensor t, int layer);

}  // namespace fourfold
