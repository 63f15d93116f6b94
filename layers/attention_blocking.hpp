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

}  // namespace fourfold
