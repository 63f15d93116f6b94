#include "checkpoint/host_checkpoint.hpp"

#include "core/profiling.hpp"
#include "core/sync.hpp"

namespace fourfold::checkpoint {
namespace {

// The arena range [offset, offset + size) of a tensor.
std::pair<std::size_t, std::size_t> range_of(const ParamInfo& p) { return {p.offset, p.offset + p.size}; }

}  // namespace

void HostCheckpoint::reserve(const Gpt& model, bool with_optimizer) {
  if (params.empty()) {
    // The model's layout, fixed for its life: copied once, not at every save.
    config = model.config();
    grid = model.grid().shape();
    coords = model.grid().coords();
    world_size = model.grid().world().size();
    params = model.params();
  }
  const std::size_t arena = model.parameters().extent(0);
  // Zero-filled here, so the pages are touched at set-up rather than on the first save.
  if (values.extent(0) != arena) values = PinnedTensor1("fourfold::checkpoint::snapshot: parameters", arena);
  if (with_optimizer && m.extent(0) != arena) {
    m = PinnedTensor1("fourfold::checkpoint::snapshot: first moment", arena);
    v = PinnedTensor1("fourfold::checkpoint::snapshot: second moment", arena);
  }
}

std::size_t HostCheckpoint::bytes() const { return sizeof(float) * (values.extent(0) + m.extent(0) + v.extent(0)); }

void HostCheckpoint::capture(const Gpt& model, const AdamW* optimizer, const TrainingState& training,
                             const ExecSpace& copy_instance) {
  ScopedRegion region("fourfold::checkpoint::capture");
  reserve(model, optimizer != nullptr);
  has_optimizer = optimizer != nullptr;
  state = training;
  ExecutionContext& ctx = model.grid().context();
  // The optimizer step that made these values is on the compute instance.
  fence(ctx.counters(), ctx.compute(), SyncKind::value, "fourfold::checkpoint::capture: the step's update");
  const bool moments_in_place = optimizer != nullptr && !optimizer->sharded();
  const Vector arena = model.parameters();
  for (const ParamInfo& p : params) {
    if (!owns_copy(p, coords) || p.size == 0) continue;
    const auto r = range_of(p);
    Kokkos::deep_copy(copy_instance, Kokkos::subview(values, r), Kokkos::subview(arena, r));
    if (moments_in_place) {
      // Unsharded, the moments are laid out as the arena (one segment, the whole of it).
      Kokkos::deep_copy(copy_instance, Kokkos::subview(m, r), Kokkos::subview(optimizer->first_moment(), r));
      Kokkos::deep_copy(copy_instance, Kokkos::subview(v, r), Kokkos::subview(optimizer->second_moment(), r));
    }
  }
  fence(ctx.counters(), copy_instance, SyncKind::value, "fourfold::checkpoint::capture: copies to the host");
  if (optimizer != nullptr && optimizer->sharded()) {
    // ZeRO-1: each rank's share of the moments, gathered over data into the whole arena.
    const HostTensor1<float> whole_m(m.data(), m.extent(0)), whole_v(v.data(), v.extent(0));
    optimizer->moments_to_host(ctx, whole_m, whole_v, model.grid().data());
  }
}

}  // namespace fourfold::checkpoint
