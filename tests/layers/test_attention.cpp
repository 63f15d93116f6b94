// attention_forward/backward (layers/attention.hpp) against the serial double reference's
// causal multi-head attention: with all NH heads local (one rank), and with half of the heads
// (what a rank of G_y = 2 holds: the q/k/v columns of heads [y*NH/2, (y+1)*NH/2)), whose output,
// softmax log-sum-exp and q/k/v gradients must be the matching columns of the reference. The
// input gradient is assigned (=). Also a finite-difference check of the float implementation.
// Every check runs at a tiny T, at T = 64 (GPT-2 runs), at T = 37, which is no multiple of any
// tile or vector width, at T = 300 (three causal blocks, the last one partial) and at T = 1024
// (GPT-2's context: eight blocks). Backward recomputes the scores from Q and K, so it is also
// checked that it leaves the forward's results alone and that the batched GEMMs per layer do
// not grow with the batch. Grouped-query attention (Llama) is, by transformers' definition,
// multi-head attention over key/value heads repeated to every query head of their group: it must
// give that attention's output and query gradient, and the group's summed key/value gradients.
#include "layers/attention.hpp"

#include "core/gemm.hpp"
#include "core/ledger.hpp"
#include "reference/gpt2_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace fourfold {
namespace {

struct Shape {
  int B, T, NH, C;
  int M() const { return B * T; }
  int HS() const { return C / NH; }
  std::string str() const {
    return "B" + std::to_string(B) + " T" + std::to_string(T) + " NH" + std::to_string(NH) + " C" + std::to_string(C);
  }
};

struct RefResult {
  std::vector<double> qkv, dout, out, att, dqkv;  // (M, 3C), (M, C), (M, C), (B, NH, T, T), (M, 3C)
  std::vector<double> lse;                        // (B, NH, T) log sum_j<=t exp(q_t k_j / sqrt(hs))
};

RefResult reference_result(const Shape& s) {
  const int M = s.M(), C = s.C;
  RefResult q;
  q.qkv = test::random_values(M * 3 * C, 21);
  q.dout = test::random_values(M * C, 22);
  q.out.assign(M * C, 0.0);
  q.att.assign(static_cast<std::size_t>(s.B) * s.NH * s.T * s.T, 0.0);
  q.dqkv.assign(M * 3 * C, 0.0);
  reference::attention_forward(q.out.data(), q.att.data(), q.qkv.data(), s.B, s.T, C, s.NH);
  reference::attention_backward(q.dqkv.data(), q.dout.data(), q.qkv.data(), q.att.data(), s.B, s.T, C, s.NH);
  const int HS = s.HS();
  const double scale = 1.0 / std::sqrt(static_cast<double>(HS));
  for (int b = 0; b < s.B; ++b)
    for (int h = 0; h < s.NH; ++h)
      for (int t = 0; t < s.T; ++t) {
        const double* query = &q.qkv[(b * s.T + t) * 3 * C + h * HS];
        std::vector<double> scores;
        for (int j = 0; j <= t; ++j) {
          const double* key = &q.qkv[(b * s.T + j) * 3 * C + C + h * HS];
          double dot = 0.0;
          for (int i = 0; i < HS; ++i) dot += query[i] * key[i];
          scores.push_back(dot * scale);
        }
        const double mx = *std::max_element(scores.begin(), scores.end());
        double sum = 0.0;
        for (const double x : scores) sum += std::exp(x - mx);
        q.lse.push_back(mx + std::log(sum));
      }
  return q;
}

class AttentionShapes : public ::testing::TestWithParam<Shape> {};

/// Runs the heads [h0, h0 + heads) (of G_y = NH / heads shards) and compares with the reference.
void check_heads(const Shape& s, const RefResult& ref, int h0, int heads) {
  SCOPED_TRACE(s.str() + ", heads " + std::to_string(h0) + ".." + std::to_string(h0 + heads - 1));
  const int B = s.B, T = s.T, M = s.M(), NH = s.NH, C = s.C, HS = s.HS();
  ExecutionContext ctx;
  const ExecSpace& exec = ctx.compute();
  const int c_loc = heads * HS, c0 = h0 * HS;
  // Global column of local qkv column j: part (q, k, v) then the head's channels in that part.
  auto global_col = [&](int j) { return (j / c_loc) * C + c0 + j % c_loc; };
  const Matrix qkv = test::make_matrix("qkv", M, 3 * c_loc, [&](std::size_t i, std::size_t j) {
    return ref.qkv[i * 3 * C + global_col(j)];
  });
  const Matrix dout = test::make_matrix("dout", M, c_loc, [&](std::size_t i, std::size_t j) {
    return ref.dout[i * C + c0 + j];
  });
  const Matrix out = test::filled_matrix("out", M, c_loc, 7.0);  // assigned
  const Vector lse = test::filled_vector("lse", attention_stats_size(B, T, heads), 7.0);
  const AttentionWorkspace ws(B, T, heads, c_loc);
  Kokkos::deep_copy(ws.scores, 7.0f);  // junk in the scratch must not leak into a result
  Kokkos::deep_copy(ws.dk, 7.0f);
  Kokkos::deep_copy(ws.dv, 7.0f);
  ctx.gemm().reset_stats();
  attention_forward(ctx, out, lse, qkv, heads, ws);
  const auto out_forward = test::to_vector(out), lse_forward = test::to_vector(lse);
  const Matrix dqkv = test::filled_matrix("dqkv", M, 3 * c_loc, 1.0e3);  // assigned
  attention_backward(ctx, dqkv, dout, out, lse, qkv, heads, ws);
  exec.fence();
  // One batched GEMM launch per product and causal block, for every batch size.
  const long blocks = (T + attention_causal_block - 1) / attention_causal_block;
  EXPECT_EQ(ctx.gemm().stats().batched_launches, blocks * (attention_forward_gemms + attention_backward_gemms));

  std::vector<double> want_out, want_lse, want_dqkv;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < c_loc; ++j) want_out.push_back(ref.out[i * C + c0 + j]);
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < heads; ++h)
      for (int t = 0; t < T; ++t) want_lse.push_back(ref.lse[(b * NH + h0 + h) * T + t]);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < 3 * c_loc; ++j) want_dqkv.push_back(ref.dqkv[i * 3 * C + global_col(j)]);
  EXPECT_LT(test::rel_error(out_forward, want_out), 1e-5) << "output";
  EXPECT_LT(test::rel_error(lse_forward, want_lse), 1e-5) << "softmax log-sum-exp";
  EXPECT_LT(test::rel_error(test::to_vector(dqkv), want_dqkv), 1e-5) << "qkv gradient";
  EXPECT_EQ(test::to_vector(out), out_forward) << "backward changed the forward's output";
  EXPECT_EQ(test::to_vector(lse), lse_forward) << "backward changed the forward's statistics";
}

// The heads a rank holds at G_y = 1, 2 and 4 (NH = 4).
TEST_P(AttentionShapes, EveryHeadShardMatchesReference) {
  const Shape& s = GetParam();
  const RefResult ref = reference_result(s);
  for (int shards : {1, 2, 4}) {
    for (int y = 0; y < shards; ++y) check_heads(s, ref, y * s.NH / shards, s.NH / shards);
  }
}

// Finite differences of the float implementation: objective sum(out * R), elements of q, k, v.
TEST_P(AttentionShapes, FiniteDifferences) {
  const Shape& s = GetParam();
  const RefResult ref = reference_result(s);
  const int B = s.B, T = s.T, M = s.M(), NH = s.NH, C = s.C;
  ExecutionContext ctx;
  const ExecSpace& exec = ctx.compute();
  const Matrix qkv = test::make_matrix("qkv", M, 3 * C, [&](std::size_t i, std::size_t j) { return ref.qkv[i * 3 * C + j]; });
  const Matrix r = test::make_matrix("R", M, C, [&](std::size_t i, std::size_t j) { return ref.dout[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Vector lse = test::filled_vector("lse", attention_stats_size(B, T, NH), 0.0);
  const AttentionWorkspace ws(B, T, NH, C);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    attention_forward(ctx, out, lse, qkv, NH, ws);
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  const Matrix dqkv = test::filled_matrix("dqkv", M, 3 * C, 0.0);
  attention_backward(ctx, dqkv, r, out, lse, qkv, NH, ws);
  exec.fence();
  // Elements of q, k and v of several rows and heads (row 0's k and v feed every later query).
  std::vector<std::size_t> idx;
  for (int part = 0; part < 3; ++part)
    for (int row : {0, 3, M / 2, M - 1})
      idx.push_back(static_cast<std::size_t>(row) * 3 * C + part * C + (row * 5 + part * 7) % C);
  test::expect_finite_differences("qkv", qkv, test::to_vector(dqkv), idx, objective);
}

// GQA with kv heads (NH / kv per group) against MHA over the repeated keys and values.
void check_grouped(const Shape& s, int kv) {
  SCOPED_TRACE(s.str() + ", " + std::to_string(kv) + " key/value heads");
  const int B = s.B, T = s.T, M = s.M(), NH = s.NH, C = s.C, HS = s.HS(), group = NH / kv, KV = kv * HS;
  const int width = C + 2 * KV;
  const auto x = test::random_values(static_cast<std::size_t>(M) * width, 23);
  const auto dy = test::random_values(static_cast<std::size_t>(M) * C, 24);
  // Expanded column j of part p (k or v) of a query head h: the kv head h / group's column.
  const auto expanded = [&](std::size_t i, std::size_t j) {
    const int part = static_cast<int>(j) / C, col = static_cast<int>(j) % C;
    if (part == 0) return x[i * width + col];
    return x[i * width + C + (part - 1) * KV + (col / HS / group) * HS + col % HS];
  };
  ExecutionContext ctx;
  const ExecSpace& exec = ctx.compute();
  const Matrix gqa = test::make_matrix("gqa qkv", M, width, [&](std::size_t i, std::size_t j) { return x[i * width + j]; });
  const Matrix mha = test::make_matrix("mha qkv", M, 3 * C, expanded);
  const Matrix dout = test::make_matrix("dout", M, C, [&](std::size_t i, std::size_t j) { return dy[i * C + j]; });
  const Matrix out_gqa = test::filled_matrix("out gqa", M, C, 7.0), out_mha = test::filled_matrix("out mha", M, C, 7.0);
  const Vector lse_gqa = test::filled_vector("lse gqa", attention_stats_size(B, T, NH), 7.0);
  const Vector lse_mha = test::filled_vector("lse mha", attention_stats_size(B, T, NH), 7.0);
  const Matrix d_gqa = test::filled_matrix("dqkv gqa", M, width, 1.0e3), d_mha = test::filled_matrix("dqkv mha", M, 3 * C, 1.0e3);
  const AttentionWorkspace ws_gqa(B, T, NH, C, kv), ws_mha(B, T, NH, C);
  attention_forward(ctx, out_gqa, lse_gqa, gqa, NH, ws_gqa);
  attention_backward(ctx, d_gqa, dout, out_gqa, lse_gqa, gqa, NH, ws_gqa);
  attention_forward(ctx, out_mha, lse_mha, mha, NH, ws_mha);
  attention_backward(ctx, d_mha, dout, out_mha, lse_mha, mha, NH, ws_mha);
  exec.fence();
  EXPECT_EQ(test::to_vector(out_gqa), test::to_vector(out_mha)) << "output";
  EXPECT_EQ(test::to_vector(lse_gqa), test::to_vector(lse_mha)) << "log-sum-exp";
  const auto g = test::to_vector(d_gqa), h = test::to_vector(d_mha);
  std::vector<double> got, want;
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < C; ++j) EXPECT_EQ(g[i * width + j], h[i * 3 * C + j]) << "query gradient " << i << ", " << j;
    for (int part = 1; part <= 2; ++part)
      for (int c = 0; c < KV; ++c) {
        double sum = 0.0;  // over the group's query heads
        for (int q = 0; q < group; ++q) sum += h[i * 3 * C + part * C + ((c / HS) * group + q) * HS + c % HS];
        got.push_back(g[i * width + C + (part - 1) * KV + c]);
        want.push_back(sum);
      }
  }
  EXPECT_LT(test::rel_error(got, want), 1e-6) << "key and value gradients";
}

TEST_P(AttentionShapes, GroupedQueryIsMultiHeadOverRepeatedKeysAndValues) {
  for (const int kv : {2, 1}) check_grouped(GetParam(), kv);
}

// bf16 mode's workspace: the operands written in bf16 by the permutes and the softmax kernels
// once give exactly what rounding them in every GEMM gave (an fp32 workspace under a bf16 engine),
// with no conversion pass and fewer launches; over several causal blocks the rounding is no
// longer repeated per block. A bf16 workspace under an fp32 engine is refused.
std::vector<std::vector<double>> attention_results(ExecutionContext& ctx, const AttentionWorkspace& ws, const Shape& s,
                                                   const RefResult& ref, LedgerTotals& work) {
  const int M = s.M(), C = s.C;
  const Matrix qkv = test::make_matrix("qkv", M, 3 * C, [&](std::size_t i, std::size_t j) { return ref.qkv[i * 3 * C + j]; });
  const Matrix dout = test::make_matrix("dout", M, C, [&](std::size_t i, std::size_t j) { return ref.dout[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 7.0);
  const Vector lse = test::filled_vector("lse", attention_stats_size(s.B, s.T, s.NH), 7.0);
  const Matrix dqkv = test::filled_matrix("dqkv", M, 3 * C, 1.0e3);
  const LedgerTotals before = ctx.counters().ledger();
  {
    const LedgerScope ledger(ctx.counters());
    attention_forward(ctx, out, lse, qkv, s.NH, ws);
    attention_backward(ctx, dqkv, dout, out, lse, qkv, s.NH, ws);
  }
  ctx.compute().fence();
  work = ctx.counters().ledger() - before;
  return {test::to_vector(out), test::to_vector(lse), test::to_vector(dqkv)};
}

TEST_P(AttentionShapes, Bf16OperandsWrittenOnceEqualRoundingInEveryGemm) {
  const Shape& s = GetParam();
  const RefResult ref = reference_result(s);
  ExecutionContext ctx;
  const GemmPrecisionScope bf16_gemms(ctx.gemm(), GemmPrecision::bf16);
  const AttentionWorkspace rounded_per_gemm(s.B, s.T, s.NH, s.C);
  const AttentionWorkspace bf16_operands(s.B, s.T, s.NH, s.C, 0, GemmPrecision::bf16);
  EXPECT_TRUE(bf16_operands.bf16_operands());
  EXPECT_EQ(bf16_operands.q.size(), 0u);
  LedgerTotals per_gemm_work, bf16_work;
  const auto want = attention_results(ctx, rounded_per_gemm, s, ref, per_gemm_work);
  const auto got = attention_results(ctx, bf16_operands, s, ref, bf16_work);
  const char* names[] = {"output", "log-sum-exp", "qkv gradient"};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(got[i], want[i]) << names[i];
  EXPECT_GT(per_gemm_work.bytes_of(WorkKind::conversion), 0.0);
  EXPECT_EQ(bf16_work.bytes_of(WorkKind::conversion), 0.0);
  EXPECT_EQ(bf16_work.launches_of(WorkKind::conversion), 0);
  EXPECT_LT(bf16_work.total_launches(), per_gemm_work.total_launches());
  EXPECT_EQ(bf16_work.launches_of(WorkKind::gemm), per_gemm_work.launches_of(WorkKind::gemm));
  // Still bf16's distance from the fp32 reference, not more.
  std::vector<double> want_out(ref.out.begin(), ref.out.end());
  EXPECT_LT(test::rel_error(got[0], want_out), 2e-2) << "output against the double reference";
}

TEST(Attention, Bf16WorkspaceNeedsBf16Gemms) {
  const Shape s{1, 8, 2, 8};
  const RefResult ref = reference_result(s);
  ExecutionContext ctx;
  const AttentionWorkspace ws(s.B, s.T, s.NH, s.C, 0, GemmPrecision::bf16);
  LedgerTotals work;
  test::expect_user_error([&] { attention_results(ctx, ws, s, ref, work); },
                          "the workspace holds bf16 operands but the GEMM engine computes in fp32");
}

TEST(Attention, KeyValueHeadsMustDivideQueryHeads) {
  test::expect_user_error([] { AttentionWorkspace ws(1, 4, 4, 16, 3); }, "3 key/value heads must divide the 4 query heads");
}

static_assert(300 > 2 * attention_causal_block && 300 % attention_causal_block != 0,
              "T = 300 must cover several causal blocks and end in a partial one");
// What the blocking saves: one block computes the full square; at T = 1024 the eight blocks
// compute the triangle plus the diagonal blocks, 36 of 64 (128 x 128) tiles.
static_assert(attention_scores_computed(64) == 64.0 * 64);
static_assert(attention_scores_computed(1024) == 36.0 * 128 * 128);
static_assert(attention_scores_computed(300) == 128.0 * 128 + 128.0 * 256 + 44.0 * 300);
INSTANTIATE_TEST_SUITE_P(Attention, AttentionShapes,
                         ::testing::Values(Shape{2, 6, 4, 16}, Shape{2, 64, 4, 32}, Shape{1, 37, 4, 24},
                                           Shape{1, 300, 4, 16}, Shape{1, 1024, 4, 16}),
                         [](const ::testing::TestParamInfo<Shape>& info) {
                           return "T" + std::to_string(info.param.T);
                         });

}  // namespace
}  // namespace fourfold
