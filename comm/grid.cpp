#include "comm/grid.hpp"

#include "comm/agree.hpp"
#include "comm/node_split.hpp"

#include "comm/check.hpp"

#include <thread>

namespace fourfold::comm {
namespace {

int size_of(MPI_Comm comm) {
  int size = 0;
  FF_CHECK_MPI(MPI_Comm_size(comm, &size));
  return size;
}

// Ranks of `world`'s job on this rank's node (collective over world).
int ranks_on_this_node(const Communicator& world) {
  MPI_Comm node = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_split_type(world.mpi(), MPI_COMM_TYPE_SHARED, world.rank(), MPI_INFO_NULL, &node));
  int local_size = 0;
  FF_CHECK_MPI(MPI_Comm_size(node, &local_size));
  FF_CHECK_MPI(MPI_Comm_free(&node));
  return local_size;
}

// NCCL needs a GPU of its own for every rank. Checked on every rank before any NCCL
// communicator is made, so a node with too many ranks fails the whole job with a clear error
// instead of a hang or NCCL's "duplicate GPU" deep inside initialisation.
void require_gpu_per_rank(const Communicator& world) {
  const int local_size = ranks_on_this_node(world);
  const int gpus = visible_gpus();
  const int short_here = local_size > gpus ? 1 : 0;
  int short_anywhere = short_here;
  FF_CHECK_MPI(MPI_Allreduce(&short_here, &short_anywhere, 1, MPI_INT, MPI_MAX, world.mpi()));
  if (short_here) {
    char host[MPI_MAX_PROCESSOR_NAME] = {};
    int length = 0;
    MPI_Get_processor_name(host, &length);
    FF_REQUIRE(false,
               "NCCL needs one GPU per rank, but node '{}' runs {} ranks of this job and sees {} GPU(s); "
               "launch at most {} ranks per node (srun --ntasks-per-node={}, mpirun -npernode {}), check "
               "CUDA_VISIBLE_DEVICES, or use parallel.comm = \"mpi\"",
               host, local_size, gpus, gpus, gpus, gpus);
  }
  FF_REQUIRE(!short_anywhere,
             "NCCL needs one GPU per rank, and another node runs more ranks than it has GPUs (its ranks "
             "print the details)");
}

}  // namespace

// auto: an engine thread needs a core beside its rank's computation to hide anything; with
// more ranks than cores on the node it could only take cores away (measured: 4 ranks on 2 cores
// ran up to 15% slower with a thread each).
ProgressMode resolve_progress(ProgressMode requested, const Communicator& world) {
  if (requested != ProgressMode::automatic) return requested;
  const int local_ranks = ranks_on_this_node(world);
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 || static_cast<unsigned>(local_ranks) <= cores ? ProgressMode::thread : ProgressMode::inline_calls;
}

Grid::Grid(GridShape shape, MPI_Comm world, Backend backend, ProgressMode progress, Hierarchical hierarchical,
           int ranks_per_node)
    : context_(std::make_unique<ExecutionContext>()),
      layout_(shape, size_of(world)),
      world_(Communicator::duplicate(world, "world", context_->counters_handle())) {
  const int rank = world_.rank();
  coords_ = layout_.coords(rank);
  if (resolves_to_nccl(backend) && world_.size() > 1) require_gpu_per_rank(world_);
  world_.use_backend(backend, *context_);
  auto make = [&](GroupKind kind) {
    Communicator c = world_.split(layout_.group_color(kind, rank), layout_.group_rank(kind, rank),
                                  group_name(kind));
    FF_ASSERT(c.size() == layout_.group_size(kind) && c.rank() == layout_.group_rank(kind, rank),
              "group {} has size {} rank {}, layout says {} {}", group_name(kind), c.size(),
              c.rank(), layout_.group_size(kind), layout_.group_rank(kind, rank));
    c.use_backend(backend, *context_);
    return c;
  };
  x_ = make(GroupKind::x);
  y_ = make(GroupKind::y);
  z_ = make(GroupKind::z);
  data_ = make(GroupKind::data);
  xy_ = make(GroupKind::xy);
  tp_ = make(GroupKind::tp);
  z_prefetch_ = make(GroupKind::z);
  const std::pair<Communicator*, CommAxis> axes[] = {
      {&world_, CommAxis::other}, {&x_, CommAxis::x},   {&y_, CommAxis::y},
      {&z_, CommAxis::z},         {&data_, CommAxis::data}, {&xy_, CommAxis::xy},
      {&tp_, CommAxis::other},    {&z_prefetch_, CommAxis::z}};
  engine_ = std::make_unique<ProgressEngine>(resolve_progress(progress, world_), rank == 0,
                                             context_->counters_handle());
  for (const auto& [comm, axis] : axes) {
    comm->set_axis(axis);
    comm->attach_engine(engine_.get());
  }
  if (hierarchical != Hierarchical::off) split_by_node_groups(backend, hierarchical, ranks_per_node);
}

void Grid::split_by_node_groups(Backend backend, Hierarchical hierarchical, int ranks_per_node) {
  // Z (both communicators) and data: the axes that span nodes once X and Y fill them. Every rank
  // splits its groups (each split is collective over its group and agreed by it), then the world
  // agrees on the first refusal, so that no rank goes on alone.
  const int node = node_id(world_, ranks_per_node);
  std::string refused;
  for (Communicator* c : {&z_, &z_prefetch_, &data_}) {
    std::string why_not;
    std::unique_ptr<NodeSplit> split = split_by_node(*c, node, why_not);
    if (split) {
      split->intra.use_backend(backend, *context_);
      split->inter.use_backend(backend, *context_);
      c->set_node_split(std::move(split));
    } else if (refused.empty()) {
      refused = why_not;
    }
  }
  comm::together(world_, "[parallel] hierarchical = true", [&] {
    FF_REQUIRE(hierarchical != Hierarchical::on || refused.empty(), "{} (grid {}; set it to auto or false)", refused,
               layout_.shape().str());
  });
}

bool Grid::hierarchical(GroupKind kind) const { return group(kind).node_split() != nullptr; }

Grid::~Grid() = default;

void Grid::collect_device_timings() const {
  for (const Communicator* c : {&world_, &x_, &y_, &z_, &data_, &xy_, &tp_, &z_prefetch_}) c->collect_device_timings();
}

double Grid::device_collective_buffer_bytes() const {
  double bytes = 0.0;
  for (const Communicator* c : {&world_, &x_, &y_, &z_, &data_, &xy_, &tp_, &z_prefetch_}) {
    if (c->nccl() != nullptr) bytes += nccl_buffer_bytes_per_communicator();
  }
  return bytes;
}

// The engine moves with its communicators (its address does not change).
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
