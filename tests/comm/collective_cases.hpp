// The collective test cases every backend runs: each collective on every group of every grid
// of this world size, blocking and started-then-waited (waited on an instance and on the host),
// with values distinct per rank and element so a wrong group, order or block is caught.
//
// A case calls the collectives through an Api: the public functions on a grid built for the
// backend under test (MPI here, NCCL on a GPU machine), or one route forced explicitly (the
// staged MPI route, exercised here on host memory).
#pragma once

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace fourfold::comm::test_cases {

// Distinct per world rank and element, exact in float.
inline float value(int world_rank, std::size_t i) { return 1000.0f * world_rank + static_cast<float>(i); }

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

template <class F>
void for_every_grid_and_group(Backend backend, F&& body) {
  int world_size = 0;
  MPI_Comm_size(test::world(), &world_size);
  for (const GridShape& shape : all_grid_shapes(world_size)) {
    const Grid grid(shape, test::world(), backend);
    for (GroupKind kind : all_group_kinds) {
      SCOPED_TRACE("grid " + shape.str() + " group " + group_name(kind));
      const GroupCase g{grid.layout().group_members(kind, grid.world_rank()),
                        grid.layout().group_rank(kind, grid.world_rank())};
      body(grid, grid.group(kind), g);
    }
  }
}

inline Tensor1<float> filled(const char* label, std::size_t n, int world_rank, std::size_t offset = 0) {
  Tensor1<float> v(std::string(label), n);
  auto h = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < n; ++i) h(i) = value(world_rank, offset + i);
  Kokkos::deep_copy(v, h);
  return v;
}

/// The view's values as work enqueued on `exec` sees them (a copy on the instance, then a
/// fence of that instance only), so a collective not ordered before that work is caught.
inline auto read(const ExecSpace& exec, const Tensor1<float>& v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(exec, h, v);
  exec.fence();
  return h;
}

inline void check_all_reduce(const ExecSpace& exec, const Tensor1<float>& got, const GroupCase& g, ReduceOp op) {
  auto h = read(exec, got);
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

inline void check_all_gather(const ExecSpace& exec, const Tensor1<float>& got, const GroupCase& g) {
  auto h = read(exec, got);
  for (std::size_t j = 0; j < g.members.size(); ++j)
    for (std::size_t i = 0; i < count; ++i)
      ASSERT_EQ(h(j * count + i), value(g.members[j], i)) << "block " << j << " element " << i;
}

inline void check_reduce_scatter(const ExecSpace& exec, const Tensor1<float>& got, const GroupCase& g) {
  auto h = read(exec, got);
  for (std::size_t i = 0; i < count; ++i) {
    float expected = 0;
    for (int m : g.members) expected += value(m, g.group_rank * count + i);
    ASSERT_EQ(h(i), expected) << "element " << i;
  }
}

inline void check_broadcast(const ExecSpace& exec, const Tensor1<float>& got, const GroupCase& g, int root) {
  auto h = read(exec, got);
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(h(i), value(g.members[root], i));
}

/// Every collective, blocking, on every grid and group; reductions with every operator.
template <class Api>
void blocking_on_every_grid_and_group(Backend backend, const Api& api) {
  const ExecSpace exec;
  for_every_grid_and_group(backend, [&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min}) {
      auto data = filled("ar", count, me);
      api.all_reduce(exec, group, data, op);
      check_all_reduce(exec, data, g, op);
    }
    auto send = filled("ag_send", count, me);
    Tensor1<float> gathered("ag_recv", count * group.size());
    api.all_gather(exec, group, send, gathered);
    check_all_gather(exec, gathered, g);

    auto rs_send = filled("rs_send", count * group.size(), me);
    Tensor1<float> rs_recv("rs_recv", count);
    api.reduce_scatter(exec, group, rs_send, rs_recv);
    check_reduce_scatter(exec, rs_recv, g);

    const int root = group.size() - 1;
    auto bc = filled("bc", count, me);
    api.broadcast(exec, group, bc, root);
    check_broadcast(exec, bc, g, root);
  });
}

/// All four started at once, completed in another order: on the host (wait()) or for later
/// work on the instance (wait(exec)); the results are read through the instance.
template <class Api>
void started_all_in_flight_at_once(Backend backend, const Api& api, bool wait_on_instance) {
  const ExecSpace exec;
  for_every_grid_and_group(backend, [&](const Grid& grid, const Communicator& group, const GroupCase& g) {
    const int me = grid.world_rank();
    auto ar = filled("ar", count, me);
    auto ag_send = filled("ag_send", count, me);
    Tensor1<float> ag_recv("ag_recv", count * group.size());
    auto rs_send = filled("rs_send", count * group.size(), me);
    Tensor1<float> rs_recv("rs_recv", count);
    auto bc = filled("bc", count, me);
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
  });
}

}  // namespace fourfold::comm::test_cases
