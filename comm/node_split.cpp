#include "comm/node_split.hpp"

#include "comm/check.hpp"
#include "core/error.hpp"

#include <set>
#include <vector>

namespace fourfold::comm {

int node_id(const Communicator& world, int ranks_per_node) {
  FF_REQUIRE(ranks_per_node >= 0, "ranks per node {}: expected 0 (from the machine) or a positive count",
             ranks_per_node);
  if (ranks_per_node > 0) return world.rank() / ranks_per_node;
  MPI_Comm shared = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_split_type(world.mpi(), MPI_COMM_TYPE_SHARED, world.rank(), MPI_INFO_NULL, &shared));
  int lowest = world.rank();
  const int code = MPI_Allreduce(MPI_IN_PLACE, &lowest, 1, MPI_INT, MPI_MIN, shared);
  MPI_Comm_free(&shared);
  FF_CHECK_MPI(code);
  return lowest;
}

std::unique_ptr<NodeSplit> split_by_node(const Communicator& group, int node, std::string& why_not) {
  why_not.clear();
  const int size = group.size();
  if (size < 4) return nullptr;  // 2 or 3 ranks: at most one node with two, nothing to split
  std::vector<int> nodes(static_cast<std::size_t>(size));
  FF_CHECK_MPI(MPI_Allgather(&node, 1, MPI_INT, nodes.data(), 1, MPI_INT, group.mpi()));
  // Nothing to gain inside one node or with one member per node (the planner costs such groups as
  // flat rings); otherwise N nodes must each hold L = size / N members, consecutively.
  const int distinct = static_cast<int>(std::set<int>(nodes.begin(), nodes.end()).size());
  if (distinct == 1 || distinct == size) return nullptr;
  const int local = size / distinct;
  bool uniform = size % distinct == 0;
  for (int r = 0; uniform && r < size; ++r)
    uniform = nodes[static_cast<std::size_t>(r)] == nodes[static_cast<std::size_t>(r / local * local)];
  if (!uniform) {
    std::string layout;
    for (int r = 0; r < size && r < 16; ++r) layout += (r ? " " : "") + std::to_string(nodes[static_cast<std::size_t>(r)]);
    why_not = fmt::format(
        "group '{}' of {} ranks has its members on nodes (node ids by group rank) {}{}: a hierarchical collective "
        "needs the same number (at least 2) on every node, consecutively",
        group.name(), size, layout, size > 16 ? " ..." : "");
    return nullptr;
  }
  const int place = group.rank() % local, node_index = group.rank() / local;
  auto split = std::make_unique<NodeSplit>();
  split->intra = group.split(node_index, place, group.name() + ".node");
  split->inter = group.split(place, node_index, group.name() + ".across");
  for (Communicator* c : {&split->intra, &split->inter}) {
    c->set_axis(group.axis());
    c->attach_engine(group.engine());
  }
  return split;
}

}  // namespace fourfold::comm
