#include "layers/bf16_wire.hpp"

#include "comm/collectives.hpp"
#include "core/bf16.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"

namespace fourfold {
namespace {

// Runs of elementwise_chunk elements per work item: vectorised on CPUs, one element per thread
// on GPUs.
template <class Body>
void chunked(const ExecSpace& exec, const char* name, std::size_t n, Body body) {
  Kokkos::parallel_for(
      name, Kokkos::RangePolicy<ExecSpace>(exec, 0, (n + elementwise_chunk - 1) / elementwise_chunk),
      KOKKOS_LAMBDA(const std::size_t k) {
        const std::size_t first = k * elementwise_chunk;
        const std::size_t last = first + elementwise_chunk < n ? first + elementwise_chunk : n;
        for (std::size_t i = first; i < last; ++i) body(i);
      });
}

Bf16Vector prefix(const Bf16Vector& v, std::size_t n) { return Kokkos::subview(v, Kokkos::make_pair(std::size_t{0}, n)); }

}  // namespace

void pack_bf16(const ExecSpace& exec, WorkKind kind, const Bf16Vector& dst, const ConstVector& src) {
  FF_ASSERT(dst.size() == src.size(), "pack_bf16: {} bf16 for {} floats", dst.size(), src.size());
  count_work(kind, bytes_of<float>(static_cast<double>(src.size())) + bytes_of<bf16>(static_cast<double>(src.size())));
  bf16* const d = dst.data();
  const float* const s = src.data();
  chunked(exec, "fourfold::pack_bf16", src.size(), KOKKOS_LAMBDA(const std::size_t i) { d[i] = to_bf16(s[i]); });
}

void unpack_bf16(const ExecSpace& exec, WorkKind kind, const Vector& dst, const ConstBf16Vector& src) {
  FF_ASSERT(dst.size() == src.size(), "unpack_bf16: {} floats for {} bf16", dst.size(), src.size());
  count_work(kind, bytes_of<float>(static_cast<double>(src.size())) + bytes_of<bf16>(static_cast<double>(src.size())));
  float* const d = dst.data();
  const bf16* const s = src.data();
  chunked(exec, "fourfold::unpack_bf16", src.size(), KOKKOS_LAMBDA(const std::size_t i) { d[i] = to_float(s[i]); });
}

void unpack_add_bf16(const ExecSpace& exec, WorkKind kind, const Vector& dst, const ConstBf16Vector& src) {
  FF_ASSERT(dst.size() == src.size(), "unpack_add_bf16: {} floats for {} bf16", dst.size(), src.size());
  count_work(kind, bytes_of<float>(2.0 * src.size()) + bytes_of<bf16>(static_cast<double>(src.size())));
  float* const d = dst.data();
  const bf16* const s = src.data();
  chunked(exec, "fourfold::unpack_add_bf16", src.size(), KOKKOS_LAMBDA(const std::size_t i) { d[i] += to_float(s[i]); });
}

void round_to_bf16(const ExecSpace& exec, WorkKind kind, const Vector& data) {
  count_work(kind, bytes_of<float>(2.0 * data.size()));
  float* const d = data.data();
  chunked(exec, "fourfold::round_to_bf16", data.size(),
          KOKKOS_LAMBDA(const std::size_t i) { d[i] = fourfold::round_to_bf16(d[i]); });
}

comm::Request start_activation_all_reduce(const ExecSpace& exec, const comm::Communicator& group, const Vector& data,
                                          const Bf16Vector& wire, bool start) {
  if (wire.size() == 0) return comm::all_reduce_start(exec, group, data, start);
  FF_ASSERT(wire.size() >= data.size(), "activation all-reduce of {} elements through a wire of {}", data.size(),
            wire.size());
  if (group.size() == 1) {
    round_to_bf16(exec, WorkKind::conversion, data);  // what the wire would have done to the values
    return comm::Request();
  }
  const Bf16Vector staged = prefix(wire, data.size());
  pack_bf16(exec, WorkKind::wire, staged, data);
  return comm::all_reduce_start(exec, group, staged, start);
}

void finish_activation_all_reduce(const ExecSpace& exec, const comm::Communicator& group, const Vector& data,
                                  const Bf16Vector& wire) {
  if (wire.size() == 0 || group.size() == 1) return;
  unpack_bf16(exec, WorkKind::wire, data, prefix(wire, data.size()));
}

}  // namespace fourfold
