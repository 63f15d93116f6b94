// Collectives on every grid of this world size and every group, blocking and non-blocking,
// with values distinct per rank and element so a wrong group, order or block is caught.
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace fourfold::comm {
namespace {

// Distinct per world rank and element, exact in float.
float value(int world_rank, std::size_t i) { return 1000.0f * world_rank + static_cast<float>(i); }

constexpr std::size_t count = 37;  // odd on purpose

struct GroupCase {
  std::vector<int> members;  // world ranks in group order
  int group_rank;
};

template <class F>
void for_every_grid_and_group(F&& body) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    const Grid grid(shape, test::world());
    for (GroupKind kind : all_group_kinds) {
      SCOPED_TRACE("grid " + shape.str() + " group " + group_name(kind));
      const GroupCase g{grid.layout().group_members(kind, grid.world_rank()),
                        grid.layout().group_rank(kind, grid.world_rank())};
      body(grid, grid.group(kind), g);
    }
  }
}

Tensor1<float> filled(const char* label, std::size_t n, int world_rank, std::size_t offset = 0) {
  Tensor1<float> v(std::string(label), n);
  auto h = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < n; ++i) h(i) = value(world_rank, offset + i);
  Kokkos::deep_copy(v, h);
  return v;
}

HostTensor1<float> host(const Tensor1<float>& v) {
  return Kokkos::create_mirror_view_and_copy(HostSpace(), v);
}

void check_all_reduce(const Tensor1<float>& got, const GroupCase& g, ReduceOp op) {
  auto h = host(got);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = op == ReduceOp::max ? -1e30f : (op == ReduceOp::min ? 1e30f : 0.0f);
    for (int m : g.members) {
      if (op == ReduceOp::sum) expected += value(m, i);
      if (op == ReduceOp::max) expected = std::max(expected, value(m, i));
      if (op == ReduceOp::min) expected = std::min(expected, value(m, i));
    }
    ASSERT_EQ(h(i), expected) << "element " << i << " op " << reduce_op_name(op);
  }
}

void check_all_gather(const Tensor1<float>& got, const GroupCase& g) {
  auto h = host(got);
  for (std::size_t j = 0; j < g.members.size(); ++j)
    for (std::size_t i = 0; i < count; ++i)
      ASSERT_EQ(h(j * count + i), value(g.members[j], i)) << "block " << j << " element " << i;
}

void check_reduce_scatter(const Tensor1<float>& got, const GroupCase& g) {
  auto h = host(got);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = 0;
    for (int m : g.members) expected += value(m, g.group_rank * count + i);
    ASSERT_EQ(h(i), expected) << "element " << i;
  }
}

void check_broadcast(const Tensor1<float>& got, const GroupCase& g, int root) {
  auto h = host(got);
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(h(i), value(g.members[root], i));
}

TEST(Collectives, BlockingOnEveryGridAndGroup) {
  const ExecSpace exec;
  for_every_grid_and_group([&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min}) {
      auto data = filled("ar", count, me);
      all_reduce(exec, group, data, op);
      check_all_reduce(data, g, op);
    }
    auto send = filled("ag_send", count, me);
    Tensor1<float> gathered("ag_recv", count * group.size());
    all_gather(exec, group, send, gathered);
    check_all_gather(gathered, g);

    auto rs_send = filled("rs_send", count * group.size(), me);
    Tensor1<float> rs_recv("rs_recv", count);
    reduce_scatter(exec, group, rs_send, rs_recv);
    check_reduce_scatter(rs_recv, g);

    const int root = group.size() - 1;
    auto bc = filled("bc", count, me);
    broadcast(exec, group, bc, root);
    check_broadcast(bc, g, root);
  });
}

TEST(Collectives, NonBlockingAllInFlightAtOnce) {
  const ExecSpace exec;
  for_every_grid_and_group([&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    auto ar = filled("ar", count, me);
    auto ag_send = filled("ag_send", count, me);
    Tensor1<float> ag_recv("ag_recv", count * group.size());
    auto rs_send = filled("rs_send", count * group.size(), me);
    Tensor1<float> rs_recv("rs_recv", count);
    auto bc = filled("bc", count, me);
    Request r1 = all_reduce_start(exec, group, ar);
    Request r2 = all_gather_start(exec, group, ag_send, ag_recv);
    Request r3 = reduce_scatter_start(exec, group, rs_send, rs_recv);
    Request r4 = broadcast_start(exec, group, bc, 0);
    EXPECT_TRUE(r1.active() && r2.active() && r3.active() && r4.active());
    r4.wait();  // completion in any order
    r2.wait();
    r3.wait();
    r1.wait();
    EXPECT_FALSE(r1.active());
    check_all_reduce(ar, g, ReduceOp::sum);
    check_all_gather(ag_recv, g);
    check_reduce_scatter(rs_recv, g);
    check_broadcast(bc, g, 0);
  });
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
  EXPECT_EQ(host(ok)(1), static_cast<float>(n));
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
  EXPECT_EQ(host(data)(0), 2.0f * grid.data().size());
  Request none;
  EXPECT_THROW(none.wait(), UserError);
}

}  // namespace
}  // namespace fourfold::comm
