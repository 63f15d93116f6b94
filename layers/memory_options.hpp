// How a model trades computation or communication for memory ([train] recompute,
// [train] loss_chunk_tokens, [parallel] shard_optimizer, [train] precision's operand copies), and
// the sizes that follow from them; free of Kokkos so that the planner (drivers/plan) sizes the
// same buffers the model allocates.
//
// Recomputation (what forward keeps for backward, per transformer block):
//   none       every activation backward reads: ln1, qkv, attention output and statistics, res2,
//              ln2, FC output, GELU output, block output, LayerNorm statistics.
//   selective  the GEMM outputs (qkv, attention output, res2, FC output), the block output and the
//              row statistics; LayerNorm outputs and the GELU output, large and cheap, are
//              recomputed from them just before the block's backward, with no GEMM and no
//              collective.
//   attention  as selective, less the attention output (m, C_y): backward re-runs the attention
//              core (its score and value GEMMs and the softmax) from the kept q/k/v before the
//              attention projection's backward. No linear layer's GEMM and no collective runs
//              again; the cost is the attention forward's GEMMs once more. (bf16 mode: attention's
//              backward then reads that output in fp32, not a bf16 copy of it, so bf16 runs differ
//              from the other modes' by that rounding; fp32 runs are bit-identical.)
//   block      the block output (the next block's input) and the LayerNorm row statistics (O(m));
//              backward re-runs the block's forward first (its linear layers gather their weights
//              over Z again), into one set of buffers shared by all blocks.
// Recomputed values repeat the forward's operations on the same inputs, and LayerNorm reuses its
// kept statistics instead of reducing them over X again, so every mode gives bit-identical
// losses and parameters.
#pragma once

#include "core/precision.hpp"

#include <cstddef>
#include <string>

namespace fourfold {

enum class Recompute { none, selective, attention, block };

/// "none", "selective", "attention" or "block"; anything else is a UserError naming it and the accepted values.
Recompute parse_recompute(const std::string& text);
const char* recompute_name(Recompute recompute);

struct MemoryOptions {
  MemoryOptions(Recompute recompute_mode = Recompute::none, long chunk_tokens = 0, bool shard = false,
                GemmPrecision gemm_precision = GemmPrecision::fp32,
                GemmPrecision gradient_reduce = GemmPrecision::fp32)
      : recompute(recompute_mode),
        loss_chunk_tokens(chunk_tokens),
        shard_optimizer(shard),
        precision(gemm_precision),
        grad_reduce(gradient_reduce) {}
  Recompute recompute;
  /// Rows of logits per chunk of the LM head and loss; 0: as many as fit default_loss_chunk_bytes.
  long loss_chunk_tokens;
  /// [parallel] shard_optimizer: AdamW's moments and update split over the data ranks (ZeRO-1):
  /// gradients reduce-scattered over data, parameters all-gathered after the update.
  bool shard_optimizer;
  /// [train] precision: with bf16 GEMM operands the model reserves the operand copies of its
  /// largest GEMMs at set-up (core/gemm.hpp) and counts them in its plan.
  GemmPrecision precision;
  /// [train] grad_reduce: the element type of the gradient collectives (the Z reduce-scatters of
  /// weight gradients, the replicated tensors' sum over Z, the data-parallel all-reduces or
  /// reduce-scatters). bf16 halves their bytes through bf16 buffers the model allocates at
  /// set-up; the sums land in the fp32 gradients.
  GemmPrecision grad_reduce;
  /// [parallel] sequence_shard: the norm region's rows (the residual stream, the norms, their
  /// gradients) split over Y (layers/sequence_shard.hpp); nothing changes for G_y = 1.
  bool sequence_shard = false;
  /// A weights-only model (Gpt): forward() and nothing else, for evaluation and generation. It
  /// allocates no gradient arena, no gradient buckets or bf16 gradient buffers, no activation
  /// gradients and no per-block activations for backward (every block computes in one set of
  /// buffers); `recompute`, `shard_optimizer` and `grad_reduce` do not apply. backward(),
  /// zero_gradients(), sync_gradients(), gather_parameters() and data_shards() are UserErrors.
  bool forward_only = false;
  /// The options of a weights-only model computing at `gemm_precision` (forward_only set).
  static MemoryOptions weights_only(GemmPrecision gemm_precision = GemmPrecision::fp32) {
    MemoryOptions options(Recompute::none, 0, false, gemm_precision);
    options.forward_only = true;
    return options;
  }
};

/// The default chunk of logits: 64 MiB of fp32.
inline constexpr double default_loss_chunk_bytes = 64.0 * 1024 * 1024;

/// Rows of one chunk of logits for `rows` rows of V_loc = vocab_local logits: loss_chunk_tokens
/// when positive, else as many rows as fit default_loss_chunk_bytes; at least 1 and at most rows.
inline std::size_t loss_chunk_rows(long loss_chunk_tokens, std::size_t vocab_local, std::size_t rows) {
  std::size_t chunk = loss_chunk_tokens > 0
                          ? static_cast<std::size_t>(loss_chunk_tokens)
                          : static_cast<std::size_t>(default_loss_chunk_bytes / (4.0 * static_cast<double>(vocab_local)));
  if (chunk < 1) chunk = 1;
  return chunk < rows ? chunk : rows;
}

/// One rank's sizes that bound the operands of its GEMMs (elements; whole numbers).
struct GemmOperandDims {
  double rows = 0;             // m = B_loc T
  double channels = 0;         // C
  double c_x = 0, c_y = 0;     // C / G_x, C / G_y
  double qkv_width = 0;        // the fused q/k/v output per Y rank: 3 C_y (GPT-2), (NH_y + 2 KV_y) hs
  double mlp_in_width = 0;     // the MLP's first output per Y rank: 4 C_y (GPT-2), gate and up 2 I_y
  double mlp_hidden_width = 0; // the MLP's activation per Y rank, its last layer's input: 4 C_y, I_y
  double chunk_rows = 0;       // rows of one chunk of logits
  double vocab_local = 0;      // V_loc
  // Which linear-layer inputs reach their GEMMs in fp32, to be rounded into the copies: all of
  // them with block recomputation (the recomputed forward's); with selective recomputation the
  // recomputed ones (ln1, ln2, the MLP activation), and with attention recomputation the attention
  // output too; none without recomputation, where every input
  // is read from the bf16 copy its block saved (Gpt: GptActivations::held).
  Recompute recompute = Recompute::block;
};
struct GemmOperandElements {
  double a = 0, b = 0;
};

/// Elements of the largest A and of the largest B operand among the model's GEMMs that reach the
/// engine in fp32, which bound the bf16 operand copies (core/gemm.hpp):
///   A: a linear layer's fp32 input (m, C_x) (m, C_y) (m, W_hid) (see `recompute`); one chunk of
///      the LM head's input (chunk, C) and of dlogits (chunk, V_loc);
///   B: a linear layer's fp32 input (its weight gradient is dout^T in); the LM head's input chunk.
/// Neither a weight, an attention operand nor a linear layer's output gradient is among them: the
/// GEMMs read the model's bf16 copy of the parameters, attention's kernels write its operands in
/// bf16 (layers/attention.hpp), and a linear layer rounds its output gradient once into a buffer
/// of its workspace for both of its GEMMs (LinearWorkspace::output_grad).
/// Every operand is a sub-range of one of these, so a step never grows copies of these sizes.
inline GemmOperandElements largest_gemm_operands(const GemmOperandDims& d) {
  const auto max = [](double a, double b) { return a > b ? a : b; };
  const double fp32_input = d.recompute == Recompute::none        ? 0.0
                            : d.recompute == Recompute::selective ? d.rows * max(d.c_x, d.mlp_hidden_width)
                                                                  : d.rows * max(max(d.c_x, d.c_y), d.mlp_hidden_width);
  // (attention and block recomputation: the attention output (m, C_y) reaches its GEMMs in fp32 too)
  GemmOperandElements e;
  e.a = max(max(fp32_input, d.chunk_rows * d.channels), d.chunk_rows * d.vocab_local);
  e.b = max(fp32_input, d.chunk_rows * d.channels);
  return e;
}

}  // namespace fourfold
