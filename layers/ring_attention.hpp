// Ring attention: causal multi-head attention over a sequence split across a context group of
// G_c ranks (issue 35's context axis), exact (the same softmax as layers/attention.hpp, merged
// through the per-row log-sum-exp) and balanced.
//
// Layout (balanced causal split): each sequence of T tokens is cut into 2 G_c chunks of
// C = T / (2 G_c) positions; context rank i holds chunk i and chunk 2 G_c - 1 - i, in that order,
// as its n = T / G_c local rows (per sequence: rows b * n .. b * n + n - 1 of the rank's
// B * n rows). Under causal masking every rank then does the same work: each ring step but the
// first computes C x 2C score entries per (sequence, head), and the first the local triangle.
// RingLayout converts between global positions and (rank, local row).
//
// qkv, out, lse and dqkv are laid out as in layers/attention.hpp, over the local rows: qkv
// (B n, (NH + 2 KV) hs) with [q | k | v] per row, out (B n, NH hs), lse (B, NH, n). Grouped-query
// attention (KV < NH key/value heads): query head h reads key/value head h / (NH / KV); only the
// KV key/value heads travel round the ring, never their repeats.
//
// Forward: step 0 is causal attention of the local queries against the local keys (by their
// true positions); then G_c - 1 ring steps each bring the key/value block of the rank s steps
// behind (comm::ring_exchange_start), the transfer of step s + 1 started before step s is
// computed, so it overlaps step s's GEMMs. Per step and block of query rows, only the keys some
// query of the block sees are multiplied (a prefix of the block's keys, since each rank's rows
// are in position order); blocks that see every key skip the mask, blocks that see none are
// skipped. Each block's softmax is merged into the running output through the log-sum-exp
// (online softmax); the final lse is kept for backward.
//
// Backward: per step, the scores are recomputed from Q, K and the final lse; delta = rowsum(dO *
// O); dQ accumulates locally, and dK/dV accumulators travel round the ring one step behind the
// key/value blocks (each started after its step's GEMMs, overlapping the next step's), so that
// after G_c steps and one more transfer every rank holds the gradient of its own keys and
// values. The layer has no parameters: dqkv is assigned (=).
//
// Everything runs on the context's compute instance; the host waits only on the ring's requests
// (on MPI routes, which also fence the instance before each transfer). All buffers are the
// workspace's, allocated at set-up. fp32 operands (a bf16 workspace is future work).
#pragma once

#include "comm/communicator.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"

namespace fourfold {

/// The balanced causal split of a sequence of `seq_len` tokens over `ranks` context ranks.
struct RingLayout {
  int ranks = 1;    // G_c
  int seq_len = 0;  // T, divisible by 2 G_c
  KOKKOS_INLINE_FUNCTION int chunk() const { return seq_len / (2 * ranks); }
  /// Local rows per sequence: T / G_c (two chunks).
  KOKKOS_INLINE_FUNCTION int local_rows() const { return seq_len / ranks; }
  /// The global position of local row `local` (0 .. T / G_c - 1) of context rank `rank`.
  KOKKOS_INLINE_FUNCTION int position(int rank, int local) const {
    const int c = chunk();
    return local < c ? rank * c + local : (2 * ranks - 1 - rank) * c + (local - c);
  }
  /// The context rank that holds global position `position`, and its local row there.
  int rank_of(int position) const;
  int local_row_of(int position) const;
  /// How many of context rank `source`'s local rows (keys) the query at global position `query`
  /// sees (key position <= query): always a prefix of them, as local rows are in position order.
  int visible_keys(int source, int query) const;
};

/// A UserError naming the rule unless `seq_len` can be split over `ranks` context ranks
/// (ranks >= 1, seq_len > 0 and divisible by 2 * ranks).
void check_ring_layout(int seq_len, int ranks);

/// Scratch of ring attention for one context rank, shared by every layer of a model.
struct RingAttentionWorkspace {
  RingAttentionWorkspace() = default;
  /// batch = B_loc sequences, seq_len = the global T, context = G_c, heads = the local query
  /// heads, channels = heads * hs, kv_heads = the local key/value heads (0: as many as heads).
  /// backward = false: forward only (the backward buffers stay empty).
  RingAttentionWorkspace(int batch, int seq_len, int context, int heads, int channels, int kv_heads = 0,
                         bool backward = true);
  std::size_t bytes() const;

  RingLayout layout;
  int batch = 0, heads = 0, head_size = 0, kv_heads = 0;
  int rows() const { return layout.local_rows(); }  // n: local rows per sequence
  int group() const { return heads / kv_heads; }
  /// Query rows per block of scores: attention_causal_block, or less to stay inside one chunk.
  int block_rows() const;
  /// Elements of one key/value block as it travels: K then V, (B, KV, n, hs) each.
  std::size_t kv_block_size() const;

  // Head-major (B NH, n, hs): Q; K and V of the block being computed, repeated per query head;
  // the running output; backward's dO, dQ and the step's dK, dV per query head.
  Vector q, k, v, o;
  Vector o_block;    // (B NH, block_rows, hs) one block's output before it is merged
  Vector lse_block;  // (B NH, block_rows) its log-sum-exp
  Vector scores;     // (B NH, block_rows, n) scores, then probabilities
  Vector kv[2];      // the travelling key/value blocks, double-buffered (kv_block_size() each)
  Vector dkv[2];     // backward: the travelling dK/dV accumulators, double-buffered
  Vector d_o, dq, dk, dv, delta, dscores;
};

/// out (B n, NH hs) =; lse (B NH n) = log-sum-exp of each local query's scaled scores over every
/// key it sees in the whole sequence. `ring`: the context group (size G_c, this rank = its
/// context rank); collective over it.
void ring_attention_forward(ExecutionContext& ctx, const comm::Communicator& ring, const Matrix& out,
                            const Vector& lse, const ConstMatrix& qkv, int heads_local,
                            const RingAttentionWorkspace& ws);

/// dqkv (B n, (NH + 2 KV) hs) =; from dout and the forward's out, lse and qkv. Collective over
/// `ring`.
void ring_attention_backward(ExecutionContext& ctx, const comm::Communicator& ring, const Matrix& dqkv,
                             const ConstMatrix& dout, const ConstMatrix& out, const ConstVector& lse,
                             const ConstMatrix& qkv, int heads_local, const RingAttentionWorkspace& ws);

}  // namespace fourfold
