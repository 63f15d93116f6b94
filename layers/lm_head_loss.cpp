#include "layers/lm_head_loss.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/gemm.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "layers/elementwise.hpp"

#include <algorithm>
#include <string>

namespace fourfold {
namespace {

using Range = Kokkos::pair<std::size_t, std::size_t>;

// Rows [first, end) of the m rows: one chunk of the logits.
struct Chunk {
  std::size_t first, end;
  std::size_t rows() const { return end - first; }
  Range range() const { return {first, end}; }
};

Chunk chunk_of(const LmHeadWorkspace& ws, std::size_t c) {
  const std::size_t m = ws.h_full.extent(0), rows = ws.logits.extent(0);
  return {c * rows, std::min(m, (c + 1) * rows)};
}

// Columns this rank owns that are real vocabulary.
int real_columns(const VocabShard& vocab) {
  return std::min(vocab.local, std::max(0, vocab.real_vocab - vocab.offset));
}

// logits (rows, V_loc) of chunk k = h_full rows of the chunk times the local vocabulary rows^T.
Matrix chunk_logits(ExecutionContext& ctx, const LmHeadWorkspace& ws, const WeightBlock& weight_local, const Chunk& k) {
  const Matrix logits = Kokkos::subview(ws.logits, Range{0, k.rows()}, Kokkos::ALL);
  gemm_with_weight(ctx.gemm(), Op::none, Op::transpose, 1.0f, Kokkos::subview(ws.h_full, k.range(), Kokkos::ALL),
                   weight_local, 0.0f, logits, "fourfold::lm_head::gemm");
  return logits;
}

}  // namespace

LmHeadWorkspace::LmHeadWorkspace(std::size_t m, int channels, std::size_t vocab_local, std::size_t chunk_rows) {
  FF_REQUIRE(chunk_rows >= 1 && chunk_rows <= m, "loss chunk of {} rows for {} rows: need 1 to {}", chunk_rows, m, m);
  const auto alloc_matrix = [](const char* label, std::size_t rows, std::size_t cols) {
    return Matrix(Kokkos::view_alloc(std::string(label)), rows, cols);
  };
  h_full = alloc_matrix("fourfold::ws::h_full", m, channels);
  gathered = Vector(Kokkos::view_alloc(std::string("fourfold::ws::gathered")), m * channels);
  logits = alloc_matrix("fourfold::ws::logits", chunk_rows, vocab_local);  // gathered: G_x slices of m C / G_x
  row_max = Vector(Kokkos::view_alloc(std::string("fourfold::ws::row_max")), m);
  row_stats = Tensor2<float>("fourfold::ws::row_stats", m, 2);
  loss_sum = DeviceScalar<double>("fourfold::ws::loss_sum");
}

std::size_t LmHeadWorkspace::bytes() const {
  return sizeof(float) * (h_full.span() + gathered.span() + logits.span() + row_max.span() + row_stats.span());
}

void lm_head_loss_forward(ExecutionContext& ctx, const Vector& losses, const LmHeadWorkspace& ws,
                          const ConstMatrix& h, const WeightBlock& weight_local, const TokenView& targets,
                          const VocabShard& vocab, const comm::Communicator& x_group,
                          const comm::Communicator& xy_group) {
  ScopedRegion region("fourfold::lm_head_loss::forward");
  const ExecSpace& exec = ctx.compute();
  const std::size_t m = h.extent(0), c_loc = h.extent(1);
  FF_REQUIRE(ws.h_full.extent(0) == m && ws.h_full.extent(1) == c_loc * x_group.size() &&
                 ws.logits.extent(1) == static_cast<std::size_t>(vocab.local) && losses.extent(0) == m,
             "LM head forward: h ({},{}) over {} X ranks, losses ({}), workspace h_full ({},{}) logits ({},{}), V_loc {}",
             m, c_loc, x_group.size(), losses.extent(0), ws.h_full.extent(0), ws.h_full.extent(1),
             ws.logits.extent(0), ws.logits.extent(1), vocab.local);
  FF_REQUIRE(weight_local.rows() == static_cast<std::size_t>(vocab.local) && weight_local.cols() == ws.h_full.extent(1),
             "LM head forward: weight ({},{}) for V_loc {} rows of {} channels", weight_local.rows(), weight_local.cols(),
             vocab.local, ws.h_full.extent(1));
  const Vector gathered = Kokkos::subview(ws.gathered, Range{0, m * c_loc * x_group.size()});
  comm::all_gather(exec, x_group, ConstVector(h.data(), m * c_loc), gathered);
  unpack_x_gather(exec, ws.h_full, gathered, x_group.size());

  const int real_local = real_columns(vocab);
  const int offset = vocab.offset, v_loc = vocab.local;
  for (std::size_t c = 0; c < ws.chunks(); ++c) {
    const Chunk k = chunk_of(ws, c);
    const Matrix probs = chunk_logits(ctx, ws, weight_local, k);
    const Tensor2<float> stats = Kokkos::subview(ws.row_stats, k.range(), Kokkos::ALL);
    const Vector row_max = Kokkos::subview(ws.row_max, k.range());
    const Vector chunk_losses = Kokkos::subview(losses, k.range());
    const TokenView chunk_targets = Kokkos::subview(targets, k.range());
    // The ledger counts a chunk's rows as V_loc columns wide (the padded vocabulary rows at the
    // end of the last shard included), so that its count depends on the shapes alone.
    const double rows = static_cast<double>(k.rows()), cols = v_loc;
    count_work(WorkKind::softmax, bytes_of<float>(rows * cols + rows));
    // One team per row, team reductions over the V_loc vocabulary columns.
    Kokkos::parallel_for(
        "fourfold::lm_head_loss::forward::max", row_teams(exec, k.rows()), KOKKOS_LAMBDA(const RowTeam& team) {
          const std::size_t i = team.league_rank();
          float mx = 0.0f;  // the lowest float when this rank holds no real vocabulary
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, real_local),
              [&](const int j, float& acc) { acc = probs(i, j) > acc ? probs(i, j) : acc; }, Kokkos::Max<float>(mx));
          Kokkos::single(Kokkos::PerTeam(team), [&]() { row_max(i) = mx; });
        });
    comm::all_reduce(exec, xy_group, row_max, comm::ReduceOp::max);
    count_work(WorkKind::softmax, bytes_of<float>(2 * rows * cols + 3 * rows) + bytes_of<int>(rows));
    Kokkos::parallel_for(
        "fourfold::lm_head_loss::forward::sums", row_teams(exec, k.rows()), KOKKOS_LAMBDA(const RowTeam& team) {
          const std::size_t i = team.league_rank();
          const float mx = row_max(i);
          const int t = chunk_targets(i) - offset;
          const bool owns_target = t >= 0 && t < real_local;
          const float target_logit = owns_target ? probs(i, t) : 0.0f;
          team.team_barrier();  // every thread has read the target logit before it is overwritten
          float sum = 0.0f;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, v_loc),
              [&](const int j, float& acc) {
                const float e = j < real_local ? fast_exp(probs(i, j) - mx) : 0.0f;
                probs(i, j) = e;
                acc += e;
              },
              sum);
          Kokkos::single(Kokkos::PerTeam(team), [&]() {
            stats(i, 0) = sum;
            stats(i, 1) = target_logit;
          });
        });
    comm::all_reduce(exec, xy_group, stats);
    count_work(WorkKind::softmax, bytes_of<float>(2 * rows * cols + 4 * rows));
    Kokkos::parallel_for(
        "fourfold::lm_head_loss::forward::normalise", row_teams(exec, k.rows()), KOKKOS_LAMBDA(const RowTeam& team) {
          const std::size_t i = team.league_rank();
          const float inv = 1.0f / stats(i, 0);
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, v_loc), [&](const int j) { probs(i, j) *= inv; });
          Kokkos::single(Kokkos::PerTeam(team),
                         [&]() { chunk_losses(i) = kmath::log(stats(i, 0)) + row_max(i) - stats(i, 1); });
        });
  }
  count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(m)) + bytes_of<double>(1.0));
  Kokkos::parallel_reduce(
      "fourfold::lm_head_loss::forward::sum", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i, double& acc) { acc += losses(i); }, ws.loss_sum);
}

void lm_head_loss_backward(ExecutionContext& ctx, const Matrix& dh, const Matrix& dwte_local,
                           const Matrix& dh_full, const LmHeadWorkspace& ws, const WeightBlock& weight_local,
                           const TokenView& targets, float scale, const VocabShard& vocab, int x_rank,
                           const comm::Communicator& xy_group, bool last_chunk_kept) {
  ScopedRegion region("fourfold::lm_head_loss::backward");
  const ExecSpace& exec = ctx.compute();
  const std::size_t m = ws.h_full.extent(0), c_loc = dh.extent(1);
  const int offset = vocab.offset, v_loc = vocab.local, real_local = real_columns(vocab);
  comm::Request reduce;  // the previous chunk's input-gradient all-reduce, while in flight
  for (std::size_t c = ws.chunks(); c-- > 0;) {
    const Chunk k = chunk_of(ws, c);
    const bool recompute = !(last_chunk_kept && c + 1 == ws.chunks());
    const Matrix dlogits = recompute ? chunk_logits(ctx, ws, weight_local, k)
                                     : Matrix(Kokkos::subview(ws.logits, Range{0, k.rows()}, Kokkos::ALL));
    const Tensor2<float> stats = Kokkos::subview(ws.row_stats, k.range(), Kokkos::ALL);
    const Vector row_max = Kokkos::subview(ws.row_max, k.range());
    const TokenView chunk_targets = Kokkos::subview(targets, k.range());
    // dlogits = (p - onehot(target)) * scale, where p is the forward's probability: recomputed from
    // the logits with the forward's operations (exp(l - max), then times 1 / sum), or kept.
    const double rows = static_cast<double>(k.rows());
    count_work(WorkKind::softmax, bytes_of<float>(2 * rows * v_loc + 2 * rows) + bytes_of<int>(rows));
    Kokkos::parallel_for(
        "fourfold::lm_head_loss::backward::dlogits", row_teams(exec, k.rows()), KOKKOS_LAMBDA(const RowTeam& team) {
          const std::size_t i = team.league_rank();
          const int t = chunk_targets(i) - offset;
          const float mx = row_max(i), inv = 1.0f / stats(i, 0);
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, v_loc), [&](const int j) {
            float p = dlogits(i, j);
            if (recompute) {
              const float e = j < real_local ? fast_exp(p - mx) : 0.0f;
              p = e * inv;
            }
            dlogits(i, j) = (p - (j == t ? 1.0f : 0.0f)) * scale;
          });
        });
    // dh_full rows (rows, C) = dlogits (rows, V_loc) wte_local (V_loc, C), summed over the vocab
    // shards while the weight gradient's GEMM runs.
    const Matrix dh_rows = Kokkos::subview(dh_full, k.range(), Kokkos::ALL);
    gemm_with_weight(ctx.gemm(), Op::none, Op::none, 1.0f, dlogits, weight_local, 0.0f, dh_rows,
                     "fourfold::lm_head::dinput");
    if (reduce.active()) reduce.wait(exec);
    reduce = comm::all_reduce_start(exec, xy_group, dh_rows);
    gemm(ctx.gemm(), Op::transpose, Op::none, 1.0f, dlogits, Kokkos::subview(ws.h_full, k.range(), Kokkos::ALL), 1.0f,
         dwte_local, "fourfold::lm_head::dweight");
  }
  if (reduce.active()) reduce.wait(exec);
  const std::size_t col0 = static_cast<std::size_t>(x_rank) * c_loc;
  count_work(WorkKind::copy, bytes_of<float>(2.0 * m * c_loc));
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::backward::slice", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c_loc),
                             [&](const std::size_t j) { dh(i, j) = dh_full(i, col0 + j); });
      });
}

}  // namespace fourfold
