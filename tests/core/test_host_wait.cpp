// Host-wait marks: kept only while watched, the outermost of nested marks wins, and a fence
// marks itself (what the watchdog sees when a device waits forever on a lost peer).
#include "core/host_wait.hpp"
#include "core/sync.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace fourfold {

// A host instance whose fence runs a probe: the mark is set while the host waits. (Outside the
// anonymous namespace: fence() serves Kokkos 3, fence(why) Kokkos 4; one of them goes unused.)
struct ProbeInstance {
  mutable HostWait seen;
  void fence(const char*) const { seen = current_host_wait(); }
  void fence() const { seen = current_host_wait(); }
};

namespace {

TEST(HostWait, MarksOnlyWhileWatched) {
  const std::string group = "x";
  {
    const HostWaitScope unwatched("all_reduce", &group);
    EXPECT_EQ(current_host_wait().since_ns, 0);
  }
  watch_host_waits(true);
  {
    const std::int64_t before = steady_now_ns();
    const HostWaitScope outer("checkpoint save", &group, 10.0);
    {
      const HostWaitScope inner("all_reduce", nullptr);
      const HostWait wait = current_host_wait();
      EXPECT_GE(wait.since_ns, before);
      EXPECT_STREQ(wait.op, "checkpoint save");  // the outermost
      EXPECT_EQ(wait.group, &group);
      EXPECT_EQ(wait.timeout_factor, 10.0);
    }
    EXPECT_STREQ(current_host_wait().op, "checkpoint save");
  }
  EXPECT_EQ(current_host_wait().since_ns, 0);
  watch_host_waits(false);
}

TEST(HostWait, FenceMarksItsWait) {
  watch_host_waits(true);
  const ProbeInstance probe;
  Counters counters;
  fence(counters, probe, SyncKind::value, "reading the loss");
  EXPECT_EQ(counters.host_syncs()[SyncKind::value], 1);
  watch_host_waits(false);
  EXPECT_NE(probe.seen.since_ns, 0);
  EXPECT_STREQ(probe.seen.op, "reading the loss");
  EXPECT_EQ(probe.seen.group, nullptr);
  EXPECT_EQ(current_host_wait().since_ns, 0);
}

}  // namespace
}  // namespace fourfold
