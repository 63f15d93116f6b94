// The model's parameters on one rank: every tensor of the table (gpt_tensors.hpp) placed in one
// parameter arena, with a gradient arena mirroring it element for element, views of each
// tensor for the layers, and GPT-2's initialisation.
//
// Arena order: tensors replicated over Z first ([0, z_replicated_size)): those before the
// blocks, each block's, those after; then each block's Z-sharded linear weight chunks (what
// the gradient synchronisation reduce-scatters over Z and buckets over data).
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_tensors.hpp"
#include "layers/linear.hpp"
#include "layers/lm_head_loss.hpp"
#include "layers/param_layout.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold {

/// A block's tensors (parameters or gradients): views into an arena. Shapes on this rank:
/// LayerNorm vectors (C_x); linear weights their Z chunk; biases their output shard.
struct BlockParams {
  Vector ln1_w, ln1_b, qkv_w, qkv_b, proj_w, proj_b, ln2_w, ln2_b, fc_w, fc_b, fcproj_w, fcproj_b;
};

/// Views of a tensor the model does not have (Llama's biases and position embedding, a tied
/// model's lm_head) are empty.
struct ParamViews {
  Matrix wte;  // (V_loc, C)
  Matrix wpe;  // (maxT, C_x)
  std::vector<BlockParams> blocks;
  Vector lnf_w, lnf_b;  // (C_x)
  Matrix lm_head;       // (V_loc, C): an untied head's own rows, sharded like wte
};

/// The linear layers whose shards a block's weights and biases follow, indexed by BlockLinear
/// (entry 0, BlockLinear::none, is null).
using BlockLinears = std::array<const ParallelLinear*, 5>;

class GptParameters {
 public:
  GptParameters() = default;
  /// Lays out this rank's share of every tensor and allocates both arenas (zero); gradients =
  /// false (a weights-only model): no gradient arena, gradients() empty and grads() of empty views.
  GptParameters(const GptConfig& config, const comm::Grid& grid, const VocabShard& vocab, int c_x,
                const BlockLinears& linears, bool gradients = true);

  /// In arena order.
  const std::vector<ParamInfo>& infos() const { return params_; }
  /// Tensor `tensor` of block `layer` (0 outside the blocks); UserError when there is none.
  const ParamInfo& param(GptTensor tensor, int layer = 0) const;
  /// The same by name ("h.3.mlp.c_fc.bias").
  const ParamInfo& param(const std::string& name) const;
  Vector values() const { return values_; }
  Vector gradients() const { return gradients_; }
  std::size_t z_replicated_size() const { return z_replicated_size_; }
  const ParamViews& weights() const { return weights_; }
  const ParamViews& grads() const { return grads_; }

  /// Initialisation by global element index (the table's init rule): normal(0, 0.02), GPT-2's
  /// residual projections scaled by 1/sqrt(2L), norm weights 1, biases 0; the same values on
  /// every grid. Drawn in a kernel on the device.
  void init(ExecutionContext& ctx, std::uint64_t seed);

 private:
  ParamViews views_into(const Vector& arena) const;

  GptConfig config_;
  VocabShard vocab_;
  int c_x_ = 0;
  std::vector<ParamInfo> params_;         // arena order
  std::vector<std::size_t> param_index_;  // params_ index of (tensor, block): [tensor * L + block]
  std::size_t z_replicated_size_ = 0;
  Vector values_, gradients_;             // the arenas
  ParamViews weights_, grads_;            // views into them
};

}  // namespace fourfold
