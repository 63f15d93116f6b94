#include "layers/grad_norm.hpp"

#include "comm/collectives.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

namespace fourfold {

GradientNorm::GradientNorm(const std::vector<ParamInfo>& params, const comm::GridCoords& coords,
                           const DataShards& shards) {
  const bool sharded = shards.parts > 1;
  comm::GridCoords copy_owner = coords;
  if (sharded) copy_owner.data = 0;  // which X/Y/Z copy: the data split is by pieces instead
  for (const ParamInfo& p : params) {
    if (!owns_copy(p, copy_owner) || p.size == 0) continue;
    if (!ranges_.empty() && ranges_.back().second == p.offset) {
      ranges_.back().second = p.offset + p.size;
    } else {
      ranges_.emplace_back(p.offset, p.offset + p.size);
    }
  }
  if (sharded) ranges_ = intersect(ranges_, shards.owned(coords.data, coords.data == 0));
  partials_ = Kokkos::View<double*, MemSpace>("fourfold::grad_norm::partials", std::max<std::size_t>(ranges_.size(), 1));
}

void GradientNorm::compute(const ExecSpace& exec, const DeviceScalar<double>& norm,
                           const ConstVector& gradients, const comm::Communicator& world) const {
  ScopedRegion region("fourfold::global_gradient_norm");
  const Kokkos::View<double*, MemSpace> partials = partials_;
  constexpr std::size_t chunk = elementwise_chunk;
  constexpr int lanes = 8;
  const float* const data = gradients.data();
  for (std::size_t r = 0; r < ranges_.size(); ++r) {
    const std::size_t first_element = ranges_[r].first, last_element = ranges_[r].second;
    count_work(WorkKind::optimizer, bytes_of<float>(static_cast<double>(last_element - first_element)) + bytes_of<double>(1.0));
    Kokkos::parallel_reduce(
        "fourfold::global_gradient_norm::squares",
        Kokkos::RangePolicy<ExecSpace>(exec, 0, (last_element - first_element + chunk - 1) / chunk),
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
        Kokkos::subview(partials, r));
  }
  const int count = static_cast<int>(ranges_.size());
  count_work(WorkKind::optimizer, bytes_of<double>(count + 1.0));
  Kokkos::parallel_for(
      "fourfold::global_gradient_norm::sum", Kokkos::RangePolicy<ExecSpace>(exec, 0, 1),
      KOKKOS_LAMBDA(const int) {
        double sum = 0.0;
        for (int r = 0; r < count; ++r) sum += partials(r);
        norm() = sum;
      });
  comm::all_reduce(exec, world, norm);
  count_work(WorkKind::optimizer, bytes_of<double>(2.0));
  Kokkos::parallel_for(
      "fourfold::global_gradient_norm::sqrt", Kokkos::RangePolicy<ExecSpace>(exec, 0, 1),
      KOKKOS_LAMBDA(const int) { norm() = kmath::sqrt(norm()); });
}

double global_gradient_norm(const ConstVector& gradients, const std::vector<ParamInfo>& params,
                            const comm::Grid& grid) {
  const ExecSpace& exec = grid.context().compute();
  const GradientNorm gradient_norm(params, grid.coords());
  const DeviceScalar<double> norm("fourfold::grad_norm");
  gradient_norm.compute(exec, norm, gradients, grid.world());
  DeviceScalar<double>::HostMirror host("fourfold::grad_norm::host");
  copy_to_host(grid.context().counters(), exec, host, norm, "fourfold::global_gradient_norm: value for the caller");
  return host();
}

}  // namespace fourfold
