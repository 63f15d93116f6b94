// The causal blocking of attention's GEMMs (layers/attention.cpp), free of Kokkos so that the
// planner (drivers/plan) counts the same FLOPs the layer executes.
#pragma once

namespace fourfold {

/// Queries (and keys) per block of the causal blocking: each of attention's GEMMs runs per block
/// over the unmasked keys (or queries) only. A multiple of the GPU warp and CPU vector widths.
inline constexpr int attention_causal_block = 128;

/// GEMMs over the blocked scores per causal block: forward S = Q K^T and O = P V; backward
/// recomputes S (nothing T x T is kept) and runs dP = dO V^T, dV = P^T dO, dQ = dS K, dK = dS^T Q.
/// Each costs 2 * hs FLOPs per score entry.
inline constexpr int attention_forward_gemms = 2;
inline constexpr int attention_backward_gemms = 5;

/// Score entries (query, key) per (batch row, head) that the blocked GEMMs compute at length T:
/// the causal triangle plus the masked part of the diagonal blocks (T * T without blocking).
inline constexpr double attention_scores_computed(int T) {
  double entries = 0.0;
  for (int first = 0; first < T; first += attention_causal_block) {
    const int end = first + attention_causal_block < T ? first + attention_causal_block : T;
    entries += static_cast<double>(end - first) * end;
  }
  return entries;
}

/// Score entries (query, key) per (sequence, head) that one context rank's blocked GEMMs compute
/// in ring attention (layers/ring_attention.hpp) at length T over G context ranks, summed over
/// the ring's G steps: the same on every rank (the balanced split). Each rank holds chunks i and
/// 2G - 1 - i of C = T / (2G) positions; per step, each block of query rows (at most
/// attention_causal_block, inside one chunk) multiplies the prefix of the source rank's keys
/// that its last query sees. Counted here for rank 0; tests/layers/test_ring_attention.cpp
/// checks every rank's GEMM FLOPs against it.
inline constexpr double ring_attention_scores_computed(int T, int G) {
  const int C = T / (2 * G), block = C < attention_causal_block ? C : attention_causal_block;
  double entries = 0.0;
  for (int src = 0; src < G; ++src)
    for (int c = 0; c < 2; ++c)
      for (int first = c * C; first < (c + 1) * C; first += block) {
        const int rows = first + block < (c + 1) * C ? block : (c + 1) * C - first;
        const int last = first + rows - 1;
        const int query = last < C ? last : (2 * G - 1) * C + (last - C);  // rank 0's position
        const int low = query - src * C + 1, high = query - (2 * G - 1 - src) * C + 1;
        const int keys = (low < 0 ? 0 : low > C ? C : low) + (high < 0 ? 0 : high > C ? C : high);
        entries += static_cast<double>(rows) * keys;
      }
  return entries;
}

}  // namespace fourfold
