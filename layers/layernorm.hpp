// LayerNorm over the channels of the residual stream, exact when channels are split over X:
// the row sums are reduced over the X group, so every rank normalises with the statistics of
// the whole row (AxoNN normalises each X slice on its own, which is wrong for G_x > 1).
// eps = 1e-5, biased variance (GPT-2).
#pragma once

#include "comm/communicator.hpp"
#include "core/types.hpp"

namespace fourfold {

inline constexpr float layernorm_eps = 1e-5f;

/// out (m, c_loc), mean (m), rstd (m) from in (m, c_loc), weight (c_loc), bias (c_loc).
/// row_sums (m, 2) is scratch; channels = c_loc * x_group.size().
void layernorm_forward(const ExecSpace& exec, const Matrix& out, const Vector& mean,
                       const Vector& rstd, const ConstMatrix& in, const ConstVector& weight,
                       const ConstVector& bias, const Tensor2<double>& row_sums,
                       const comm::Communicator& x_group);

/// din (m, c_loc) =; dweight, dbias (c_loc) +=; from dout (m, c_loc) and the forward's saved
/// in, mean, rstd. row_sums (m, 2) is scratch.
void layernorm_backward(const ExecSpace& exec, const Matrix& din, const Vector& dweight,
                        const Vector& dbias, const ConstMatrix& dout, const ConstMatrix& in,
                        const ConstVector& weight, const ConstVector& mean, const ConstVector& rstd,
                        const Tensor2<double>& row_sums, const comm::Communicator& x_group);

}  // namespace fourfold
