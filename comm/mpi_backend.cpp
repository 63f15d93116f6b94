#include "comm/mpi_backend.hpp"

#include "comm/check.hpp"
#include "comm/progress_engine.hpp"
#include "comm/watchdog.hpp"

#include <climits>

namespace fourfold::comm::mpi_backend {
namespace {

MPI_Datatype to_mpi(DType type) {
  switch (type) {
    case DType::f32: return MPI_FLOAT;
    case DType::f64: return MPI_DOUBLE;
    case DType::i32: return MPI_INT32_T;
    case DType::i64: return MPI_INT64_T;
    case DType::u32: return MPI_UINT32_T;
    case DType::u64: return MPI_UINT64_T;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op to_mpi(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return MPI_SUM;
    case ReduceOp::max: return MPI_MAX;
    case ReduceOp::min: return MPI_MIN;
  }
  return MPI_OP_NULL;
}

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
  op.info = RequestInfo{name, "MPI", comm.name_handle(), count};
  return op;
}

}  // namespace

Request all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op,
                   bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::all_reduce, "all_reduce", comm, MPI_IN_PLACE, data, count, type);
  m.op = to_mpi(op);
  return execute(comm, m, nonblocking);
}

Request all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                   DType type, bool nonblocking) {
  return execute(comm, make(MpiOp::Kind::all_gather, "all_gather", comm, send, recv, count_per_rank, type),
                 nonblocking);
}

Request reduce_scatter(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                       DType type, ReduceOp op, bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::reduce_scatter, "reduce_scatter", comm, send, recv, count_per_rank, type);
  m.op = to_mpi(op);
  return execute(comm, m, nonblocking);
}

Request broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root,
                  bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::broadcast, "broadcast", comm, data, data, count, type);
  m.root = root;
  return execute(comm, m, nonblocking);
}

void barrier(const Communicator& comm) {
  execute(comm, make(MpiOp::Kind::barrier, "barrier", comm, nullptr, nullptr, 0, DType::i32), false);
}

}  // namespace fourfold::comm::mpi_backend
