#include "comm/mpi_backend.hpp"

#include "comm/check.hpp"
#include "comm/node_split.hpp"
#include "comm/progress_engine.hpp"
#include "comm/watchdog.hpp"
#include "core/bf16.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <cmath>

namespace fourfold::comm::mpi_backend {
namespace {

// bf16 over MPI. MPI has no bfloat16, so bf16 travels as a committed type of two contiguous
// bytes and its reductions are user-defined, commutative operators: each converts both operands
// to fp32, combines them and rounds the result back to bf16 (to nearest, ties to even; NaN stays
// NaN). MPI reduces pairwise (a tree, a ring, recursive halving: the library chooses), so a sum
// "accumulates in fp32" one pairwise combine at a time: each combine is done in fp32 and rounded
// to bf16 once, and the partial sums between combines are bf16. With more than two addends that
// are not exact in bf16, the result can depend on the algorithm (and so on the group size), as
// for f32 sums, only with 8 significant bits instead of 24.
//
// The datatype and operators are made once per process, on the first bf16 collective, and freed
// by MPI_Finalize: they hang on MPI_COMM_SELF as an attribute, whose delete callback MPI runs
// first thing in MPI_Finalize, while MPI still works (the MPI standard, "Allowing User
// Functions at Process Termination").
struct Bf16Mpi {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op sum = MPI_OP_NULL;
  MPI_Op max = MPI_OP_NULL;
  MPI_Op min = MPI_OP_NULL;
};

// NaN wins whichever operand holds it; of +0 and -0 max takes +0 and min -0, so the result does
// not depend on which rank's value is the `in` operand.
float max_of(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
float min_of(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

// inout[i] = combine(in[i], inout[i]) for MPI_User_function; `count` is in bf16 elements.
template <class Combine>
void combine_bf16(const void* in, void* inout, const int* count, Combine combine) {
  const bf16* a = static_cast<const bf16*>(in);
  bf16* b = static_cast<bf16*>(inout);
  for (int i = 0; i < *count; ++i) b[i] = to_bf16(combine(to_float(a[i]), to_float(b[i])));
}
void bf16_sum(void* in, void* inout, int* count, MPI_Datatype*) {
  combine_bf16(in, inout, count, [](float a, float b) { return a + b; });
}
void bf16_max(void* in, void* inout, int* count, MPI_Datatype*) { combine_bf16(in, inout, count, max_of); }
void bf16_min(void* in, void* inout, int* count, MPI_Datatype*) { combine_bf16(in, inout, count, min_of); }

// MPI_Finalize's delete callback for the Bf16Mpi attribute of MPI_COMM_SELF.
int free_bf16_mpi(MPI_Comm, int, void* attribute, void*) {
  Bf16Mpi& objects = *static_cast<Bf16Mpi*>(attribute);
  int first_error = MPI_SUCCESS;
  const auto note = [&](int code) {
    if (code != MPI_SUCCESS && first_error == MPI_SUCCESS) first_error = code;
  };
  for (MPI_Op* op : {&objects.sum, &objects.max, &objects.min})
    if (*op != MPI_OP_NULL) note(MPI_Op_free(op));
  if (objects.type != MPI_DATATYPE_NULL) note(MPI_Type_free(&objects.type));
  if (first_error != MPI_SUCCESS) report_in_destructor("freeing the bf16 MPI datatype and operators failed");
  return first_error;
}

void make_bf16_mpi(Bf16Mpi& objects) {
  static_assert(sizeof(bf16) == 2, "bf16 travels as two bytes");
  FF_CHECK_MPI(MPI_Type_contiguous(2, MPI_BYTE, &objects.type));
  FF_CHECK_MPI(MPI_Type_commit(&objects.type));
  FF_CHECK_MPI(MPI_Op_create(&bf16_sum, 1, &objects.sum));
  FF_CHECK_MPI(MPI_Op_create(&bf16_max, 1, &objects.max));
  FF_CHECK_MPI(MPI_Op_create(&bf16_min, 1, &objects.min));
  int key = MPI_KEYVAL_INVALID;
  FF_CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, &free_bf16_mpi, &key, nullptr));
  FF_CHECK_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, key, &objects));
  FF_CHECK_MPI(MPI_Comm_free_keyval(&key));  // the attribute keeps the key until MPI_Finalize
}

// The process's bf16 datatype and operators, made on first use (thread-safe: a function-local
// static; tried again if an MPI call threw).
const Bf16Mpi& bf16_mpi() {
  static Bf16Mpi objects;
  static const bool made = (make_bf16_mpi(objects), true);
  (void)made;
  return objects;
}

MPI_Datatype to_mpi(DType type) {
  switch (type) {
    case DType::f32: return MPI_FLOAT;
    case DType::f64: return MPI_DOUBLE;
    case DType::i32: return MPI_INT32_T;
    case DType::i64: return MPI_INT64_T;
    case DType::u32: return MPI_UINT32_T;
    case DType::u64: return MPI_UINT64_T;
    case DType::bf16: return bf16_mpi().type;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op to_mpi(ReduceOp op, DType type) {
  if (type == DType::bf16) {
    const Bf16Mpi& bf = bf16_mpi();
    switch (op) {
      case ReduceOp::sum: return bf.sum;
      case ReduceOp::max: return bf.max;
      case ReduceOp::min: return bf.min;
    }
    return MPI_OP_NULL;
  }
  switch (op) {
    case ReduceOp::sum: return MPI_SUM;
    case ReduceOp::max: return MPI_MAX;
    case ReduceOp::min: return MPI_MIN;
  }
  return MPI_OP_NULL;
}

// The tag of ring exchanges. Point-to-point messages never match collectives; two exchanges in
// flight on one communicator (the engine runs one at a time, the calling thread may start
// several) match in the order they were started, the same on every rank (MPI's non-overtaking
// rule), so one tag serves them all.
constexpr int ring_exchange_tag = 0x7269;

// MPI counts are int: larger buffers must be split by the caller.
int checked_count(std::size_t count, const char* op, const Communicator& comm) {
  FF_REQUIRE(count <= static_cast<std::size_t>(INT_MAX),
             "{} on group '{}': {} elements exceed MPI's int count limit {}", op, comm.name(),
             count, INT_MAX);
  return static_cast<int>(count);
}

// Runs (blocking) or starts (non-blocking) `op` on `comm`: through the rank's progress engine
// when the communicator has one, else on the calling thread. Always the MPI_I* call, so the
// reduction algorithm does not depend on the path.
Request execute(const Communicator& comm, MpiOp op, bool nonblocking) {
  op.comm = comm.mpi();
  op.info.axis = comm.axis();
  ProgressEngine* engine = comm.engine();
  if (!nonblocking) {
    const BlockedScope blocked(op.info.op, op.info.group.get());
    if (engine != nullptr) {
      engine->run(op);
    } else {
      run_mpi_op(op);
    }
    return Request();
  }
  if (engine != nullptr) return Request::from_engine(engine, engine->submit(op), op.info);
  return Request::from_mpi(start_mpi_op(op), op.info);
}

MpiOp make(MpiOp::Kind kind, const char* name, const Communicator& comm, const void* send, void* recv,
           std::size_t count, DType type) {
  MpiOp op;
  op.kind = kind;
  op.send = send;
  op.recv = recv;
  op.count = checked_count(count, name, comm);
  op.type = to_mpi(type);
  op.info = comm.request_info(name, "MPI", count);
  return op;
}

// One stage of a hierarchical collective on the sub-communicator `on`, timed on the parent's axis.
MpiOp stage(MpiOp::Kind kind, const char* name, const Communicator& on, const void* send, void* recv,
            std::size_t count, DType type, MPI_Op op = MPI_OP_NULL) {
  MpiOp m = make(kind, name, on, send, recv, count, type);
  m.op = op;
  m.comm = on.mpi();
  m.info.axis = on.axis();
  return m;
}

// Runs the stages of a hierarchical collective in order: started on the group's progress engine
// (which runs collectives one at a time, in submission order: a stage starts once the one before
// it is complete), or one after another on this thread when not started or without an engine.
// `scratch` (from the group's staging pool, or null) is handed back once the last is complete.
Request run_stages(const Communicator& group, const MpiOp* stages, int count, bool nonblocking, void* scratch) {
  ProgressEngine* engine = group.engine();
  if (nonblocking && engine != nullptr) {
    const std::uint64_t first = engine->submit(stages[0]);
    std::uint64_t last = first;
    for (int i = 1; i < count; ++i) last = engine->submit(stages[i]);
    RequestInfo info = stages[count - 1].info;
    info.group = group.name_handle();
    return Request::from_engine_stages(engine, first, last, info, scratch ? &group.staging() : nullptr, scratch);
  }
  try {
    for (int i = 0; i < count; ++i) {
      const BlockedScope blocked(stages[i].info.op, stages[i].info.group.get());
      if (engine != nullptr) {
        engine->run(stages[i]);
      } else {
        run_mpi_op(stages[i]);
      }
    }
  } catch (...) {
    if (scratch) group.staging().release(scratch);
    throw;
  }
  if (scratch) group.staging().release(scratch);
  return nonblocking ? Request::completed(group.request_info(stages[count - 1].info.op, "MPI", 0)) : Request();
}

// Hierarchical collectives (comm/node_split.hpp) on host-readable buffers. L = ranks of the group
// per node, N = nodes.
Request all_reduce_by_node(const Communicator& group, const NodeSplit& split, void* data, std::size_t count,
                           DType type, ReduceOp op, bool nonblocking) {
  const std::size_t L = static_cast<std::size_t>(split.local_size()), part = count / L, rest = count - part * L;
  const std::size_t bytes = dtype_bytes(type);
  char* const base = static_cast<char*>(data);
  // data (count) = [L parts of `part` elements][rest]: this rank's part summed over its node into
  // scratch (part), over the nodes in place, gathered back over the node; the rest flat.
  void* const scratch = group.staging().acquire(std::max<std::size_t>(part, 1) * bytes);
  const MPI_Op reduce = to_mpi(op, type);
  MpiOp stages[4];
  int n = 0;
  stages[n++] = stage(MpiOp::Kind::reduce_scatter, "all_reduce (node reduce-scatter)", split.intra, data, scratch,
                      part, type, reduce);
  stages[n++] = stage(MpiOp::Kind::all_reduce, "all_reduce (across nodes)", split.inter, MPI_IN_PLACE, scratch, part,
                      type, reduce);
  stages[n++] = stage(MpiOp::Kind::all_gather, "all_reduce (node all-gather)", split.intra, scratch, data, part, type);
  if (rest > 0)
    stages[n++] = stage(MpiOp::Kind::all_reduce, "all_reduce (remainder)", group, MPI_IN_PLACE, base + part * L * bytes,
                        rest, type, reduce);
  return run_stages(group, stages, n, nonblocking, scratch);
}

Request all_gather_by_node(const Communicator& group, const NodeSplit& split, const void* send, void* recv,
                           std::size_t count_per_rank, DType type, bool nonblocking) {
  const std::size_t L = static_cast<std::size_t>(split.local_size()), node_part = count_per_rank * L;
  // recv (N L count) in node order: this node's part gathered over the node, then the parts over
  // the nodes in place (each node's part already sits at its place).
  char* const node_slot = static_cast<char*>(recv) + static_cast<std::size_t>(split.inter.rank()) * node_part *
                                                         dtype_bytes(type);
  const MpiOp stages[2] = {
      stage(MpiOp::Kind::all_gather, "all_gather (node)", split.intra, send, node_slot, count_per_rank, type),
      stage(MpiOp::Kind::all_gather, "all_gather (across nodes)", split.inter, MPI_IN_PLACE, recv, node_part, type)};
  return run_stages(group, stages, 2, nonblocking, nullptr);
}

Request reduce_scatter_by_node(const Communicator& group, const NodeSplit& split, const void* send, void* recv,
                               std::size_t count_per_rank, DType type, ReduceOp op, bool nonblocking) {
  const std::size_t L = static_cast<std::size_t>(split.local_size()), N = static_cast<std::size_t>(split.nodes());
  const std::size_t bytes = dtype_bytes(type), block = count_per_rank * bytes;
  // send (N L blocks, block x L + b for place b of node x) packed by place into scratch
  // [b][x], so that the node's reduce-scatter hands place b the N blocks of its place (summed
  // over the node) into scratch + N L blocks; across nodes, node x keeps its block.
  char* const scratch = static_cast<char*>(group.staging().acquire((N * L + N) * block));
  const char* const from = static_cast<const char*>(send);
  for (std::size_t x = 0; x < N; ++x)
    for (std::size_t b = 0; b < L; ++b) std::memcpy(scratch + (b * N + x) * block, from + (x * L + b) * block, block);
  char* const node_sums = scratch + N * L * block;
  const MPI_Op reduce = to_mpi(op, type);
  const MpiOp stages[2] = {stage(MpiOp::Kind::reduce_scatter, "reduce_scatter (node)", split.intra, scratch,
                                 node_sums, N * count_per_rank, type, reduce),
                           stage(MpiOp::Kind::reduce_scatter, "reduce_scatter (across nodes)", split.inter, node_sums,
                                 recv, count_per_rank, type, reduce)};
  return run_stages(group, stages, 2, nonblocking, scratch);
}

}  // namespace

MPI_Datatype mpi_datatype(DType type) { return to_mpi(type); }
MPI_Op mpi_op(ReduceOp op, DType type) { return to_mpi(op, type); }

Request all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op,
                   bool nonblocking) {
  if (const NodeSplit* split = comm.node_split(); split != nullptr && count >= static_cast<std::size_t>(split->local_size()))
    return all_reduce_by_node(comm, *split, data, count, type, op, nonblocking);
  MpiOp m = make(MpiOp::Kind::all_reduce, "all_reduce", comm, MPI_IN_PLACE, data, count, type);
  m.op = to_mpi(op, type);
  return execute(comm, m, nonblocking);
}

Request all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                   DType type, bool nonblocking) {
  if (const NodeSplit* split = comm.node_split(); split != nullptr)
    return all_gather_by_node(comm, *split, send, recv, count_per_rank, type, nonblocking);
  return execute(comm, make(MpiOp::Kind::all_gather, "all_gather", comm, send, recv, count_per_rank, type),
                 nonblocking);
}

Request reduce_scatter(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                       DType type, ReduceOp op, bool nonblocking, bool host_readable) {
  if (const NodeSplit* split = comm.node_split(); split != nullptr && host_readable)
    return reduce_scatter_by_node(comm, *split, send, recv, count_per_rank, type, op, nonblocking);
  MpiOp m = make(MpiOp::Kind::reduce_scatter, "reduce_scatter", comm, send, recv, count_per_rank, type);
  m.op = to_mpi(op, type);
  return execute(comm, m, nonblocking);
}

Request broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root,
                  bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::broadcast, "broadcast", comm, data, data, count, type);
  m.root = root;
  return execute(comm, m, nonblocking);
}

Request ring_exchange(const Communicator& comm, const void* send, void* recv, std::size_t count, DType type,
                      bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::ring_exchange, "ring_exchange", comm, send, recv, count, type);
  const int size = comm.size();
  m.dest = (comm.rank() + 1) % size;
  m.source = (comm.rank() - 1 + size) % size;
  m.tag = ring_exchange_tag;
  return execute(comm, m, nonblocking);
}

void barrier(const Communicator& comm) {
  execute(comm, make(MpiOp::Kind::barrier, "barrier", comm, nullptr, nullptr, 0, DType::i32), false);
}

}  // namespace fourfold::comm::mpi_backend
