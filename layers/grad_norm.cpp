#include "layers/grad_norm.hpp"

#include "comm/collectives.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

#include <cmath>

namespace fourfold {

double global_gradient_norm(const ConstVector& gradients, const std::vector<ParamInfo>& params,
                            const comm::Grid& grid) {
  ScopedRegion region("fourfold::global_gradient_norm");
  const ExecSpace exec;
  double local = 0.0;
  std::size_t begin = 0, end = 0;  // current contiguous owned range
  auto flush = [&] {
    if (end <= begin) return;
    double sum = 0.0;
    constexpr std::size_t chunk = elementwise_chunk;
    constexpr int lanes = 8;
    const float* const data = gradients.data();
    const std::size_t first_element = begin, last_element = end;
    Kokkos::parallel_reduce(
        "fourfold::global_gradient_norm::squares",
        Kokkos::RangePolicy<ExecSpace>(exec, 0, (end - begin + chunk - 1) / chunk),
        KOKKOS_LAMBDA(const std::size_t c, double& acc) {
          // Independent float lanes within a run (vectorised on hosts), double across runs.
          const std::size_t first = first_element + c * chunk;
          const std::size_t n = first + chunk < last_element ? chunk : last_element - first;
          const float* KOKKOS_RESTRICT g = data + first;
          float lane[lanes] = {};
          std::size_t i = 0;
          for (; i + lanes <= n; i += lanes)
            for (int l = 0; l < lanes; ++l) lane[l] += g[i + l] * g[i + l];
          double total = 0.0;
          for (; i < n; ++i) total += static_cast<double>(g[i]) * g[i];
          for (int l = 0; l < lanes; ++l) total += lane[l];
          acc += total;
        },
        sum);
    count_host_sync(SyncKind::value);  // the reduction into a host scalar waits for it
    local += sum;
  };
  for (const ParamInfo& p : params) {
    if (!owns_copy(p, grid.coords())) continue;
    if (p.offset != end) {
      flush();
      begin = p.offset;
    }
    end = p.offset + p.size;
  }
  flush();
  return std::sqrt(comm::all_reduce_value(grid.world(), local));
}

}  // namespace fourfold
