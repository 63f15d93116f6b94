// The LM head tied to the token embedding, and the mean softmax cross-entropy, both
// vocab-parallel over the X*Y group: each rank computes the logits of its V_loc vocab rows,
// and the row max, sum of exponentials and target logit are reduced over XY, so the loss is
// the single-rank one. Logits of padded vocab rows (global index >= vocab_size) never count.
//
// Chunked over tokens: the logits exist for one chunk of rows at a time ((chunk_rows, V_loc),
// sized by [train] loss_chunk_tokens, by default at most 64 MiB), never for all m rows. Forward
// keeps each row's max and sum of exponentials (O(m)); backward recomputes a chunk's logits with
// the same GEMM, its probabilities with the same arithmetic (so bit-identical to forward's), and
// turns them into dlogits, whose input- and weight-gradient GEMMs are accumulated chunk by chunk.
// Backward visits the chunks last first, so the last chunk's probabilities, still in the chunk
// buffer from forward, are used without recomputing them.
#pragma once

#include "comm/communicator.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"
#include "layers/embedding.hpp"
#include "layers/weight_block.hpp"

namespace fourfold {

struct VocabShard {
  int offset = 0;      // first global vocab row held
  int local = 0;       // rows held (V_loc)
  int real_vocab = 0;  // vocab_size: rows at or past it are padding
};

/// Scratch of the head.
struct LmHeadWorkspace {
  LmHeadWorkspace() = default;
  /// m rows of this rank, C channels, V_loc vocabulary rows, logits chunks of chunk_rows rows.
  LmHeadWorkspace(std::size_t m, int channels, std::size_t vocab_local, std::size_t chunk_rows);
  std::size_t bytes() const;
  std::size_t chunks() const { return logits.extent(0) == 0 ? 0 : (h_full.extent(0) + logits.extent(0) - 1) / logits.extent(0); }

  Matrix h_full;             // (m, C) final hidden state gathered over X; kept for backward
  Vector gathered;           // (G_x * m * C_x) all-gather buffer
  Matrix logits;             // (chunk_rows, V_loc) one chunk's logits, probabilities, then dlogits
  Vector row_max;            // (m) max logit of each row over the whole vocabulary; kept for backward
  Tensor2<float> row_stats;  // (m, 2) sum of exponentials, target logit; kept for backward
  DeviceScalar<double> loss_sum;  // () sum of this rank's row losses of the last forward
};

/// losses (m): per-row cross-entropy; h (m, C_x) the final LayerNorm output; weight_local
/// (V_loc, C) this rank's vocabulary rows of the head, fp32 or (bf16 mode) their bf16 copy. Leaves ws.h_full = h
/// gathered over X, ws.row_max and ws.row_stats (needed by backward), the last chunk's
/// probabilities in ws.logits, and ws.loss_sum = the sum of `losses`, in device memory: nothing
/// waits for the device.
void lm_head_loss_forward(ExecutionContext& ctx, const Vector& losses, const LmHeadWorkspace& ws,
                          const ConstMatrix& h, const WeightBlock& weight_local, const TokenView& targets,
                          const VocabShard& vocab, const comm::Communicator& x_group,
                          const comm::Communicator& xy_group);

/// dh (m, C_x) =, dwte_local (V_loc, C) +=, for loss = scale * sum of row losses, after
/// lm_head_loss_forward on the same ws. last_chunk_kept: ws.logits still holds the probabilities
/// the forward left there (nothing used the buffer since). dh_full (m, C) is scratch.
void lm_head_loss_backward(ExecutionContext& ctx, const Matrix& dh, const Matrix& dwte_local,
                           const Matrix& dh_full, const LmHeadWorkspace& ws, const WeightBlock& weight_local,
                           const TokenView& targets, float scale, const VocabShard& vocab, int x_rank,
                           const comm::Communicator& xy_group, bool last_chunk_kept);

}  // namespace fourfold
