// Host synchronisations: every place where the host waits for device work goes through here,
// so they can be counted. On a GPU each one stalls the host until the stream drains, which
// breaks the overlap of communication and computation; a training step should need only the
// values it reports (the loss and the gradient norm), read at most once per optimizer step.
//
// The same code paths run on CPU builds, where a fence costs nothing, so a test can assert the
// count there and catch a layer that starts waiting for the device.
//
// Kinds: core/counters.hpp. Counts belong to an execution context (core/execution_context.hpp).
#pragma once

#include "core/counters.hpp"
#include "core/host_wait.hpp"
#include "core/types.hpp"

#include <array>

namespace fourfold {

/// Blocks the host until the work enqueued on `exec` is complete; counted as `kind` in
/// `counters`, and marked for the watchdog (a device stuck in a collective with a lost peer
/// never completes).
template <class Exec>
void fence(Counters& counters, const Exec& exec, SyncKind kind, const char* why) {
  counters.count_host_sync(kind);
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
void copy_to_host(Counters& counters, const ExecSpace& exec, const HostView& host, const DeviceView& device,
                  const char* why) {
  static_assert(host_accessible_v<typename HostView::memory_space>,
                "copy_to_host: the destination must be host-accessible memory");
  Kokkos::deep_copy(exec, host, device);
  fence(counters, exec, SyncKind::value, why);
}

/// A host copy of a device View (a mirror, so no copy is made when the View already lives in
/// host memory), after `exec`'s work on it is complete; counted as a value synchronisation.
template <class DeviceView>
auto mirror_to_host(Counters& counters, const ExecSpace& exec, const DeviceView& device, const char* why) {
  auto host = Kokkos::create_mirror_view(device);
  copy_to_host(counters, exec, host, device, why);  // a View copied onto itself is left as it is
  return host;
}

/// A separate host copy of a device View (never aliasing it, also where the View is in host
/// memory), for code that edits the copy and may abandon it; counted as a value synchronisation.
template <class DeviceView>
auto host_copy(Counters& counters, const ExecSpace& exec, const DeviceView& device, const char* why) {
  auto host = Kokkos::create_mirror(device);
  copy_to_host(counters, exec, host, device, why);
  return host;
}

/// Copies a host View into a device View of the same shape and waits until the copy is done,
/// so the host memory can be reused or freed (counted as a value synchronisation).
template <class DeviceView, class HostView>
void copy_from_host(Counters& counters, const ExecSpace& exec, const DeviceView& device, const HostView& host,
                    const char* why) {
  Kokkos::deep_copy(exec, device, host);
  fence(counters, exec, SyncKind::value, why);
}

}  // namespace fourfold
