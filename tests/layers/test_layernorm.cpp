// layernorm_forward/backward (layers/layernorm.hpp) with the channels split over the X group of
// every grid of the world size (X groups of size 1, 2 and 4): each rank feeds its channel slice
// of the same rows, and its output, mean, rstd, input gradient (assigned) and weight/bias
// gradients (accumulated) must equal the serial double reference on the whole rows to float
// rounding (1e-5 relative), i.e. the X split gives the single-rank result. Also assembled to
// global shape from one owner per element, and a finite-difference check of the float
// implementation on one rank.
//
// The fused variants: residual_layernorm_forward (residual += add, then LayerNorm of it) and
// layernorm_backward with accumulate_din (din +=) against the reference and against the unfused
// sequence on every grid, by finite differences, and the parameter-gradient column sums
// (two fixed-order levels through column_partials) bit-identical run to run.
//
// RMSNorm (NormSpec::rms_norm: not centred, no bias) runs on the same kernels: against the serial
// double reference of Hugging Face's LlamaRMSNorm on every grid, with the fused residual variant,
// and by finite differences.
//
// Built twice: with the small default sizes, and with FOURFOLD_TEST_WIDE at a row width that is
// no multiple of team or vector sizes (C = 52: slices of 52, 26, 13) and more rows than one
// chunk of the column sums (M = 69: chunks of 32, 32, 5).
#include "comm/grid.hpp"
#include "layers/elementwise.hpp"
#include "layers/layernorm.hpp"
#include "reference/gpt2_reference.hpp"
#include "reference/llama_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fourfold {
namespace {

#ifdef FOURFOLD_TEST_WIDE
constexpr int B = 3, T = 23, M = B * T;  // rows: 3 chunks of the column sums, the last partial
constexpr int C = 52;                    // channels, divisible by every G_x <= 4
#else
constexpr int B = 2, T = 5, M = B * T;  // rows
constexpr int C = 16;                   // channels, divisible by every G_x <= 4 (and 8)
#endif

constexpr double grad0 = -0.75;     // prefill of dweight / dbias (they accumulate)
constexpr double din_junk = 1.0e3;  // prefill of din (it is assigned)

struct Problem {
  std::vector<double> x, w, b, dy;  // (M, C), (C), (C), (M, C)
};

const Problem& problem() {
  static const Problem p = [] {
    Problem q;
    // Rows with their own offset and spread, so mean and variance matter.
    const auto noise = test::random_values(M * C, 11);
    const auto shift = test::random_values(M, 12, 1.0);
    const auto spread = test::random_values(M, 13, 0.3, 1.0);
    q.x.resize(M * C);
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < C; ++j) q.x[i * C + j] = shift[i] + std::abs(spread[i]) * noise[i * C + j];
    q.w = test::random_values(C, 14, 0.2, 1.0);
    q.b = test::random_values(C, 15, 0.2);
    q.dy = test::random_values(M * C, 16);
    return q;
  }();
  return p;
}

struct RefResult {
  std::vector<double> out, mean, rstd, dx, dw, db;
};

const RefResult& reference_result() {
  static const RefResult r = [] {
    const Problem& p = problem();
    RefResult q;
    q.out.assign(M * C, 0.0);
    q.mean.assign(M, 0.0);
    q.rstd.assign(M, 0.0);
    q.dx.assign(M * C, 0.0);
    q.dw.assign(C, 0.0);
    q.db.assign(C, 0.0);
    reference::layernorm_forward(q.out.data(), q.mean.data(), q.rstd.data(), p.x.data(), p.w.data(),
                                 p.b.data(), B, T, C);
    reference::layernorm_backward(q.dx.data(), q.dw.data(), q.db.data(), p.dy.data(), p.x.data(),
                                  p.w.data(), q.mean.data(), q.rstd.data(), B, T, C);
    return q;
  }();
  return r;
}

void check_on_grid(const comm::GridShape& shape) {
  SCOPED_TRACE("grid " + shape.str());
  const comm::Grid grid(shape, test::world());
  const comm::Communicator& x_group = grid.x();
  const std::size_t c_loc = C / x_group.size(), col0 = x_group.rank() * c_loc;
  const Problem& p = problem();
  const RefResult& ref = reference_result();
  const ExecSpace exec;

  const Matrix in = test::make_matrix("in", M, c_loc, [&](std::size_t i, std::size_t j) { return p.x[i * C + col0 + j]; });
  const Matrix dout = test::make_matrix("dout", M, c_loc, [&](std::size_t i, std::size_t j) { return p.dy[i * C + col0 + j]; });
  const Vector w = test::make_vector("weight", c_loc, [&](std::size_t j) { return p.w[col0 + j]; });
  const Vector b = test::make_vector("bias", c_loc, [&](std::size_t j) { return p.b[col0 + j]; });
  const Matrix out = test::filled_matrix("out", M, c_loc, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), c_loc, 0.0);
  layernorm_forward(exec, out, mean, rstd, in, w, b, row_sums, x_group);
  const Matrix din = test::filled_matrix("din", M, c_loc, din_junk);
  const Vector dw = test::filled_vector("dweight", c_loc, grad0), db = test::filled_vector("dbias", c_loc, grad0);
  layernorm_backward(exec, din, dw, db, dout, in, w, mean, rstd, row_sums, partials, x_group);
  exec.fence();

  std::vector<double> want_out, want_dx, want_dw, want_db;
  for (int i = 0; i < M; ++i)
    for (std::size_t j = 0; j < c_loc; ++j) {
      want_out.push_back(ref.out[i * C + col0 + j]);
      want_dx.push_back(ref.dx[i * C + col0 + j]);
    }
  for (std::size_t j = 0; j < c_loc; ++j) {
    want_dw.push_back(ref.dw[col0 + j]);
    want_db.push_back(ref.db[col0 + j]);
  }
  const auto got_out = test::to_vector(out), got_dx = test::to_vector(din);
  const auto got_dw = test::minus(test::to_vector(dw), grad0), got_db = test::minus(test::to_vector(db), grad0);
  EXPECT_LT(test::rel_error(got_out, want_out), 1e-5) << "output";
  EXPECT_LT(test::rel_error(test::to_vector(mean), ref.mean), 1e-5) << "mean";
  EXPECT_LT(test::rel_error(test::to_vector(rstd), ref.rstd), 1e-5) << "rstd";
  EXPECT_LT(test::rel_error(got_dx, want_dx), 1e-5) << "input gradient (assigned)";
  EXPECT_LT(test::rel_error(got_dw, want_dw), 1e-5) << "weight gradient (accumulated once)";
  EXPECT_LT(test::rel_error(got_db, want_db), 1e-5) << "bias gradient (accumulated once)";

  // Assembled to global shape: channel slices are distinct over X, replicated over Y, Z, data.
  const auto& co = grid.coords();
  test::Assembled g_out(M * C), g_dx(M * C), g_dw(C), g_db(C);
  if (co.y == 0 && co.z == 0 && co.data == 0) {
    for (int i = 0; i < M; ++i)
      for (std::size_t j = 0; j < c_loc; ++j) {
        g_out.put(i * C + col0 + j, got_out[i * c_loc + j]);
        g_dx.put(i * C + col0 + j, got_dx[i * c_loc + j]);
      }
    for (std::size_t j = 0; j < c_loc; ++j) {
      g_dw.put(col0 + j, got_dw[j]);
      g_db.put(col0 + j, got_db[j]);
    }
  }
  for (test::Assembled* a : {&g_out, &g_dx, &g_dw, &g_db}) a->sum(grid.world().mpi());
  test::expect_covered_once(g_out, "output");
  test::expect_covered_once(g_dw, "weight gradient");
  EXPECT_LT(test::rel_error(g_out.values, ref.out), 1e-5) << "global output";
  EXPECT_LT(test::rel_error(g_dx.values, ref.dx), 1e-5) << "global input gradient";
  EXPECT_LT(test::rel_error(g_dw.values, ref.dw), 1e-5) << "global weight gradient";
  EXPECT_LT(test::rel_error(g_db.values, ref.db), 1e-5) << "global bias gradient";

  // A second backward: dweight and dbias add up, din is overwritten.
  layernorm_backward(exec, din, dw, db, dout, in, w, mean, rstd, row_sums, partials, x_group);
  exec.fence();
  EXPECT_LT(test::rel_error(test::to_vector(din), want_dx), 1e-5) << "input gradient after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dw), grad0), test::scaled(want_dw, 2.0)), 1e-5)
      << "weight gradient after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(db), grad0), test::scaled(want_db, 2.0)), 1e-5)
      << "bias gradient after two backwards";

  // Fused residual add: residual = x - a, add = a, so residual + add is x (to float rounding).
  const auto a_host = test::random_values(M * C, 17, 0.5);
  const Matrix add = test::make_matrix("add", M, c_loc, [&](std::size_t i, std::size_t j) { return a_host[i * C + col0 + j]; });
  const auto residual0 = [&](std::size_t i, std::size_t j) { return p.x[i * C + col0 + j] - a_host[i * C + col0 + j]; };
  const Matrix residual = test::make_matrix("residual", M, c_loc, residual0);
  const Matrix unfused = test::make_matrix("unfused residual", M, c_loc, residual0);
  const Matrix out2 = test::filled_matrix("out2", M, c_loc, 0.0);
  const Vector mean2 = test::filled_vector("mean2", M, 0.0), rstd2 = test::filled_vector("rstd2", M, 0.0);
  residual_layernorm_forward(exec, out2, mean2, rstd2, residual, add, w, b, row_sums, x_group);
  add_into(exec, flat(unfused), flat(ConstMatrix(add)));
  layernorm_forward(exec, out, mean, rstd, unfused, w, b, row_sums, x_group);
  exec.fence();
  EXPECT_EQ(test::to_vector(residual), test::to_vector(unfused)) << "fused residual add: residual += add exactly";
  EXPECT_LT(test::rel_error(test::to_vector(out2), test::to_vector(out)), 1e-6) << "fused output vs unfused";
  EXPECT_LT(test::rel_error(test::to_vector(mean2), test::to_vector(mean)), 1e-6) << "fused mean vs unfused";
  EXPECT_LT(test::rel_error(test::to_vector(rstd2), test::to_vector(rstd)), 1e-6) << "fused rstd vs unfused";
  EXPECT_LT(test::rel_error(test::to_vector(out2), want_out), 1e-5) << "fused output vs reference";
  EXPECT_LT(test::rel_error(test::to_vector(rstd2), ref.rstd), 1e-5) << "fused rstd vs reference";

  // Accumulated input gradient: din += the gradient, the same as a separate add_into.
  const auto d0 = test::random_values(M * C, 18);
  const auto prefill = [&](std::size_t i, std::size_t j) { return d0[i * C + col0 + j]; };
  const Matrix din_acc = test::make_matrix("din accumulated", M, c_loc, prefill);
  const Matrix din_sum = test::make_matrix("din unfused", M, c_loc, prefill);
  layernorm_backward(exec, din_acc, dw, db, dout, in, w, mean, rstd, row_sums, partials, x_group, true);
  layernorm_backward(exec, din, dw, db, dout, in, w, mean, rstd, row_sums, partials, x_group);
  add_into(exec, flat(din_sum), flat(ConstMatrix(din)));
  exec.fence();
  std::vector<double> want_acc;
  for (int i = 0; i < M; ++i)
    for (std::size_t j = 0; j < c_loc; ++j) want_acc.push_back(d0[i * C + col0 + j] + ref.dx[i * C + col0 + j]);
  EXPECT_LT(test::rel_error(test::to_vector(din_acc), want_acc), 1e-5) << "accumulated input gradient vs reference";
  EXPECT_LT(test::rel_error(test::to_vector(din_acc), test::to_vector(din_sum)), 1e-6)
      << "accumulated input gradient vs backward + add_into";
}

TEST(LayerNorm, XSplitMatchesReferenceOnEveryGrid) {
  const int world = test::runtime().world_size();
  int checked = 0;
  for (const comm::GridShape& shape : comm::all_grid_shapes(world)) {
    if (C % shape.x != 0) continue;
    check_on_grid(shape);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// Finite differences of the float implementation on one rank: objective sum(out * R).
TEST(LayerNorm, FiniteDifferencesOnOneRank) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const ExecSpace exec;
  const Matrix in = test::make_matrix("in", M, C, [&](std::size_t i, std::size_t j) { return p.x[i * C + j]; });
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Vector b = test::make_vector("bias", C, [&](std::size_t j) { return p.b[j]; });
  const Matrix r = test::make_matrix("R", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    layernorm_forward(exec, out, mean, rstd, in, w, b, row_sums, self.x());
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  const Matrix din = test::filled_matrix("din", M, C, 0.0);
  const Vector dw = test::filled_vector("dweight", C, 0.0), db = test::filled_vector("dbias", C, 0.0);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), C, 0.0);
  layernorm_backward(exec, din, dw, db, r, in, w, mean, rstd, row_sums, partials, self.x());
  exec.fence();
  test::expect_finite_differences("input", in, test::to_vector(din), test::spread_indices(M * C, 7), objective);
  test::expect_finite_differences("weight", w, test::to_vector(dw), test::spread_indices(C, 4), objective);
  test::expect_finite_differences("bias", b, test::to_vector(db), test::spread_indices(C, 4), objective);
}

// bf16 mode writes a norm's output straight into a bf16 buffer (GptActivations::output): each
// value is the fp32 output rounded once, bit for bit, for the plain and the residual-fused forward
// (whose residual update and statistics stay fp32, and which writes the residual's bf16 copy in
// the same pass when given one).
TEST(LayerNorm, Bf16OutputIsTheRoundedFloatOutput) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const ExecSpace exec;
  const auto x_of = [&](std::size_t i, std::size_t j) { return p.x[i * C + j]; };
  const Matrix in = test::make_matrix("in", M, C, x_of);
  const Matrix add = test::make_matrix("add", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Vector b = test::make_vector("bias", C, [&](std::size_t j) { return p.b[j]; });
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Bf16Matrix out_bf16 = test::junk_bf16_matrix("out bf16", M, C);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Vector mean_bf16_run = test::filled_vector("mean, bf16 run", M, 0.0);
  const Vector rstd_bf16_run = test::filled_vector("rstd, bf16 run", M, 0.0);
  layernorm_forward(exec, out, mean, rstd, in, w, b, row_sums, self.x());
  layernorm_forward(exec, out_bf16, mean_bf16_run, rstd_bf16_run, in, w, b, row_sums, self.x());
  exec.fence();
  EXPECT_EQ(test::bits_of(out_bf16), test::rounded_bits_of(out)) << "layernorm_forward";
  EXPECT_EQ(test::to_vector(mean_bf16_run), test::to_vector(mean));
  EXPECT_EQ(test::to_vector(rstd_bf16_run), test::to_vector(rstd));

  const Matrix residual = test::make_matrix("residual", M, C, x_of);
  const Matrix residual_bf16_run = test::make_matrix("residual, bf16 run", M, C, x_of);
  const Bf16Matrix fused_bf16 = test::junk_bf16_matrix("fused out bf16", M, C);
  const Bf16Matrix residual_copy = test::junk_bf16_matrix("residual copy", M, C);
  residual_layernorm_forward(exec, out, mean, rstd, residual, add, w, b, row_sums, self.x());
  residual_layernorm_forward(exec, fused_bf16, mean_bf16_run, rstd_bf16_run, residual_bf16_run, add, w, b, row_sums,
                             self.x(), NormSpec(), residual_copy);
  exec.fence();
  EXPECT_EQ(test::bits_of(fused_bf16), test::rounded_bits_of(out)) << "residual_layernorm_forward";
  EXPECT_EQ(test::to_vector(residual_bf16_run), test::to_vector(residual)) << "residual (fp32)";
  EXPECT_EQ(test::bits_of(residual_copy), test::rounded_bits_of(residual)) << "the residual's bf16 copy";
  EXPECT_EQ(test::to_vector(rstd_bf16_run), test::to_vector(rstd));
}

// bf16 mode's backward reads a norm's input as the forward saved it, a bf16 copy: the same
// gradients, bit for bit, as from the fp32 values that copy holds.
TEST(LayerNorm, BackwardFromBf16InputEqualsRoundedFloatInput) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const ExecSpace exec;
  const Matrix in = test::make_rounded_matrix("in", M, C, [&](std::size_t i, std::size_t j) { return p.x[i * C + j]; });
  const Bf16Matrix in_bf16 = test::bf16_copy_of("in bf16", in);
  const Matrix dout = test::make_matrix("dout", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Vector b = test::make_vector("bias", C, [&](std::size_t j) { return p.b[j]; });
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), C, 0.0);
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  layernorm_forward(exec, out, mean, rstd, in, w, b, row_sums, self.x());
  struct Grads {
    Matrix din;
    Vector dw, db;
  };
  const auto grads_from = [&](const HeldMatrix& input, const char* name) {
    const Grads g{test::make_matrix(std::string("din ") + name, M, C, [&](std::size_t i, std::size_t j) { return 0.01 * (i + j); }),
                  test::filled_vector(std::string("dw ") + name, C, 0.5),
                  test::filled_vector(std::string("db ") + name, C, 0.25)};
    layernorm_backward(exec, g.din, g.dw, g.db, dout, input, w, mean, rstd, row_sums, partials, self.x(), true);
    exec.fence();
    return g;
  };
  const Grads from_float = grads_from(in, "fp32"), from_bf16 = grads_from(ConstBf16Matrix(in_bf16), "bf16");
  EXPECT_EQ(test::to_vector(from_bf16.din), test::to_vector(from_float.din)) << "input gradient (accumulated)";
  EXPECT_EQ(test::to_vector(from_bf16.dw), test::to_vector(from_float.dw)) << "weight gradient";
  EXPECT_EQ(test::to_vector(from_bf16.db), test::to_vector(from_float.db)) << "bias gradient";
  EXPECT_GT(test::max_abs(test::to_vector(from_float.dw)), 0.5) << "the gradients were computed";
}

// The parameter gradients are column sums over the rows in a fixed order: two backwards into
// zeroed gradients give bit-identical results (no atomics, no order that depends on threads).
TEST(LayerNorm, ParameterGradientsBitIdenticalRunToRun) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const ExecSpace exec;
  const Matrix in = test::make_matrix("in", M, C, [&](std::size_t i, std::size_t j) { return p.x[i * C + j]; });
  const Matrix dout = test::make_matrix("dout", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Vector b = test::make_vector("bias", C, [&](std::size_t j) { return p.b[j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0), din = test::filled_matrix("din", M, C, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), C, 0.0);
  EXPECT_EQ(layernorm_partial_rows(M), 2 * ((M + layernorm_chunk_rows - 1) / layernorm_chunk_rows));
  layernorm_forward(exec, out, mean, rstd, in, w, b, row_sums, self.x());
  std::vector<std::vector<double>> dws, dbs;
  for (int run = 0; run < 2; ++run) {
    const Vector dw = test::filled_vector("dweight", C, 0.0), db = test::filled_vector("dbias", C, 0.0);
    Kokkos::deep_copy(partials, static_cast<float>(run) * 7.0f);  // scratch contents must not matter
    layernorm_backward(exec, din, dw, db, dout, in, w, mean, rstd, row_sums, partials, self.x());
    exec.fence();
    dws.push_back(test::to_vector(dw));
    dbs.push_back(test::to_vector(db));
  }
  EXPECT_EQ(dws[0], dws[1]) << "weight gradient differs between two identical backwards";
  EXPECT_EQ(dbs[0], dbs[1]) << "bias gradient differs between two identical backwards";
  const RefResult& ref = reference_result();
  EXPECT_LT(test::rel_error(dws[0], ref.dw), 1e-5) << "weight gradient";
  EXPECT_LT(test::rel_error(dbs[0], ref.db), 1e-5) << "bias gradient";
}

// Finite differences of the fused residual LayerNorm in the added branch: objective
// sum(out * R) with residual reset to x - a before each call; d/d(add) = d/d(in) of LayerNorm.
TEST(LayerNorm, ResidualFusedFiniteDifferencesOnOneRank) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const ExecSpace exec;
  const auto a_host = test::random_values(M * C, 17, 0.5);
  const Matrix add = test::make_matrix("add", M, C, [&](std::size_t i, std::size_t j) { return a_host[i * C + j]; });
  const Matrix residual0 = test::make_matrix("residual0", M, C, [&](std::size_t i, std::size_t j) {
    return p.x[i * C + j] - a_host[i * C + j];
  });
  const Matrix residual = test::filled_matrix("residual", M, C, 0.0);
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Vector b = test::make_vector("bias", C, [&](std::size_t j) { return p.b[j]; });
  const Matrix r = test::make_matrix("R", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    Kokkos::deep_copy(exec, residual, residual0);
    residual_layernorm_forward(exec, out, mean, rstd, residual, add, w, b, row_sums, self.x());
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  const Matrix din = test::filled_matrix("din", M, C, 0.0);
  const Vector dw = test::filled_vector("dweight", C, 0.0), db = test::filled_vector("dbias", C, 0.0);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), C, 0.0);
  layernorm_backward(exec, din, dw, db, r, residual, w, mean, rstd, row_sums, partials, self.x());
  exec.fence();
  const auto grad = test::to_vector(din);
  test::expect_finite_differences("add", add, grad, test::spread_indices(M * C, 7), objective);
  test::expect_finite_differences("residual", residual0, grad, test::spread_indices(M * C, 5), objective);
  test::expect_finite_differences("weight", w, test::to_vector(dw), test::spread_indices(C, 4), objective);
}

constexpr float rms_eps = 1e-6f;  // Llama 2's rms_norm_eps: distinct from LayerNorm's 1e-5

struct RmsRef {
  std::vector<double> out, rstd, dx, dw;
};

const RmsRef& rms_reference() {
  static const RmsRef r = [] {
    const Problem& p = problem();
    RmsRef q;
    q.out.assign(M * C, 0.0);
    q.rstd.assign(M, 0.0);
    q.dx.assign(M * C, 0.0);
    q.dw.assign(C, 0.0);
    reference::rmsnorm_forward(q.out.data(), q.rstd.data(), p.x.data(), p.w.data(), M, C, rms_eps);
    reference::rmsnorm_backward(q.dx.data(), q.dw.data(), p.dy.data(), p.x.data(), p.w.data(), q.rstd.data(), M, C);
    return q;
  }();
  return r;
}

void check_rms_on_grid(const comm::GridShape& shape) {
  SCOPED_TRACE("grid " + shape.str());
  const comm::Grid grid(shape, test::world());
  const comm::Communicator& x_group = grid.x();
  const std::size_t c_loc = C / x_group.size(), col0 = x_group.rank() * c_loc;
  const Problem& p = problem();
  const RmsRef& ref = rms_reference();
  const NormSpec rms = NormSpec::rms_norm(rms_eps);
  const ExecSpace exec;
  const auto slice = [&](const std::vector<double>& v) {
    return [&v, col0](std::size_t i, std::size_t j) { return v[i * C + col0 + j]; };
  };
  const Matrix in = test::make_matrix("in", M, c_loc, slice(p.x));
  const Matrix dout = test::make_matrix("dout", M, c_loc, slice(p.dy));
  const Vector w = test::make_vector("weight", c_loc, [&](std::size_t j) { return p.w[col0 + j]; });
  const Matrix out = test::filled_matrix("out", M, c_loc, 0.0);
  const Vector mean = test::filled_vector("mean", M, 5.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), c_loc, 0.0);
  layernorm_forward(exec, out, mean, rstd, in, w, ConstVector(), row_sums, x_group, rms);
  const Matrix din = test::filled_matrix("din", M, c_loc, din_junk);
  const Vector dw = test::filled_vector("dweight", c_loc, grad0);
  layernorm_backward(exec, din, dw, Vector(), dout, in, w, mean, rstd, row_sums, partials, x_group, false, rms);
  exec.fence();

  std::vector<double> want_out, want_dx, want_dw;
  for (int i = 0; i < M; ++i)
    for (std::size_t j = 0; j < c_loc; ++j) {
      want_out.push_back(ref.out[i * C + col0 + j]);
      want_dx.push_back(ref.dx[i * C + col0 + j]);
    }
  for (std::size_t j = 0; j < c_loc; ++j) want_dw.push_back(ref.dw[col0 + j]);
  EXPECT_LT(test::rel_error(test::to_vector(out), want_out), 1e-5) << "output";
  EXPECT_EQ(test::to_vector(mean), std::vector<double>(M, 0.0)) << "RMSNorm keeps mean 0";
  EXPECT_LT(test::rel_error(test::to_vector(rstd), ref.rstd), 1e-5) << "rstd";
  EXPECT_LT(test::rel_error(test::to_vector(din), want_dx), 1e-5) << "input gradient (assigned)";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dw), grad0), want_dw), 1e-5) << "weight gradient (accumulated)";

  // Recomputed from the kept statistics: the forward's output bit for bit.
  const Matrix again = test::filled_matrix("again", M, c_loc, 0.0);
  layernorm_normalise(exec, again, in, mean, rstd, w, ConstVector());
  // Fused residual add: residual = x - a, add = a.
  const auto a_host = test::random_values(M * C, 17, 0.5);
  const Matrix add = test::make_matrix("add", M, c_loc, slice(a_host));
  const Matrix residual = test::make_matrix("residual", M, c_loc, [&](std::size_t i, std::size_t j) {
    return p.x[i * C + col0 + j] - a_host[i * C + col0 + j];
  });
  const Matrix fused = test::filled_matrix("fused", M, c_loc, 0.0);
  residual_layernorm_forward(exec, fused, mean, rstd, residual, add, w, ConstVector(), row_sums, x_group, rms);
  exec.fence();
  EXPECT_EQ(test::to_vector(again), test::to_vector(out)) << "layernorm_normalise of RMSNorm statistics";
  EXPECT_LT(test::rel_error(test::to_vector(fused), want_out), 1e-5) << "fused residual RMSNorm";
}

TEST(RmsNorm, XSplitMatchesReferenceOnEveryGrid) {
  int checked = 0;
  for (const comm::GridShape& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (C % shape.x != 0) continue;
    check_rms_on_grid(shape);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(RmsNorm, FiniteDifferencesOnOneRank) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const Problem& p = problem();
  const NormSpec rms = NormSpec::rms_norm(rms_eps);
  const ExecSpace exec;
  const Matrix in = test::make_matrix("in", M, C, [&](std::size_t i, std::size_t j) { return p.x[i * C + j]; });
  const Vector w = test::make_vector("weight", C, [&](std::size_t j) { return p.w[j]; });
  const Matrix r = test::make_matrix("R", M, C, [&](std::size_t i, std::size_t j) { return p.dy[i * C + j]; });
  const Matrix out = test::filled_matrix("out", M, C, 0.0);
  const Vector mean = test::filled_vector("mean", M, 0.0), rstd = test::filled_vector("rstd", M, 0.0);
  const Tensor2<double> row_sums(Kokkos::view_alloc(std::string("row_sums")), M, 2);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    layernorm_forward(exec, out, mean, rstd, in, w, ConstVector(), row_sums, self.x(), rms);
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  const Matrix din = test::filled_matrix("din", M, C, 0.0);
  const Vector dw = test::filled_vector("dweight", C, 0.0);
  const Matrix partials = test::filled_matrix("column_partials", layernorm_partial_rows(M), C, 0.0);
  layernorm_backward(exec, din, dw, Vector(), r, in, w, mean, rstd, row_sums, partials, self.x(), false, rms);
  exec.fence();
  test::expect_finite_differences("input", in, test::to_vector(din), test::spread_indices(M * C, 7), objective);
  test::expect_finite_differences("weight", w, test::to_vector(dw), test::spread_indices(C, 4), objective);
}

}  // namespace
}  // namespace fourfold
