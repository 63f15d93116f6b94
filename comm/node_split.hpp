// Two-level (hierarchical) collectives for a group that spans nodes ([parallel] hierarchical):
// the group is split into its members on this rank's node (intra, L ranks) and the members that
// share this rank's place on every node (inter, one per node, N ranks). A collective then runs
// inside the node, across nodes on 1/L of the bytes, and inside the node again:
//
//   all_reduce      intra reduce-scatter, inter all-reduce of this rank's 1/L, intra all-gather
//                   (elements past the last whole L-th: a flat all-reduce of those few)
//   all_gather      intra all-gather into this node's part of the result, inter all-gather of
//                   the node parts (in place); every element is copied, so exact
//   reduce_scatter  intra reduce-scatter of the blocks of every node that go to ranks of this
//                   rank's place (packed by place), inter reduce-scatter of those to their node
//
// Summation order (all_reduce, reduce_scatter): each element is first summed over the ranks of
// its node, in the library's order for a group of L, then those node sums over the nodes, in the
// library's order for a group of N. The same sizes give the same order on every run, so results
// are bit-identical run to run; they agree with the flat collective to float rounding.
//
// The split needs the group's members in node order: each node holds the same number L >= 2 of
// them, consecutively in group-rank order, and there are N >= 2 nodes. The grid's layout numbers
// ranks X fastest, then Y, Z, data and fills nodes in order, so X and Y stay inside a node where
// they fit and Z and data groups split this way whenever they span nodes with more than one
// member on each.
#pragma once

#include "comm/communicator.hpp"

#include <memory>
#include <string>

namespace fourfold::comm {

// Hierarchical ([parallel] hierarchical) and its parser are in comm/types.hpp.

struct NodeSplit {
  Communicator intra;  // this group's members on this rank's node, in group order (L ranks)
  Communicator inter;  // the members at this rank's place on every node, in node order (N ranks)
  int local_size() const { return intra.size(); }
  int nodes() const { return inter.size(); }
};

/// This rank's node as an id every rank of the node shares: the lowest world rank on the node
/// (ranks that share memory, MPI_Comm_split_type), or world_rank / ranks_per_node when
/// ranks_per_node > 0 (a layout given by the caller, e.g. tests on one machine). Collective over
/// `world`.
int node_id(const Communicator& world, int ranks_per_node);

/// The split of `group` by node when it can be split (see above), else nullptr with the reason
/// in `why_not` (empty when the group lies inside one node or has one member per node: nothing
/// to gain). Collective over `group`; every rank gets the same answer. The sub-communicators
/// count where `group` counts, on its axis and its progress engine.
std::unique_ptr<NodeSplit> split_by_node(const Communicator& group, int node, std::string& why_not);

}  // namespace fourfold::comm
