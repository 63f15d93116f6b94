// The NCCL backend through the same comm:: collectives and Requests the layers use, on Kokkos
// Views in the default memory space: the shared cases (tests/comm/collective_cases.hpp) on every
// grid and group of this world size, blocking and started-then-waited, with values distinct per
// rank. It needs one GPU per rank; without (as on the CPU build machines, or 2 ranks on a
// 1-GPU machine) every test skips with the reason, on every rank alike. test_collectives runs the
// same cases through MPI.
#include "collective_cases.hpp"

#include <gtest/gtest.h>

#include <string>

namespace fourfold::comm {
namespace {

using namespace test_cases;

// Every rank must agree on skipping, or NCCL set-up would wait for absent peers.
bool nccl_usable(std::string& reason) {
  int usable = nccl_device_available(&reason) ? 1 : 0;
  if (usable) {
    MPI_Comm node = MPI_COMM_NULL;
    MPI_Comm_split_type(test::world(), MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int local = 1;
    MPI_Comm_size(node, &local);
    MPI_Comm_free(&node);
    if (local > visible_gpus()) {
      usable = 0;
      reason = std::to_string(local) + " ranks on this node but " + std::to_string(visible_gpus()) +
               " GPU(s): NCCL needs one GPU per rank";
    }
  }
  int all_usable = usable;
  MPI_Allreduce(&usable, &all_usable, 1, MPI_INT, MPI_MIN, test::world());
  if (usable && !all_usable) reason = "another rank cannot use NCCL";
  return all_usable == 1;
}

#define FF_REQUIRE_NCCL()                                                          \
  do {                                                                             \
    std::string reason;                                                            \
    if (!nccl_usable(reason)) GTEST_SKIP() << "NCCL backend not exercised: " << reason; \
  } while (0)

TEST(NcclBackend, GroupsRouteDeviceMemoryThroughNccl) {
  FF_REQUIRE_NCCL();
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());  // auto picks NCCL
  EXPECT_EQ(grid.device_route(), DeviceRoute::nccl);
  EXPECT_EQ(grid.data().nccl() != nullptr, grid.data().size() > 1);
}

TEST(NcclBackend, BlockingOnEveryGridAndGroup) {
  FF_REQUIRE_NCCL();
  blocking_on_every_grid_and_group(Backend::nccl, PublicApi{});
}

TEST(NcclBackend, StartedThenWaitedOnTheHost) {
  FF_REQUIRE_NCCL();
  started_all_in_flight_at_once(Backend::nccl, PublicApi{}, false);
}

TEST(NcclBackend, StartedThenWaitedOnAnInstance) {
  FF_REQUIRE_NCCL();
  started_all_in_flight_at_once(Backend::nccl, PublicApi{}, true);
}

TEST(NcclBackend, Bf16OnEveryGridAndGroup) {
  FF_REQUIRE_NCCL();
  blocking_on_every_grid_and_group<bf16>(Backend::nccl, PublicApi{});
  started_all_in_flight_at_once<bf16>(Backend::nccl, PublicApi{}, false);
  started_all_in_flight_at_once<bf16>(Backend::nccl, PublicApi{}, true);
  bf16_sums_round_to_nearest_even(Backend::nccl, PublicApi{});
}

TEST(NcclBackend, MpiBackendOnDeviceMemory) {
  FF_REQUIRE_NCCL();
  // comm = "mpi" on a GPU: GPU-aware MPI where the library has it, else staged.
  blocking_on_every_grid_and_group(Backend::mpi, PublicApi{});
  started_all_in_flight_at_once(Backend::mpi, PublicApi{}, true);
  blocking_on_every_grid_and_group<bf16>(Backend::mpi, PublicApi{});
  bf16_sums_round_to_nearest_even(Backend::mpi, PublicApi{});
}

// The ring exchange (ncclSend/ncclRecv in one group) on every group of every grid: blocking on
// the caller's stream, and started on the communicator's stream then waited on an instance (no
// host wait) and on the host; each rank receives the previous group rank's buffer.
TEST(NcclBackend, RingExchangeOnEveryGridAndGroup) {
  FF_REQUIRE_NCCL();
  const ExecSpace exec;
  for_every_grid_and_group(Backend::nccl, [&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int n = static_cast<int>(g.members.size());
    const int previous = g.members[static_cast<std::size_t>((g.group_rank - 1 + n) % n)];
    for (int how = 0; how < 3; ++how) {
      SCOPED_TRACE(how == 0 ? "blocking" : how == 1 ? "waited on an instance" : "waited on the host");
      auto send = filled("ring_send", count, grid.world_rank());
      Tensor1<float> recv("ring_recv", count);
      if (how == 0) {
        ring_exchange(exec, group, send, recv);
      } else {
        Request r = ring_exchange_start(exec, group, send, recv);
        if (how == 1) {
          r.wait(exec);
        } else {
          r.wait();
        }
      }
      auto h = read(exec, recv);
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(h(i), value(previous, i)) << "element " << i;
    }
  });
}

}  // namespace
}  // namespace fourfold::comm
