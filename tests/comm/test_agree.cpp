// comm/agree.hpp: an action that succeeds on every rank returns on every rank; one that fails on
// any rank throws on every rank, with its own message where it failed and the first failing rank
// named elsewhere, so no rank goes on to a collective the others skip.
#include "comm/agree.hpp"
#include "comm/communicator.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace fourfold {
namespace {

TEST(Together, EveryRankReturnsOrEveryRankThrows) {
  const comm::Communicator world = comm::Communicator::duplicate(test::world(), "world", std::make_shared<Counters>());
  int ran = 0;
  comm::together(world, "a step that works", [&] { ++ran; });
  EXPECT_EQ(ran, 1);
  const int failing = world.size() - 1;  // the last rank fails
  try {
    comm::together(world, "a step that fails on one rank", [&] {
      if (world.rank() == failing) throw std::runtime_error("disk full on this rank");
    });
    ADD_FAILURE() << "no rank threw";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("a step that fails on one rank: "), std::string::npos) << what;
    if (world.rank() == failing) {
      EXPECT_NE(what.find("disk full on this rank"), std::string::npos) << what;
    } else {
      EXPECT_NE(what.find("failed on rank " + std::to_string(failing)), std::string::npos) << what;
    }
  }
  // The ranks are still in step: a collective after the failure completes on all of them.
  EXPECT_EQ(comm::all_reduce_value(world, 1), world.size());
}

}  // namespace
}  // namespace fourfold
