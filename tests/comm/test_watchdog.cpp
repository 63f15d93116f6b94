// The watchdog (comm/watchdog.hpp): one per process, its view of the node's peers while every
// rank runs, and blocking marks that cost nothing without it and never fire before the timeout.
// Firing (a rank exits) is checked end to end by tests/drivers/test_dying_rank.sh.
#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "comm/watchdog.hpp"
#include "core/error.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace fourfold::comm {
namespace {

TEST(Watchdog, OnePerProcessAndEveryPeerOfTheNodeRunning) {
  const Communicator world = Communicator::duplicate(test::world(), "watchdog-test", std::make_shared<Counters>());
  {
    const Watchdog watchdog(world, 60.0, 3);
    EXPECT_EQ(watchdog.timeout_seconds(), 60.0);
    EXPECT_THROW(Watchdog(world, 60.0, 3), UserError);
    const std::string peers = watchdog.describe_node_peers();
    EXPECT_NE(peers.find("every other rank of this node"), std::string::npos) << peers;
    world.barrier();  // nobody exits (and looks gone) before every rank has looked
  }
  // Gone, another may start; a bad timeout is refused.
  EXPECT_NO_THROW(Watchdog(world, 60.0, 3));
  EXPECT_THROW(Watchdog(world, 0.0, 3), UserError);
}

TEST(Watchdog, BlockingShorterThanTheTimeoutGoesOn) {
  const Communicator world = Communicator::duplicate(test::world(), "watchdog-test", std::make_shared<Counters>());
  const Watchdog watchdog(world, 0.4, 3);
  // Marked blocking of half the timeout, twice, and a nested mark: the process lives on.
  for (int i = 0; i < 2; ++i) {
    const BlockedScope outer("test wait", &world.name());
    const BlockedScope inner("nested", &world.name());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // unmarked: never timed
  double value = 1.0;
  value = all_reduce_value(world, value);  // a real collective under the watchdog
  EXPECT_EQ(value, world.size());
}

// Without a watchdog a mark records nothing; with one, the outermost mark is what the watchdog
// sees (its op, group and timeout factor, since when), and leaving it clears the record.
TEST(Watchdog, MarksRecordOnlyWhileAWatchdogRunsAndKeepTheOutermost) {
  const std::string group = "marks";
  {
    const BlockedScope mark("no watchdog", &group, 10.0);
    EXPECT_EQ(current_host_wait().since_ns, 0) << "a mark without a watchdog was recorded";
  }
  const Communicator world = Communicator::duplicate(test::world(), "watchdog-marks", std::make_shared<Counters>());
  {
    const Watchdog watchdog(world, 60.0, 3);
    EXPECT_EQ(current_host_wait().since_ns, 0);
    const std::int64_t before = steady_now_ns();
    {
      const BlockedScope outer("outer wait", &group, 10.0);
      const BlockedScope inner("inner wait", nullptr);
      const HostWait seen = current_host_wait();
      EXPECT_GE(seen.since_ns, before);
      EXPECT_STREQ(seen.op, "outer wait");  // the outermost mark is the one timed
      EXPECT_EQ(seen.group, &group);
      EXPECT_EQ(seen.timeout_factor, 10.0);
    }
    EXPECT_EQ(current_host_wait().since_ns, 0) << "leaving the mark did not clear it";
    world.barrier();
  }
  const BlockedScope after("watchdog gone", &group);
  EXPECT_EQ(current_host_wait().since_ns, 0) << "a mark after the watchdog ended was recorded";
}

}  // namespace
}  // namespace fourfold::comm
