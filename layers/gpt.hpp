// GPT-2 on the 4D grid: parameters, gradients and activations allocated once, forward,
// backward and gradient synchronisation built from the tensor-parallel layers.
//
// Rows: each rank holds local_batch sequences of seq_len tokens (m = local_batch * seq_len
// rows); the global micro-batch has local_batch * G_z * G_data sequences, and ranks that
// differ only in x or y hold the same sequences.
//
// Parameter arena: tensors replicated over Z come first ([0, z_replicated_size)), then the
// Z-sharded weight chunks of the four linear layers of every block. The gradient arena
// mirrors it element for element.
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_memory.hpp"
#include "layers/gpt_tensors.hpp"
#include "layers/gradient_sync.hpp"
#include "layers/linear.hpp"
#include "layers/linear_schedule.hpp"
#include "layers/lm_head_loss.hpp"
#include "layers/overlap.hpp"
#include "layers/param_layout.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace fourfold {

class Gpt {
 public:
  /// Checks every divisibility rule against the grid, naming the dimension and grid size.
  /// `overlap` chooses which collectives run behind computation (results do not depend on
  /// it); bucket_mb is the size of one data-parallel gradient all-reduce.
  Gpt(const GptConfig& config, const comm::Grid& grid, int local_batch, int seq_len,
      const OverlapOptions& overlap = OverlapOptions::all(), double bucket_mb = default_bucket_mb);
  ~Gpt();
  Gpt(const Gpt&) = delete;
  Gpt& operator=(const Gpt&) = delete;

  const GptConfig& config() const { return config_; }
  const comm::Grid& grid() const { return grid_; }
  const OverlapOptions& overlap() const { return overlap_; }
  /// Data-parallel gradient all-reduces per optimizer step.
  int gradient_buckets() const;
  int local_batch() const { return local_batch_; }
  int seq_len() const { return seq_len_; }
  std::size_t rows() const { return rows_; }
  /// Tokens of one global micro-batch: local_batch * seq_len * G_z * G_data.
  long long global_tokens() const;

  const std::vector<ParamInfo>& params() const { return params_; }
  /// Tensor `tensor` of block `layer` (0 outside the blocks); UserError when there is none.
  const ParamInfo& param(GptTensor tensor, int layer = 0) const;
  /// The same by name ("h.3.mlp.c_fc.bias").
  const ParamInfo& param(const std::string& name) const;
  Vector parameters() const { return param_arena_; }
  Vector gradients() const { return grad_arena_; }
  std::size_t z_replicated_size() const { return z_replicated_size_; }
  /// Bytes this rank allocated for the model (optimizer state is the optimizer's).
  MemoryPlan memory() const;

  /// GPT-2 initialisation by global element index: normal(0, 0.02) for embeddings and
  /// matrices, residual projections scaled by 1/sqrt(2L), LayerNorm weights 1, biases 0.
  /// Drawn in a kernel on the device.
  void init_parameters(std::uint64_t seed);

  /// Enqueues the forward pass. tokens, targets: this rank's m token ids each, in host memory
  /// that stays unchanged until the host next waits for the device (the copy to the device is
  /// asynchronous; pinned memory makes it truly so). Adds this rank's share of the global
  /// micro-batch's mean loss to `loss_sum` (device memory): complete_loss() turns the shares
  /// into the mean on every rank. Nothing waits for the device.
  void forward(const int* tokens, const int* targets, const DeviceScalar<double>& loss_sum);
  /// Sums the shares added by forward() over the ranks that hold other rows (Z and data), so
  /// every rank holds the whole loss; enqueued like forward().
  void complete_loss(const DeviceScalar<double>& loss_sum) const;
  /// Forward pass returning the mean loss over the global micro-batch (the same value on every
  /// rank): waits for the device once. For tests, tools and validation.
  double forward(const int* tokens, const int* targets);
  void zero_gradients();
  /// Accumulates d(loss_scale * sum of token losses of the last forward) into the gradients.
  /// For the mean over one micro-batch loss_scale = 1 / global_tokens(). last_micro_step: no
  /// backward follows before sync_gradients(), so (with DP overlap) the data-parallel
  /// all-reduce of each bucket starts as soon as its gradients are final.
  void backward(double loss_scale, bool last_micro_step = false);
  /// Completes every gradient: the reduce-scatters over Z still in flight, the replicated
  /// tensors summed over Z, then everything summed over data. Enqueued; nothing waits for
  /// the device.
  void sync_gradients();

 private:
  struct BlockParams {
    Vector ln1_w, ln1_b, qkv_w, qkv_b, proj_w, proj_b, ln2_w, ln2_b, fc_w, fc_b, fcproj_w, fcproj_b;
  };
  struct ParamViews {
    Matrix wte;  // (V_loc, C)
    Matrix wpe;  // (maxT, C_x)
    std::vector<BlockParams> blocks;
    Vector lnf_w, lnf_b;  // (C_x)
  };
  void build_param_list();
  void build_schedule(double bucket_mb);
  ParamViews views_into(const Vector& arena) const;

  GptConfig config_;
  const comm::Grid& grid_;
  int local_batch_, seq_len_;
  std::size_t rows_;
  int channels_, c_x_, c_y_, heads_y_;
  VocabShard vocab_;

  ParallelLinear qkv_, attn_proj_, fc_, fc_proj_;
  OverlapOptions overlap_;

  std::vector<ParamInfo> params_;         // arena order
  std::vector<std::size_t> param_index_;  // params_ index of (tensor, block): [tensor * L + block]
  std::size_t z_replicated_size_ = 0;
  Vector param_arena_, grad_arena_;
  ParamViews p_, g_;

  // The memory plan (gpt_memory.hpp): what forward keeps for backward, and shared scratch.
  GptActivations act_;
  GptWorkspaces ws_;

  // Communication schedule: Z gathers and reduce-scatters of the linear layers, and the
  // gradient buckets. Destroyed before the grid (whose engine runs their collectives).
  std::unique_ptr<LinearSchedule> schedule_;
  std::unique_ptr<GradientSync> gradient_sync_;
};

}  // namespace fourfold
