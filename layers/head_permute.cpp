#include "layers/head_permute.hpp"

#include "core/bf16.hpp"
#include "core/ledger.hpp"
#include "layers/weight_block.hpp"  // store(): one element in the precision its operand is held in

namespace fourfold {
namespace {

using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using Team = TeamPolicy::member_type;

}  // namespace

// Row-major activations -> head-major (B_loc NH_y, T, hs) operands (fp32, or bf16 in bf16 mode):
// one team per row (b * T + t), its threads over the row's heads and its vector lanes over a
// head's hs contiguous elements, so reads along the row and each head's writes are contiguous
// (coalesced on a GPU, vectorised on a CPU) with no per-element index division. The part of the
// row starts at column `offset` and holds heads_local / group heads; each is repeated into its
// group's query-head slots.
template <class H>
void permute_to_heads(const ExecSpace& exec, const float* rows, int row_width, int offset, H* heads, int batch,
                      int T, int heads_local, int hs, int group, const char* label) {
  const std::size_t n = static_cast<std::size_t>(batch) * T * heads_local * hs;
  // Each row element read once (a group's slots repeat it through the cache), n written.
  count_work(WorkKind::copy, static_cast<double>(n) / group * sizeof(float) + static_cast<double>(n) * sizeof(H));
  Kokkos::parallel_for(
      label, TeamPolicy(exec, batch * T, Kokkos::AUTO, Kokkos::AUTO), KOKKOS_LAMBDA(const Team& team) {
        const std::size_t row = static_cast<std::size_t>(team.league_rank());  // b * T + t
        const std::size_t b = row / T, t = row % T;
        const float* const source = rows + row * row_width + offset;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, heads_local), [&](const int h) {
          H* const to = heads + ((b * heads_local + h) * T + t) * hs;
          const float* const from = source + static_cast<std::size_t>(h / group) * hs;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, hs), [&](const int j) { store(to[j], from[j]); });
        });
      });
}

// Head-major fp32 results -> row-major: each of the row's heads_local / group heads is written the
// sum of its group's query-head slots, in slot order (group 1: a plain copy). Teams, threads and
// lanes as permute_to_heads'.
void permute_from_heads(const ExecSpace& exec, float* rows, int row_width, int offset, const float* heads,
                        int batch, int T, int heads_local, int hs, int group, const char* label) {
  const int row_heads = heads_local / group;
  const std::size_t n = static_cast<std::size_t>(batch) * T * row_heads * hs;
  count_work(WorkKind::copy, bytes_of<float>(static_cast<double>(n) * group + static_cast<double>(n)));
  const std::size_t slot_stride = static_cast<std::size_t>(T) * hs;
  Kokkos::parallel_for(
      label, TeamPolicy(exec, batch * T, Kokkos::AUTO, Kokkos::AUTO), KOKKOS_LAMBDA(const Team& team) {
        const std::size_t row = static_cast<std::size_t>(team.league_rank());  // b * T + t
        const std::size_t b = row / T, t = row % T;
        float* const target = rows + row * row_width + offset;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, row_heads), [&](const int h) {
          // h is a row head: the sum over its group's slots
          const float* const slot = heads + ((b * heads_local + static_cast<std::size_t>(h) * group) * T + t) * hs;
          float* const to = target + static_cast<std::size_t>(h) * hs;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, hs), [&](const int j) {
            float sum = slot[j];
            for (int g = 1; g < group; ++g) sum += slot[static_cast<std::size_t>(g) * slot_stride + j];
            to[j] = sum;
          });
        });
      });
}

template void permute_to_heads<float>(const ExecSpace&, const float*, int, int, float*, int, int, int, int, int,
                                      const char*);
template void permute_to_heads<bf16>(const ExecSpace&, const float*, int, int, bf16*, int, int, int, int, int,
                                     const char*);

}  // namespace fourfold
