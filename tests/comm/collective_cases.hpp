// The collective test cases every backend runs: each collective on every group of every grid
// of this world size, blocking and started-then-waited (waited on an instance and on the host),
// with values distinct per rank and element so a wrong group, order or block is caught. Each
// case runs on float (the default) and bf16 elements (`case<bf16>(...)`), with values whose
// reductions are exact in either type, so any reduction order gives the same result.
//
// A case calls the collectives through an Api: the public functions on a grid built for the
// backend under test (MPI here, NCCL on a GPU machine), or one route forced explicitly (the
// staged MPI route, exercised here on host memory).
#pragma once

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/bf16.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace fourfold::comm::test_cases {

/// How the cases make and read elements of type T, and the value of element i on a world rank.
template <class T>
struct Elements;

template <>
struct Elements<float> {
  static constexpr int max_world_size = 1 << 10;
  // Distinct per world rank and element, exact in float, and so are their sums.
  static float value(int world_rank, std::size_t i) { return 1000.0f * world_rank + static_cast<float>(i); }
  static float make(float x) { return x; }
  static float get(float x) { return x; }
};

template <>
struct Elements<bf16> {
  // Integers in [-32, 31], distinct per world rank and (modulo 16) per element: every partial
  // sum of up to 4 of them is an integer of magnitude at most 128, exact in bf16 (8 significant
  // bits), so each pairwise combine is exact whatever the reduction order.
  static constexpr int max_world_size = 4;
  static float value(int world_rank, std::size_t i) {
    return 16.0f * world_rank + static_cast<float>(i % 16) - 32.0f;
  }
  static bf16 make(float x) { return to_bf16(x); }
  static float get(bf16 x) { return to_float(x); }
};

inline float value(int world_rank, std::size_t i) { return Elements<float>::value(world_rank, i); }

/// True (after a skip message) when T's values are not exact on a world of this size.
template <class T>
bool world_too_large_for() {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  return world_size > Elements<T>::max_world_size;
}

inline constexpr std::size_t count = 37;  // odd on purpose

struct GroupCase {
  std::vector<int> members;  // world ranks in group order
  int group_rank;
};

/// The public collectives: the route follows the grid's backend and the memory space.
struct PublicApi {
  template <class V>
  void all_reduce(const ExecSpace& e, const Communicator& c, const V& v, ReduceOp op) const { comm::all_reduce(e, c, v, op); }
  template <class S, class R>
  void all_gather(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { comm::all_gather(e, c, s, r); }
  template <class S, class R>
  void reduce_scatter(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { comm::reduce_scatter(e, c, s, r); }
  template <class V>
  void broadcast(const ExecSpace& e, const Communicator& c, const V& v, int root) const { comm::broadcast(e, c, v, root); }
  template <class V>
  Request all_reduce_start(const ExecSpace& e, const Communicator& c, const V& v) const { return comm::all_reduce_start(e, c, v); }
  template <class S, class R>
  Request all_gather_start(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { return comm::all_gather_start(e, c, s, r); }
  template <class S, class R>
  Request reduce_scatter_start(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { return comm::reduce_scatter_start(e, c, s, r); }
  template <class V>
  Request broadcast_start(const ExecSpace& e, const Communicator& c, const V& v, int root) const { return comm::broadcast_start(e, c, v, root); }
};

/// The same calls forced onto one route (groups of one rank still take the one-rank path).
struct ForcedRoute {
  detail::Route route;
  template <class V>
  void all_reduce(const ExecSpace& e, const Communicator& c, const V& v, ReduceOp op) const { detail::all_reduce(e, c, v, op, false, route); }
  template <class S, class R>
  void all_gather(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { detail::all_gather(e, c, s, r, false, route); }
  template <class S, class R>
  void reduce_scatter(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { detail::reduce_scatter(e, c, s, r, ReduceOp::sum, false, route); }
  template <class V>
  void broadcast(const ExecSpace& e, const Communicator& c, const V& v, int root) const { detail::broadcast(e, c, v, root, false, route); }
  template <class V>
  Request all_reduce_start(const ExecSpace& e, const Communicator& c, const V& v) const { return detail::all_reduce(e, c, v, ReduceOp::sum, true, route); }
  template <class S, class R>
  Request all_gather_start(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { return detail::all_gather(e, c, s, r, true, route); }
  template <class S, class R>
  Request reduce_scatter_start(const ExecSpace& e, const Communicator& c, const S& s, const R& r) const { return detail::reduce_scatter(e, c, s, r, ReduceOp::sum, true, route); }
  template <class V>
  Request broadcast_start(const ExecSpace& e, const Communicator& c, const V& v, int root) const { return detail::broadcast(e, c, v, root, true, route); }
};

/// How the grids of a case are built: flat groups (the default), or Z and data groups split by
/// node (comm/node_split.hpp), nodes being runs of ranks_per_node ranks.
struct GridFlavour {
  Hierarchical hierarchical = Hierarchical::off;
  int ranks_per_node = 0;
};

template <class F>
void for_every_grid_and_group(Backend backend, F&& body, const GridFlavour& flavour = {}) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    const Grid grid(shape, test::world(), backend, ProgressMode::automatic, flavour.hierarchical,
                    flavour.ranks_per_node);
    for (GroupKind kind : all_group_kinds) {
      SCOPED_TRACE("grid " + shape.str() + " group " + group_name(kind));
      const GroupCase g{grid.layout().group_members(kind, grid.world_rank()),
                        grid.layout().group_rank(kind, grid.world_rank())};
      body(grid, grid.group(kind), g);
    }
  }
}

template <class T = float>
Tensor1<T> filled(const char* label, std::size_t n, int world_rank, std::size_t offset = 0) {
  Tensor1<T> v(std::string(label), n);
  auto h = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < n; ++i) h(i) = Elements<T>::make(Elements<T>::value(world_rank, offset + i));
  Kokkos::deep_copy(v, h);
  return v;
}

/// The view's values as work enqueued on `exec` sees them (a copy on the instance, then a
/// fence of that instance only), so a collective not ordered before that work is caught.
template <class T>
auto read(const ExecSpace& exec, const Tensor1<T>& v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(exec, h, v);
  exec.fence();
  return h;
}

template <class T>
void check_all_reduce(const ExecSpace& exec, const Tensor1<T>& got, const GroupCase& g, ReduceOp op) {
  using E = Elements<T>;
  auto h = read(exec, got);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = op == ReduceOp::max ? -1e30f : (op == ReduceOp::min ? 1e30f : 0.0f);
    for (int m : g.members) {
      if (op == ReduceOp::sum) expected += E::value(m, i);
      if (op == ReduceOp::max) expected = std::max(expected, E::value(m, i));
      if (op == ReduceOp::min) expected = std::min(expected, E::value(m, i));
    }
    ASSERT_EQ(E::get(h(i)), expected) << "element " << i << " op " << reduce_op_name(op);
  }
}

template <class T>
void check_all_gather(const ExecSpace& exec, const Tensor1<T>& got, const GroupCase& g) {
  auto h = read(exec, got);
  for (std::size_t j = 0; j < g.members.size(); ++j)
    for (std::size_t i = 0; i < count; ++i)
      ASSERT_EQ(Elements<T>::get(h(j * count + i)), Elements<T>::value(g.members[j], i))
          << "block " << j << " element " << i;
}

template <class T>
void check_reduce_scatter(const ExecSpace& exec, const Tensor1<T>& got, const GroupCase& g) {
  auto h = read(exec, got);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = 0;
    for (int m : g.members) expected += Elements<T>::value(m, g.group_rank * count + i);
    ASSERT_EQ(Elements<T>::get(h(i)), expected) << "element " << i;
  }
}

template <class T>
void check_broadcast(const ExecSpace& exec, const Tensor1<T>& got, const GroupCase& g, int root) {
  auto h = read(exec, got);
  for (std::size_t i = 0; i < count; ++i)
    ASSERT_EQ(Elements<T>::get(h(i)), Elements<T>::value(g.members[root], i)) << "element " << i;
}

/// Every collective, blocking, on every grid and group; reductions with every operator.
template <class T = float, class Api>
void blocking_on_every_grid_and_group(Backend backend, const Api& api, const GridFlavour& flavour = {}) {
  if (world_too_large_for<T>()) GTEST_SKIP() << dtype_name(dtype_of<T>()) << " test values are exact up to "
                                             << Elements<T>::max_world_size << " ranks";
  const ExecSpace exec;
  for_every_grid_and_group(backend, [&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min}) {
      auto data = filled<T>("ar", count, me);
      api.all_reduce(exec, group, data, op);
      check_all_reduce(exec, data, g, op);
    }
    auto send = filled<T>("ag_send", count, me);
    Tensor1<T> gathered("ag_recv", count * group.size());
    api.all_gather(exec, group, send, gathered);
    check_all_gather(exec, gathered, g);

    auto rs_send = filled<T>("rs_send", count * group.size(), me);
    Tensor1<T> rs_recv("rs_recv", count);
    api.reduce_scatter(exec, group, rs_send, rs_recv);
    check_reduce_scatter(exec, rs_recv, g);

    const int root = group.size() - 1;
    auto bc = filled<T>("bc", count, me);
    api.broadcast(exec, group, bc, root);
    check_broadcast(exec, bc, g, root);
  }, flavour);
}

/// All four started at once, completed in another order: on the host (wait()) or for later
/// work on the instance (wait(exec)); the results are read through the instance.
template <class T = float, class Api>
void started_all_in_flight_at_once(Backend backend, const Api& api, bool wait_on_instance,
                                   const GridFlavour& flavour = {}) {
  if (world_too_large_for<T>()) GTEST_SKIP() << dtype_name(dtype_of<T>()) << " test values are exact up to "
                                             << Elements<T>::max_world_size << " ranks";
  const ExecSpace exec;
  for_every_grid_and_group(backend, [&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    auto ar = filled<T>("ar", count, me);
    auto ag_send = filled<T>("ag_send", count, me);
    Tensor1<T> ag_recv("ag_recv", count * group.size());
    auto rs_send = filled<T>("rs_send", count * group.size(), me);
    Tensor1<T> rs_recv("rs_recv", count);
    auto bc = filled<T>("bc", count, me);
    Request r1 = api.all_reduce_start(exec, group, ar);
    Request r2 = api.all_gather_start(exec, group, ag_send, ag_recv);
    Request r3 = api.reduce_scatter_start(exec, group, rs_send, rs_recv);
    Request r4 = api.broadcast_start(exec, group, bc, 0);
    EXPECT_TRUE(r1.active() && r2.active() && r3.active() && r4.active());
    for (Request* r : {&r4, &r2, &r3, &r1}) {  // completion in any order
      if (wait_on_instance) {
        r->wait(exec);
      } else {
        r->wait();
      }
    }
    EXPECT_FALSE(r1.active());
    check_all_reduce(exec, ar, g, ReduceOp::sum);
    check_all_gather(exec, ag_recv, g);
    check_reduce_scatter(exec, rs_recv, g);
    check_broadcast(exec, bc, g, 0);
  }, flavour);
}

/// bf16 sums whose exact value bf16 cannot hold: group rank 0 adds a, group rank 1 adds b and
/// every other rank 0, so whatever the reduction order the one inexact combine is a + b in fp32,
/// rounded once to the nearest bf16 (ties to even); adding 0 changes nothing. All-reduce blocking
/// and started, and reduce-scatter (every block the same), on every group of two or more ranks.
template <class Api>
void bf16_sums_round_to_nearest_even(Backend backend, const Api& api) {
  struct Sum {
    float a, b, rounded;
  };
  const float big = std::ldexp(1.0f, 127);
  const std::vector<Sum> sums = {
      {256.0f, 1.0f, 256.0f},                         // 257: halfway, 256 is even
      {256.0f, 3.0f, 260.0f},                         // 259: halfway, 258 is odd so 260
      {256.0f, 0.75f, 256.0f},                        // 256.75: nearer 256
      {256.0f, 1.5f, 258.0f},                         // 257.5: nearer 258
      {-256.0f, -1.0f, -256.0f},                      // the sign does not change the tie rule
      {1.0f, 1.0f / 256, 1.0f},                       // 1 + 2^-8: halfway, 1 is even
      {1.0f, 3.0f / 256, 1.0f + 4.0f / 256},          // 1 + 3 * 2^-8: halfway, up to even
      {big, big, std::numeric_limits<float>::infinity()},  // 2^128 overflows fp32 and bf16
      {-2.0f, 2.0f, 0.0f},
  };
  const std::size_t n = sums.size();
  const ExecSpace exec;
  for_every_grid_and_group(backend, [&](const Grid&, const Communicator& group, const GroupCase& g) {
    if (group.size() < 2) return;
    // Each rank's addend of sum i: a on group rank 0, b on group rank 1, else 0.
    const auto addend = [&](std::size_t i) {
      return g.group_rank == 0 ? sums[i].a : g.group_rank == 1 ? sums[i].b : 0.0f;
    };
    const auto fill = [&](const Tensor1<bf16>& v) {
      auto h = Kokkos::create_mirror_view(v);
      for (std::size_t j = 0; j < v.size(); ++j) h(j) = to_bf16(addend(j % n));
      Kokkos::deep_copy(v, h);
    };
    const auto check = [&](const Tensor1<bf16>& v, const char* what) {
      auto h = read(exec, v);
      for (std::size_t j = 0; j < v.size(); ++j)
        ASSERT_EQ(to_float(h(j)), sums[j % n].rounded)
            << what << ": " << sums[j % n].a << " + " << sums[j % n].b << " (element " << j << ")";
    };
    Tensor1<bf16> blocking("blocking", n), started("started", n);
    fill(blocking);
    fill(started);
    api.all_reduce(exec, group, blocking, ReduceOp::sum);
    check(blocking, "all_reduce");
    Request r = api.all_reduce_start(exec, group, started);
    r.wait();
    check(started, "all_reduce started");
    Tensor1<bf16> rs_send("rs_send", n * group.size()), rs_recv("rs_recv", n);
    fill(rs_send);
    api.reduce_scatter(exec, group, rs_send, rs_recv);
    check(rs_recv, "reduce_scatter");
  });
}

}  // namespace fourfold::comm::test_cases
