// Rotary position embeddings (RoPE) on the query and key heads, as Hugging Face's Llama applies
// them: the rotate-half convention, pairing element k of a head with element k + d/2 (not
// neighbours, as the original RoFormer), frequencies theta^(-2k/d), positions from 0.
//   out[k]       = x[k] cos(p f_k) - x[k + d/2] sin(p f_k)
//   out[k + d/2] = x[k + d/2] cos(p f_k) + x[k] sin(p f_k),   k < d/2.
// The angles are formed as transformers forms them, in fp32 (f_k = 1 / theta^(2k/d) rounded to
// float, p f_k a float product), so that long positions round as they do there; cos and sin of
// each angle are then exact to float rounding. Llama 3.1's frequency scaling ("rope_type":
// "llama3") is RopeScaling (gpt_config.hpp): low frequencies divided by its factor, high ones
// kept, the band between interpolated (transformers' _compute_llama3_parameters).
//
// Heads are split over Y; each rank rotates its own heads, with the positions of its rows (local
// sequences of seq_len tokens): nothing is communicated.
#pragma once

#include "core/types.hpp"
#include "layers/gpt_config.hpp"  // RopeScaling

#include <vector>

namespace fourfold {

using PositionView = Kokkos::View<const int*, MemSpace>;  // (m) a position per row (embedding.hpp's too)

/// cos and sin of every position's angles: (positions, head_dim / 2) each, built once on the
/// host and copied to the device.
struct RotaryTable {
  RotaryTable() = default;
  /// UserError when head_dim is not even and positive, theta not above 1, or positions not positive.
  RotaryTable(int positions, int head_dim, double theta, const RopeScaling& scaling = RopeScaling());

  int positions = 0, head_dim = 0;
  Tensor2<float> cos, sin;
};

/// The frequencies f_k (head_dim / 2 of them) as the table uses them (float, scaled).
std::vector<float> rotary_frequencies(int head_dim, double theta, const RopeScaling& scaling = RopeScaling());

/// Rotates, in place, the first `rotated_heads` heads (of table.head_dim elements each) of every
/// row of qkv (m, >= rotated_heads * head_dim): the query heads, then the key heads, ahead of the
/// value heads. Row r holds position first_position + r % seq_len.
void rotary_forward(const ExecSpace& exec, const Matrix& qkv, int rotated_heads, int seq_len, const RotaryTable& table,
                    int first_position = 0);
/// The same with a position per row: row r holds position row_positions(r) (m of them, each below
/// table.positions: the caller checks, the kernel cannot). Generation's batch, where each sequence's
/// rows continue from its own length.
void rotary_forward(const ExecSpace& exec, const Matrix& qkv, int rotated_heads, const PositionView& row_positions,
                    const RotaryTable& table);
/// The gradient through the rotation, in place on d_qkv's first rotated_heads heads: the inverse
/// rotation (the map is orthogonal, its transpose is its inverse).
void rotary_backward(const ExecSpace& exec, const Matrix& d_qkv, int rotated_heads, int seq_len,
                     const RotaryTable& table, int first_position = 0);

}  // namespace fourfold
