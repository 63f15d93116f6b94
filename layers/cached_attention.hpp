// Causal attention of new tokens against a key/value cache, for generation of a batch of
// sequences at their own lengths: row i of a forward step is a token of sequence row_sequence(i)
// at position row_position(i); its key and value are appended to that sequence's part of the
// cache, and its query attends to every cached position of its sequence up to its own. The same
// scores (q.k / sqrt(hs)), softmax and grouped-query sharing (query head h reads key/value head
// h / (NH_y / KV_y)) as attention_forward, without its T x T blocks: one team per (row, head)
// holds that query's scores over its sequence's cached positions.
//
// Shapes on a rank (heads split over Y), m rows, B sequences of up to P positions each:
// qkv (m, (NH_y + 2 KV_y) hs) = [q | k | v] as the fused projection (and rotary) left it;
// k_cache, v_cache (B P, KV_y hs), sequence b's position p at row b P + p; out (m, NH_y hs);
// row_sequence, row_position (m).
#pragma once

#include "core/types.hpp"

namespace fourfold {

using RowIndexView = Kokkos::View<const int*, MemSpace>;  // (m) one index per row

/// Appends the m new keys and values to the caches, then out =. `longest`: the largest
/// row_position + 1 (the scores' scratch per team), which the caller knows on the host; the
/// caller also checks every position is below `positions` (P) and every sequence below B: the
/// kernels cannot report them.
void cached_attention_forward(const ExecSpace& exec, const Matrix& out, const ConstMatrix& qkv, const Matrix& k_cache,
                              const Matrix& v_cache, const RowIndexView& row_sequence, const RowIndexView& row_position,
                              int positions, int longest, int heads_local, int kv_heads_local);

}  // namespace fourfold
