// The ring exchange (comm::ring_exchange, the point-to-point step of ring attention): on every
// group of every grid of this world size (rings of 1, 2, 3 and 4 ranks with MPI_RANKS 1 2 3 4),
// blocking and started-then-waited (on an instance and on the host), on device and host views,
// through the public route and forced onto the staged one, with a thread and an inline progress
// engine; several exchanges in flight on one group at once (ring algorithms double-buffer); the
// counters; and bad arguments.
#include "collective_cases.hpp"

#include "comm/progress_engine.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fourfold::comm {
namespace {

using namespace test_cases;

/// The group rank `steps` ranks behind this one on the ring, as a world rank.
int behind(const GroupCase& g, int steps) {
  const int n = static_cast<int>(g.members.size());
  return g.members[static_cast<std::size_t>(((g.group_rank - steps) % n + n) % n)];
}

/// `v` (count elements, `offset` on) holds what world rank `from` filled.
template <class View>
void expect_from(const ExecSpace& exec, const View& v, int from, std::size_t offset = 0) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(exec, h, v);
  exec.fence();
  for (std::size_t i = 0; i < v.size(); ++i)
    ASSERT_EQ(h(i), value(from, offset + i)) << "element " << i << " should come from world rank " << from;
}

template <class Space>
Kokkos::View<float*, Space> filled_in(const char* label, std::size_t n, int world_rank, std::size_t offset = 0) {
  Kokkos::View<float*, Space> v(std::string(label), n);
  auto h = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < n; ++i) h(i) = value(world_rank, offset + i);
  Kokkos::deep_copy(v, h);
  return v;
}

enum class How { blocking, wait_on_instance, wait_on_host };

/// One exchange on every group of every grid, in memory `Space`, on `route` (or the public one).
template <class Space>
void exchange_on_every_group(ProgressMode progress, How how, const detail::Route* forced) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  const ExecSpace exec;
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    const Grid grid(shape, test::world(), Backend::automatic, progress, Hierarchical::off);
    for (GroupKind kind : all_group_kinds) {
      SCOPED_TRACE("grid " + shape.str() + " group " + group_name(kind));
      const Communicator& group = grid.group(kind);
      const GroupCase g{grid.layout().group_members(kind, grid.world_rank()),
                        grid.layout().group_rank(kind, grid.world_rank())};
      auto send = filled_in<Space>("ring_send", count, grid.world_rank());
      Kokkos::View<float*, Space> recv("ring_recv", count);
      const bool start = how != How::blocking;
      const detail::Route route = forced != nullptr && group.size() > 1 ? *forced : detail::route_of<decltype(recv)>(group);
      if (!start && forced == nullptr) {
        ring_exchange(exec, group, send, recv);
      } else {
        Request r = forced != nullptr || !start ? detail::ring_exchange(exec, group, send, recv, start, route)
                                                : ring_exchange_start(exec, group, send, recv);
        if (start) {
          EXPECT_TRUE(r.active());
          if (how == How::wait_on_instance) {
            r.wait(exec);
          } else {
            r.wait();
          }
          EXPECT_FALSE(r.active());
        }
      }
      expect_from(exec, recv, behind(g, 1));
      expect_from(exec, send, grid.world_rank());  // the send buffer is left as it was
    }
  }
}

TEST(RingExchange, BlockingOnEveryGroupDeviceViews) {
  exchange_on_every_group<MemSpace>(ProgressMode::automatic, How::blocking, nullptr);
}

TEST(RingExchange, StartedOnEveryGroupDeviceViews) {
  exchange_on_every_group<MemSpace>(ProgressMode::automatic, How::wait_on_instance, nullptr);
  exchange_on_every_group<MemSpace>(ProgressMode::automatic, How::wait_on_host, nullptr);
}

TEST(RingExchange, HostViews) {
  exchange_on_every_group<Kokkos::HostSpace>(ProgressMode::automatic, How::blocking, nullptr);
  exchange_on_every_group<Kokkos::HostSpace>(ProgressMode::automatic, How::wait_on_instance, nullptr);
}

TEST(RingExchange, ThreadAndInlineEngines) {
  for (ProgressMode mode : {ProgressMode::thread, ProgressMode::inline_calls}) {
    SCOPED_TRACE(progress_mode_name(mode));
    exchange_on_every_group<MemSpace>(mode, How::blocking, nullptr);
    exchange_on_every_group<MemSpace>(mode, How::wait_on_instance, nullptr);
  }
}

TEST(RingExchange, StagedRoute) {
  const detail::Route staged = detail::Route::mpi_staged;
  exchange_on_every_group<MemSpace>(ProgressMode::automatic, How::blocking, &staged);
  exchange_on_every_group<MemSpace>(ProgressMode::automatic, How::wait_on_instance, &staged);
  exchange_on_every_group<MemSpace>(ProgressMode::inline_calls, How::wait_on_host, &staged);
}

// A whole trip round the ring, double-buffered as ring attention does: the transfer of step s + 1
// is started before step s's block is read, and every block arrives in order. Each step also
// sends a second buffer (as the backward's dK/dV accumulators travel beside K/V), so two
// exchanges are in flight on the group at once.
TEST(RingExchange, FullTripDoubleBufferedTwoInFlight) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  const ExecSpace exec;
  for (ProgressMode mode : {ProgressMode::thread, ProgressMode::inline_calls}) {
    const Grid grid(GridShape{1, 1, 1, world_size}, test::world(), Backend::automatic, mode, Hierarchical::off);
    const Communicator& ring = grid.data();
    const GroupCase g{grid.layout().group_members(GroupKind::data, grid.world_rank()),
                      grid.layout().group_rank(GroupKind::data, grid.world_rank())};
    Tensor1<float> blocks[2] = {filled_in<MemSpace>("block0", count, grid.world_rank()), Tensor1<float>("block1", count)};
    Tensor1<float> extra[2] = {filled_in<MemSpace>("extra0", 2 * count, grid.world_rank(), 100),
                               Tensor1<float>("extra1", 2 * count)};
    const CommTotals before = grid.context().counters().comm_totals();
    const int n = ring.size();
    for (int s = 0; s < n; ++s) {
      SCOPED_TRACE("step " + std::to_string(s));
      const Tensor1<float>& current = blocks[s % 2];
      Request next, next_extra;
      if (s + 1 < n) {
        next = ring_exchange_start(exec, ring, current, blocks[(s + 1) % 2]);
        next_extra = ring_exchange_start(exec, ring, extra[s % 2], extra[(s + 1) % 2]);
      }
      expect_from(exec, current, behind(g, s));
      if (s + 1 < n) {
        next.wait(exec);
        next_extra.wait(exec);
        expect_from(exec, extra[(s + 1) % 2], behind(g, s + 1), 100);
      }
    }
    const CommTotals moved = grid.context().counters().comm_totals() - before;
    const int axis = static_cast<int>(ring.axis()), kind = static_cast<int>(CollectiveKind::ring_exchange);
    if (n > 1) {
      EXPECT_EQ(moved.calls[axis][kind], 2L * (n - 1));
      EXPECT_DOUBLE_EQ(moved.bytes[axis][kind], 3.0 * count * sizeof(float) * (n - 1));
    } else {
      EXPECT_EQ(moved.calls[axis][kind], 0);  // a ring of one rank never communicates
    }
  }
}

TEST(RingExchange, BadArgumentsAreUserErrors) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  const Grid grid(GridShape{1, 1, 1, world_size}, test::world());
  const ExecSpace exec;
  Tensor1<float> a("a", count), b("b", count + 1), both("both", 2 * count);
  test::expect_user_error([&] { ring_exchange(exec, grid.data(), a, b); }, "must be equal");
  test::expect_user_error([&] { ring_exchange(exec, grid.data(), a, a); }, "overlap");
  const auto first = Kokkos::subview(both, Kokkos::make_pair(std::size_t{0}, count));
  const auto shifted = Kokkos::subview(both, Kokkos::make_pair(std::size_t{1}, count + 1));
  test::expect_user_error([&] { ring_exchange(exec, grid.data(), first, shifted); }, "overlap");
  // Adjacent halves of one buffer do not overlap.
  const auto second = Kokkos::subview(both, Kokkos::make_pair(count, 2 * count));
  ring_exchange(exec, grid.data(), first, second);
}

}  // namespace
}  // namespace fourfold::comm
