#include "core/host_wait.hpp"

#include <atomic>
#include <chrono>

namespace fourfold {
namespace {

// Written by the blocked thread, read by the watchdog thread.
std::atomic<bool> watching{false};
std::atomic<std::int64_t> wait_since_ns{0};  // 0: not blocked
std::atomic<const char*> wait_op{""};
std::atomic<const std::string*> wait_group{nullptr};
std::atomic<double> wait_timeout_factor{1.0};
thread_local int wait_depth = 0;
thread_local bool thread_unwatched = false;

}  // namespace

std::int64_t steady_now_ns() noexcept {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

HostWaitScope::HostWaitScope(const char* op, const std::string* group, double timeout_factor) noexcept {
  if (wait_depth++ > 0 || thread_unwatched || !watching.load(std::memory_order_relaxed)) return;
  outermost_ = true;
  wait_op.store(op);
  wait_group.store(group);
  wait_timeout_factor.store(timeout_factor);
  wait_since_ns.store(steady_now_ns());
}

HostWaitScope::~HostWaitScope() {
  --wait_depth;
  if (outermost_) wait_since_ns.store(0);
}

HostWait current_host_wait() noexcept {
  HostWait wait;
  wait.since_ns = wait_since_ns.load();
  wait.op = wait_op.load();
  wait.group = wait_group.load();
  wait.timeout_factor = wait_timeout_factor.load();
  return wait;
}

void unwatch_this_thread() noexcept { thread_unwatched = true; }

void watch_host_waits(bool on) noexcept { watching.store(on); }

}  // namespace fourfold
