// Between the row-major activations (B n, row_width) and the head-major operands (B heads, n, hs)
// of attention: one team per row, its threads over the row's heads and its vector lanes over a
// head's hs contiguous elements. Used by plain attention (attention.cpp) and ring attention
// (ring_attention.cpp) alike.
#pragma once

#include "core/types.hpp"

namespace fourfold {

/// Rows -> head-major operands H (float, or bf16 in bf16 mode); the part of each row starting at
/// column `offset` holds heads_local / group heads, each repeated into its group's slots.
template <class H>
void permute_to_heads(const ExecSpace& exec, const float* rows, int row_width, int offset, H* heads, int batch,
                      int T, int heads_local, int hs, int group, const char* label);

/// Head-major fp32 -> rows: each row head is written the sum of its group's slots (group 1: a copy).
void permute_from_heads(const ExecSpace& exec, float* rows, int row_width, int offset, const float* heads,
                        int batch, int T, int heads_local, int hs, int group, const char* label);

}  // namespace fourfold
