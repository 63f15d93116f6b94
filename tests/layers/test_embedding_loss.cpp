// The vocab-parallel token/position embedding (layers/embedding.hpp) and the tied LM head with
// softmax cross-entropy (layers/lm_head_loss.hpp) on every grid of the world size with
// G_z = G_data = 1 (vocabulary rows split over the X*Y group, channels over X, the same rows on
// every rank), against the serial double reference: encoder_forward/backward, and
// matmul_forward (logits = h wte^T, no bias) + crossentropy_softmax_forward/backward. The
// vocabulary is padded (V = 11 real of 16 rows, so on 4 ranks one rank holds only padding and
// one a mix); padded wte rows hold large values, so a padded logit that counted would change
// the loss. Checks outputs, per-row losses and their returned sum, probabilities (zero in the
// padded columns), dlogits, dh (assigned) and dwte/dwpe (accumulated), locally and assembled
// to global shape; plus finite differences of the float implementation on one rank.
//
// Built twice: with the small default sizes, and with FOURFOLD_TEST_WIDE at row widths that are
// no multiple of team or vector sizes: C = 52 channels (slices of 52, 26, 13) and V = 75 real of
// 83 rows (V_loc = 83, 42, 21; on 4 ranks the last rank holds real rows, padding and one row past
// the table).
#include "comm/grid.hpp"
#include "core/gemm.hpp"
#include "layers/bf16_wire.hpp"
#include "layers/embedding.hpp"
#include "layers/lm_head_loss.hpp"
#include "reference/gpt2_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fourfold {
namespace {

#ifdef FOURFOLD_TEST_WIDE
constexpr int B = 3, T = 23, M = B * T;
constexpr int C = 52;      // channels, divisible by every G_x <= 4
constexpr int MAXT = 24;   // rows of wpe (> T: the rows past T get no gradient)
constexpr int V = 75;      // real vocabulary
constexpr int VP = 83;     // padded rows of wte
#else
constexpr int B = 3, T = 5, M = B * T;
constexpr int C = 8;       // channels, divisible by every G_x <= 4
constexpr int MAXT = 6;    // rows of wpe (> T: the rows past T get no gradient)
constexpr int V = 11;      // real vocabulary
constexpr int VP = 16;     // padded rows of wte
#endif
constexpr double scale = 1.0 / M;  // loss = mean over rows

constexpr double grad0 = 0.25;     // prefill of dwte / dwpe (they accumulate)
constexpr double dh_junk = 1.0e3;  // prefill of dh (it is assigned)

using TokenBuffer = Kokkos::View<int*, MemSpace>;

struct Problem {
  std::vector<double> wte, wpe, h, dout;  // (VP, C), (MAXT, C), (M, C), (M, C)
  std::vector<int> tokens, targets;       // (M)
};

const Problem& problem() {
  static const Problem p = [] {
    Problem q;
    q.wte = test::random_values(VP * C, 41, 0.5);
    for (int r = V; r < VP; ++r)  // padding: large, so counting a padded logit would show
      for (int j = 0; j < C; ++j) q.wte[r * C + j] = 3.0 + 0.5 * std::abs(q.wte[r * C + j]);
    q.wpe = test::random_values(MAXT * C, 42, 0.5);
    q.h = test::random_values(M * C, 43);
    q.dout = test::random_values(M * C, 44);
    q.tokens = test::random_ints(M, 45, V);
    q.targets = test::random_ints(M, 46, V);
    // The first and last real rows, and a repeated token (its dwte row sums two rows).
    q.tokens[0] = V - 1;
    q.tokens[1] = 0;
    q.tokens[2] = q.tokens[7];
    q.targets[0] = V - 1;
    q.targets[1] = 0;
    return q;
  }();
  return p;
}

struct RefResult {
  std::vector<double> emb_out, dwte_emb, dwpe;                    // encoder
  std::vector<double> losses, probs, dlogits, dh, dwte_head;      // head + loss
  double loss_sum = 0.0;
};

const RefResult& reference_result() {
  static const RefResult r = [] {
    const Problem& p = problem();
    RefResult q;
    q.emb_out.assign(M * C, 0.0);
    q.dwte_emb.assign(VP * C, 0.0);
    q.dwpe.assign(MAXT * C, 0.0);
    reference::encoder_forward(q.emb_out.data(), p.tokens.data(), p.wte.data(), p.wpe.data(), B, T, C);
    reference::encoder_backward(q.dwte_emb.data(), q.dwpe.data(), p.dout.data(), p.tokens.data(), B, T, C);
    std::vector<double> logits(M * VP, 0.0);
    q.losses.assign(M, 0.0);
    q.probs.assign(M * VP, 0.0);
    q.dlogits.assign(M * VP, 0.0);
    q.dh.assign(M * C, 0.0);
    q.dwte_head.assign(VP * C, 0.0);
    reference::matmul_forward(logits.data(), p.h.data(), p.wte.data(), nullptr, 1, M, C, VP);
    reference::crossentropy_softmax_forward(q.losses.data(), q.probs.data(), logits.data(),
                                            p.targets.data(), 1, M, V, VP);
    const std::vector<double> dlosses(M, scale);
    reference::crossentropy_softmax_backward(q.dlogits.data(), dlosses.data(), q.probs.data(),
                                             p.targets.data(), 1, M, V, VP);
    reference::matmul_backward(q.dh.data(), q.dwte_head.data(), nullptr, q.dlogits.data(), p.h.data(),
                               p.wte.data(), 1, M, C, VP);
    for (double l : q.losses) q.loss_sum += l;
    return q;
  }();
  return r;
}

TokenBuffer make_tokens(const std::string& label, const std::vector<int>& ids) {
  TokenBuffer t(Kokkos::view_alloc(std::string(label)), ids.size());
  auto h = Kokkos::create_mirror_view(t);
  for (std::size_t i = 0; i < ids.size(); ++i) h(i) = ids[i];
  Kokkos::deep_copy(t, h);
  return t;
}

/// The vocabulary split of the model (layers/gpt.cpp): rows padded to a multiple of G_x*G_y.
VocabShard vocab_shard(const comm::Grid& grid) {
  const int xy = grid.xy().size();
  const int padded = (VP + xy - 1) / xy * xy;
  VocabShard v;
  v.local = padded / xy;
  v.offset = grid.xy().rank() * v.local;
  v.real_vocab = V;
  return v;
}

/// This rank's wte rows [offset, offset + local) (zero past the padded table).
Matrix wte_local_of(const VocabShard& v) {
  const Problem& p = problem();
  return test::make_matrix("wte_local", v.local, C, [&](std::size_t r, std::size_t j) {
    const std::size_t row = v.offset + r;
    return row < static_cast<std::size_t>(VP) ? p.wte[row * C + j] : 0.0;
  });
}

/// Rows [offset, offset + local) of a global (VP, C) tensor, zero past it, flattened.
std::vector<double> vocab_rows(const std::vector<double>& global, const VocabShard& v, double factor = 1.0) {
  std::vector<double> out;
  for (int r = 0; r < v.local; ++r)
    for (int j = 0; j < C; ++j)
      out.push_back(v.offset + r < VP ? factor * global[(v.offset + r) * C + j] : 0.0);
  return out;
}

/// Columns [col0, col0 + cols) of a global (rows, width) tensor, flattened.
std::vector<double> columns(const std::vector<double>& global, int rows, int width, int col0, int cols,
                            double factor = 1.0) {
  std::vector<double> out;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      out.push_back(col0 + j < width ? factor * global[i * width + col0 + j] : 0.0);
  return out;
}

std::vector<comm::GridShape> tensor_parallel_grids() {
  std::vector<comm::GridShape> out;
  for (const comm::GridShape& s : comm::all_grid_shapes(test::runtime().world_size()))
    if (s.z == 1 && s.data == 1 && C % s.x == 0) out.push_back(s);
  return out;
}

void check_embedding_on_grid(const comm::GridShape& shape) {
  SCOPED_TRACE("embedding, grid " + shape.str());
  const comm::Grid grid(shape, test::world());
  const Problem& p = problem();
  const RefResult& ref = reference_result();
  ExecutionContext ctx;
  const ExecSpace& exec = ctx.compute();
  const int gx = shape.x, x_rank = grid.coords().x, c_x = C / gx, col0 = x_rank * c_x;
  const VocabShard v = vocab_shard(grid);

  const TokenBuffer tokens = make_tokens("tokens", p.tokens);
  const Matrix wte_local = wte_local_of(v);
  const Matrix wpe_local = test::make_matrix("wpe_local", MAXT, c_x, [&](std::size_t t, std::size_t j) {
    return p.wpe[t * C + col0 + j];
  });
  const Matrix out = test::filled_matrix("out", M, c_x, 0.0);
  const Matrix full = test::filled_matrix("full", M, C, 0.0);
  embedding_forward(exec, out, full, tokens, wte_local, wpe_local, v.offset, T, x_rank, grid.xy());
  const Matrix dout = test::make_matrix("dout", M, c_x, [&](std::size_t i, std::size_t j) { return p.dout[i * C + col0 + j]; });
  const Matrix dwte = test::filled_matrix("dwte_local", v.local, C, grad0);
  const Matrix dwpe = test::filled_matrix("dwpe_local", MAXT, c_x, grad0);
  const Vector gathered = test::filled_vector("gathered", static_cast<std::size_t>(gx) * M * c_x, 0.0);
  embedding_backward(exec, dwte, dwpe, dout, gathered, tokens, v.offset, T, grid.x());
  exec.fence();

  const auto got_out = test::to_vector(out);
  const auto got_dwte = test::minus(test::to_vector(dwte), grad0);
  const auto got_dwpe = test::minus(test::to_vector(dwpe), grad0);
  const auto want_dwte = vocab_rows(ref.dwte_emb, v), want_dwpe = columns(ref.dwpe, MAXT, C, col0, c_x);
  EXPECT_LT(test::rel_error(got_out, columns(ref.emb_out, M, C, col0, c_x)), 1e-6) << "output";
  EXPECT_LT(test::rel_error(got_dwte, want_dwte), 1e-6) << "dwte (accumulated once)";
  EXPECT_LT(test::rel_error(got_dwpe, want_dwpe), 1e-6) << "dwpe (accumulated once)";

  // Assembled: wte rows are distinct over XY; wpe and output columns distinct over X, same over Y.
  test::Assembled g_out(M * C), g_dwte(VP * C), g_dwpe(MAXT * C);
  for (int r = 0; r < v.local; ++r)
    if (v.offset + r < VP)
      for (int j = 0; j < C; ++j) g_dwte.put((v.offset + r) * C + j, got_dwte[r * C + j]);
  if (grid.coords().y == 0) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < c_x; ++j) g_out.put(i * C + col0 + j, got_out[i * c_x + j]);
    for (int t = 0; t < MAXT; ++t)
      for (int j = 0; j < c_x; ++j) g_dwpe.put(t * C + col0 + j, got_dwpe[t * c_x + j]);
  }
  for (test::Assembled* a : {&g_out, &g_dwte, &g_dwpe}) a->sum(grid.world().mpi());
  test::expect_covered_once(g_out, "output");
  test::expect_covered_once(g_dwte, "dwte");
  test::expect_covered_once(g_dwpe, "dwpe");
  EXPECT_LT(test::rel_error(g_out.values, ref.emb_out), 1e-6) << "global output";
  EXPECT_LT(test::rel_error(g_dwte.values, ref.dwte_emb), 1e-6) << "global dwte";
  EXPECT_LT(test::rel_error(g_dwpe.values, ref.dwpe), 1e-6) << "global dwpe";

  // A second backward adds up.
  embedding_backward(exec, dwte, dwpe, dout, gathered, tokens, v.offset, T, grid.x());
  exec.fence();
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dwte), grad0), test::scaled(want_dwte, 2.0)), 1e-6)
      << "dwte after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dwpe), grad0), test::scaled(want_dwpe, 2.0)), 1e-6)
      << "dwpe after two backwards";

  // Without a position embedding (Llama): the token rows alone, and the same token gradient.
  const Matrix out_tokens = test::filled_matrix("out without positions", M, c_x, 0.0);
  embedding_forward(exec, out_tokens, full, tokens, wte_local, ConstMatrix(), v.offset, T, x_rank, grid.xy());
  const Matrix dwte_tokens = test::filled_matrix("dwte without positions", v.local, C, grad0);
  embedding_backward(exec, dwte_tokens, Matrix(), dout, gathered, tokens, v.offset, T, grid.x());
  exec.fence();
  std::vector<double> want_tokens;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < c_x; ++j)
      want_tokens.push_back(static_cast<float>(p.wte[static_cast<std::size_t>(p.tokens[i]) * C + col0 + j]));
  EXPECT_EQ(test::to_vector(out_tokens), want_tokens) << "output without positions: the token rows";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dwte_tokens), grad0), want_dwte), 1e-6)
      << "dwte without positions";
}

TEST(Embedding, VocabParallelMatchesReferenceOnEveryGrid) {
  const auto grids = tensor_parallel_grids();
  for (const auto& shape : grids) check_embedding_on_grid(shape);
  EXPECT_GT(grids.size(), 0u);
}

struct Head {
  VocabShard vocab;
  LmHeadWorkspace ws;
  Matrix wte_local, h, dh, dh_full, dwte;
  Vector losses;
  TokenBuffer targets;
  int x_rank = 0;
};

// chunk_rows: rows of logits the head holds at once (M: one chunk).
Head make_head(const comm::Grid& grid, int chunk_rows = M) {
  const Problem& p = problem();
  Head hd;
  hd.vocab = vocab_shard(grid);
  const int gx = grid.x().size(), c_x = C / gx, col0 = grid.coords().x * c_x;
  hd.x_rank = grid.coords().x;
  hd.wte_local = wte_local_of(hd.vocab);
  hd.h = test::make_matrix("h", M, c_x, [&](std::size_t i, std::size_t j) { return p.h[i * C + col0 + j]; });
  hd.losses = test::filled_vector("losses", M, 0.0);
  hd.dh = test::filled_matrix("dh", M, c_x, dh_junk);
  hd.dh_full = test::filled_matrix("dh_full", M, C, 0.0);
  hd.dwte = test::filled_matrix("dwte_local", hd.vocab.local, C, grad0);
  hd.targets = make_tokens("targets", p.targets);
  hd.ws = LmHeadWorkspace(M, C, hd.vocab.local, chunk_rows);
  Kokkos::deep_copy(hd.ws.logits, -1.0f);  // junk a forward must overwrite
  return hd;
}

double head_forward(const Head& hd, const comm::Grid& grid) {
  lm_head_loss_forward(grid.context(), hd.losses, hd.ws, hd.h, ConstMatrix(hd.wte_local), hd.targets, hd.vocab, grid.x(), grid.xy());
  const auto sum = Kokkos::create_mirror_view_and_copy(HostSpace(), hd.ws.loss_sum);
  return sum();
}

// last_chunk_kept: backward uses the probabilities forward left in the chunk buffer (else it
// recomputes every chunk's).
void head_backward(const Head& hd, const comm::Grid& grid, bool last_chunk_kept = true) {
  lm_head_loss_backward(grid.context(), hd.dh, hd.dwte, hd.dh_full, hd.ws, ConstMatrix(hd.wte_local), hd.targets, static_cast<float>(scale),
                        hd.vocab, hd.x_rank, grid.xy(), last_chunk_kept);
  grid.context().compute().fence();
}

// Rows [first, M) of a (M, VP) reference, columns of this shard: what the chunk buffer holds.
std::vector<double> chunk_columns(const std::vector<double>& full, int first, int rows, const VocabShard& v) {
  const std::vector<double> all = columns(full, M, VP, v.offset, v.local);
  return std::vector<double>(all.begin() + static_cast<std::ptrdiff_t>(first) * v.local,
                             all.begin() + static_cast<std::ptrdiff_t>(first + rows) * v.local);
}

void check_head_on_grid(const comm::GridShape& shape, int chunk_rows) {
  SCOPED_TRACE("LM head + loss, grid " + shape.str() + ", chunks of " + std::to_string(chunk_rows) + " rows");
  const comm::Grid grid(shape, test::world());
  const Problem& p = problem();
  const RefResult& ref = reference_result();
  const Head hd = make_head(grid, chunk_rows);
  const int last_first = (M - 1) / chunk_rows * chunk_rows, last_rows = M - last_first;
  const VocabShard& v = hd.vocab;
  const int c_x = C / shape.x, col0 = grid.coords().x * c_x;

  const double sum = head_forward(hd, grid);
  EXPECT_NEAR(sum, ref.loss_sum, 1e-5 * ref.loss_sum) << "returned loss sum";
  EXPECT_LT(test::rel_error(test::to_vector(hd.losses), ref.losses), 1e-5) << "per-row losses";
  EXPECT_LT(test::rel_error(test::to_vector(hd.ws.h_full), p.h), 1e-7) << "h gathered over X (kept for backward)";
  // The last chunk's probabilities stay in the chunk buffer.
  auto got_probs = test::to_vector(hd.ws.logits);
  got_probs.resize(static_cast<std::size_t>(last_rows) * v.local);
  EXPECT_LT(test::rel_error(got_probs, chunk_columns(ref.probs, last_first, last_rows, v)), 1e-5)
      << "probabilities of the last chunk";
  int nonzero_padded = 0;
  for (int i = 0; i < last_rows; ++i)
    for (int j = 0; j < v.local; ++j)
      if (v.offset + j >= V && got_probs[i * v.local + j] != 0.0) ++nonzero_padded;
  EXPECT_EQ(nonzero_padded, 0) << "padded vocabulary columns must have probability 0";

  head_backward(hd, grid);
  const auto got_dh = test::to_vector(hd.dh);
  const auto got_dwte = test::minus(test::to_vector(hd.dwte), grad0);
  const auto want_dwte = vocab_rows(ref.dwte_head, v);
  // Backward visits the chunks last first: the first chunk's dlogits stay in the buffer.
  const int first_rows = std::min(chunk_rows, M);
  auto got_dlogits = test::to_vector(hd.ws.logits);
  got_dlogits.resize(static_cast<std::size_t>(first_rows) * v.local);
  EXPECT_LT(test::rel_error(got_dlogits, chunk_columns(ref.dlogits, 0, first_rows, v)), 1e-5)
      << "dlogits of the first chunk (left in the buffer)";
  EXPECT_LT(test::rel_error(got_dh, columns(ref.dh, M, C, col0, c_x)), 1e-5) << "dh (assigned)";
  EXPECT_LT(test::rel_error(got_dwte, want_dwte), 1e-5) << "dwte (accumulated once)";

  // Assembled: wte rows distinct over XY; dh columns distinct over X, same over Y.
  test::Assembled g_dh(M * C), g_dwte(VP * C);
  for (int r = 0; r < v.local; ++r)
    if (v.offset + r < VP)
      for (int j = 0; j < C; ++j) g_dwte.put((v.offset + r) * C + j, got_dwte[r * C + j]);
  if (grid.coords().y == 0)
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < c_x; ++j) g_dh.put(i * C + col0 + j, got_dh[i * c_x + j]);
  g_dh.sum(grid.world().mpi());
  g_dwte.sum(grid.world().mpi());
  test::expect_covered_once(g_dh, "dh");
  test::expect_covered_once(g_dwte, "dwte");
  EXPECT_LT(test::rel_error(g_dh.values, ref.dh), 1e-5) << "global dh";
  EXPECT_LT(test::rel_error(g_dwte.values, ref.dwte_head), 1e-5) << "global dwte";

  // Forward and backward again, this time recomputing every chunk's logits: dwte adds up, dh is
  // overwritten.
  EXPECT_NEAR(head_forward(hd, grid), ref.loss_sum, 1e-5 * ref.loss_sum) << "second forward";
  head_backward(hd, grid, false);
  EXPECT_LT(test::rel_error(test::to_vector(hd.dh), columns(ref.dh, M, C, col0, c_x)), 1e-5)
      << "dh after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(hd.dwte), grad0), test::scaled(want_dwte, 2.0)), 1e-5)
      << "dwte after two backwards";
}

TEST(LmHeadLoss, VocabParallelMatchesReferenceOnEveryGrid) {
  const auto grids = tensor_parallel_grids();
  for (const auto& shape : grids)
    for (const int chunk_rows : {M, 7, 1}) check_head_on_grid(shape, chunk_rows);
  EXPECT_GT(grids.size(), 0u);
}

// bf16 mode: the head reading its weight's bf16 copy (made once per optimizer step) computes
// exactly what it computes from the fp32 weight, which a bf16 GEMM rounds at every call.
TEST(LmHeadLoss, Bf16WeightCopyMatchesRoundingEveryCall) {
  for (const auto& shape : tensor_parallel_grids()) {
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    GemmEngine& engine = grid.context().gemm();
    const GemmPrecision saved = engine.precision();
    engine.set_precision(GemmPrecision::bf16);
    const Head rounded = make_head(grid, 4), copied = make_head(grid, 4);
    const Tensor2<bf16> copy("wte_bf16", copied.wte_local.extent(0), copied.wte_local.extent(1));
    pack_bf16(grid.context().compute(), WorkKind::conversion, Bf16Vector(copy.data(), copy.size()),
              ConstVector(copied.wte_local.data(), copied.wte_local.size()));
    lm_head_loss_forward(grid.context(), rounded.losses, rounded.ws, rounded.h, ConstMatrix(rounded.wte_local),
                         rounded.targets, rounded.vocab, grid.x(), grid.xy());
    lm_head_loss_forward(grid.context(), copied.losses, copied.ws, copied.h, ConstBf16Matrix(copy), copied.targets,
                         copied.vocab, grid.x(), grid.xy());
    lm_head_loss_backward(grid.context(), rounded.dh, rounded.dwte, rounded.dh_full, rounded.ws,
                          ConstMatrix(rounded.wte_local), rounded.targets, static_cast<float>(scale), rounded.vocab,
                          rounded.x_rank, grid.xy(), false);
    lm_head_loss_backward(grid.context(), copied.dh, copied.dwte, copied.dh_full, copied.ws, ConstBf16Matrix(copy),
                          copied.targets, static_cast<float>(scale), copied.vocab, copied.x_rank, grid.xy(), false);
    grid.context().compute().fence();
    engine.set_precision(saved);
    EXPECT_EQ(test::to_vector(rounded.losses), test::to_vector(copied.losses));
    EXPECT_EQ(test::to_vector(rounded.dh), test::to_vector(copied.dh));
    EXPECT_EQ(test::to_vector(rounded.dwte), test::to_vector(copied.dwte));
    // And bf16 is not fp32: the rounded weight moves the loss (the check above is not vacuous).
    const Head exact = make_head(grid, 4);
    head_forward(exact, grid);
    EXPECT_NE(test::to_vector(exact.losses), test::to_vector(rounded.losses));
  }
}

// Finite differences of the float implementations on one rank.
TEST(Embedding, FiniteDifferencesOnOneRank) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  ExecutionContext ctx;
  const ExecSpace& exec = ctx.compute();
  const VocabShard v = vocab_shard(self);
  const TokenBuffer tokens = make_tokens("tokens", p.tokens);
  const Matrix wte = wte_local_of(v);
  const Matrix wpe = test::make_matrix("wpe", MAXT, C, [&](std::size_t t, std::size_t j) { return p.wpe[t * C + j]; });
  const Matrix r = test::make_matrix("R", M, C, [&](std::size_t i, std::size_t j) { return p.dout[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0), full = test::filled_matrix("full", M, C, 0.0);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    embedding_forward(exec, out, full, tokens, wte, wpe, v.offset, T, 0, self.xy());
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  const Matrix dwte = test::filled_matrix("dwte", v.local, C, 0.0), dwpe = test::filled_matrix("dwpe", MAXT, C, 0.0);
  const Vector gathered = test::filled_vector("gathered", M * C, 0.0);
  embedding_backward(exec, dwte, dwpe, r, gathered, tokens, v.offset, T, self.x());
  exec.fence();
  // wte: a used row (tokens[0]), an unused padded row; wpe: a used and an unused position.
  const std::vector<std::size_t> wte_idx{static_cast<std::size_t>(p.tokens[0]) * C + 3,
                                         static_cast<std::size_t>(p.tokens[5]) * C,
                                         static_cast<std::size_t>(VP - 1) * C + 1};
  const std::vector<std::size_t> wpe_idx{2, 3 * C + 5, (MAXT - 1) * C + 4};
  test::expect_finite_differences("wte", wte, test::to_vector(dwte), wte_idx, objective);
  test::expect_finite_differences("wpe", wpe, test::to_vector(dwpe), wpe_idx, objective);
}

TEST(LmHeadLoss, FiniteDifferencesOnOneRank) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const Head hd = make_head(self, 4);  // several chunks, the last one partial
  auto objective = [&] { return scale * head_forward(hd, self); };  // mean loss
  objective();
  head_backward(hd, self);
  // h: several rows; wte: a target row, the last real row, a padded row (gradient 0).
  const std::vector<std::size_t> h_idx{0, 4 * C + 3, (M - 1) * C + 7};
  const std::vector<std::size_t> wte_idx{static_cast<std::size_t>(p.targets[3]) * C + 2,
                                         static_cast<std::size_t>(V - 1) * C + 5,
                                         static_cast<std::size_t>(V + 2) * C + 1};
  test::expect_finite_differences("h", hd.h, test::to_vector(hd.dh), h_idx, objective);
  test::expect_finite_differences("wte", hd.wte_local, test::minus(test::to_vector(hd.dwte), grad0), wte_idx,
                                  objective);
}

}  // namespace
}  // namespace fourfold
