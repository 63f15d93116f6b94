// Ring attention (layers/ring_attention.hpp) on context groups of G_c = 1, 2 and 4 ranks (the X
// groups of grids G_c x 1 x 1 x W / G_c, so on 4 ranks two rings of 2 run side by side): out, lse
// and the q/k/v gradients of every rank's two chunks, gathered back to their global positions,
// against a plain double-precision causal attention of the whole sequence, with 4 query heads
// and 4 (multi-head) or 2 (grouped-query) key/value heads, at T = 32, 64 and at a length whose
// chunks hold several blocks of query rows. One rank (G_c = 1) must give layers/attention.cpp's
// results. A finite difference of one element of q, k and v each, perturbed on the rank that
// holds it, with the objective summed over the ring. The layout helper round-trips.
#include "layers/ring_attention.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "layers/attention.hpp"
#include "layers/attention_blocking.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace fourfold {
namespace {

TEST(RingLayout, PositionsRoundTripAndChunksAreBalanced) {
  for (int G : {1, 2, 3, 4, 8}) {
    for (int per_chunk : {1, 3, 8}) {
      const int T = 2 * G * per_chunk;
      const RingLayout l{G, T};
      std::vector<int> seen(static_cast<std::size_t>(T), 0);
      for (int r = 0; r < G; ++r) {
        for (int t = 0; t < l.local_rows(); ++t) {
          const int p = l.position(r, t);
          ASSERT_GE(p, 0);
          ASSERT_LT(p, T);
          ++seen[static_cast<std::size_t>(p)];
          EXPECT_EQ(l.rank_of(p), r) << "G " << G << " T " << T << " position " << p;
          EXPECT_EQ(l.local_row_of(p), t) << "G " << G << " T " << T << " position " << p;
          if (t > 0) {
            EXPECT_GT(p, l.position(r, t - 1)) << "local rows are in position order";
          }
        }
        // Chunks i and 2G - 1 - i.
        EXPECT_EQ(l.position(r, 0), r * per_chunk);
        EXPECT_EQ(l.position(r, per_chunk), (2 * G - 1 - r) * per_chunk);
      }
      for (int p = 0; p < T; ++p) {
        EXPECT_EQ(seen[static_cast<std::size_t>(p)], 1) << "position " << p;
        EXPECT_EQ(l.position(l.rank_of(p), l.local_row_of(p)), p);
      }
      // visible_keys: the keys of `source` at positions <= the query's, counted by brute force;
      // and every rank sees the same number of (query, key) pairs (balanced).
      long first_work = -1;
      for (int r = 0; r < G; ++r) {
        long work = 0;
        for (int t = 0; t < l.local_rows(); ++t)
          for (int src = 0; src < G; ++src) {
            int count = 0;
            for (int k = 0; k < l.local_rows(); ++k) count += l.position(src, k) <= l.position(r, t) ? 1 : 0;
            ASSERT_EQ(l.visible_keys(src, l.position(r, t)), count);
            work += count;
          }
        if (first_work < 0) first_work = work;
        EXPECT_EQ(work, first_work) << "rank " << r << " of " << G << " sees a different number of pairs";
      }
    }
  }
}

// The per-rank count the planner uses: a G-th of the whole sequence's causal work plus the masked
// halves of the diagonal blocks (step 0's two chunks), at most attention.cpp's count at G = 1.
TEST(RingLayout, ScoreEntriesPerRank) {
  EXPECT_EQ(ring_attention_scores_computed(64, 1), 32.0 * 32 + 32.0 * 64);
  for (int G : {1, 2, 4, 8, 16})
    for (int T : {2 * G * 8, 2 * G * 200, 2 * G * 1024}) {
      const double C = T / (2.0 * G), exact = static_cast<double>(T) * (T + 1) / 2 / G;
      EXPECT_GE(ring_attention_scores_computed(T, G), exact) << "T " << T << " G " << G;
      EXPECT_LE(ring_attention_scores_computed(T, G), exact + C * C) << "T " << T << " G " << G;
    }
  EXPECT_LE(ring_attention_scores_computed(1024, 1), attention_scores_computed(1024));
}

TEST(RingLayout, BadSplitsAreUserErrors) {
  test::expect_user_error([] { check_ring_layout(30, 4); }, "divisible by 2 x 4 = 8");
  test::expect_user_error([] { check_ring_layout(32, 0); }, "at least 1");
  check_ring_layout(32, 4);
  test::expect_user_error([] { RingAttentionWorkspace(1, 12, 4, 2, 8); }, "divisible by 2 x 4");
}

struct Case {
  int B, T, NH, KV, HS;
  int width() const { return (NH + 2 * KV) * HS; }
  int C() const { return NH * HS; }
  std::string str() const {
    return "B" + std::to_string(B) + " T" + std::to_string(T) + " NH" + std::to_string(NH) + " KV" + std::to_string(KV) +
           " HS" + std::to_string(HS);
  }
};

// The whole sequences' attention in double: out (B T, NH HS), lse (B, NH, T), dqkv (B T, width).
struct Reference {
  std::vector<double> qkv, dout, out, lse, dqkv;
};

Reference reference(const Case& c) {
  const int B = c.B, T = c.T, NH = c.NH, HS = c.HS, W = c.width(), group = NH / c.KV;
  Reference r;
  r.qkv = test::random_values(static_cast<std::size_t>(B) * T * W, 41);
  r.dout = test::random_values(static_cast<std::size_t>(B) * T * c.C(), 42);
  r.out.assign(static_cast<std::size_t>(B) * T * c.C(), 0.0);
  r.lse.assign(static_cast<std::size_t>(B) * NH * T, 0.0);
  r.dqkv.assign(r.qkv.size(), 0.0);
  const double scale = 1.0 / std::sqrt(static_cast<double>(HS));
  const auto at = [&](int b, int t, int col) { return static_cast<std::size_t>(b * T + t) * W + col; };
  std::vector<double> p(static_cast<std::size_t>(T)), dp(static_cast<std::size_t>(T));
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < NH; ++h) {
      const int qc = h * HS, kc = NH * HS + (h / group) * HS, vc = kc + c.KV * HS;
      for (int t = 0; t < T; ++t) {
        double mx = -1e300;
        for (int j = 0; j <= t; ++j) {
          double dot = 0.0;
          for (int i = 0; i < HS; ++i) dot += r.qkv[at(b, t, qc + i)] * r.qkv[at(b, j, kc + i)];
          p[j] = dot * scale;
          mx = std::max(mx, p[j]);
        }
        double sum = 0.0;
        for (int j = 0; j <= t; ++j) sum += std::exp(p[j] - mx);
        const double lse = mx + std::log(sum);
        r.lse[(static_cast<std::size_t>(b) * NH + h) * T + t] = lse;
        for (int j = 0; j <= t; ++j) p[j] = std::exp(p[j] - lse);
        const std::size_t orow = static_cast<std::size_t>(b * T + t) * c.C() + qc;
        for (int i = 0; i < HS; ++i) {
          double o = 0.0;
          for (int j = 0; j <= t; ++j) o += p[j] * r.qkv[at(b, j, vc + i)];
          r.out[orow + i] = o;
        }
        // Backward of this row: dP = dO V^T, dS = P (dP - rowsum(P dP)) scale.
        double delta = 0.0;
        for (int j = 0; j <= t; ++j) {
          double d = 0.0;
          for (int i = 0; i < HS; ++i) d += r.dout[orow + i] * r.qkv[at(b, j, vc + i)];
          dp[j] = d;
          delta += p[j] * d;
        }
        for (int j = 0; j <= t; ++j) {
          const double ds = p[j] * (dp[j] - delta) * scale;
          for (int i = 0; i < HS; ++i) {
            r.dqkv[at(b, j, vc + i)] += p[j] * r.dout[orow + i];
            r.dqkv[at(b, t, qc + i)] += ds * r.qkv[at(b, j, kc + i)];
            r.dqkv[at(b, j, kc + i)] += ds * r.qkv[at(b, t, qc + i)];
          }
        }
      }
    }
  return r;
}

/// This context rank's rows of a global (B T, cols) array: row b n + t is global row (b, position).
std::vector<double> local_rows(const std::vector<double>& global, int cols, const Case& c, const RingLayout& l,
                               int rank) {
  const int n = l.local_rows();
  std::vector<double> local;
  for (int b = 0; b < c.B; ++b)
    for (int t = 0; t < n; ++t) {
      const std::size_t from = static_cast<std::size_t>(b * c.T + l.position(rank, t)) * cols;
      local.insert(local.end(), global.begin() + static_cast<std::ptrdiff_t>(from),
                   global.begin() + static_cast<std::ptrdiff_t>(from + cols));
    }
  return local;
}

std::vector<double> local_lse(const std::vector<double>& global, const Case& c, const RingLayout& l, int rank) {
  std::vector<double> local;
  for (int bh = 0; bh < c.B * c.NH; ++bh)
    for (int t = 0; t < l.local_rows(); ++t) local.push_back(global[static_cast<std::size_t>(bh) * c.T + l.position(rank, t)]);
  return local;
}

Matrix matrix_of(const std::string& label, const std::vector<double>& values, int cols) {
  const std::size_t rows = values.size() / static_cast<std::size_t>(cols);
  return test::make_matrix(label, rows, static_cast<std::size_t>(cols),
                           [&](std::size_t i, std::size_t j) { return values[i * cols + j]; });
}

int world_size() {
  int size = 0;
  MPI_Comm_size(test::world(), &size);
  return size;
}

// Every context size this world can hold (the X groups of G_c x 1 x 1 x W / G_c).
std::vector<int> context_sizes() {
  std::vector<int> sizes;
  for (int G : {1, 2, 4})
    if (world_size() % G == 0) sizes.push_back(G);
  return sizes;
}

void check_against_reference(const Case& c, int G) {
  SCOPED_TRACE(c.str() + ", context " + std::to_string(G));
  const comm::Grid grid(comm::GridShape{G, 1, 1, world_size() / G}, test::world());
  const comm::Communicator& ring = grid.x();
  ExecutionContext& ctx = grid.context();
  const int me = ring.rank();
  const Reference ref = reference(c);
  const RingAttentionWorkspace ws(c.B, c.T, G, c.NH, c.C(), c.KV);
  const RingLayout& l = ws.layout;
  const int m = c.B * l.local_rows();
  const Matrix qkv = matrix_of("qkv", local_rows(ref.qkv, c.width(), c, l, me), c.width());
  const Matrix dout = matrix_of("dout", local_rows(ref.dout, c.C(), c, l, me), c.C());
  const Matrix out = test::filled_matrix("out", m, c.C(), 7.0);  // assigned
  const Vector lse = test::filled_vector("lse", attention_stats_size(c.B, l.local_rows(), c.NH), 7.0);
  const Matrix dqkv = test::filled_matrix("dqkv", m, c.width(), 1.0e3);  // assigned
  Kokkos::deep_copy(ws.scores, 7.0f);  // junk in the scratch must not leak into a result
  Kokkos::deep_copy(ws.dkv[0], 7.0f);
  ring_attention_forward(ctx, ring, out, lse, qkv, c.NH, ws);
  const auto out_forward = test::to_vector(out), lse_forward = test::to_vector(lse);
  ring_attention_backward(ctx, ring, dqkv, dout, out, lse, qkv, c.NH, ws);
  ctx.compute().fence();
  EXPECT_LT(test::rel_error(out_forward, local_rows(ref.out, c.C(), c, l, me)), 1e-5) << "output";
  EXPECT_LT(test::rel_error(lse_forward, local_lse(ref.lse, c, l, me)), 1e-5) << "log-sum-exp";
  const auto got = test::to_vector(dqkv), want = local_rows(ref.dqkv, c.width(), c, l, me);
  std::vector<double> got_q, want_q, got_kv, want_kv;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool query = static_cast<int>(i % c.width()) < c.C();
    (query ? got_q : got_kv).push_back(got[i]);
    (query ? want_q : want_kv).push_back(want[i]);
  }
  EXPECT_LT(test::rel_error(got_q, want_q), 1e-5) << "query gradient";
  EXPECT_LT(test::rel_error(got_kv, want_kv), 1e-5) << "key/value gradient";
  EXPECT_EQ(test::to_vector(out), out_forward) << "backward changed the forward's output";

  if (G == 1) {
    // One rank: layers/attention.cpp's attention on the same rows.
    const AttentionWorkspace plain(c.B, c.T, c.NH, c.C(), c.KV);
    const Matrix out1 = test::filled_matrix("out1", m, c.C(), 7.0);
    const Vector lse1 = test::filled_vector("lse1", attention_stats_size(c.B, c.T, c.NH), 7.0);
    const Matrix dqkv1 = test::filled_matrix("dqkv1", m, c.width(), 7.0);
    attention_forward(ctx, out1, lse1, qkv, c.NH, plain);
    attention_backward(ctx, dqkv1, dout, out1, lse1, qkv, c.NH, plain);
    ctx.compute().fence();
    EXPECT_LT(test::rel_error(out_forward, test::to_vector(out1)), 1e-6) << "output vs attention_forward";
    EXPECT_LT(test::rel_error(lse_forward, test::to_vector(lse1)), 1e-6) << "lse vs attention_forward";
    EXPECT_LT(test::rel_error(got, test::to_vector(dqkv1)), 1e-6) << "dqkv vs attention_backward";
  }
}

TEST(RingAttention, MatchesWholeSequenceReference) {
  for (const int G : context_sizes())
    for (const int T : {32, 64})
      for (const int KV : {4, 2}) check_against_reference(Case{2, T, 4, KV, 8}, G);
}

// Chunks of 260 positions: three blocks of query rows per chunk, the last partial, so a step
// mixes fully visible, masked and skipped blocks within one chunk.
TEST(RingAttention, SeveralRowBlocksPerChunk) {
  for (const int G : context_sizes()) check_against_reference(Case{1, 2 * G * 260, 2, 1, 4}, G);
}

// The ring's traffic and balance: forward moves G_c - 1 key/value blocks, backward G_c - 1 more
// plus G_c dK/dV accumulators, each of kv_block_size() floats (only the KV heads travel); every
// context rank launches the same number of batched GEMMs. And the order of the transfers does
// not depend on how they progress: a thread engine with random delays per rank gives the inline
// engine's results bit for bit.
TEST(RingAttention, TrafficBalanceAndProgressModes) {
  const Case c{2, 64, 4, 2, 8};
  const Reference ref = reference(c);
  std::vector<double> results[2];
  int mode_index = 0;
  for (const comm::ProgressMode mode : {comm::ProgressMode::inline_calls, comm::ProgressMode::thread}) {
    for (const int G : context_sizes()) {
      SCOPED_TRACE(std::string(comm::progress_mode_name(mode)) + ", context " + std::to_string(G));
      const comm::Grid grid(comm::GridShape{G, 1, 1, world_size() / G}, test::world(), comm::Backend::automatic, mode);
      if (mode == comm::ProgressMode::thread) grid.engine().inject_delays(300, 17 + static_cast<std::uint64_t>(grid.world_rank()));
      const comm::Communicator& ring = grid.x();
      ExecutionContext& ctx = grid.context();
      const int me = ring.rank();
      const RingAttentionWorkspace ws(c.B, c.T, G, c.NH, c.C(), c.KV);
      const RingLayout& l = ws.layout;
      const int m = c.B * l.local_rows();
      const Matrix qkv = matrix_of("qkv", local_rows(ref.qkv, c.width(), c, l, me), c.width());
      const Matrix dout = matrix_of("dout", local_rows(ref.dout, c.C(), c, l, me), c.C());
      const Matrix out = test::filled_matrix("out", m, c.C(), 0.0);
      const Vector lse = test::filled_vector("lse", attention_stats_size(c.B, l.local_rows(), c.NH), 0.0);
      const Matrix dqkv = test::filled_matrix("dqkv", m, c.width(), 0.0);
      const int axis = static_cast<int>(ring.axis()), kind = static_cast<int>(CollectiveKind::ring_exchange);
      const double block_bytes = static_cast<double>(ws.kv_block_size()) * sizeof(float);
      EXPECT_EQ(ws.kv_block_size(), 2u * c.B * c.KV * l.local_rows() * c.HS);
      ctx.gemm().set_timing(true);  // FLOPs are counted with timing on
      ctx.gemm().reset_stats();
      const CommTotals before = ctx.counters().comm_totals();
      ring_attention_forward(ctx, ring, out, lse, qkv, c.NH, ws);
      const CommTotals forward = ctx.counters().comm_totals() - before;
      ring_attention_backward(ctx, ring, dqkv, dout, out, lse, qkv, c.NH, ws);
      ctx.compute().fence();
      const CommTotals both = ctx.counters().comm_totals() - before;
      const long calls_forward = G - 1, calls_backward = G > 1 ? 2L * G - 1 : 0;
      EXPECT_EQ(forward.calls[axis][kind], calls_forward);
      EXPECT_DOUBLE_EQ(forward.bytes[axis][kind], block_bytes * calls_forward);
      EXPECT_EQ(both.calls[axis][kind] - forward.calls[axis][kind], calls_backward);
      EXPECT_DOUBLE_EQ(both.bytes[axis][kind] - forward.bytes[axis][kind], block_bytes * calls_backward);
      // Balanced: every context rank multiplies as many score entries (GEMM FLOPs), and all of
      // them together no more than attention.cpp's causal blocks of the whole sequence (the
      // causal triangle plus the masked part of the diagonal blocks).
      const double flops = ctx.gemm().stats().flops;
      EXPECT_EQ(comm::all_reduce_value(ring, flops, comm::ReduceOp::min),
                comm::all_reduce_value(ring, flops, comm::ReduceOp::max))
          << "context ranks compute different amounts: the split is not balanced";
      const double per_entry = 2.0 * c.HS * (attention_forward_gemms + attention_backward_gemms) * c.B * c.NH;
      EXPECT_LE(comm::all_reduce_value(ring, flops), per_entry * attention_scores_computed(c.T));
      EXPECT_EQ(flops, per_entry * ring_attention_scores_computed(c.T, G)) << "the planner's count";
      ctx.gemm().set_timing(false);
      for (const auto& v : {test::to_vector(out), test::to_vector(lse), test::to_vector(dqkv)})
        results[mode_index].insert(results[mode_index].end(), v.begin(), v.end());
    }
    ++mode_index;
  }
  EXPECT_EQ(results[0], results[1]) << "a thread engine with delays changed the results";
}

// Objective sum(out * R) summed over the ring; one element of q, k and v at a few global
// positions, perturbed on the context rank that holds it.
TEST(RingAttention, FiniteDifferences) {
  for (const int G : context_sizes()) {
    const Case c{1, 32, 4, 2, 8};
    SCOPED_TRACE(c.str() + ", context " + std::to_string(G));
    const comm::Grid grid(comm::GridShape{G, 1, 1, world_size() / G}, test::world());
    const comm::Communicator& ring = grid.x();
    ExecutionContext& ctx = grid.context();
    const int me = ring.rank();
    const Reference ref = reference(c);
    const RingAttentionWorkspace ws(c.B, c.T, G, c.NH, c.C(), c.KV);
    const RingLayout& l = ws.layout;
    const int m = c.B * l.local_rows();
    const Matrix qkv = matrix_of("qkv", local_rows(ref.qkv, c.width(), c, l, me), c.width());
    const Matrix r = matrix_of("R", local_rows(ref.dout, c.C(), c, l, me), c.C());
    const auto r_host = test::to_vector(r);
    const Matrix out = test::filled_matrix("out", m, c.C(), 0.0);
    const Vector lse = test::filled_vector("lse", attention_stats_size(c.B, l.local_rows(), c.NH), 0.0);
    const Matrix dqkv = test::filled_matrix("dqkv", m, c.width(), 0.0);
    const auto objective = [&] {
      ring_attention_forward(ctx, ring, out, lse, qkv, c.NH, ws);
      ctx.compute().fence();
      return comm::all_reduce_value(ring, test::dot(test::to_vector(out), r_host));
    };
    objective();
    ring_attention_backward(ctx, ring, dqkv, r, out, lse, qkv, c.NH, ws);
    ctx.compute().fence();
    const auto gradient = test::to_vector(dqkv);
    const double scale = comm::all_reduce_value(ring, test::max_abs(gradient), comm::ReduceOp::max);
    const int W = c.width();
    for (const int position : {0, 5, 17, 31})
      for (const int column : {3, c.C() + 5, c.C() + c.KV * c.HS + 2}) {
        const int owner = l.rank_of(position);
        const std::size_t element = static_cast<std::size_t>(l.local_row_of(position)) * W + column;
        // Every rank runs the objective twice; only the owner perturbs its element.
        const Kokkos::View<float*, MemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> flat(qkv.data(), qkv.size());
        const auto at = Kokkos::subview(flat, me == owner ? element : 0);
        float x0 = 0.0f;
        Kokkos::deep_copy(x0, at);
        const float h = 1e-2f, plus = x0 + h, minus = x0 - h;
        if (me == owner) Kokkos::deep_copy(at, plus);
        const double f_plus = objective();
        if (me == owner) Kokkos::deep_copy(at, minus);
        const double f_minus = objective();
        if (me == owner) Kokkos::deep_copy(at, x0);
        const double numeric = (f_plus - f_minus) / (static_cast<double>(plus) - static_cast<double>(minus));
        const double analytic = comm::all_reduce_value(ring, me == owner ? gradient[element] : 0.0);
        EXPECT_NEAR(numeric, analytic, 2e-2 * std::max(std::abs(analytic), 0.1 * scale))
            << "position " << position << " column " << column;
      }
  }
}

}  // namespace
}  // namespace fourfold
