// Where the host blocks: fences on an execution-space instance, blocking collectives and waits
// on started ones mark themselves here, so a watchdog thread (comm/watchdog.hpp) can tell a wait
// that outlives its timeout, the sign of a peer that died or stopped. On a GPU build with NCCL
// a lost peer leaves the device spinning in a collective kernel: the host is then stuck in a
// fence, not in MPI, so the fences carry marks too.
//
// Marks are kept only while a watchdog runs; otherwise a mark costs one relaxed atomic load.
// Nested marks keep the outermost (a checkpoint save is timed as one, its collectives and
// fences included).
#pragma once

#include <cstdint>
#include <string>

namespace fourfold {

/// What the host blocks in now: since_ns == 0 when nothing.
struct HostWait {
  std::int64_t since_ns = 0;          // steady clock
  const char* op = "";                 // "all_reduce", a fence's reason...
  const std::string* group = nullptr;  // the communicator's name; null for a device wait
  double timeout_factor = 1.0;         // this wait may last this many timeouts
};

class HostWaitScope {
 public:
  /// `op` and `group` must outlive the scope.
  HostWaitScope(const char* op, const std::string* group, double timeout_factor = 1.0) noexcept;
  ~HostWaitScope();
  HostWaitScope(const HostWaitScope&) = delete;
  HostWaitScope& operator=(const HostWaitScope&) = delete;

 private:
  bool outermost_ = false;
};

/// The outermost wait marked now (by any thread that has not opted out below).
HostWait current_host_wait() noexcept;
/// Leaves the calling thread's waits unmarked for good: a background thread whose waits are
/// expected to be long (the asynchronous checkpoint writer, checkpoint/async_save.hpp) must not
/// overwrite the main thread's mark, nor trip the watchdog itself; the main thread marks its own
/// wait for that thread instead.
void unwatch_this_thread() noexcept;
/// A watchdog turns marking on while it runs.
void watch_host_waits(bool on) noexcept;
/// Nanoseconds of the steady clock (the marks' time base).
std::int64_t steady_now_ns() noexcept;

}  // namespace fourfold
