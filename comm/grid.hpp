// Grid: this rank's place in the 4D process grid and the communicators of its groups, each
// split from the world communicator the caller passes in (library code never uses
// MPI_COMM_WORLD directly).
#pragma once

#include "comm/communicator.hpp"
#include "comm/grid_layout.hpp"

#include <mpi.h>

namespace fourfold::comm {

class Grid {
 public:
  /// Collective over `world`. Validates the shape against world's size (every rank throws the
  /// same UserError for a bad shape, so no rank waits on another). `backend` says how the
  /// groups (and the world) carry device memory; with NCCL each group of more than one rank
  /// gets its NCCL communicator, after every rank checked that its node has a GPU per rank.
  Grid(GridShape shape, MPI_Comm world, Backend backend = Backend::automatic);

  Grid(Grid&&) = default;
  Grid& operator=(Grid&&) = default;

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

 private:
  GridLayout layout_;
  Communicator world_;
  GridCoords coords_;
  Communicator x_, y_, z_, data_, xy_, tp_;
};

}  // namespace fourfold::comm
