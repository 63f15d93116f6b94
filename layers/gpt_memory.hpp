// The model's memory plan apart from its schedule: what one rank keeps for backward (the
// activations) and the scratch the layers share (workspaces), allocated once at set-up from the
// rank's dimensions and the recompute mode (memory_options.hpp), and the byte count of each. The
// parameter and gradient arenas come from the tensor table (gpt_tensors.hpp, laid out by Gpt);
// the gathered-weight buffers of the linear layers live in their schedule (linear_schedule.hpp).
//
// Shapes: m = B_loc * T rows (this rank's sequences x tokens), m_s = m / G_y with sequence
// sharding (sequence_shard.hpp; else m) rows of the norm region (the residual stream, the norms'
// inputs, outputs and statistics, and their gradients), C_x = C / G_x, C_y = C / G_y,
// NH_y heads per Y rank, V_loc vocabulary rows per X x Y rank; W_qkv, W_in and W_hid the widths
// of the fused q/k/v output, the MLP's first output and its activation (GptDims; 3 C_y, 4 C_y and
// 4 C_y for GPT-2).
#pragma once

#include "core/types.hpp"
#include "layers/attention.hpp"
#include "layers/linear.hpp"
#include "layers/lm_head_loss.hpp"
#include "layers/memory_options.hpp"
#include "layers/weight_block.hpp"

#include <cstddef>
#include <vector>

namespace fourfold {

/// One rank's sizes, from the model, the grid, the micro-batch and the memory options.
struct GptDims {
  int local_batch = 0;  // B_loc sequences
  int seq_len = 0;      // T
  int layers = 0;       // L
  int channels = 0;     // C
  int c_x = 0, c_y = 0, heads_y = 0;
  int kv_heads_y = 0;                   // key/value heads per Y rank (heads_y without GQA)
  std::size_t qkv_width = 0;            // (NH_y + 2 KV_y) hs: the fused q/k/v output (3 C_y for GPT-2)
  std::size_t mlp_in_width = 0;         // the MLP's first output: 4 C_y (GPT-2), gate and up 2 I_y (Llama)
  std::size_t mlp_hidden_width = 0;     // its activation's output, the last layer's input: 4 C_y, I_y
  std::size_t vocab_local = 0;  // V_loc
  Recompute recompute = Recompute::none;
  std::size_t loss_chunk_rows = 0;  // rows of one chunk of logits (loss_chunk_rows())
  bool bf16_wire = false;           // bf16 mode: the linear layers' X/Y all-reduces move bf16
  bool bf16_activations = false;    // bf16 mode: kept matrices saved for backward as bf16
  int y_ranks = 1;                  // G_y
  bool sequence_shard = false;      // the norm region's rows split over Y (sequence_shard.hpp; G_y > 1)
  bool forward_only = false;        // a weights-only model: nothing kept for backward, no gradients of any kind
  std::size_t rows() const { return static_cast<std::size_t>(local_batch) * seq_len; }
  bool sequence_sharded() const { return sequence_shard && y_ranks > 1; }
  int sequence_shards() const { return sequence_sharded() ? y_ranks : 1; }
  /// m_s: the norm region's rows (m / G_y with sequence sharding, else m).
  std::size_t norm_rows() const { return rows() / static_cast<std::size_t>(sequence_shards()); }
  /// The segments of this rank's norm rows whose chunks the norms' parameter gradients sum apart
  /// (layernorm.hpp, NormRows): one per Y rank, also unsharded (where G_y divides m), so that
  /// sharded and unsharded models sum the same chunks.
  std::size_t norm_segments() const {
    if (sequence_sharded()) return 1;
    return rows() % static_cast<std::size_t>(y_ranks) == 0 ? static_cast<std::size_t>(y_ranks) : 1;
  }
  /// Whether the norms' outputs, the inputs of q/k/v and the MLP's first layer, are held as bf16
  /// (bf16 mode without recomputation: written straight into their bf16 copies), so that
  /// sequence sharding gathers them over Y as bf16.
  bool norm_outputs_bf16() const { return bf16_activations && recompute == Recompute::none && layers > 0; }
  /// Whether sequence sharding gathers the norms' outputs as bf16: in bf16 mode always, since the
  /// GEMMs that read them round them to bf16 anyway (held as bf16, or rounded from fp32 once,
  /// on this rank's m_s rows, before the gather: the same values, half the bytes over Y).
  bool norm_gathers_bf16() const { return bf16_activations && sequence_sharded() && layers > 0; }
};

/// Device memory of one rank's model, by purpose, from the sizes of its allocations.
struct MemoryPlan {
  std::size_t parameters = 0;   // fp32 master weights (this rank's shards)
  std::size_t gradients = 0;    // fp32 gradients, same layout
  std::size_t activations = 0;  // kept for backward by all layers, and the recomputed block's buffers
  std::size_t workspaces = 0;   // activation gradients, gathered weights, collective buffers, scratch
  // Parts of the above, for the printed plan:
  std::size_t recompute_buffers = 0;  // activations: buffers shared by all blocks (recompute != none)
  std::size_t attention_scratch = 0;  // workspaces: head-major operands and one query block of scores
  std::size_t loss_chunk = 0;         // workspaces: one chunk of logits (chunk_rows, V_loc)
  std::size_t gemm_operands = 0;      // workspaces: bf16 copies of the largest GEMM operands (bf16 only)
  std::size_t collective_buffers = 0; // workspaces: device buffers of the NCCL communicators (0 over MPI)
  std::size_t total() const { return parameters + gradients + activations + workspaces; }
};

/// Forward's results that backward reads, per block.
struct BlockActivations {
  Matrix ln1;                 // (m_s, C_x)
  Vector ln1_mean, ln1_rstd;  // (m_s)
  Matrix qkv;                 // (m, W_qkv)
  Vector lse;                 // (B_loc NH_y T) attention's softmax log-sum-exp
  Matrix atty;                // (m, C_y)
  Matrix res2;                // (m_s, C_x) residual after attention
  Matrix ln2;                 // (m_s, C_x)
  Vector ln2_mean, ln2_rstd;  // (m_s)
  Matrix fch;                 // (m, W_in) FC output plus bias: the activation's input
  Matrix fch_gelu;            // (m, W_hid) the activation's output
  Matrix res3;                // (m_s, C_x) block output
};

/// A block's matrices, in the order forward computes them.
enum class BlockField { ln1, qkv, atty, res2, ln2, fch, fch_gelu, res3 };

/// The activations. With recompute, a block's fields that the mode does not keep are views of
/// one shared set (`shared`), which forward overwrites block after block and backward refills
/// (recomputes) before each block's backward.
///
/// bf16 mode (GptDims::bf16_activations): the matrices a block keeps are saved for backward as
/// bf16 copies, half the bytes. The block's Matrix views are then fp32 working buffers that all
/// blocks share, where forward computes (the residual stream stays fp32 from block to block) and
/// backward reads: save() rounds a field into its copy once forward is done with it, restore()
/// expands it just before backward reads it. Block recomputation keeps only the block outputs,
/// its checkpoints, which stay fp32 so that the recomputed forward is the forward that ran.
/// LayerNorm and attention statistics stay fp32.
///
/// Without block recomputation (bf16 mode), the working buffers are four slots, each holding in
/// turn the fields whose lives do not overlap, forward (a field is saved before the next one in
/// its slot is written) and backward (restored or recomputed just before its reader):
/// (each slot as large as its largest field):
///   normed (m, max(C_x, W_hid))  ln1, atty, ln2, fch_gelu, and ln_f's output
///   wide   (m, max(W_qkv, W_in))  qkv, fch
///   res2   (m_s, C_x)            res2
///   stream (m_s, C_x)            the embedding output and every block's output: the fp32
///                                residual stream (the embedding output is saved as bf16 too,
///                                as block 0's input for backward)
struct GptActivations {
  GptActivations() = default;
  explicit GptActivations(const GptDims& d);
  std::size_t bytes() const;
  /// Bytes of the shared buffers (0 without recompute or bf16 copies).
  std::size_t shared_bytes() const;
  /// bf16 mode: block l's `field` rounded into its bf16 copy (nothing when it has none).
  void save(const ExecSpace& exec, int l, BlockField field) const;
  /// bf16 mode: block l's bf16 copy of `field` expanded into its working buffer (nothing when it
  /// has none).
  void restore(const ExecSpace& exec, int l, BlockField field) const;
  /// bf16 mode without block recomputation: the embedding output (block 0's input) saved, and
  /// restored into the stream slot (nothing otherwise).
  void save_embedding(const ExecSpace& exec) const;
  void restore_embedding(const ExecSpace& exec) const;
  /// The embedding output as block 0's backward reads it: its bf16 copy where it has one (read
  /// as it was saved), else res0.
  HeldMatrix held_embedding() const;
  /// Whether block l's `field` has a bf16 copy.
  bool saved_as_bf16(int l, BlockField field) const;
  /// Block l's `field` as a GEMM or a backward kernel that takes a HeldMatrix reads it: its bf16
  /// copy where it has one (bf16 mode: read as it was saved, neither expanded nor rounded again;
  /// save() it first), else its working buffer.
  HeldMatrix held(int l, BlockField field) const;
  /// Where the kernel that produces block l's `field` writes it: straight into its bf16 copy for
  /// a field that only GEMMs read and that has one (ln1, ln2, the MLP activation: see
  /// written_as_bf16), else its working buffer.
  OutputMatrix output(int l, BlockField field) const;
  /// Whether block l's `field` is written by its producer straight into its bf16 copy (save()
  /// does nothing for it).
  bool written_as_bf16(int l, BlockField field) const;
  /// Block l's bf16 copy of `field`, for the kernel that writes the field in fp32 to write the copy
  /// in the same pass (the residual stream, res2 and res3: residual_layernorm_forward), instead of
  /// a save() after it; empty where the field has no copy.
  Bf16Matrix copy_target(int l, BlockField field) const;
  /// Block l's fp32 working buffer of `field` (a shared slot in bf16 mode).
  Matrix working(int l, BlockField field) const;

  Kokkos::View<int*, MemSpace> tokens, targets;  // (m)
  Matrix res0;                                     // (m_s, C_x) embedding output
  std::vector<BlockActivations> blocks;            // (L)
  BlockActivations shared;                         // the fields the recompute mode does not keep
  Matrix lnf;                                      // (m_s, C_x)
  Vector lnf_mean, lnf_rstd;                       // (m_s)
  Vector losses;                                   // (m)
  Recompute recompute = Recompute::none;
  bool bf16 = false;
  /// A weights-only model (GptDims::forward_only): nothing is kept for backward, so every block
  /// computes in `shared` (all of its fields), which each blocks[l] is a copy of: block l's input,
  /// block l - 1's output res3, is last read (res2 += input) before block l writes its own res3.
  /// No bf16 copies (recompute counts as block: every GEMM input reaches its GEMM in fp32).
  bool forward_only = false;
  /// bf16 mode: per block, per matrix field (BlockField order), the bf16 copy; empty for a field
  /// not saved as bf16.
  std::vector<std::vector<Bf16Vector>> saved;
  /// bf16 mode without block recomputation: the working slots (normed, wide, res2, stream) that
  /// the fields, res0 and lnf are views of, and the embedding output's bf16 copy. Empty otherwise.
  std::vector<Vector> slots;
  Bf16Vector saved_res0;
};

/// Scratch shared by the layers: one of each, reused by every block (the schedule runs the
/// blocks one after the other).
/// A weights-only model (GptDims::forward_only) has only what forward uses: no activation
/// gradients (d_*), norm partials, bias-gradient ones or partials, bf16 output gradients or
/// gradient staging, and an attention workspace without its backward buffers.
struct GptWorkspaces {
  GptWorkspaces() = default;
  explicit GptWorkspaces(const GptDims& d);
  std::size_t bytes() const;

  LinearWorkspace linear;      // ones (m), bf16 wire (m, the widest linear input or output) in bf16 mode; gathered
                               // weights live in the schedule
  LmHeadWorkspace head;        // h_full (m, C), gather buffer, one chunk of logits, row statistics
  AttentionWorkspace attention;
  Tensor2<double> row_sums;    // (m_s, 2) LayerNorm row statistics
  Matrix ln_partials;          // (layernorm_partial_rows(m_s, norm_segments), C_x)
  Matrix d_res, d_ln;          // (m_s, C_x)
  // Sequence sharding only (else empty):
  Matrix ln_gathered_partials;  // (G_y layernorm_partial_rows(m_s), C_x) every Y rank's norm partials
  Matrix rows_full;             // (m, C_x) a transposed layer's partial sums before their reduce-scatter,
                                // its output gradient gathered over Y, a normal layer's input-gradient
                                // partials, ln_f's output gathered for the LM head and its gradient
  Matrix gathered;              // (m, C_x) a norm's output gathered over Y for q/k/v or the MLP (fp32 mode)
  Bf16Matrix gathered_bf16;     // (m, C_x) the same in bf16 mode, where the GEMMs read it as bf16
  Matrix gradient_chunks;       // (m, C_x) the residual stream's gradient as its chunks arrive over Y
                                // (RowChunkGather's staging), before they are put in row order; only
                                // where d_fch is narrower (W_in < C_x): else d_fch's first m C_x
                                // elements serve, free while the transposed layers' backward runs
  Bf16Matrix norm_out_bf16;     // (m_s, C_x) bf16 mode with recomputation (norm outputs held in fp32):
                                // this rank's rows rounded before the gather, which so moves bf16
  Matrix d_qkv;                // (m, W_qkv)
  Matrix d_atty;               // (m, C_y)
  Matrix d_fch;                // (m, W_in)
  Matrix d_fch_gelu;           // (m, W_hid)
  Matrix full;                 // (m, C) embedding sum / LM-head input gradient
  DeviceScalar<double> loss;   // () Gpt::forward(tokens, targets)'s accumulator
};

/// Bytes a view spans.
template <typename View>
std::size_t view_bytes(const View& view) {
  return view.span() * sizeof(typename View::value_type);
}

}  // namespace fourfold
