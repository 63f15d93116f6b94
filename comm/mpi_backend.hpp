// MPI backend: collectives on contiguous buffers the host can address (or device buffers with
// a GPU-aware MPI). Counts are elements; the data must be complete before the call (the
// templates in collectives.hpp fence the execution space first).
#pragma once

#include "comm/communicator.hpp"
#include "comm/request.hpp"
#include "comm/types.hpp"

#include <mpi.h>

#include <cstddef>

namespace fourfold::comm::mpi_backend {

// Each runs the collective to completion (nonblocking false: returns an inactive Request) or
// starts it and returns the handle to wait on. Through the communicator's progress engine when
// it has one.

/// In place: data (count) becomes the reduction over the group.
Request all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op,
                   bool nonblocking);

/// send (count_per_rank) from every rank, concatenated in group-rank order into recv
/// (count_per_rank * size).
Request all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                   DType type, bool nonblocking);

/// send (count_per_rank * size) reduced over the group; rank r keeps block r in recv
/// (count_per_rank).
/// A group split by node (comm/node_split.hpp) runs all_reduce, all_gather and, with
/// `host_readable` buffers, reduce_scatter in two levels.
Request reduce_scatter(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                       DType type, ReduceOp op, bool nonblocking, bool host_readable = true);

/// data (count) copied from group rank `root` to every rank.
Request broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root,
                  bool nonblocking);

/// send (count) to group rank (rank + 1) % size and recv (count) from group rank
/// (rank - 1 + size) % size: one step of a ring (MPI_Irecv and MPI_Isend, completed together).
/// send and recv must not overlap.
Request ring_exchange(const Communicator& comm, const void* send, void* recv, std::size_t count, DType type,
                      bool nonblocking);

void barrier(const Communicator& comm);

/// The MPI datatype and reduction operator the collectives above use for `type`. MPI has no
/// bf16: DType::bf16 is a committed 2-byte type with user-defined operators that combine each
/// pair of elements in fp32 and round back to bf16 (nearest even, NaN kept), made on first use
/// and freed by MPI_Finalize. For tests and callers of MPI itself (MPI_Reduce_local...).
MPI_Datatype mpi_datatype(DType type);
MPI_Op mpi_op(ReduceOp op, DType type);

}  // namespace fourfold::comm::mpi_backend
