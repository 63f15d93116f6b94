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
  /// same UserError for a bad shape, so no rank waits on another). With `use_nccl`, each group
  /// also gets its NCCL communicator.
  Grid(GridShape shape, MPI_Comm world, bool use_nccl = false);

  Grid(Grid&&) = default;
  Grid& operator=(Grid&&) = default;

  const GridLayout& layout() const { return layout_; }
  const GridShape& shape() const { return layout_.shape(); }
  const GridCoords& coords() const { return coords_; }
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
