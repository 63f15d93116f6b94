// Hierarchical collectives (comm/node_split.hpp), on one machine with nodes laid out as runs of
// 2 world ranks: which groups split and which refuse (with a message on every rank), the shared
// collective cases (tests/comm/collective_cases.hpp, exact values: any order gives the same
// sums) through split Z and data groups, blocking and started, on the MPI and staged routes, in
// float and bf16, with counts that leave a remainder; reductions of inexact values bit-identical
// run to run and equal to the flat collective to rounding; all-gathers exact; inline progress.
#include "collective_cases.hpp"
#include "comm/node_split.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace fourfold::comm {
namespace {

using namespace test_cases;

constexpr GridFlavour by_pairs{Hierarchical::on, 2};  // "nodes" of 2 ranks

TEST(NodeSplit, ParsesItsSetting) {
  EXPECT_EQ(parse_hierarchical("auto"), Hierarchical::automatic);
  EXPECT_EQ(parse_hierarchical("true"), Hierarchical::on);
  EXPECT_EQ(parse_hierarchical("false"), Hierarchical::off);
  try {
    parse_hierarchical("yes");
    ADD_FAILURE();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("\"yes\": expected auto, true or false"), std::string::npos) << e.what();
  }
}

TEST(NodeSplit, SplitsGroupsWithSeveralMembersOnSeveralNodes) {
  if (test::runtime().world_size() != 4) GTEST_SKIP() << "4 ranks on 2 nodes of 2";
  {
    const Grid grid({1, 1, 4, 1}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::on, 2);
    ASSERT_NE(grid.z().node_split(), nullptr);
    EXPECT_EQ(grid.z().node_split()->local_size(), 2);
    EXPECT_EQ(grid.z().node_split()->nodes(), 2);
    EXPECT_EQ(grid.z().node_split()->intra.rank(), grid.z().rank() % 2);
    EXPECT_EQ(grid.z().node_split()->inter.rank(), grid.z().rank() / 2);
    EXPECT_NE(grid.z_prefetch().node_split(), nullptr);
    EXPECT_TRUE(grid.hierarchical(GroupKind::z));
    EXPECT_FALSE(grid.hierarchical(GroupKind::data));
  }
  {
    const Grid grid({1, 1, 1, 4}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::automatic, 2);
    EXPECT_TRUE(grid.hierarchical(GroupKind::data));
  }
  // One member per node (Z of 2x1x2x1: ranks 0 and 2), or all on one: nothing to split, no error.
  for (const GridShape& shape : {GridShape{2, 1, 2, 1}, GridShape{1, 1, 2, 2}}) {
    const Grid grid(shape, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::on, 2);
    EXPECT_EQ(grid.z().node_split(), nullptr) << shape.str();
    EXPECT_EQ(grid.data().node_split(), nullptr) << shape.str();
  }
  // The machine's own nodes (this one: all ranks share memory): nothing spans nodes.
  const Grid one_node({1, 1, 4, 1}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::on);
  EXPECT_EQ(one_node.z().node_split(), nullptr);
  const Grid off({1, 1, 4, 1}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::off, 2);
  EXPECT_FALSE(off.hierarchical(GroupKind::z));
}

TEST(NodeSplit, UnevenNodesAreRefusedOnEveryRankWhenRequired) {
  if (test::runtime().world_size() != 4) GTEST_SKIP() << "4 ranks on nodes of 3 and 1";
  try {
    const Grid grid({1, 1, 4, 1}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::on, 3);
    ADD_FAILURE() << "nodes of 3 and 1 ranks cannot split a Z group of 4";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("[parallel] hierarchical = true"), std::string::npos) << what;
    EXPECT_NE(what.find("group 'z' of 4 ranks has its members on nodes (node ids by group rank) 0 0 0 1"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("set it to auto or false"), std::string::npos) << what;
  }
  // auto: the same layout runs flat.
  const Grid grid({1, 1, 4, 1}, test::world(), Backend::automatic, ProgressMode::automatic, Hierarchical::automatic, 3);
  EXPECT_EQ(grid.z().node_split(), nullptr);
}

TEST(NodeSplit, SharedCasesBlocking) {
  blocking_on_every_grid_and_group(Backend::automatic, PublicApi{}, by_pairs);
  blocking_on_every_grid_and_group<bf16>(Backend::automatic, PublicApi{}, by_pairs);
}

TEST(NodeSplit, SharedCasesStartedThenWaited) {
  started_all_in_flight_at_once(Backend::automatic, PublicApi{}, false, by_pairs);
  started_all_in_flight_at_once(Backend::automatic, PublicApi{}, true, by_pairs);
  started_all_in_flight_at_once<bf16>(Backend::automatic, PublicApi{}, true, by_pairs);
}

TEST(NodeSplit, SharedCasesOnTheStagedRoute) {
  blocking_on_every_grid_and_group(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, by_pairs);
  started_all_in_flight_at_once(Backend::mpi, ForcedRoute{detail::Route::mpi_staged}, false, by_pairs);
}

// Inexact values (random floats): a hierarchical all-reduce and reduce-scatter give the same bits
// on every run, and the flat collective's values to float rounding; an all-gather is exact. Sizes
// below, at and above one part per node member, odd ones leaving a remainder, several in flight.
TEST(NodeSplit, InexactSumsRepeatBitForBitAndAgreeWithFlat) {
  if (test::runtime().world_size() != 4) GTEST_SKIP() << "4 ranks on 2 nodes of 2";
  for (const ProgressMode progress : {ProgressMode::thread, ProgressMode::inline_calls}) {
    const Grid split({1, 1, 4, 1}, test::world(), Backend::automatic, progress, Hierarchical::on, 2);
    const Grid flat({1, 1, 4, 1}, test::world(), Backend::automatic, progress, Hierarchical::off);
    ASSERT_TRUE(split.hierarchical(GroupKind::z));
    const ExecSpace exec;
    for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{64}, std::size_t{1001}}) {
      SCOPED_TRACE("progress " + std::string(progress_mode_name(progress)) + ", " + std::to_string(n) + " elements");
      std::mt19937 draw(17 + 101 * split.world_rank() + static_cast<unsigned>(n));
      std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
      std::vector<float> values(4 * n);
      for (float& v : values) v = uniform(draw);
      const auto view_of = [&](std::size_t size, const char* label) {
        Vector v(std::string(label), size);
        auto h = Kokkos::create_mirror_view(v);
        for (std::size_t i = 0; i < size; ++i) h(i) = values[i];
        Kokkos::deep_copy(v, h);
        return v;
      };
      const auto host = [&](const Vector& v) {
        auto h = Kokkos::create_mirror_view(v);
        Kokkos::deep_copy(h, v);
        return std::vector<float>(h.data(), h.data() + h.size());
      };
      // All-reduce: twice hierarchical (one blocking, one started beside a reduce-scatter), once flat.
      Vector a = view_of(n, "a"), b = view_of(n, "b"), c = view_of(n, "c");
      all_reduce(exec, split.z(), a);
      Vector rs_send = view_of(4 * n, "rs_send"), rs_a("rs_a", n), rs_b("rs_b", n), rs_flat("rs_flat", n);
      Request started = all_reduce_start(exec, split.z(), b);
      Request scattered = reduce_scatter_start(exec, split.z(), rs_send, rs_a);
      scattered.wait(exec);
      started.wait(exec);
      all_reduce(exec, flat.z(), c);
      reduce_scatter(exec, split.z(), rs_send, rs_b);
      reduce_scatter(exec, flat.z(), rs_send, rs_flat);
      exec.fence();
      EXPECT_EQ(host(a), host(b)) << "hierarchical all-reduce, run to run";
      EXPECT_EQ(host(rs_a), host(rs_b)) << "hierarchical reduce-scatter, run to run";
      const auto near = [](const std::vector<float>& got, const std::vector<float>& want, const char* what) {
        ASSERT_EQ(got.size(), want.size());
        for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6f) << what << " " << i;
      };
      near(host(a), host(c), "all-reduce against flat");
      near(host(rs_a), host(rs_flat), "reduce-scatter against flat");
      // All-gather: the same bits as flat.
      Vector send = view_of(n, "send"), got("got", 4 * n), want("want", 4 * n);
      all_gather(exec, split.z(), send, got);
      all_gather(exec, flat.z(), send, want);
      exec.fence();
      EXPECT_EQ(host(got), host(want)) << "hierarchical all-gather";
    }
  }
}

}  // namespace
}  // namespace fourfold::comm
