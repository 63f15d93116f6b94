// Attention as batched GEMMs through the core GEMM wrapper, per causal block of queries, with the
// causal softmax and its gradient as team-per-row kernels, and no T x T buffer kept.
//
// Why GEMMs and not a fused, tiled kernel: the per-head products are where attention's FLOPs
// are, and the vendor GEMM (cuBLAS, OpenBLAS) runs them near the machine's GEMM rate on every
// backend, in fp32 or bf16, from one code path; a hand-written tiled kernel must be tuned per
// architecture to match it.
//
// Layout: q, k and v are first copied into head-major buffers (B_loc NH_y, T, hs), so that the
// (batch row, head) matrices are equally spaced and each product is one strided-batched GEMM over
// all B_loc * NH_y of them: the number of GEMM launches per layer depends on T only, never on the
// batch (7 per causal block: 2 forward, 5 backward).
//
// Causal blocking: the queries are cut into blocks of attention_causal_block. Block [first, end)
// multiplies against keys 0..end only, so of the masked upper triangle only the part inside the
// diagonal blocks is computed: at T = 1024 (8 blocks) the GEMMs do 56% of the full-square FLOPs.
//
// Forward, per query block: S = scale Q K^T into the (BH, block, T) scratch; the causal softmax of
// each row into P, keeping lse = max + log(sum of exponentials); O = P V.
//
// Precision: in bf16 mode the GEMMs' operands are written in bf16 by the kernels that make them
// (Q, K, V and dO by the permutes, P and dS by the softmax and its gradient), so each is rounded
// once, not by every query block's GEMM that reads it; S, dP, O and the gradients stay fp32.
// Backward, per query block, last block first: S again; dP = dO V^T; P = exp(S - lse) and
// dS = scale P (dP - delta), where delta = rowsum(dO * O) is the softmax gradient's row dot
// product (equal to rowsum(P * dP)); dV += P^T dO; dQ = dS K; dK += dS^T Q. The last block sees
// every key, so it assigns dK and dV and the earlier blocks accumulate into their key prefix.
#include "layers/attention.hpp"

#include "core/bf16.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "layers/head_permute.hpp"
#include "layers/weight_block.hpp"  // store(): one element in the precision its operand is held in

#include <string>

namespace fourfold {
namespace {

using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using Team = TeamPolicy::member_type;

// Block [first, end) of the sequence; blocks of attention_causal_block positions.
struct CausalBlock {
  int first, end;
  int size() const { return end - first; }
};
template <class Body>
void for_each_causal_block(int T, const Body& body) {
  for (int first = 0; first < T; first += attention_causal_block)
    body(CausalBlock{first, first + attention_causal_block < T ? first + attention_causal_block : T});
}
template <class Body>
void for_each_causal_block_reversed(int T, const Body& body) {
  const int last = (T - 1) / attention_causal_block * attention_causal_block;
  for (int first = last; first >= 0; first -= attention_causal_block)
    body(CausalBlock{first, first + attention_causal_block < T ? first + attention_causal_block : T});
}

// The operands of one batched GEMM, as (batch = B_loc NH_y) matrices one stride apart.
struct Operands {
  int bh, T, hs, block_rows;

  // Rows from `row0` on of every head-major (T, hs) matrix in `data` (read-only operands: const).
  template <class T_>
  StridedBatch<T_> heads(T_* data, std::size_t size, int row0 = 0) const {
    const std::size_t offset = static_cast<std::size_t>(row0) * hs;
    return {data + offset, hs, 0, static_cast<std::int64_t>(T) * hs, size - offset};
  }
  // Every (block_rows, T) score matrix of the scratch.
  template <class T_>
  StridedBatch<T_> scores(T_* data, std::size_t size) const {
    return {data, T, 0, static_cast<std::int64_t>(block_rows) * T, size};
  }
};

// The GEMM operands of one precision: head-major Q, K, V and dO, and where the softmax writes the
// probabilities and the score gradient (fp32: in place of the scores and of dP).
template <class H>
struct HeadOperands {
  H *q, *k, *v, *d_o;
  std::size_t heads_size;  // elements of each head-major buffer
  H *p, *ds;
  std::size_t block_size;  // elements of each (B_loc NH_y, block_rows, T) block
};
HeadOperands<float> fp32_buffers(const AttentionWorkspace& ws) {
  return {ws.q.data(), ws.k.data(), ws.v.data(), ws.o.data(), ws.q.size(), ws.scores.data(), ws.dscores.data(),
          ws.scores.size()};
}
HeadOperands<bf16> bf16_buffers(const AttentionWorkspace& ws) {
  return {ws.q16.data(), ws.k16.data(), ws.v16.data(), ws.do16.data(), ws.q16.size(), ws.p16.data(), ws.ds16.data(),
          ws.p16.size()};
}

template <class H>
void permute_qkv(const ExecSpace& exec, const ConstMatrix& qkv, const AttentionWorkspace& ws, const HeadOperands<H>& h) {
  const float* const rows = qkv.data();
  const int width = static_cast<int>(qkv.extent(1));
  const int hs = ws.head_size, q_width = ws.heads * hs, kv_width = ws.kv_heads * hs;
  permute_to_heads(exec, rows, width, 0, h.q, ws.batch, ws.seq_len, ws.heads, hs, 1, "fourfold::attention::permute_q");
  permute_to_heads(exec, rows, width, q_width, h.k, ws.batch, ws.seq_len, ws.heads, hs, ws.group(),
                   "fourfold::attention::permute_k");
  permute_to_heads(exec, rows, width, q_width + kv_width, h.v, ws.batch, ws.seq_len, ws.heads, hs, ws.group(),
                   "fourfold::attention::permute_v");
}

void check_shapes(const char* what, std::size_t rows, std::size_t c_loc, std::size_t lse_size, std::size_t qkv_rows,
                  std::size_t qkv_cols, int heads_local, const AttentionWorkspace& ws) {
  FF_REQUIRE(heads_local == ws.heads && c_loc == static_cast<std::size_t>(ws.heads) * ws.head_size &&
                 qkv_cols == c_loc + 2 * static_cast<std::size_t>(ws.kv_heads) * ws.head_size &&
                 rows == static_cast<std::size_t>(ws.batch) * ws.seq_len &&
                 qkv_rows == rows && lse_size == attention_stats_size(ws.batch, ws.seq_len, ws.heads),
             "attention {} shapes: qkv ({},{}) out ({},{}) lse ({}) heads {}; the workspace is for {} sequences of "
             "{} tokens, {} heads ({} for keys and values) of {} channels",
             what, qkv_rows, qkv_cols, rows, c_loc, lse_size, heads_local, ws.batch, ws.seq_len, ws.heads,
             ws.kv_heads, ws.head_size);
}

}  // namespace

AttentionWorkspace::AttentionWorkspace(int batch_, int seq_len_, int heads_, int channels, int kv_heads_,
                                       GemmPrecision precision, bool backward)
    : batch(batch_), seq_len(seq_len_), heads(heads_), head_size(heads_ > 0 ? channels / heads_ : 0),
      kv_heads(kv_heads_ > 0 ? kv_heads_ : heads_) {
  FF_REQUIRE(batch > 0 && seq_len > 0 && heads > 0 && channels % heads == 0,
             "attention workspace for {} sequences of {} tokens, {} heads and {} channels: need positive sizes and "
             "channels divisible by heads",
             batch, seq_len, heads, channels);
  FF_REQUIRE(kv_heads_ >= 0 && heads % kv_heads == 0,
             "attention workspace: {} key/value heads must divide the {} query heads", kv_heads_, heads);
  const std::size_t n = static_cast<std::size_t>(batch) * seq_len * channels;
  const auto alloc = [](const char* label, std::size_t size) { return Vector(Kokkos::view_alloc(std::string(label)), size); };
  const std::size_t block_scores = static_cast<std::size_t>(batch) * heads * block_rows() * seq_len;
  if (precision == GemmPrecision::bf16) {
    const auto alloc16 = [](const char* label, std::size_t size) {
      return Bf16Vector(Kokkos::view_alloc(std::string(label)), size);
    };
    q16 = alloc16("fourfold::ws::attention::q16", n);
    k16 = alloc16("fourfold::ws::attention::k16", n);
    v16 = alloc16("fourfold::ws::attention::v16", n);
    p16 = alloc16("fourfold::ws::attention::p16", block_scores);
    if (backward) {
      do16 = alloc16("fourfold::ws::attention::do16", n);
      ds16 = alloc16("fourfold::ws::attention::ds16", block_scores);
    }
  } else {
    q = alloc("fourfold::ws::attention::q", n);
    k = alloc("fourfold::ws::attention::k", n);
    v = alloc("fourfold::ws::attention::v", n);
  }
  o = alloc("fourfold::ws::attention::o", n);
  scores = alloc("fourfold::ws::attention::scores", block_scores);
  if (!backward) return;
  dq = alloc("fourfold::ws::attention::dq", n);
  dk = alloc("fourfold::ws::attention::dk", n);
  dv = alloc("fourfold::ws::attention::dv", n);
  delta = alloc("fourfold::ws::attention::delta", attention_stats_size(batch, seq_len, heads));
  dscores = alloc("fourfold::ws::attention::dscores", block_scores);
}

std::size_t AttentionWorkspace::bytes() const {
  return sizeof(float) * (q.span() + k.span() + v.span() + o.span() + dq.span() + dk.span() + dv.span() +
                          delta.span() + scores.span() + dscores.span()) +
         sizeof(bf16) * (q16.span() + k16.span() + v16.span() + do16.span() + p16.span() + ds16.span());
}

namespace {

template <class H>
void forward_blocks(ExecutionContext& ctx, const Matrix& out, const Vector& lse, const ConstMatrix& qkv,
                    const AttentionWorkspace& ws, const HeadOperands<H>& h) {
  const ExecSpace& exec = ctx.compute();
  const int T = ws.seq_len, hs = ws.head_size, bh = ws.batch * ws.heads;
  const Operands l{bh, T, hs, ws.block_rows()};
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  permute_qkv(exec, qkv, ws, h);

  float* const s_data = ws.scores.data();
  H* const p_data = h.p;
  float* const lse_data = lse.data();
  for_each_causal_block(T, [&](const CausalBlock& r) {
    // S (block, end) = scale Q[first, end) K[0, end)^T for every (batch row, head).
    gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.size(), r.end, hs, scale,
                         l.heads(static_cast<const H*>(h.q), h.heads_size, r.first),
                         l.heads(static_cast<const H*>(h.k), h.heads_size), 0.0f, l.scores(s_data, ws.scores.size()), 1,
                         bh, "fourfold::attention::scores");
    // Causal softmax of each score row, one team per (bh, query) row over keys 0..t, into P (in
    // place of S in fp32); the masked keys up to the block's edge become exact zeros (PV below
    // then adds nothing).
    const int first = r.first, rows_in_block = r.size(), end = r.end, block_rows = l.block_rows;
    // Each score row read and its probabilities written up to the block's edge; the log-sum-exp written.
    count_work(WorkKind::softmax,
               static_cast<double>(bh) * rows_in_block * (end * (sizeof(float) + sizeof(H)) + sizeof(float)));
    Kokkos::parallel_for(
        "fourfold::attention::softmax", TeamPolicy(exec, bh * rows_in_block, Kokkos::AUTO),
        KOKKOS_LAMBDA(const Team& team) {
          const int b = team.league_rank() / rows_in_block, i = team.league_rank() % rows_in_block;
          const int t = first + i;
          const std::size_t row_start = (static_cast<std::size_t>(b) * block_rows + i) * T;
          float* const s = s_data + row_start;
          H* const p = p_data + row_start;
          float row_max = 0.0f;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, t + 1), [&](const int j, float& mx) { mx = s[j] > mx ? s[j] : mx; },
              Kokkos::Max<float>(row_max));
          float sum = 0.0f;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, t + 1),
              [&](const int j, float& acc) {
                const float e = fast_exp(s[j] - row_max);
                s[j] = e;
                acc += e;
              },
              sum);
          const float inv = 1.0f / sum;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, end),
                               [&](const int j) { store(p[j], j <= t ? s[j] * inv : 0.0f); });
          Kokkos::single(Kokkos::PerTeam(team),
                         [&]() { lse_data[static_cast<std::size_t>(b) * T + t] = row_max + kmath::log(sum); });
        });
    // O[first, end) = P V[0, end).
    gemm_strided_batched(ctx.gemm(), Op::none, Op::none, r.size(), hs, r.end, 1.0f,
                         l.scores(static_cast<const H*>(h.p), h.block_size),
                         l.heads(static_cast<const H*>(h.v), h.heads_size), 0.0f,
                         l.heads(ws.o.data(), ws.o.size(), r.first), 1, bh, "fourfold::attention::values");
  });
  permute_from_heads(exec, out.data(), static_cast<int>(out.extent(1)), 0, ws.o.data(), ws.batch, T, ws.heads, hs,
                     1, "fourfold::attention::gather_out");
}

template <class H>
void backward_blocks(ExecutionContext& ctx, const Matrix& dqkv, const ConstMatrix& dout, const ConstMatrix& out,
                     const ConstVector& lse, const ConstMatrix& qkv, const AttentionWorkspace& ws,
                     const HeadOperands<H>& h) {
  const ExecSpace& exec = ctx.compute();
  const int T = ws.seq_len, hs = ws.head_size, bh = ws.batch * ws.heads, heads = ws.heads;
  const Operands l{bh, T, hs, ws.block_rows()};
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  permute_qkv(exec, qkv, ws, h);
  permute_to_heads(exec, dout.data(), static_cast<int>(dout.extent(1)), 0, h.d_o, ws.batch, T, heads, hs, 1,
                   "fourfold::attention::permute_dout");

  // delta (bh, T) = rowsum(dO * O) per head, one team per (batch row, head, query).
  const int c_loc = heads * hs;
  float* const delta = ws.delta.data();
  count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(bh) * T * (2.0 * hs + 1)));
  Kokkos::parallel_for(
      "fourfold::attention::delta", TeamPolicy(exec, bh * T, Kokkos::AUTO), KOKKOS_LAMBDA(const Team& team) {
        const int b = team.league_rank() / (heads * T), hd = team.league_rank() / T % heads,
                  t = team.league_rank() % T;
        const std::size_t base = (static_cast<std::size_t>(b) * T + t) * c_loc + static_cast<std::size_t>(hd) * hs;
        float dot = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, hs), [&](const int j, float& acc) { acc += dout.data()[base + j] * out.data()[base + j]; },
            dot);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { delta[team.league_rank()] = dot; });
      });

  float* const s_data = ws.scores.data();
  float* const dp_data = ws.dscores.data();
  H* const p_data = h.p;
  H* const ds_data = h.ds;
  const float* const lse_data = lse.data();
  const std::size_t s_size = ws.scores.size();
  const auto q = static_cast<const H*>(h.q), k = static_cast<const H*>(h.k), v = static_cast<const H*>(h.v),
             d_o = static_cast<const H*>(h.d_o);
  bool first_visited = true;
  for_each_causal_block_reversed(T, [&](const CausalBlock& r) {
    const float beta = first_visited ? 0.0f : 1.0f;  // the last block sees every key: it assigns dK, dV
    first_visited = false;
    // S = scale Q K^T again, and dP = dO V^T, over keys 0..end.
    gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.size(), r.end, hs, scale,
                         l.heads(q, h.heads_size, r.first), l.heads(k, h.heads_size), 0.0f, l.scores(s_data, s_size),
                         1, bh, "fourfold::attention::rescores");
    gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.size(), r.end, hs, 1.0f,
                         l.heads(d_o, h.heads_size, r.first), l.heads(v, h.heads_size), 0.0f,
                         l.scores(dp_data, s_size), 1, bh, "fourfold::attention::dprobs");
    // P = exp(S - lse); dS = scale P (dP - delta); zero where masked. fp32: in place of S and dP.
    const int first = r.first, rows_in_block = r.size(), end = r.end, block_rows = l.block_rows;
    // S and dP rows read, P and dS written; lse and delta read.
    count_work(WorkKind::softmax,
               static_cast<double>(bh) * rows_in_block * (end * 2.0 * (sizeof(float) + sizeof(H)) + 2.0 * sizeof(float)));
    Kokkos::parallel_for(
        "fourfold::attention::softmax_backward", TeamPolicy(exec, bh * rows_in_block, Kokkos::AUTO),
        KOKKOS_LAMBDA(const Team& team) {
          const int b = team.league_rank() / rows_in_block, i = team.league_rank() % rows_in_block;
          const int t = first + i;
          const std::size_t row = static_cast<std::size_t>(b) * T + t;
          const std::size_t row_start = (static_cast<std::size_t>(b) * block_rows + i) * T;
          const float* const s = s_data + row_start;
          const float* const dp = dp_data + row_start;
          H* const p = p_data + row_start;
          H* const ds = ds_data + row_start;
          const float row_lse = lse_data[row], row_delta = delta[row];
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, end), [&](const int j) {
            const float pj = j <= t ? fast_exp(s[j] - row_lse) : 0.0f;
            const float dsj = scale * pj * (dp[j] - row_delta);
            store(p[j], pj);
            store(ds[j], dsj);
          });
        });
    // dV[0, end) += P^T dO[first, end); dQ[first, end) = dS K[0, end); dK[0, end) += dS^T Q[first, end).
    const auto p = l.scores(static_cast<const H*>(h.p), h.block_size);
    const auto ds = l.scores(static_cast<const H*>(h.ds), h.block_size);
    gemm_strided_batched(ctx.gemm(), Op::transpose, Op::none, r.end, hs, r.size(), 1.0f, p,
                         l.heads(d_o, h.heads_size, r.first), beta, l.heads(ws.dv.data(), ws.dv.size()), 1, bh,
                         "fourfold::attention::dvalues");
    gemm_strided_batched(ctx.gemm(), Op::none, Op::none, r.size(), hs, r.end, 1.0f, ds, l.heads(k, h.heads_size),
                         0.0f, l.heads(ws.dq.data(), ws.dq.size(), r.first), 1, bh, "fourfold::attention::dqueries");
    gemm_strided_batched(ctx.gemm(), Op::transpose, Op::none, r.end, hs, r.size(), 1.0f, ds,
                         l.heads(q, h.heads_size, r.first), beta, l.heads(ws.dk.data(), ws.dk.size()), 1, bh,
                         "fourfold::attention::dkeys");
  });
  // dK and dV of each key/value head: the sum over its group's query heads.
  const int width = static_cast<int>(dqkv.extent(1)), q_width = heads * hs, kv_width = ws.kv_heads * hs;
  permute_from_heads(exec, dqkv.data(), width, 0, ws.dq.data(), ws.batch, T, heads, hs, 1,
                     "fourfold::attention::gather_dq");
  permute_from_heads(exec, dqkv.data(), width, q_width, ws.dk.data(), ws.batch, T, heads, hs, ws.group(),
                     "fourfold::attention::gather_dk");
  permute_from_heads(exec, dqkv.data(), width, q_width + kv_width, ws.dv.data(), ws.batch, T, heads, hs, ws.group(),
                     "fourfold::attention::gather_dv");
}

void check_precision(const char* what, ExecutionContext& ctx, const AttentionWorkspace& ws) {
  FF_REQUIRE(!ws.bf16_operands() || ctx.gemm().precision() == GemmPrecision::bf16,
             "attention {}: the workspace holds bf16 operands but the GEMM engine computes in fp32 (a bf16 "
             "workspace is for bf16 mode)",
             what);
}

}  // namespace

void attention_forward(ExecutionContext& ctx, const Matrix& out, const Vector& lse, const ConstMatrix& qkv,
                       int heads_local, const AttentionWorkspace& ws) {
  ScopedRegion region("fourfold::attention::forward");
  check_shapes("forward", out.extent(0), out.extent(1), lse.extent(0), qkv.extent(0), qkv.extent(1), heads_local, ws);
  check_precision("forward", ctx, ws);
  if (ws.bf16_operands()) {
    forward_blocks(ctx, out, lse, qkv, ws, bf16_buffers(ws));
  } else {
    forward_blocks(ctx, out, lse, qkv, ws, fp32_buffers(ws));
  }
}

void attention_backward(ExecutionContext& ctx, const Matrix& dqkv, const ConstMatrix& dout, const ConstMatrix& out,
                        const ConstVector& lse, const ConstMatrix& qkv, int heads_local,
                        const AttentionWorkspace& ws) {
  ScopedRegion region("fourfold::attention::backward");
  check_shapes("backward", dout.extent(0), dout.extent(1), lse.extent(0), qkv.extent(0), qkv.extent(1), heads_local, ws);
  FF_REQUIRE(out.extent(0) == dout.extent(0) && out.extent(1) == dout.extent(1) && dqkv.extent(0) == qkv.extent(0) &&
                 dqkv.extent(1) == qkv.extent(1),
             "attention backward: out ({},{}) dout ({},{}) dqkv ({},{}) qkv ({},{})", out.extent(0), out.extent(1),
             dout.extent(0), dout.extent(1), dqkv.extent(0), dqkv.extent(1), qkv.extent(0), qkv.extent(1));
  check_precision("backward", ctx, ws);
  if (ws.bf16_operands()) {
    backward_blocks(ctx, dqkv, dout, out, lse, qkv, ws, bf16_buffers(ws));
  } else {
    backward_blocks(ctx, dqkv, dout, out, lse, qkv, ws, fp32_buffers(ws));
  }
}

}  // namespace fourfold
