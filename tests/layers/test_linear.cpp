// ParallelLinear (layers/linear.hpp) against the serial double reference's matmul, on every
// grid of the world size, in both orientations, with one output group, three (QKV) and three of
// unequal sizes (grouped-query QKV: k and v smaller than q): each rank
// feeds its local pieces of a global X (m, k), W (n, k), bias (n), dY (m, n) and its outputs,
// input gradients and parameter gradients must equal the matching pieces of the reference
// (locally on every rank, and assembled to global shape from one owner per element). Also:
// parameter gradients accumulate (+=) and the input gradient is assigned (=) over two backward
// calls, Z-split rows add up in the reduce-scattered weight chunk, and the float implementation
// agrees with central finite differences on one rank. An empty bias view skips the bias add
// (for callers that fuse it into the next kernel).
#include "comm/grid.hpp"
#include "layers/elementwise.hpp"
#include "layers/linear.hpp"
#include "reference/gpt2_reference.hpp"
#include "test_env.hpp"
#include "test_layer_helpers.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace fourfold {
namespace {

// The backward of a layer as a model's schedule runs it (layers/linear_schedule.cpp): the weight
// block gathered over Z, backward_block into the gradient block (accumulating straight into the
// chunk when G_z = 1), the block reduce-scattered over Z and added to the chunk's gradient.
void backward_as_scheduled(ExecutionContext& ctx, const ParallelLinear& layer, const Matrix& din,
                           const Vector& dweight_chunk, const Vector& dbias, const ConstMatrix& dout,
                           const ConstMatrix& in, const ConstVector& weight_chunk, const LinearWorkspace& ws) {
  const std::size_t n_loc = layer.out_local(), k_loc = layer.in_local();
  const auto first = [](const Vector& v, std::size_t n) { return Kokkos::subview(v, Kokkos::make_pair(std::size_t{0}, n)); };
  if (layer.z_size() == 1) {
    layer.backward_block(ctx, din, Matrix(dweight_chunk.data(), n_loc, k_loc), 1.0f, dbias, dout, in,
                         ConstMatrix(weight_chunk.data(), n_loc, k_loc), ws, true);
    return;
  }
  const Vector block = first(ws.weight_block, layer.block_size());
  layer.gather_weight(ctx.compute(), weight_chunk, block, false);
  const Vector grad_block = first(ws.weight_grad_block, layer.block_size());
  layer.backward_block(ctx, din, Matrix(grad_block.data(), n_loc, k_loc), 0.0f, dbias, dout, in,
                       ConstMatrix(block.data(), n_loc, k_loc), ws, true);
  const Vector reduced = first(ws.weight_grad_chunk, layer.chunk_size());
  layer.reduce_weight_grad(ctx.compute(), grad_block, reduced, false);
  add_into(ctx.compute(), dweight_chunk, reduced);
}

constexpr int M = 12;  // rows of tokens
constexpr int K = 8;   // in features
constexpr int N = 24;  // out features (3 groups of 8 for QKV; 16, 4, 4 for grouped-query QKV)

constexpr double grad0 = 0.5;       // prefill of the parameter gradients (they accumulate)
constexpr double din_junk = 1.0e3;  // prefill of the input gradient (it is assigned)

struct Problem {
  std::vector<double> x, w, b, dy;  // (M, K), (N, K), (N), (M, N)
};

const Problem& problem() {
  static const Problem p{test::random_values(M * K, 1), test::random_values(N * K, 2, 0.5),
                         test::random_values(N, 3, 0.3), test::random_values(M * N, 4)};
  return p;
}

struct RefResult {
  std::vector<double> y, dx, dw, db;
};

/// The reference on rows [r0, r1) of the problem.
RefResult reference_on_rows(int r0, int r1) {
  const Problem& p = problem();
  const int rows = r1 - r0;
  RefResult r;
  r.y.assign(rows * N, 0.0);
  r.dx.assign(rows * K, 0.0);
  r.dw.assign(N * K, 0.0);
  r.db.assign(N, 0.0);
  const double* x = p.x.data() + r0 * K;
  const double* dy = p.dy.data() + r0 * N;
  reference::matmul_forward(r.y.data(), x, p.w.data(), p.b.data(), 1, rows, K, N);
  reference::matmul_backward(r.dx.data(), r.dw.data(), r.db.data(), dy, x, p.w.data(), 1, rows, K, N);
  return r;
}

struct Case {
  Orientation orientation;
  std::vector<int> groups;  // output group sizes, summing to N
  bool split_rows_over_z;   // rows split over Z (as FSDP sees them) instead of the same rows
};

const std::vector<int> one_group{N}, qkv_groups{8, 8, 8}, gqa_groups{16, 4, 4};

std::string describe(const Case& c, const comm::GridShape& shape) {
  std::string groups;
  for (const int g : c.groups) groups += (groups.empty() ? "" : ",") + std::to_string(g);
  return std::string(c.orientation == Orientation::normal ? "normal" : "transposed") + " groups " + groups +
         (c.split_rows_over_z ? " rows split over Z" : " same rows") + " grid " + shape.str();
}

bool divides(const Case& c, const comm::GridShape& s) {
  const bool normal = c.orientation == Orientation::normal;
  const int in_size = normal ? s.x : s.y, out_size = normal ? s.y : s.x;
  if (K % in_size != 0) return false;
  for (const int g : c.groups)
    if (g % out_size != 0) return false;
  const long block = static_cast<long>(N / out_size) * (K / in_size);
  if (block % s.z != 0) return false;
  return !c.split_rows_over_z || M % s.z == 0;
}

void check_on_grid(const Case& c, const comm::GridShape& shape) {
  SCOPED_TRACE(describe(c, shape));
  const comm::Grid grid(shape, test::world());
  const ParallelLinear layer("test.linear", c.groups, K, c.orientation, grid);
  const Problem& p = problem();
  ExecutionContext& ctx = grid.context();
  const ExecSpace& exec = ctx.compute();

  const std::size_t n_loc = layer.out_local(), k_loc = layer.in_local();
  const MatrixShard ws = layer.weight_shard(), bs = layer.bias_shard();
  const bool normal = c.orientation == Orientation::normal;
  const int in_size = normal ? shape.x : shape.y, out_size = normal ? shape.y : shape.x;
  const int in_shard = normal ? grid.coords().x : grid.coords().y;
  const int out_shard = normal ? grid.coords().y : grid.coords().x;
  EXPECT_EQ(n_loc, static_cast<std::size_t>(N / out_size));
  EXPECT_EQ(k_loc, static_cast<std::size_t>(K / in_size));
  EXPECT_EQ(ws.col_begin, in_shard * k_loc);
  EXPECT_EQ(ws.row_shard, static_cast<std::size_t>(out_shard));
  // Each output group is split over the shards on its own: a rank holds the same slice of
  // every group (the q, k and v rows of the same heads), group by group.
  std::size_t r = 0, group_begin = 0;
  for (const int g : c.groups) {
    const std::size_t share = static_cast<std::size_t>(g / out_size);
    for (std::size_t i = 0; i < share; ++i, ++r) {
      EXPECT_EQ(ws.global_row(r), group_begin + out_shard * share + i) << r;
      EXPECT_EQ(bs.global_row(r), ws.global_row(r)) << r;
    }
    group_begin += static_cast<std::size_t>(g);
  }
  EXPECT_EQ(r, n_loc);

  const int gz = shape.z, z = grid.coords().z;
  const int r0 = c.split_rows_over_z ? z * (M / gz) : 0;
  const int rows = c.split_rows_over_z ? M / gz : M;
  const RefResult local_ref = reference_on_rows(r0, r0 + rows);
  const RefResult all_ref = reference_on_rows(0, M);
  // The reduce-scatter over Z sums the Z ranks' weight-gradient blocks: with the same rows on
  // every Z rank that is G_z times the one-rank gradient; with rows split, exactly it.
  const double dw_factor = c.split_rows_over_z ? 1.0 : static_cast<double>(gz);

  const std::size_t col0 = ws.col_begin;
  const std::size_t cb = layer.chunk_begin(), cs = layer.chunk_size();
  auto w_index = [&](std::size_t e) {  // global flat index of block element e
    return ws.global_row(e / k_loc) * K + col0 + e % k_loc;
  };
  const Matrix in = test::make_matrix("in", rows, k_loc, [&](std::size_t i, std::size_t j) {
    return p.x[(r0 + i) * K + col0 + j];
  });
  const Matrix dout = test::make_matrix("dout", rows, n_loc, [&](std::size_t i, std::size_t j) {
    return p.dy[(r0 + i) * N + ws.global_row(j)];
  });
  const Vector chunk = test::make_vector("weight_chunk", cs, [&](std::size_t e) { return p.w[w_index(cb + e)]; });
  const Vector bias = test::make_vector("bias", n_loc, [&](std::size_t r) { return p.b[bs.global_row(r)]; });
  LinearWorkspace lws;
  lws.weight_block = test::filled_vector("weight_block", layer.block_size(), 0.0);
  lws.weight_grad_block = test::filled_vector("weight_grad_block", layer.block_size(), 0.0);
  lws.weight_grad_chunk = test::filled_vector("weight_grad_chunk", cs, 0.0);
  lws.ones = test::filled_vector("ones", rows, 1.0);

  const Matrix out = test::filled_matrix("out", rows, n_loc, 0.0);
  layer.forward(ctx, out, in, chunk, bias, lws);
  const Matrix din = test::filled_matrix("din", rows, k_loc, din_junk);
  const Vector dchunk = test::filled_vector("dweight_chunk", cs, grad0);
  const Vector dbias = test::filled_vector("dbias", n_loc, grad0);
  backward_as_scheduled(ctx, layer, din, dchunk, dbias, dout, in, chunk, lws);
  exec.fence();

  // The forward overlap: the rows in 2, 4 or 8 chunks (8 of 12 rows: chunks of 1 and 2 rows),
  // each chunk's all-reduce behind the next one's GEMM, give the one-chunk output bit for bit, in
  // fp32 and through a bf16 wire.
  {
    const ConstMatrix block(layer.z_size() == 1 ? chunk.data() : lws.weight_block.data(), n_loc, k_loc);
    const auto one_chunk = test::to_vector(out);
    LinearWorkspace wired = lws;
    wired.wire = Bf16Vector("wire", layer.wire_size(rows));
    const Matrix wired_one = test::filled_matrix("wired one chunk", rows, n_loc, 0.0);
    layer.forward_block(ctx, wired_one, in, block, bias, wired, 1);
    exec.fence();
    const auto wired_reference = test::to_vector(wired_one);
    for (const int chunks : {2, 4, 8}) {
      const Matrix chunked = test::filled_matrix("chunked", rows, n_loc, -1.0);
      layer.forward_block(ctx, chunked, in, block, bias, lws, chunks);
      const Matrix wired_chunked = test::filled_matrix("wired chunked", rows, n_loc, -1.0);
      layer.forward_block(ctx, wired_chunked, in, block, bias, wired, chunks);
      exec.fence();
      EXPECT_EQ(test::to_vector(chunked), one_chunk) << chunks << " row chunks, fp32";
      EXPECT_EQ(test::to_vector(wired_chunked), wired_reference) << chunks << " row chunks, bf16 wire";
    }
    // The backward's input-gradient all-reduce by the same chunks, with OAR and without: din, dW
    // and the bias gradient bit for bit as one chunk with OAR.
    for (const LinearWorkspace* w : {&lws, &wired}) {
      const auto backward = [&](int chunks, bool oar) {
        const Matrix dx = test::filled_matrix("dx", rows, k_loc, din_junk);
        const Matrix dw = test::filled_matrix("dw", n_loc, k_loc, 0.0);
        const Vector db = test::filled_vector("db", n_loc, 0.0);
        layer.backward_block(ctx, dx, dw, 0.0f, db, dout, in, block, *w, oar, chunks);
        exec.fence();
        return std::tuple{test::to_vector(dx), test::to_vector(dw), test::to_vector(db)};
      };
      const auto reference = backward(1, true);
      for (const int chunks : {1, 2, 8})
        for (const bool oar : {true, false})
          EXPECT_EQ(backward(chunks, oar), reference)
              << chunks << " row chunks, OAR " << oar << (w == &wired ? ", bf16 wire" : ", fp32");
    }
  }

  // Local pieces against the reference, on every rank.
  std::vector<double> want_y, want_dx, want_dw, want_db;
  for (int i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < n_loc; ++j) want_y.push_back(local_ref.y[i * N + ws.global_row(j)]);
  for (int i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < k_loc; ++j) want_dx.push_back(local_ref.dx[i * K + col0 + j]);
  for (std::size_t e = 0; e < cs; ++e) want_dw.push_back(dw_factor * all_ref.dw[w_index(cb + e)]);
  for (std::size_t r = 0; r < n_loc; ++r) want_db.push_back(local_ref.db[bs.global_row(r)]);
  const auto got_y = test::to_vector(out), got_dx = test::to_vector(din);
  const auto got_dw = test::minus(test::to_vector(dchunk), grad0);
  const auto got_db = test::minus(test::to_vector(dbias), grad0);
  EXPECT_LT(test::rel_error(got_y, want_y), 1e-5) << "output";
  EXPECT_LT(test::rel_error(got_dx, want_dx), 1e-5) << "input gradient (assigned)";
  EXPECT_LT(test::rel_error(got_dw, want_dw), 1e-5) << "weight-chunk gradient (accumulated once)";
  EXPECT_LT(test::rel_error(got_db, want_db), 1e-5) << "bias gradient (accumulated once)";

  // Assembled to global shape, one owner per element.
  if (!c.split_rows_over_z) {
    const auto& co = grid.coords();
    const bool lead_z_data = co.z == 0 && co.data == 0;
    test::Assembled y(M * N), dx(M * K), dw(N * K), db(N);
    if (in_shard == 0 && lead_z_data) {  // outputs and bias gradient: replicated over the in shards
      for (int i = 0; i < M; ++i)
        for (std::size_t j = 0; j < n_loc; ++j) y.put(i * N + ws.global_row(j), got_y[i * n_loc + j]);
      for (std::size_t r = 0; r < n_loc; ++r) db.put(bs.global_row(r), got_db[r]);
    }
    if (out_shard == 0 && lead_z_data) {  // input gradient: replicated over the out shards
      for (int i = 0; i < M; ++i)
        for (std::size_t j = 0; j < k_loc; ++j) dx.put(i * K + col0 + j, got_dx[i * k_loc + j]);
    }
    if (co.data == 0)  // weight chunks: distinct over x, y and z
      for (std::size_t e = 0; e < cs; ++e) dw.put(w_index(cb + e), got_dw[e]);
    for (test::Assembled* a : {&y, &dx, &dw, &db}) a->sum(grid.world().mpi());
    test::expect_covered_once(y, "output");
    test::expect_covered_once(dx, "input gradient");
    test::expect_covered_once(dw, "weight gradient");
    test::expect_covered_once(db, "bias gradient");
    EXPECT_LT(test::rel_error(y.values, all_ref.y), 1e-5) << "global output";
    EXPECT_LT(test::rel_error(dx.values, all_ref.dx), 1e-5) << "global input gradient";
    EXPECT_LT(test::rel_error(dw.values, test::scaled(all_ref.dw, dw_factor)), 1e-5) << "global weight gradient";
    EXPECT_LT(test::rel_error(db.values, all_ref.db), 1e-5) << "global bias gradient";
  }

  // A second backward: parameter gradients add up (+=), the input gradient is overwritten (=).
  backward_as_scheduled(ctx, layer, din, dchunk, dbias, dout, in, chunk, lws);
  exec.fence();
  EXPECT_LT(test::rel_error(test::to_vector(din), want_dx), 1e-5) << "input gradient after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dchunk), grad0), test::scaled(want_dw, 2.0)), 1e-5)
      << "weight-chunk gradient after two backwards";
  EXPECT_LT(test::rel_error(test::minus(test::to_vector(dbias), grad0), test::scaled(want_db, 2.0)), 1e-5)
      << "bias gradient after two backwards";
}

void check_every_grid(const Case& c) {
  const int world = test::runtime().world_size();
  int checked = 0;
  for (const comm::GridShape& shape : comm::all_grid_shapes(world)) {
    if (!divides(c, shape)) continue;
    check_on_grid(c, shape);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(ParallelLinear, NormalMatchesReferenceOnEveryGrid) {
  check_every_grid({Orientation::normal, one_group, false});
}

TEST(ParallelLinear, TransposedMatchesReferenceOnEveryGrid) {
  check_every_grid({Orientation::transposed, one_group, false});
}

TEST(ParallelLinear, ThreeOutputGroupsMatchReferenceOnEveryGrid) {
  check_every_grid({Orientation::normal, qkv_groups, false});
  check_every_grid({Orientation::transposed, qkv_groups, false});
}

// Grouped-query QKV: k and v a quarter of q's size.
TEST(ParallelLinear, UnequalOutputGroupsMatchReferenceOnEveryGrid) {
  check_every_grid({Orientation::normal, gqa_groups, false});
  check_every_grid({Orientation::transposed, gqa_groups, true});
}

TEST(ParallelLinear, RowsSplitOverZAddUpInTheWeightChunk) {
  check_every_grid({Orientation::normal, qkv_groups, true});
  check_every_grid({Orientation::transposed, one_group, true});
}

// Finite differences of the float implementation on one rank: objective sum(out * R).
void check_finite_differences(Orientation orientation, const std::vector<int>& groups) {
  SCOPED_TRACE(describe({orientation, groups, false}, {1, 1, 1, 1}));
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const ParallelLinear layer("test.linear.fd", groups, K, orientation, self);
  const Problem& p = problem();
  ExecutionContext& ctx = self.context();
  const ExecSpace& exec = ctx.compute();
  const MatrixShard ws = layer.weight_shard();
  const Matrix in = test::make_matrix("in", M, K, [&](std::size_t i, std::size_t j) { return p.x[i * K + j]; });
  const Vector w = test::make_vector("weight", N * K, [&](std::size_t e) { return p.w[ws.global_row(e / K) * K + e % K]; });
  const Vector b = test::make_vector("bias", N, [&](std::size_t r) { return p.b[ws.global_row(r)]; });
  const Matrix r = test::make_matrix("R", M, N, [&](std::size_t i, std::size_t j) { return p.dy[i * N + j]; });
  LinearWorkspace lws;
  lws.weight_block = test::filled_vector("weight_block", N * K, 0.0);
  lws.weight_grad_block = test::filled_vector("weight_grad_block", N * K, 0.0);
  lws.weight_grad_chunk = test::filled_vector("weight_grad_chunk", N * K, 0.0);
  lws.ones = test::filled_vector("ones", M, 1.0);
  const Matrix out = test::filled_matrix("out", M, N, 0.0);
  const auto r_host = test::to_vector(r);
  auto objective = [&] {
    layer.forward(ctx, out, in, w, b, lws);
    exec.fence();
    return test::dot(test::to_vector(out), r_host);
  };
  objective();
  const Matrix din = test::filled_matrix("din", M, K, 0.0);
  const Vector dw = test::filled_vector("dw", N * K, 0.0), db = test::filled_vector("db", N, 0.0);
  backward_as_scheduled(ctx, layer, din, dw, db, r, in, w, lws);
  exec.fence();
  test::expect_finite_differences("input", in, test::to_vector(din), test::spread_indices(M * K, 6), objective);
  test::expect_finite_differences("weight", w, test::to_vector(dw), test::spread_indices(N * K, 6), objective);
  test::expect_finite_differences("bias", b, test::to_vector(db), test::spread_indices(N, 4), objective);
}

TEST(ParallelLinear, FiniteDifferencesOnOneRank) {
  check_finite_differences(Orientation::normal, one_group);
  check_finite_differences(Orientation::transposed, qkv_groups);
  check_finite_differences(Orientation::normal, gqa_groups);
}

// An empty bias: the output without the bias, which add_row_bias then completes exactly.
TEST(ParallelLinear, EmptyBiasSkipsTheBiasAdd) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  const ParallelLinear layer("test.linear.nobias", N, K, Orientation::normal, 1, self);
  const Problem& p = problem();
  ExecutionContext& ctx = self.context();
  const ExecSpace& exec = ctx.compute();
  const MatrixShard ws = layer.weight_shard();
  const Matrix in = test::make_matrix("in", M, K, [&](std::size_t i, std::size_t j) { return p.x[i * K + j]; });
  const Vector w = test::make_vector("weight", N * K, [&](std::size_t e) { return p.w[ws.global_row(e / K) * K + e % K]; });
  const Vector b = test::make_vector("bias", N, [&](std::size_t r) { return p.b[ws.global_row(r)]; });
  LinearWorkspace lws;
  lws.weight_block = test::filled_vector("weight_block", N * K, 0.0);
  lws.ones = test::filled_vector("ones", M, 1.0);
  const Matrix with_bias = test::filled_matrix("with bias", M, N, 0.0);
  const Matrix without = test::filled_matrix("without bias", M, N, 0.0);
  layer.forward(ctx, with_bias, in, w, b, lws);
  layer.forward(ctx, without, in, w, ConstVector(), lws);
  exec.fence();
  const auto got_with = test::to_vector(with_bias);
  EXPECT_NE(test::to_vector(without), got_with) << "an empty bias must skip the bias add";
  add_row_bias(exec, without, b);
  exec.fence();
  EXPECT_EQ(test::to_vector(without), got_with) << "the bias added afterwards gives the same output";
}

}  // namespace
}  // namespace fourfold
