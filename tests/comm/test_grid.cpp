// Grid on real MPI communicators: for every grid of this world size, each group's
// communicator has the size, rank and members the layout predicts.
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

namespace fourfold::comm {
namespace {

TEST(Grid, GroupsMatchTheLayoutOnEveryGrid) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    SCOPED_TRACE("grid " + shape.str());
    const Grid grid(shape, test::world());
    EXPECT_EQ(grid.coords(), grid.layout().coords(grid.world_rank()));
    for (GroupKind kind : all_group_kinds) {
      SCOPED_TRACE(std::string("group ") + group_name(kind));
      const Communicator& group = grid.group(kind);
      EXPECT_EQ(group.name(), group_name(kind));
      EXPECT_EQ(group.size(), grid.layout().group_size(kind));
      EXPECT_EQ(group.rank(), grid.layout().group_rank(kind, grid.world_rank()));
      // Members as MPI sees them: gather world ranks over the group.
      HostTensor1<int> mine("mine", 1), all("all", group.size());
      mine(0) = grid.world_rank();
      all_gather(HostExecSpace(), group, mine, all);
      const auto expected = grid.layout().group_members(kind, grid.world_rank());
      for (int i = 0; i < group.size(); ++i) EXPECT_EQ(all(i), expected[i]);
    }
  }
}

// The memory model counts one set of NCCL buffers per communicator with peers.
TEST(Grid, CommunicatorsWithPeersAreTheGridsCommunicatorsOfMoreThanOneRank) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    SCOPED_TRACE("grid " + shape.str());
    const Grid grid(shape, test::world());
    int count = (grid.world().size() > 1 ? 1 : 0) + (grid.z_prefetch().size() > 1 ? 1 : 0);
    for (GroupKind kind : all_group_kinds) count += grid.group(kind).size() > 1 ? 1 : 0;
    EXPECT_EQ(communicators_with_peers(shape), count);
    // Over MPI no communicator holds device buffers.
    if (grid.world().nccl() == nullptr) {
      EXPECT_EQ(grid.device_collective_buffer_bytes(), 0.0);
    }
  }
}

TEST(Grid, WrongProductIsRejectedOnEveryRank) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  try {
    Grid grid({world_size + 1, 1, 1, 1}, test::world());
    FAIL() << "grid accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(world_size) + " MPI ranks"), std::string::npos)
        << e.what();
  }
}

TEST(Communicator, MoveTransfersOwnership) {
  Communicator a = Communicator::duplicate(test::world(), "a", std::make_shared<Counters>());
  const int size = a.size();
  Communicator b = std::move(a);
  EXPECT_FALSE(a.valid());  // NOLINT(bugprone-use-after-move): moved-from state is specified
  EXPECT_TRUE(b.valid());
  EXPECT_EQ(b.size(), size);
  b.barrier();
}

}  // namespace
}  // namespace fourfold::comm
