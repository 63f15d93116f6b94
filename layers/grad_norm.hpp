// Global gradient norm over the whole grid, counting every element of every global tensor
// once: each rank sums the squares of the tensors whose copy it owns (owns_copy), and the
// sums are added over the world. Computed and kept on the device; the host reads it only
// where it needs the value.
#pragma once

#include "comm/grid.hpp"
#include "core/types.hpp"
#include "layers/data_shards.hpp"
#include "layers/param_layout.hpp"

#include <utility>
#include <vector>

namespace fourfold {

class GradientNorm {
 public:
  /// The arena ranges this rank owns (adjacent owned tensors merged) and one partial sum each.
  /// With the gradients reduce-scattered over data (shards.parts > 1), a data rank holds final
  /// sums only in its pieces: it owns those, and data rank 0 the buckets' remainders.
  GradientNorm(const std::vector<ParamInfo>& params, const comm::GridCoords& coords,
               const DataShards& shards = DataShards());

  /// norm() = sqrt(sum over the world of every owned gradient element squared); enqueued on
  /// `exec` (the reduction over the world included), no host wait.
  void compute(const ExecSpace& exec, const DeviceScalar<double>& norm, const ConstVector& gradients,
               const comm::Communicator& world) const;

  /// The owned ranges (one partial-sum kernel each) and their elements.
  std::size_t ranges() const { return ranges_.size(); }
  std::size_t elements() const {
    std::size_t total = 0;
    for (const auto& [begin, end] : ranges_) total += end - begin;
    return total;
  }

 private:
  std::vector<std::pair<std::size_t, std::size_t>> ranges_;  // [begin, end) in the arena
  Kokkos::View<double*, MemSpace> partials_;                // (ranges) sums of squares
};

/// The norm on the host (one value synchronisation): for tests and tools.
double global_gradient_norm(const ConstVector& gradients, const std::vector<ParamInfo>& params,
                            const comm::Grid& grid);

}  // namespace fourfold
