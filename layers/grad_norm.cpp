#include "layers/grad_norm.hpp"

#include "comm/collectives.hpp"
#include "core/profiling.hpp"

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
    Kokkos::parallel_reduce(
        "fourfold::global_gradient_norm::squares", Kokkos::RangePolicy<ExecSpace>(exec, begin, end),
        KOKKOS_LAMBDA(const std::size_t i, double& acc) {
          const double g = gradients(i);
          acc += g * g;
        },
        sum);
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
