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
  const Communicator world = Communicator::duplicate(test::world(), "watchdog-test");
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
  const Communicator world = Communicator::duplicate(test::world(), "watchdog-test");
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

TEST(Watchdog, MarksWithoutAWatchdogAreFree) {
  const std::string group = "none";
  const BlockedScope mark("no watchdog", &group, 10.0);
  SUCCEED();
}

}  // namespace
}  // namespace fourfold::comm
