#include "layers/lm_head_loss.hpp"

#include "comm/collectives.hpp"
#include "core/gemm.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "layers/elementwise.hpp"

#include <algorithm>

namespace fourfold {

void lm_head_loss_forward(const ExecSpace& exec, const Vector& losses, const Matrix& probs,
                            const LmHeadWorkspace& ws, const ConstMatrix& h,
                            const ConstMatrix& wte_local, const TokenView& targets,
                            const VocabShard& vocab, const comm::Communicator& x_group,
                            const comm::Communicator& xy_group) {
  ScopedRegion region("fourfold::lm_head_loss::forward");
  const std::size_t m = h.extent(0), c_loc = h.extent(1);
  const Vector gathered = Kokkos::subview(ws.gathered, Kokkos::make_pair(std::size_t{0}, m * c_loc * x_group.size()));
  comm::all_gather(exec, x_group, ConstVector(h.data(), m * c_loc), gathered);
  unpack_x_gather(exec, ws.h_full, gathered, x_group.size());
  gemm(exec, Op::none, Op::transpose, 1.0f, ws.h_full, wte_local, 0.0f, probs,
       "fourfold::lm_head::gemm");

  // Columns this rank owns that are real vocabulary.
  const int real_local = std::min(vocab.local, std::max(0, vocab.real_vocab - vocab.offset));
  const int offset = vocab.offset, v_loc = vocab.local;
  const Tensor2<float> stats = ws.row_stats;
  const Vector row_max = ws.row_max;
  // One team per row, team reductions over the V_loc vocabulary columns.
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::forward::max", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        float mx = 0.0f;  // the lowest float when this rank holds no real vocabulary
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, real_local),
            [&](const int j, float& acc) { acc = probs(i, j) > acc ? probs(i, j) : acc; }, Kokkos::Max<float>(mx));
        Kokkos::single(Kokkos::PerTeam(team), [&]() { row_max(i) = mx; });
      });
  comm::all_reduce(exec, xy_group, row_max, comm::ReduceOp::max);
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::forward::sums", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const float mx = row_max(i);
        const int t = targets(i) - offset;
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
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::forward::normalise", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const float inv = 1.0f / stats(i, 0);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, v_loc), [&](const int j) { probs(i, j) *= inv; });
        Kokkos::single(Kokkos::PerTeam(team),
                       [&]() { losses(i) = kmath::log(stats(i, 0)) + row_max(i) - stats(i, 1); });
      });
  Kokkos::parallel_reduce(
      "fourfold::lm_head_loss::forward::sum", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i, double& acc) { acc += losses(i); }, ws.loss_sum);
}

void lm_head_loss_backward(const ExecSpace& exec, const Matrix& dh, const Matrix& dwte_local,
                           const Matrix& dh_full, const Matrix& probs, const LmHeadWorkspace& ws,
                           const ConstMatrix& wte_local, const TokenView& targets, float scale,
                           const VocabShard& vocab, int x_rank, const comm::Communicator& xy_group) {
  ScopedRegion region("fourfold::lm_head_loss::backward");
  const std::size_t m = probs.extent(0), c_loc = dh.extent(1);
  const int offset = vocab.offset, v_loc = vocab.local;
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::backward::dlogits", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const int t = targets(i) - offset;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, v_loc), [&](const int j) {
          probs(i, j) = (probs(i, j) - (j == t ? 1.0f : 0.0f)) * scale;
        });
      });
  // dh_full (m, C) = dlogits (m, V_loc) wte_local (V_loc, C), summed over the vocab shards.
  gemm(exec, Op::none, Op::none, 1.0f, probs, wte_local, 0.0f, dh_full, "fourfold::lm_head::dinput");
  comm::Request reduce = comm::all_reduce_start(exec, xy_group, dh_full);
  gemm(exec, Op::transpose, Op::none, 1.0f, probs, ws.h_full, 1.0f, dwte_local,
       "fourfold::lm_head::dweight");
  reduce.wait(exec);
  const std::size_t col0 = static_cast<std::size_t>(x_rank) * c_loc;
  Kokkos::parallel_for(
      "fourfold::lm_head_loss::backward::slice", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c_loc),
                             [&](const std::size_t j) { dh(i, j) = dh_full(i, col0 + j); });
      });
}

}  // namespace fourfold
