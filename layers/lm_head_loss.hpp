// The LM head tied to the token embedding, and the mean softmax cross-entropy, both
// vocab-parallel over the X*Y group: each rank computes the logits of its V_loc vocab rows,
// and the row max, sum of exponentials and target logit are reduced over XY, so the loss is
// the single-rank one. Logits of padded vocab rows (global index >= vocab_size) never count.
#pragma once

#include "comm/communicator.hpp"
#include "core/types.hpp"
#include "layers/embedding.hpp"

namespace fourfold {

struct VocabShard {
  int offset = 0;      // first global vocab row held
  int local = 0;       // rows held (V_loc)
  int real_vocab = 0;  // vocab_size: rows at or past it are padding
};

/// Scratch of the head.
struct LmHeadWorkspace {
  Matrix h_full;             // (m, C) final hidden state gathered over X; kept for backward
  Vector gathered;           // (G_x * m * C_x) all-gather buffer
  Vector row_max;            // (m) max logit of each row over the whole vocabulary
  Tensor2<float> row_stats;  // (m, 2) sum of exponentials, target logit
  DeviceScalar<double> loss_sum;  // () sum of this rank's row losses of the last forward
};

/// probs (m, V_loc): softmax probabilities of the local vocab rows (kept for backward);
/// losses (m): per-row cross-entropy; h (m, C_x) the final LayerNorm output. Leaves
/// ws.h_full = h gathered over X (needed by backward) and ws.loss_sum = the sum of `losses`,
/// in device memory: nothing waits for the device.
void lm_head_loss_forward(const ExecSpace& exec, const Vector& losses, const Matrix& probs,
                            const LmHeadWorkspace& ws, const ConstMatrix& h,
                            const ConstMatrix& wte_local, const TokenView& targets,
                            const VocabShard& vocab, const comm::Communicator& x_group,
                            const comm::Communicator& xy_group);

/// dh (m, C_x) =, dwte_local (V_loc, C) +=, for loss = scale * sum of row losses. probs is
/// overwritten with dlogits. dh_full (m, C) is scratch.
void lm_head_loss_backward(const ExecSpace& exec, const Matrix& dh, const Matrix& dwte_local,
                           const Matrix& dh_full, const Matrix& probs, const LmHeadWorkspace& ws,
                           const ConstMatrix& wte_local, const TokenView& targets, float scale,
                           const VocabShard& vocab, int x_rank, const comm::Communicator& xy_group);

}  // namespace fourfold
