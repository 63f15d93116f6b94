#include "comm/mpi_backend.hpp"

#include "comm/check.hpp"
#include "comm/comm_stats.hpp"

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

RequestInfo describe(const char* op, const Communicator& comm, std::size_t count, DType) {
  return RequestInfo{op, "MPI", &comm.name(), count};
}

}  // namespace

void all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op) {
  const int n = checked_count(count, "all_reduce", comm);
  const CommTimer timer;
  FF_CHECK_MPI(MPI_Allreduce(MPI_IN_PLACE, data, n, to_mpi(type), to_mpi(op), comm.mpi()));
}

Request all_reduce_start(const Communicator& comm, void* data, std::size_t count, DType type,
                         ReduceOp op) {
  const int n = checked_count(count, "all_reduce", comm);
  MPI_Request request = MPI_REQUEST_NULL;
  FF_CHECK_MPI(
      MPI_Iallreduce(MPI_IN_PLACE, data, n, to_mpi(type), to_mpi(op), comm.mpi(), &request));
  return Request::from_mpi(request, describe("all_reduce", comm, count, type));
}

void all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                DType type) {
  const int n = checked_count(count_per_rank, "all_gather", comm);
  const CommTimer timer;
  FF_CHECK_MPI(MPI_Allgather(send, n, to_mpi(type), recv, n, to_mpi(type), comm.mpi()));
}

Request all_gather_start(const Communicator& comm, const void* send, void* recv,
                         std::size_t count_per_rank, DType type) {
  const int n = checked_count(count_per_rank, "all_gather", comm);
  MPI_Request request = MPI_REQUEST_NULL;
  FF_CHECK_MPI(
      MPI_Iallgather(send, n, to_mpi(type), recv, n, to_mpi(type), comm.mpi(), &request));
  return Request::from_mpi(request, describe("all_gather", comm, count_per_rank, type));
}

void reduce_scatter(const Communicator& comm, const void* send, void* recv,
                    std::size_t count_per_rank, DType type, ReduceOp op) {
  const int n = checked_count(count_per_rank, "reduce_scatter", comm);
  const CommTimer timer;
  FF_CHECK_MPI(MPI_Reduce_scatter_block(send, recv, n, to_mpi(type), to_mpi(op), comm.mpi()));
}

Request reduce_scatter_start(const Communicator& comm, const void* send, void* recv,
                             std::size_t count_per_rank, DType type, ReduceOp op) {
  const int n = checked_count(count_per_rank, "reduce_scatter", comm);
  MPI_Request request = MPI_REQUEST_NULL;
  FF_CHECK_MPI(MPI_Ireduce_scatter_block(send, recv, n, to_mpi(type), to_mpi(op), comm.mpi(),
                                         &request));
  return Request::from_mpi(request, describe("reduce_scatter", comm, count_per_rank, type));
}

void broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root) {
  const int n = checked_count(count, "broadcast", comm);
  const CommTimer timer;
  FF_CHECK_MPI(MPI_Bcast(data, n, to_mpi(type), root, comm.mpi()));
}

Request broadcast_start(const Communicator& comm, void* data, std::size_t count, DType type,
                        int root) {
  const int n = checked_count(count, "broadcast", comm);
  MPI_Request request = MPI_REQUEST_NULL;
  FF_CHECK_MPI(MPI_Ibcast(data, n, to_mpi(type), root, comm.mpi(), &request));
  return Request::from_mpi(request, describe("broadcast", comm, count, type));
}

}  // namespace fourfold::comm::mpi_backend
