// Causal attention of new tokens against a key/value cache, for generation: the n tokens of a
// forward step sit at positions [first, first + n) of one sequence; their keys and values are
// appended to the cache, and each query attends to every cached position up to its own. The same
// scores (q.k / sqrt(hs)), softmax and grouped-query sharing (query head h reads key/value head
// h / (NH_y / KV_y)) as attention_forward, without its T x T blocks: one team per (token, head)
// holds that query's scores over the cached positions.
//
// Shapes on a rank (heads split over Y): qkv (n, (NH_y + 2 KV_y) hs) = [q | k | v] as the fused
// projection (and rotary) left it; k_cache, v_cache (positions, KV_y hs); out (n, NH_y hs).
#pragma once

#include "core/types.hpp"

namespace fourfold {

/// Appends the n new keys and values to the caches at [first, first + n), then out =; UserError
/// when first + n passes the caches' positions.
void cached_attention_forward(const ExecSpace& exec, const Matrix& out, const ConstMatrix& qkv, const Matrix& k_cache,
                              const Matrix& v_cache, int first, int heads_local, int kv_heads_local);

}  // namespace fourfold
