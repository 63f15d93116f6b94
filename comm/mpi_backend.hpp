// MPI backend: collectives on contiguous buffers the host can address (or device buffers with
// a GPU-aware MPI). Counts are elements; the data must be complete before the call (the
// templates in collectives.hpp fence the execution space first).
#pragma once

#include "comm/communicator.hpp"
#include "comm/request.hpp"
#include "comm/types.hpp"

#include <cstddef>

namespace fourfold::comm::mpi_backend {

/// In place: data (count) becomes the reduction over the group.
void all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op);
Request all_reduce_start(const Communicator& comm, void* data, std::size_t count, DType type,
                         ReduceOp op);

/// send (count_per_rank) from every rank, concatenated in group-rank order into recv
/// (count_per_rank * size).
void all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                DType type);
Request all_gather_start(const Communicator& comm, const void* send, void* recv,
                         std::size_t count_per_rank, DType type);

/// send (count_per_rank * size) reduced over the group; rank r keeps block r in recv
/// (count_per_rank).
void reduce_scatter(const Communicator& comm, const void* send, void* recv,
                    std::size_t count_per_rank, DType type, ReduceOp op);
Request reduce_scatter_start(const Communicator& comm, const void* send, void* recv,
                             std::size_t count_per_rank, DType type, ReduceOp op);

/// data (count) copied from group rank `root` to every rank.
void broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root);
Request broadcast_start(const Communicator& comm, void* data, std::size_t count, DType type,
                        int root);

}  // namespace fourfold::comm::mpi_backend
