#include "comm/grid.hpp"

#include "comm/check.hpp"

namespace fourfold::comm {
namespace {

int size_of(MPI_Comm comm) {
  int size = 0;
  FF_CHECK_MPI(MPI_Comm_size(comm, &size));
  return size;
}

}  // namespace

Grid::Grid(GridShape shape, MPI_Comm world, bool use_nccl)
    : layout_(shape, size_of(world)), world_(Communicator::duplicate(world, "world")) {
  const int rank = world_.rank();
  coords_ = layout_.coords(rank);
  auto make = [&](GroupKind kind) {
    Communicator c = world_.split(layout_.group_color(kind, rank), layout_.group_rank(kind, rank),
                                  group_name(kind));
    FF_ASSERT(c.size() == layout_.group_size(kind) && c.rank() == layout_.group_rank(kind, rank),
              "group {} has size {} rank {}, layout says {} {}", group_name(kind), c.size(),
              c.rank(), layout_.group_size(kind), layout_.group_rank(kind, rank));
    if (use_nccl) c.enable_nccl();
    return c;
  };
  x_ = make(GroupKind::x);
  y_ = make(GroupKind::y);
  z_ = make(GroupKind::z);
  data_ = make(GroupKind::data);
  xy_ = make(GroupKind::xy);
  tp_ = make(GroupKind::tp);
}

const Communicator& Grid::group(GroupKind kind) const {
  switch (kind) {
    case GroupKind::x: return x_;
    case GroupKind::y: return y_;
    case GroupKind::z: return z_;
    case GroupKind::data: return data_;
    case GroupKind::xy: return xy_;
    case GroupKind::tp: return tp_;
  }
  return world_;
}

}  // namespace fourfold::comm
