// Collectives through the MPI backend: the shared cases (tests/comm/collective_cases.hpp) on
// every grid of this world size and every group, through the public API and forced onto the
// staged route (pinned host buffers, as device memory takes without a GPU-aware MPI), plus
// element types (bf16 through the shared cases, and its MPI operators on their own), bad
// arguments and forgotten handles. test_nccl_backend runs the same cases through NCCL where a
// GPU is present.
#include "collective_cases.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

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

TEST(Collectives, Bf16BlockingOnEveryGridAndGroup) {
  blocking_on_every_grid_and_group<bf16>(Backend::automatic, PublicApi{});
}

TEST(Collectives, Bf16StartedThenWaited) {
  started_all_in_flight_at_once<bf16>(Backend::automatic, PublicApi{}, false);
  started_all_in_flight_at_once<bf16>(Backend::automatic, PublicApi{}, true);
}

TEST(Collectives, Bf16StagedRoute) {
  blocking_on_every_grid_and_group<bf16>(Backend::mpi, ForcedRoute{detail::Route::mpi_staged});
  started_all_in_flight_at_once<bf16>(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, false);
  started_all_in_flight_at_once<bf16>(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, true);
}

TEST(Collectives, Bf16SumsRoundToNearestEven) {
  bf16_sums_round_to_nearest_even(Backend::automatic, PublicApi{});
  bf16_sums_round_to_nearest_even(Backend::mpi, ForcedRoute{detail::Route::mpi_staged});
}

// The bf16 MPI operators on their own (MPI_Reduce_local: inout = in (op) inout), with operands
// the collective cases avoid: NaN, infinities, signed zeros, negatives.
std::vector<float> reduce_local_bf16(ReduceOp op, const std::vector<float>& in, const std::vector<float>& inout) {
  std::vector<bf16> a(in.size()), b(inout.size());
  for (std::size_t i = 0; i < in.size(); ++i) a[i] = to_bf16(in[i]);
  for (std::size_t i = 0; i < inout.size(); ++i) b[i] = to_bf16(inout[i]);
  EXPECT_EQ(MPI_Reduce_local(a.data(), b.data(), static_cast<int>(b.size()), mpi_backend::mpi_datatype(DType::bf16),
                             mpi_backend::mpi_op(op, DType::bf16)),
            MPI_SUCCESS);
  std::vector<float> out(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) out[i] = to_float(b[i]);
  return out;
}

TEST(Collectives, Bf16OperatorsCombineInFp32) {
  EXPECT_EQ(dtype_of<bf16>(), DType::bf16);
  EXPECT_EQ(dtype_of<const bf16>(), DType::bf16);
  EXPECT_EQ(dtype_bytes(DType::bf16), 2u);
  EXPECT_STREQ(dtype_name(DType::bf16), "bf16");
  int bytes = 0;
  ASSERT_EQ(MPI_Type_size(mpi_backend::mpi_datatype(DType::bf16), &bytes), MPI_SUCCESS);
  EXPECT_EQ(bytes, 2);
  EXPECT_EQ(mpi_backend::mpi_datatype(DType::bf16), mpi_backend::mpi_datatype(DType::bf16));  // made once

  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  // sum: fp32 add, rounded to nearest even; NaN in either operand (or inf - inf) gives NaN.
  const auto sum = reduce_local_bf16(ReduceOp::sum, {256, 256, -3, nan, 1, inf, 2.5f},
                                                    {1, 3, -5, 1, nan, -inf, -0.5f});
  EXPECT_EQ(sum[0], 256.0f);
  EXPECT_EQ(sum[1], 260.0f);
  EXPECT_EQ(sum[2], -8.0f);
  EXPECT_TRUE(std::isnan(sum[3]) && std::isnan(sum[4]) && std::isnan(sum[5]));
  EXPECT_EQ(sum[6], 2.0f);

  // max and min: correct for negatives, NaN wins from either side, +0/-0 independent of order.
  const std::vector<float> x = {-3, -1, nan, 2, -0.0f, -inf, 7};
  const std::vector<float> y = {-2, -5, 1, nan, 0.0f, -100, -7};
  for (const bool swapped : {false, true}) {
    SCOPED_TRACE(swapped ? "operands swapped" : "operands in order");
    const auto max = swapped ? reduce_local_bf16(ReduceOp::max, y, x) : reduce_local_bf16(ReduceOp::max, x, y);
    const auto min = swapped ? reduce_local_bf16(ReduceOp::min, y, x) : reduce_local_bf16(ReduceOp::min, x, y);
    EXPECT_EQ(max[0], -2.0f);
    EXPECT_EQ(max[1], -1.0f);
    EXPECT_TRUE(std::isnan(max[2]) && std::isnan(max[3]));
    EXPECT_EQ(max[4], 0.0f);
    EXPECT_FALSE(std::signbit(max[4]));
    EXPECT_EQ(max[5], -100.0f);
    EXPECT_EQ(max[6], 7.0f);
    EXPECT_EQ(min[0], -3.0f);
    EXPECT_EQ(min[1], -5.0f);
    EXPECT_TRUE(std::isnan(min[2]) && std::isnan(min[3]));
    EXPECT_EQ(min[4], 0.0f);
    EXPECT_TRUE(std::signbit(min[4]));
    EXPECT_EQ(min[5], -inf);
    EXPECT_EQ(min[6], -7.0f);
  }

  // NaN bit patterns: a signalling NaN comes back quiet, and the sign is kept.
  std::vector<bf16> a = {bf16{0x7f81u}, bf16{0xffc1u}}, b = {to_bf16(1.0f), to_bf16(1.0f)};
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min}) {
    std::vector<bf16> out = b;
    ASSERT_EQ(MPI_Reduce_local(a.data(), out.data(), 2, mpi_backend::mpi_datatype(DType::bf16),
                               mpi_backend::mpi_op(op, DType::bf16)),
              MPI_SUCCESS);
    EXPECT_EQ(out[0].bits & 0xffc0u, 0x7fc0u) << reduce_op_name(op);
    EXPECT_EQ(out[1].bits & 0xffc0u, 0xffc0u) << reduce_op_name(op);
    EXPECT_TRUE(std::isnan(to_float(out[0])) && std::isnan(to_float(out[1])));
  }
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
  const long before = grid.data().counters().unwaited_requests();
  ::testing::internal::CaptureStderr();
  { Request forgotten = all_reduce_start(exec, grid.data(), data); }
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(grid.data().counters().unwaited_requests(), before + 1);
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
    Communicator group = Communicator::duplicate(test::world(), "short-lived group", std::make_shared<Counters>());
    request = all_reduce_start(exec, group, data);
    Communicator moved = std::move(group);
    request.wait();  // completes while the communicator exists
    request = all_reduce_start(exec, moved, data);
    EXPECT_NE(request.what().find("'short-lived group'"), std::string::npos) << request.what();
    request.wait();
  }
  EXPECT_FALSE(request.active());
  const RequestInfo info =
      Communicator::duplicate(test::world(), "freed", std::make_shared<Counters>()).request_info("all_reduce", "MPI", 4);
  EXPECT_NE(info.describe().find("'freed'"), std::string::npos) << info.describe();
}

}  // namespace
}  // namespace fourfold::comm
