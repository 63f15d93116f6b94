#include "layers/cached_attention.hpp"

#include "core/error.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"

#include <cmath>

namespace fourfold {

void cached_attention_forward(const ExecSpace& exec, const Matrix& out, const ConstMatrix& qkv, const Matrix& k_cache,
                              const Matrix& v_cache, const RowIndexView& row_sequence, const RowIndexView& row_position,
                              int positions, int longest, int heads_local, int kv_heads_local) {
  ScopedRegion region("fourfold::cached_attention::forward");
  const int n = static_cast<int>(qkv.extent(0));
  const int hs = static_cast<int>(out.extent(1)) / heads_local;
  const int kv_width = kv_heads_local * hs, q_width = heads_local * hs;
  FF_REQUIRE(longest >= 1 && longest <= positions,
             "generation: a token at position {} would pass the key/value cache of {} positions per sequence",
             longest - 1, positions);
  FF_ASSERT(qkv.extent(1) == static_cast<std::size_t>(q_width + 2 * kv_width) && k_cache.extent(1) == static_cast<std::size_t>(kv_width) &&
                out.extent(0) == qkv.extent(0) && k_cache.extent(0) % static_cast<std::size_t>(positions) == 0 &&
                row_sequence.extent(0) == qkv.extent(0) && row_position.extent(0) == qkv.extent(0),
            "cached attention: qkv {}x{}, cache {}x{} of {} positions per sequence, out {}x{}, {} and {} row indices for "
            "{} heads and {} key/value heads", qkv.extent(0), qkv.extent(1), k_cache.extent(0), k_cache.extent(1),
            positions, out.extent(0), out.extent(1), row_sequence.extent(0), row_position.extent(0), heads_local,
            kv_heads_local);
  using Team = Kokkos::TeamPolicy<ExecSpace>::member_type;
  // The new keys and values into their cache rows.
  Kokkos::parallel_for(
      "fourfold::cached_attention::append", Kokkos::TeamPolicy<ExecSpace>(exec, n, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const int i = team.league_rank();
        const int row = row_sequence(i) * positions + row_position(i);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kv_width), [&](const int c) {
          k_cache(row, c) = qkv(i, q_width + c);
          v_cache(row, c) = qkv(i, q_width + kv_width + c);
        });
      });
  // One team per (row, query head): its scores over its sequence's positions [0, row_position]
  // in scratch.
  using Scratch = Kokkos::View<float*, ExecSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const std::size_t scratch = Scratch::shmem_size(static_cast<std::size_t>(longest));
  const int group = heads_local / kv_heads_local;
  const float scale = 1.0f / std::sqrt(static_cast<float>(hs));
  Kokkos::parallel_for(
      "fourfold::cached_attention::forward",
      Kokkos::TeamPolicy<ExecSpace>(exec, n * heads_local, Kokkos::AUTO, Kokkos::AUTO)
          .set_scratch_size(1, Kokkos::PerTeam(scratch)),
      KOKKOS_LAMBDA(const Team& team) {
        const int i = team.league_rank() / heads_local, h = team.league_rank() % heads_local;
        const int kv = (h / group) * hs, seen = row_position(i) + 1, base = row_sequence(i) * positions;
        const Scratch scores(team.team_scratch(1), static_cast<std::size_t>(seen));
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, seen), [&](const int j) {
          float dot = 0.0f;
          Kokkos::parallel_reduce(
              Kokkos::ThreadVectorRange(team, hs), [&](const int d, float& acc) { acc += qkv(i, h * hs + d) * k_cache(base + j, kv + d); },
              dot);
          Kokkos::single(Kokkos::PerThread(team), [&]() { scores(j) = dot * scale; });
        });
        team.team_barrier();
        float largest = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, seen), [&](const int j, float& m) { m = scores(j) > m ? scores(j) : m; },
            Kokkos::Max<float>(largest));
        float sum = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, seen), [&](const int j, float& s) { s += kmath::exp(scores(j) - largest); },
            sum);
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, seen), [&](const int j) {
          Kokkos::single(Kokkos::PerThread(team), [&]() { scores(j) = kmath::exp(scores(j) - largest) / sum; });
        });
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, hs), [&](const int d) {
          float acc = 0.0f;
          Kokkos::parallel_reduce(
              Kokkos::ThreadVectorRange(team, seen), [&](const int j, float& a) { a += scores(j) * v_cache(base + j, kv + d); }, acc);
          Kokkos::single(Kokkos::PerThread(team), [&]() { out(i, h * hs + d) = acc; });
        });
      });
}

}  // namespace fourfold
