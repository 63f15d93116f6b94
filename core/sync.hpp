// Host synchronisations: every place where the host waits for device work goes through here,
// so they can be counted. On a GPU each one stalls the host until the stream drains, which
// breaks the overlap of communication and computation; a training step should need only the
// values it reports (the loss and the gradient norm), read at most once per optimizer step.
//
// The same code paths run on CPU builds, where a fence costs nothing, so a test can assert the
// count there and catch a layer that starts waiting for the device.
//
// Kinds, so the count per step means the same thing on every backend:
//   value    the host reads a result computed on the device (loss, norm, checkpoint data), or
//            waits until the device has taken data from host memory it is about to reuse
//   wait     the host waits for a device-side collective (Request::wait() without an instance)
//   backend  a host-side route needs the data complete: MPI reading host (or staged) memory,
//            Kokkos Kernels 3.4's GEMM without execution-space instances; a device build with
//            NCCL and Kokkos Kernels 4 has none
//   timing   benchmarks fencing around what they time
#pragma once

#include "core/host_wait.hpp"
#include "core/types.hpp"

#include <array>

namespace fourfold {

enum class SyncKind { value, wait, backend, timing };
inline constexpr int sync_kind_count = 4;
const char* sync_kind_name(SyncKind kind);

struct HostSyncCounts {
  std::array<long, sync_kind_count> by_kind{};
  long operator[](SyncKind kind) const { return by_kind[static_cast<int>(kind)]; }
  /// What a step costs in waits on the device whatever the backend: every kind but backend
  /// (host-side routes' own fences) and timing (benchmarks).
  long step_syncs() const { return (*this)[SyncKind::value] + (*this)[SyncKind::wait]; }
  long total() const;
  friend HostSyncCounts operator-(HostSyncCounts a, const HostSyncCounts& b) {
    for (int i = 0; i < sync_kind_count; ++i) a.by_kind[i] -= b.by_kind[i];
    return a;
  }
};

/// The counts since the process started (main thread only, like every fourfold call).
HostSyncCounts host_sync_counts();
/// Adds one host synchronisation of `kind` (for waits that do not go through fence(), such as
/// waiting on an event).
void count_host_sync(SyncKind kind);

/// Blocks the host until the work enqueued on `exec` is complete; counted as `kind`, and marked
/// for the watchdog (a device stuck in a collective with a lost peer never completes).
template <class Exec>
void fence(const Exec& exec, SyncKind kind, const char* why) {
  count_host_sync(kind);
  const HostWaitScope waiting(why, nullptr);
#if KOKKOS_VERSION >= 30600
  exec.fence(why);
#else
  (void)why;
  exec.fence();
#endif
}

/// Copies a device View into a host View of the same shape, waiting for `exec`'s work first
/// (counted as a value synchronisation).
template <class HostView, class DeviceView>
void copy_to_host(const ExecSpace& exec, const HostView& host, const DeviceView& device, const char* why) {
  static_assert(host_accessible_v<typename HostView::memory_space>,
                "copy_to_host: the destination must be host-accessible memory");
  Kokkos::deep_copy(exec, host, device);
  fence(exec, SyncKind::value, why);
}

/// A host copy of a device View (a mirror, so no copy is made when the View already lives in
/// host memory), after `exec`'s work on it is complete; counted as a value synchronisation.
template <class DeviceView>
auto mirror_to_host(const ExecSpace& exec, const DeviceView& device, const char* why) {
  auto host = Kokkos::create_mirror_view(device);
  copy_to_host(exec, host, device, why);  // a View copied onto itself is left as it is
  return host;
}

/// A separate host copy of a device View (never aliasing it, also where the View is in host
/// memory), for code that edits the copy and may abandon it; counted as a value synchronisation.
template <class DeviceView>
auto host_copy(const ExecSpace& exec, const DeviceView& device, const char* why) {
  auto host = Kokkos::create_mirror(device);
  copy_to_host(exec, host, device, why);
  return host;
}

/// Copies a host View into a device View of the same shape and waits until the copy is done,
/// so the host memory can be reused or freed (counted as a value synchronisation).
template <class DeviceView, class HostView>
void copy_from_host(const ExecSpace& exec, const DeviceView& device, const HostView& host, const char* why) {
  Kokkos::deep_copy(exec, device, host);
  fence(exec, SyncKind::value, why);
}

}  // namespace fourfold
