#include "layers/embedding.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/profiling.hpp"
#include "layers/elementwise.hpp"

namespace fourfold {

void unpack_x_gather(const ExecSpace& exec, const Matrix& full, const ConstVector& gathered,
                     int x_size) {
  const std::size_t m = full.extent(0), c = full.extent(1), c_loc = c / x_size;
  const std::size_t parts = x_size;
  count_work(WorkKind::wire, bytes_of<float>(2.0 * m * c));
  Kokkos::parallel_for(
      "fourfold::unpack_x_gather", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        for (std::size_t x = 0; x < parts; ++x) {
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c_loc), [&](const std::size_t j) {
            full(i, x * c_loc + j) = gathered((x * m + i) * c_loc + j);
          });
        }
      });
}

namespace {

// full (m, C) = the XY group's sum of the wte rows of the tokens (each rank holds its vocabulary
// shard's rows, zero for the others).
void lookup_tokens(const ExecSpace& exec, const Matrix& full, const TokenView& tokens, const ConstMatrix& wte_local,
                   int vocab_offset, const comm::Communicator& xy_group) {
  const std::size_t m = full.extent(0), c = full.extent(1);
  const int v_loc = wte_local.extent(0);
  // Which rows of wte a rank reads depends on the tokens; counted as if every token's row were
  // local (the most it reads), so that the count depends on the shapes alone.
  count_work(WorkKind::elementwise, bytes_of<int>(static_cast<double>(m)) + bytes_of<float>(2.0 * m * c));
  Kokkos::parallel_for(
      "fourfold::embedding::forward::lookup", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const int row = tokens(i) - vocab_offset;
        const bool mine = row >= 0 && row < v_loc;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c),
                             [&](const std::size_t j) { full(i, j) = mine ? wte_local(row, j) : 0.0f; });
      });
  comm::all_reduce(exec, xy_group, full);
}

}  // namespace

void embedding_forward(const ExecSpace& exec, const Matrix& out, const Matrix& full,
                       const TokenView& tokens, const ConstMatrix& wte_local,
                       const ConstMatrix& wpe_local, int vocab_offset, int seq_len, int x_rank,
                       const comm::Communicator& xy_group, int first_position, std::size_t out_row_begin) {
  ScopedRegion region("fourfold::embedding::forward");
  const std::size_t c_loc = out.extent(1), m_out = out.extent(0);
  [[maybe_unused]] const std::size_t m = full.extent(0);  // read only by the assertion
  FF_ASSERT(out_row_begin + m_out <= m, "embedding_forward: rows [{}, {}) of {}", out_row_begin, out_row_begin + m_out,
            m);
  lookup_tokens(exec, full, tokens, wte_local, vocab_offset, xy_group);
  const std::size_t col0 = static_cast<std::size_t>(x_rank) * c_loc;
  const bool positions = wpe_local.extent(0) > 0;  // none for Llama (rotary embeddings instead)
  // Rows [out_row_begin, out_row_begin + m_out) of the sum into out (all of them but with
  // sequence sharding, sequence_shard.hpp).
  const std::size_t row0 = out_row_begin;
  count_work(WorkKind::elementwise,
             bytes_of<float>(2.0 * m_out * c_loc + (positions ? static_cast<double>(seq_len) * c_loc : 0.0)));
  Kokkos::parallel_for(
      "fourfold::embedding::forward::position", row_teams(exec, m_out), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank(), row = row0 + i;
        const std::size_t t = static_cast<std::size_t>(first_position) + row % seq_len;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c_loc), [&](const std::size_t j) {
          out(i, j) = positions ? full(row, col0 + j) + wpe_local(t, j) : full(row, col0 + j);
        });
      });
}

void embedding_forward(const ExecSpace& exec, const Matrix& out, const Matrix& full, const TokenView& tokens,
                       const ConstMatrix& wte_local, const ConstMatrix& wpe_local, int vocab_offset,
                       const PositionView& row_positions, int x_rank, const comm::Communicator& xy_group) {
  ScopedRegion region("fourfold::embedding::forward");
  const std::size_t m = full.extent(0), c_loc = out.extent(1);
  FF_ASSERT(out.extent(0) == m && row_positions.extent(0) == m, "embedding_forward: {} rows out, {} positions for {} rows",
            out.extent(0), row_positions.extent(0), m);
  lookup_tokens(exec, full, tokens, wte_local, vocab_offset, xy_group);
  const std::size_t col0 = static_cast<std::size_t>(x_rank) * c_loc;
  const bool positions = wpe_local.extent(0) > 0;  // none for Llama (rotary embeddings instead)
  count_work(WorkKind::elementwise, bytes_of<float>((positions ? 3.0 : 2.0) * m * c_loc));
  Kokkos::parallel_for(
      "fourfold::embedding::forward::position_rows", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const std::size_t t = static_cast<std::size_t>(row_positions(i));
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c_loc), [&](const std::size_t j) {
          out(i, j) = positions ? full(i, col0 + j) + wpe_local(t, j) : full(i, col0 + j);
        });
      });
}

void embedding_backward(const ExecSpace& exec, const Matrix& dwte_local, const Matrix& dwpe_local,
                        const ConstMatrix& dout, const Vector& gathered, const TokenView& tokens,
                        int vocab_offset, int seq_len, const comm::Communicator& x_group) {
  ScopedRegion region("fourfold::embedding::backward");
  const std::size_t m = dout.extent(0), c_loc = dout.extent(1);
  const std::size_t c = c_loc * x_group.size();
  const int v_loc = dwte_local.extent(0);
  const auto used = Kokkos::make_pair(std::size_t{0}, m * c);
  const Vector g = Kokkos::subview(gathered, used);
  comm::all_gather(exec, x_group, ConstVector(dout.data(), m * c_loc), g);
  // One work item per channel: tokens repeat, so rows of dwte are updated by one item only.
  // The gathered gradient read, and (as in forward, as if every row were local) dwte's rows
  // read and written.
  count_work(WorkKind::elementwise, bytes_of<int>(static_cast<double>(m)) + bytes_of<float>(3.0 * m * c));
  Kokkos::parallel_for(
      "fourfold::embedding::backward::tokens", Kokkos::RangePolicy<ExecSpace>(exec, 0, c),
      KOKKOS_LAMBDA(const std::size_t j) {
        const std::size_t x = j / c_loc, col = j % c_loc;
        for (std::size_t i = 0; i < m; ++i) {
          const int row = tokens(i) - vocab_offset;
          if (row >= 0 && row < v_loc) dwte_local(row, j) += g((x * m + i) * c_loc + col);
        }
      });
  if (dwpe_local.extent(0) == 0) return;  // no position embedding (Llama)
  const std::size_t rows_per_position = m / seq_len;
  count_work(WorkKind::elementwise, bytes_of<float>(static_cast<double>(m) * c_loc + 2.0 * seq_len * c_loc));
  Kokkos::parallel_for(
      "fourfold::embedding::backward::positions",
      Kokkos::RangePolicy<ExecSpace>(exec, 0, static_cast<std::size_t>(seq_len) * c_loc),
      KOKKOS_LAMBDA(const std::size_t idx) {
        const std::size_t t = idx / c_loc, j = idx % c_loc;
        float s = 0.0f;
        for (std::size_t b = 0; b < rows_per_position; ++b) s += dout(b * seq_len + t, j);
        dwpe_local(t, j) += s;
      });
}

}  // namespace fourfold
