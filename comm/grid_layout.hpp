// The arithmetic of the 4D process grid, with no MPI: coordinates, groups, strides.
//
// Rank order as AxoNN: x fastest, then y, z, data:
//   world_rank = ((d * G_z + z) * G_y + y) * G_x + x
// so an X group is a run of contiguous ranks (stride 1), a Y group has stride G_x, a Z group
// stride G_x*G_y and a data group stride G_x*G_y*G_z. The XY group (vocab-parallel embedding
// and loss) is the G_x*G_y ranks of one (z, d) slice; the TP group the G_x*G_y*G_z ranks of one d.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::comm {

struct GridShape {
  int x = 1;
  int y = 1;
  int z = 1;
  int data = 1;

  long size() const { return static_cast<long>(x) * y * z * data; }
  /// "GXxGYxGZxGD", e.g. "2x1x2x1".
  std::string str() const;
  /// Parses "GXxGYxGZxGD"; a malformed string or a size < 1 is a UserError naming it.
  static GridShape parse(std::string_view text);
  friend bool operator==(const GridShape& a, const GridShape& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.data == b.data;
  }
  friend bool operator!=(const GridShape& a, const GridShape& b) { return !(a == b); }
};

struct GridCoords {
  int x = 0;
  int y = 0;
  int z = 0;
  int data = 0;
  friend bool operator==(const GridCoords& a, const GridCoords& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.data == b.data;
  }
};

enum class GroupKind { x, y, z, data, xy, tp };
inline constexpr std::array<GroupKind, 6> all_group_kinds{GroupKind::x,    GroupKind::y,
                                                          GroupKind::z,    GroupKind::data,
                                                          GroupKind::xy,   GroupKind::tp};
const char* group_name(GroupKind kind);

class GridLayout {
 public:
  /// Rejects a shape with an entry < 1 or whose product differs from world_size, naming the
  /// four sizes and the world size.
  GridLayout(GridShape shape, int world_size);

  const GridShape& shape() const { return shape_; }
  int world_size() const { return world_size_; }

  GridCoords coords(int world_rank) const;
  int rank_of(const GridCoords& c) const;

  int group_size(GroupKind kind) const;
  /// Distance in world ranks between consecutive members (1 for x, xy and tp).
  int stride(GroupKind kind) const;
  /// Which instance of the group `world_rank` belongs to (the MPI_Comm_split color).
  int group_color(GroupKind kind, int world_rank) const;
  /// Position of `world_rank` inside its group (the split key, and its rank in the group).
  int group_rank(GroupKind kind, int world_rank) const;
  /// World ranks of the group containing `world_rank`, in group-rank order.
  std::vector<int> group_members(GroupKind kind, int world_rank) const;

 private:
  GridShape shape_;
  int world_size_;
};

/// Every ordered factorisation of n into (G_x, G_y, G_z, G_data), for tests and the planner.
std::vector<GridShape> all_grid_shapes(int world_size);

/// Communicators a rank of `shape` holds with more than one member: of the world, X, Y, Z,
/// data, XY and TP groups and the second Z communicator of the weight prefetch (comm/grid.hpp),
/// those whose group is larger than one rank; on the NCCL route each holds device buffers.
int communicators_with_peers(const GridShape& shape);

/// Device bytes of one NCCL communicator's buffers, as NCCL sizes them: NCCL_BUFFSIZE (the
/// environment's, else NCCL's default of 4 MiB) for each of the ring's two connections (to the
/// previous and the next rank) of one channel. NCCL adds per-channel copies when it opens more
/// channels than one and smaller LL buffers, so this is the floor of what it allocates.
/// A malformed NCCL_BUFFSIZE is a UserError naming it.
double nccl_buffer_bytes_per_communicator();

}  // namespace fourfold::comm
