// GPT-2 and Llama on the 4D grid: the block schedule (forward, backward and gradient synchronisation in
// order, with the collectives run ahead or behind), built from three parts kept apart:
//  * the tensors: gpt_tensors.hpp (what they are), gpt_parameters.hpp (where they live);
//  * the layers: linear, layernorm, attention, gelu, embedding, lm_head_loss;
//  * the memory plan: gpt_memory.hpp (activations, workspaces), linear_schedule.hpp (gathered
//    weights), gradient_sync.hpp (gradient buckets); all allocated once here.
//
// Rows: each rank holds local_batch sequences of seq_len tokens (m = local_batch * seq_len
// rows); the global micro-batch has local_batch * G_z * G_data sequences, and ranks that
// differ only in x or y hold the same sequences. With [parallel] sequence_shard the norm region
// (the residual stream and the norms) keeps only its 1 / G_y of those rows (sequence_shard.hpp).
//
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/gpt_config.hpp"
#include "layers/gpt_memory.hpp"
#include "layers/gpt_parameters.hpp"
#include "layers/gpt_tensors.hpp"
#include "layers/gradient_sync.hpp"
#include "layers/layernorm.hpp"
#include "layers/linear.hpp"
#include "layers/linear_schedule.hpp"
#include "layers/lm_head_loss.hpp"
#include "layers/memory_options.hpp"
#include "layers/overlap.hpp"
#include "layers/param_layout.hpp"
#include "layers/rotary.hpp"
#include "layers/sequence_shard.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace fourfold {

class Gpt {
 public:
  /// Checks every divisibility rule against the grid, naming the dimension and grid size. The
  /// model and its layers refer to `grid` (neither copyable nor movable) and to each other:
  /// `grid` must outlive the model, which stays where it was built.
  /// `overlap` chooses which collectives run behind computation (results do not depend on
  /// it); bucket_mb is the size of one data-parallel gradient all-reduce. `memory` chooses what
  /// forward keeps and what backward recomputes, and the LM head's chunk of logits (results do not
  /// depend on it either); MemoryOptions::weights_only() builds a model for forward() alone (no
  /// gradients, nothing kept for backward: memory_options.hpp, forward_only).
  Gpt(const GptConfig& config, const comm::Grid& grid, int local_batch, int seq_len,
      const OverlapOptions& overlap = OverlapOptions::all(), double bucket_mb = default_bucket_mb,
      const MemoryOptions& memory = MemoryOptions());
  ~Gpt();
  Gpt(const Gpt&) = delete;
  Gpt& operator=(const Gpt&) = delete;

  const GptConfig& config() const { return config_; }
  const comm::Grid& grid() const { return grid_; }
  const OverlapOptions& overlap() const { return overlap_; }
  const MemoryOptions& memory_options() const { return memory_; }
  /// Rows of one chunk of the LM head's logits, and the chunks per micro-batch.
  std::size_t loss_chunk_rows() const { return ws_.head.logits.extent(0); }
  std::size_t loss_chunks() const { return ws_.head.chunks(); }
  /// The gradient buckets and, with shard_optimizer over more than one data rank, which pieces of
  /// them this rank's optimizer owns (parts = G_data; 1 when not sharded).
  /// UserError on a weights-only model.
  const DataShards& data_shards() const;
  /// Data-parallel gradient all-reduces per optimizer step (0 for a weights-only model).
  int gradient_buckets() const;
  int local_batch() const { return local_batch_; }
  int seq_len() const { return seq_len_; }
  std::size_t rows() const { return rows_; }
  /// Tokens of one global micro-batch: local_batch * seq_len * G_z * G_data.
  long long global_tokens() const;
  /// Built by MemoryOptions::weights_only(): forward() only.
  bool forward_only() const { return memory_.forward_only; }

  /// After forward(): this rank's per-row cross-entropy (m) in device memory, row j * seq_len + t
  /// being -log p(targets[j T + t] | tokens of local sequence j up to position t). Every rank
  /// holds the whole of its m rows (also with sequence sharding, whose LM head reads all m); the
  /// ranks of one X x Y group hold the same rows. Valid until the next forward().
  ConstVector row_losses() const { return act_.losses; }
  /// The global micro-batch's index of this rank's local sequence 0: local sequence j is global
  /// sequence first_sequence() + j, first_sequence() = (d G_z + z) local_batch (the row group of
  /// drivers/train/token_loader.hpp times local_batch).
  int first_sequence() const;

  const std::vector<ParamInfo>& params() const { return params_.infos(); }
  /// Tensor `tensor` of block `layer` (0 outside the blocks); UserError when there is none.
  const ParamInfo& param(GptTensor tensor, int layer = 0) const { return params_.param(tensor, layer); }
  /// The same by name ("h.3.mlp.c_fc.bias").
  const ParamInfo& param(const std::string& name) const { return params_.param(name); }
  Vector parameters() const { return params_.values(); }
  /// bf16 mode: the parameters rounded to bf16, (parameters().extent(0)), laid out as the arena:
  /// what every GEMM reads as its weight operand (the linear layers' chunks, gathered over Z as
  /// they are, and the LM head's rows). Written by forward() unless told it is current, or by the
  /// optimizer's update (AdamW::step). Empty in fp32 mode.
  Bf16Vector bf16_parameters() const { return bf16_parameters_; }
  Vector gradients() const { return params_.gradients(); }
  std::size_t z_replicated_size() const { return params_.z_replicated_size(); }
  /// Bytes this rank allocated for the model (optimizer state is the optimizer's).
  MemoryPlan memory() const;

  /// What generation (gpt_decoder.hpp) computes with: the parameter views, a block's linear layer
  /// (attn, attn_proj, fc, fc_proj), the norm, the vocabulary shard and the heads on this Y rank.
  const ParamViews& weights() const { return p_; }
  const ParallelLinear& linear_layer(BlockLinear which) const;
  const NormSpec& norm() const { return norm_; }
  const VocabShard& vocab() const { return vocab_; }
  int heads_local() const { return heads_y_; }
  int kv_heads_local() const { return kv_heads_y_; }

  /// GPT-2's or Llama's initialisation (GptParameters::init).
  void init_parameters(std::uint64_t seed) { params_.init(grid_.context(), seed); }

  /// Enqueues the forward pass. tokens, targets: this rank's m token ids each, in host memory
  /// that stays unchanged until the host next waits for the device (the copy to the device is
  /// asynchronous; pinned memory makes it truly so). Adds this rank's share of the global
  /// micro-batch's mean loss to `loss_sum` (device memory): complete_loss() turns the shares
  /// into the mean on every rank. Nothing waits for the device.
  /// parameters_unchanged: bf16_parameters() holds the parameters rounded (they are those of the
  /// previous forward(), as in a step's later micro-batches, or the optimizer step that changed
  /// them rounded them into it), so bf16 mode reads it as it is; false (always correct) rounds
  /// the parameters into it first.
  void forward(const int* tokens, const int* targets, const DeviceScalar<double>& loss_sum,
               bool parameters_unchanged = false);
  /// Sums the shares added by forward() over the ranks that hold other rows (Z and data), so
  /// every rank holds the whole loss; enqueued like forward().
  void complete_loss(const DeviceScalar<double>& loss_sum) const;
  /// Forward pass returning the mean loss over the global micro-batch (the same value on every
  /// rank): waits for the device once. For tests, tools and validation.
  double forward(const int* tokens, const int* targets);
  /// zero_gradients, backward, sync_gradients, gather_parameters: UserError on a weights-only model.
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
  /// After an optimizer step that updated only this data rank's share of the parameters (the
  /// optimizer sharded over data): every share all-gathered over data. Nothing otherwise.
  void gather_parameters();

 private:
  void build_schedule(double bucket_mb);
  /// UserError naming `what` on a weights-only model.
  void require_training(const char* what) const;
  /// Block l from its LayerNorm output ln1 through the MLP's activation (GELU or SwiGLU), with weights from the schedule: the
  /// forward's steps, or (recomputing) the same steps with LayerNorm ln2 from its kept statistics.
  void block_forward_to_mlp(const ExecSpace& exec, int l, const ConstMatrix& in, bool recomputing);
  /// Block l's MLP activation from its first linear layer's output: GELU of fch plus bias (GPT-2,
  /// which adds the bias into fch), or SwiGLU of its gate and up halves (Llama).
  void activation_forward(const ExecSpace& exec, int l);
  /// Before block l's backward, with block recomputation: its forward rerun from `in`.
  void recompute_block(const ExecSpace& exec, int l, const ConstMatrix& in);
  /// Block l's `field` ready for its backward reader: restored from its bf16 copy (bf16 mode),
  /// recomputed (selective: the norm and activation outputs; attention: those and the attention
  /// output), or as forward or recompute_block
  /// left it. `in` is the block's input.
  void materialise(const ExecSpace& exec, int l, BlockField field, const ConstMatrix& in);
  // Sequence sharding (sequence_shard.hpp); each does what the unsharded model does when the
  // norm region is not sharded.
  /// A norm's output (m_s rows) as q/k/v or the MLP's first layer reads it: gathered over Y (into
  /// the one gather buffer; bf16 in bf16 mode, rounded first where held in fp32); `started`: the
  /// gather started, the request completes it.
  HeldMatrix gathered_input(const ExecSpace& exec, const HeldMatrix& norm_output, comm::Request* started = nullptr);
  /// What a gather of a norm's output moves: the output as held, or in bf16 mode where it is held
  /// in fp32, its rows rounded into the bf16 staging buffer.
  HeldMatrix gather_source(const ExecSpace& exec, const HeldMatrix& norm_output);
  /// q/k/v or the MLP's first layer forward (out (m, ·)) on a norm's output, with call's weights
  /// from the schedule; sequence-sharded, on its rows gathered over Y by row chunks
  /// (forward_block_gathered), each chunk's GEMMs behind its own gather only.
  void normal_forward(const ParallelLinear& layer, const Matrix& out, const HeldMatrix& norm_output, int call,
                      const ConstVector& bias);
  /// The row chunks the sequence-sharded gathers run in: the forward overlap's, as far as they
  /// cut the reduce-scatter's pieces evenly (sequence_scatter_chunks).
  std::size_t row_gather_chunks() const {
    return sequence_scatter_chunks(grid_.shape().y, overlap_.forward_row_chunks());
  }
  /// A transposed layer's forward into the residual stream's rows (m_s): reduce-scattered over Y.
  void projection_forward(const ParallelLinear& layer, const Matrix& out, const HeldMatrix& in,
                          const WeightBlock& weight, const ConstVector& bias);
  /// The residual stream's gradient (m_s rows) as a transposed layer's backward or the embedding's
  /// reads it: gathered over Y.
  ConstMatrix gathered_gradient(const ExecSpace& exec, const Matrix& d_residual);
  ParamViews views_into(const Vector& arena) const;

  GptConfig config_;
  const comm::Grid& grid_;
  int local_batch_, seq_len_;
  std::size_t rows_;
  int channels_, c_x_, c_y_, heads_y_, kv_heads_y_;  // kv_heads_y_: key/value heads per Y rank
  VocabShard vocab_;
  bool llama_;          // the Llama block: RMSNorm, rotary q/k, SwiGLU, no biases
  NormSpec norm_;       // LayerNorm (GPT-2) or RMSNorm (Llama), with the model's epsilon
  RotaryTable rotary_;  // Llama: cos/sin of positions [0, seq_len) (empty for GPT-2)

  ParallelLinear qkv_, attn_proj_, fc_, fc_proj_;
  OverlapOptions overlap_;
  MemoryOptions memory_;
  SequenceShard shard_;  // this rank's rows of the norm region (all of them unless sequence-sharded)
  NormRows norm_rows_;   // how the norms' parameter gradients sum those rows (layernorm.hpp)
  std::size_t gemm_operand_bytes_ = 0;  // the bf16 operand copies reserved for this model (bf16 only)
  bool head_chunk_kept_ = false;  // the head's chunk buffer holds the last forward's last chunk

  // The memory plan: parameters and gradients (gpt_parameters.hpp), p_ and g_ their views.
  GptParameters params_;
  ParamViews p_, g_;
  Matrix head_w_, head_g_;  // the LM head's rows (V_loc, C): wte when tied, lm_head otherwise
  Bf16Vector bf16_parameters_;  // (arena) bf16 mode: the parameters rounded; empty in fp32
  /// The bf16 copy of a tensor of the arena (a view into bf16_parameters_ at the same offset).
  ConstBf16Vector bf16_of(const ConstVector& tensor) const;
  /// The head's rows as its GEMMs read them (3 per loss chunk): their bf16 copy in bf16 mode,
  /// else head_w_.
  WeightBlock head_weight() const;

  // What forward keeps for backward, and shared scratch (gpt_memory.hpp).
  GptActivations act_;
  GptWorkspaces ws_;

  // Communication schedule: Z gathers and reduce-scatters of the linear layers, and the
  // gradient buckets (none for a weights-only model). Destroyed before the grid (whose engine
  // runs their collectives).
  std::unique_ptr<LinearSchedule> schedule_;
  std::unique_ptr<GradientSync> gradient_sync_;
};

}  // namespace fourfold
