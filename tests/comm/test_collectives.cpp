// Collectives through the MPI backend: the shared cases (tests/comm/collective_cases.hpp) on
// every grid of this world size and every group, through the public API and forced onto the
// staged route (pinned host buffers, as device memory takes without a GPU-aware MPI), plus
// element types, bad arguments and forgotten handles. test_nccl_backend runs the same cases
// through NCCL where a GPU is present.
#include "collective_cases.hpp"

#include <gtest/gtest.h>

namespace fourfold::comm {
namespace {

using namespace test_cases;

TEST(Collectives, BlockingOnEveryGridAndGroup) {
  blocking_on_every_grid_and_group(Backend::automatic, PublicApi{});
}

TEST(Collectives, StartedThenWaitedOnTheHost) {
  started_all_in_flight_at_once(Backend::automatic, PublicApi{}, false);
}

TEST(Collectives, StartedThenWaitedOnAnInstance) {
  started_all_in_flight_at_once(Backend::automatic, PublicApi{}, true);
}

TEST(Collectives, StagedRouteBlocking) {
  blocking_on_every_grid_and_group(Backend::mpi, ForcedRoute{detail::Route::mpi_staged});
}

TEST(Collectives, StagedRouteStartedThenWaited) {
  started_all_in_flight_at_once(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, false);
  started_all_in_flight_at_once(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, true);
}

TEST(Collectives, StagingBuffersAreReused) {
  const ExecSpace exec;
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world(), Backend::mpi);
  const Communicator& group = grid.data();
  if (group.size() == 1) GTEST_SKIP() << "a group of one rank never stages";
  const ForcedRoute staged{detail::Route::mpi_staged};
  auto round = [&] {
    auto a = filled("a", 1000, grid.world_rank());
    auto b = filled("b", 10, grid.world_rank());
    Request ra = staged.all_reduce_start(exec, group, a);
    Request rb = staged.all_reduce_start(exec, group, b);
    staged.all_reduce(exec, group, b, ReduceOp::max);
    rb.wait(exec);
    ra.wait();
  };
  round();
  const std::size_t buffers = group.staging().buffers(), bytes = group.staging().bytes_held();
  EXPECT_EQ(buffers, 3u);  // three operations were in flight at once
  for (int i = 0; i < 3; ++i) round();
  EXPECT_EQ(group.staging().buffers(), buffers);
  EXPECT_EQ(group.staging().bytes_held(), bytes);
}

TEST(Collectives, HostInstanceOnHostMemory) {
  // Checkpoint metadata travels as host Views with the host execution space on every build.
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  HostTensor1<double> data("data", 3);
  for (int i = 0; i < 3; ++i) data(i) = grid.world_rank() + i;
  all_reduce(HostExecSpace(), grid.data(), data);
  broadcast(HostExecSpace(), grid.data(), data, 0);
  const int n = grid.data().size();
  EXPECT_EQ(data(2), n * (n - 1) / 2.0 + 2.0 * n);
}

TEST(Collectives, BackendChoice) {
  EXPECT_EQ(parse_backend("auto"), Backend::automatic);
  EXPECT_EQ(parse_backend("nccl"), Backend::nccl);
  EXPECT_EQ(parse_backend("mpi"), Backend::mpi);
  try {
    parse_backend("gloo");
    FAIL() << "an unknown backend was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'gloo'"), std::string::npos) << e.what();
  }
  if constexpr (host_accessible_v<MemSpace>) {
    // Host builds: MPI everywhere, and NCCL asked for by name is refused on every rank.
    const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
    EXPECT_EQ(grid.device_route(), DeviceRoute::mpi_direct);
    try {
      const Grid nccl({1, 1, 1, test::runtime().world_size()}, test::world(), Backend::nccl);
      FAIL() << "comm = nccl was accepted on a host build";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("needs a GPU build"), std::string::npos) << e.what();
    }
  }
}

TEST(Collectives, OtherElementTypes) {
  const ExecSpace exec;
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  const auto& group = grid.data();
  Tensor1<double> d("d", 3);
  Tensor1<std::int64_t> l("l", 3);
  Kokkos::deep_copy(d, 0.25 * (grid.world_rank() + 1));
  Kokkos::deep_copy(l, std::int64_t{1} << 40);
  all_reduce(exec, group, d);
  all_reduce(exec, group, l);
  const int n = group.size();
  auto hd = Kokkos::create_mirror_view_and_copy(HostSpace(), d);
  auto hl = Kokkos::create_mirror_view_and_copy(HostSpace(), l);
  EXPECT_DOUBLE_EQ(hd(2), 0.25 * n * (n + 1) / 2);
  EXPECT_EQ(hl(0), n * (std::int64_t{1} << 40));
  EXPECT_EQ(all_reduce_value(group, 3, ReduceOp::sum), 3 * n);
  EXPECT_EQ(all_reduce_value(group, grid.world_rank(), ReduceOp::max), n - 1);
}

TEST(Collectives, MismatchedSizesAreRejectedClearly) {
  const ExecSpace exec;
  const Grid grid({test::runtime().world_size(), 1, 1, 1}, test::world());
  const auto& x = grid.x();
  const int n = x.size();
  Tensor1<float> send("send_view", 5), recv_bad("recv_view", 5 * n + 1);
  try {
    all_gather(exec, x, send, recv_bad);
    FAIL() << "all_gather accepted a wrong receive size";
  } catch (const UserError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("recv_view"), std::string::npos) << text;
    EXPECT_NE(text.find(std::to_string(5 * n + 1) + " elements"), std::string::npos) << text;
    EXPECT_NE(text.find("group 'x'"), std::string::npos) << text;
  }
  Tensor1<float> rs_send("rs_send", 4 * n + 1), rs_recv("rs_recv", 4);
  EXPECT_THROW(reduce_scatter(exec, x, rs_send, rs_recv), UserError);
  EXPECT_THROW(broadcast(exec, x, send, n), UserError);
  EXPECT_THROW(broadcast(exec, x, send, -1), UserError);
  // A strided (non-contiguous) view: every other column of a matrix.
  Tensor2<float> m("matrix", 4, 4);
  auto column = Kokkos::subview(m, Kokkos::ALL(), 1);
  EXPECT_THROW(all_reduce(exec, x, column), UserError);
  // The group still works after rejected calls (nothing was half-started).
  Tensor1<float> ok("ok", 2);
  Kokkos::deep_copy(ok, 1.0f);
  all_reduce(exec, x, ok);
  EXPECT_EQ(read(exec, ok)(1), static_cast<float>(n));
}

TEST(Collectives, UnwaitedHandleIsReportedAndCompleted) {
  const ExecSpace exec;
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  Tensor1<float> data("data", 8);
  Kokkos::deep_copy(data, 2.0f);
  const long before = Request::unwaited_destroyed();
  ::testing::internal::CaptureStderr();
  { Request forgotten = all_reduce_start(exec, grid.data(), data); }
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(Request::unwaited_destroyed(), before + 1);
  EXPECT_NE(err.find("destroyed without wait()"), std::string::npos) << err;
  EXPECT_NE(err.find("all_reduce"), std::string::npos) << err;
  EXPECT_NE(err.find("'data'"), std::string::npos) << err;
  // It was completed, so the data holds the reduction.
  EXPECT_EQ(read(exec, data)(0), 2.0f * grid.data().size());
  Request none;
  EXPECT_THROW(none.wait(), UserError);
}

TEST(Collectives, RequestNamesItsGroupAfterTheCommunicatorIsGone) {
  // The request shares ownership of the group's name: moving the communicator (which moves
  // its name's storage) or freeing it leaves the request's report intact.
  const ExecSpace exec;
  Tensor1<float> data("data", 4);
  Kokkos::deep_copy(data, 1.0f);
  Request request;
  {
    Communicator group = Communicator::duplicate(test::world(), "short-lived group");
    request = all_reduce_start(exec, group, data);
    Communicator moved = std::move(group);
    request.wait();  // completes while the communicator exists
    request = all_reduce_start(exec, moved, data);
    EXPECT_NE(request.what().find("'short-lived group'"), std::string::npos) << request.what();
    request.wait();
  }
  EXPECT_FALSE(request.active());
  const RequestInfo info{"all_reduce", "MPI", Communicator::duplicate(test::world(), "freed").name_handle(), 4};
  EXPECT_NE(info.describe().find("'freed'"), std::string::npos) << info.describe();
}

}  // namespace
}  // namespace fourfold::comm
