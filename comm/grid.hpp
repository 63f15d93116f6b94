// Grid: this rank's place in the 4D process grid and the communicators of its groups, each
// split from the world communicator the caller passes in (library code never uses
// MPI_COMM_WORLD directly).
#pragma once

#include "comm/communicator.hpp"
#include "comm/grid_layout.hpp"
#include "comm/node_split.hpp"
#include "comm/progress_engine.hpp"
#include "core/execution_context.hpp"

#include <mpi.h>

#include <memory>

namespace fourfold::comm {

/// The progress mode `requested` comes to on this job: auto is a progress thread per rank where
/// the node has a core for each of its ranks, else inline calls (nothing overlaps on the host).
/// Collective over `world`.
ProgressMode resolve_progress(ProgressMode requested, const Communicator& world);

class Grid {
 public:
  /// Collective over `world`. Validates the shape against world's size (every rank throws the
  /// same UserError for a bad shape, so no rank waits on another). `backend` says how the
  /// groups (and the world) carry device memory; with NCCL each group of more than one rank
  /// gets its NCCL communicator, after every rank checked that its node has a GPU per rank.
  ///
  /// Every group's MPI collectives run on one progress engine per rank (`progress`), in the
  /// order they are submitted; `automatic` resolves to thread where this node runs at most one
  /// rank of the job per core, else inline (the same on every rank of a node). z_prefetch() is a second communicator over the Z group, for the
  /// weight all-gathers that run ahead of the layers: on NCCL it has its own stream, so a
  /// prefetch never queues behind a gradient reduce-scatter.
  ///
  /// `hierarchical` ([parallel] hierarchical, comm/node_split.hpp): the Z and data groups that
  /// span nodes with several members on each are split by node and run their collectives in two
  /// levels (automatic: where they can; on: a group that spans nodes and cannot is a UserError on
  /// every rank; off: never). Nodes are the ranks that share memory, or consecutive runs of
  /// `ranks_per_node` world ranks when it is positive (a layout to test on one machine).
  Grid(GridShape shape, MPI_Comm world, Backend backend = Backend::automatic,
       ProgressMode progress = ProgressMode::automatic, Hierarchical hierarchical = Hierarchical::automatic,
       int ranks_per_node = 0);
  ~Grid();

  // Neither copied nor moved: layers, the model and gradient sync keep references to the grid
  // and its communicators, which a move would leave dangling. Hold it where it is built (or in a
  // std::optional / std::unique_ptr) for as long as anything uses it.
  Grid(const Grid&) = delete;
  Grid& operator=(const Grid&) = delete;
  Grid(Grid&&) = delete;
  Grid& operator=(Grid&&) = delete;

  const GridLayout& layout() const { return layout_; }
  const GridShape& shape() const { return layout_.shape(); }
  const GridCoords& coords() const { return coords_; }
  /// How device memory travels on this grid's groups (the backend resolved for this build).
  DeviceRoute device_route() const { return world_.device_route(); }
  int world_rank() const { return world_.rank(); }
  int world_size() const { return world_.size(); }

  const Communicator& world() const { return world_; }
  const Communicator& group(GroupKind kind) const;
  const Communicator& x() const { return x_; }
  const Communicator& y() const { return y_; }
  const Communicator& z() const { return z_; }
  const Communicator& data() const { return data_; }
  const Communicator& xy() const { return xy_; }
  const Communicator& tp() const { return tp_; }
  const Communicator& z_prefetch() const { return z_prefetch_; }
  /// Whether `kind`'s group (z or data) runs hierarchical collectives.
  bool hierarchical(GroupKind kind) const;
  /// Adds every group's device-side communication times (NCCL event spans) to the context's
  /// counters; call after the host waited for the step. Nothing to do on host builds.
  void collect_device_timings() const;
  /// Device bytes held by the NCCL communicators of this grid (nccl_buffer_bytes_per_communicator
  /// each; 0 when collectives run over MPI).
  double device_collective_buffer_bytes() const;
  /// The engine every group's MPI collectives go through.
  ProgressEngine& engine() const { return *engine_; }
  /// The execution context of everything that runs on this grid (its model, its Trainer): the
  /// compute and communication instances, the GEMM engine and the counters its groups count in.
  /// One model at a time: two models in one process each build their own grid.
  ExecutionContext& context() const { return *context_; }

 private:
  // Declared first so it goes last: the groups' NCCL communicators and the engine use its
  // streams and counters.
  std::unique_ptr<ExecutionContext> context_;
  GridLayout layout_;
  Communicator world_;
  GridCoords coords_;
  Communicator x_, y_, z_, data_, xy_, tp_, z_prefetch_;
  void split_by_node_groups(Backend backend, Hierarchical hierarchical, int ranks_per_node);
  // Declared last so it stops first: no collective is in flight when the groups are freed.
  std::unique_ptr<ProgressEngine> engine_;
};

}  // namespace fourfold::comm
