// Collectives on Kokkos Views over one group of the grid, blocking and non-blocking.
//
//   all_reduce(exec, comm, data, op)          data: any shape, reduced in place
//   all_gather(exec, comm, send, recv)        recv.size() == send.size() * comm.size(),
//                                             blocks in group-rank order
//   reduce_scatter(exec, comm, send, recv)    send.size() == recv.size() * comm.size(),
//                                             rank r keeps reduced block r
//   broadcast(exec, comm, data, root)
//   ring_exchange(exec, comm, send, recv)     point-to-point step of a ring: send goes to group
//                                             rank (rank + 1) % size, recv (send.size()) comes
//                                             from (rank - 1 + size) % size; no overlap allowed
//
// `exec` is any execution-space instance (the device's for model tensors, the host's for
// checkpoint metadata). Each has a *_start variant returning a Request that must be waited on.
// Views must be contiguous. The route follows the memory space:
//   host-accessible memory    MPI, after fencing `exec` (MPI reads the data from the host)
//   device memory, NCCL       enqueued on exec's stream (blocking) or, started, on the
//                             communicator's stream after an event on exec's stream; no host wait
//   device memory, MPI        GPU-aware MPI directly, or staged through the communicator's pinned
//                             host buffers (copy out, MPI, copy back)
// The communicator's device_route() chooses between the last two (comm::Backend).
// A group split by node (Communicator::node_split, comm/node_split.hpp) runs all-reduces,
// all-gathers and reduce-scatters in two levels on either route; NCCL's reduce-scatter and the
// reduce-scatter of a GPU-aware MPI on device memory stay flat (the blocks would need packing on
// the device).
// bf16 reductions on device memory over MPI are always staged: their operators are host code.
//
// Element types: float, double, 32/64-bit integers and fourfold::bf16 (core/bf16.hpp). bf16
// reductions combine each pair of elements in fp32 and round back to bf16 (MPI: user-defined
// operators, comm/mpi_backend.cpp; NCCL: ncclBfloat16).
#pragma once

#include "comm/communicator.hpp"
#include "comm/mpi_backend.hpp"
#include "comm/nccl_backend.hpp"
#include "comm/node_split.hpp"
#include "comm/request.hpp"
#include "comm/types.hpp"
#include "core/bf16.hpp"
#include "core/config.hpp"
#include "core/device_stream.hpp"
#include "core/error.hpp"
#include "core/sync.hpp"
#include "core/types.hpp"

#include <type_traits>

namespace fourfold::comm {
namespace detail {

enum class Route { mpi, mpi_staged, nccl };

inline const char* route_label(Route route) {
  return route == Route::nccl ? "NCCL" : route == Route::mpi_staged ? "MPI staged" : "MPI";
}

template <class View>
void require_contiguous(const View& view, const char* op, const Communicator& comm,
                        const char* which) {
  FF_REQUIRE(view.span_is_contiguous(),
             "{} on group '{}': the {} view '{}' is not contiguous; pass a contiguous view", op,
             comm.name(), which, view.label());
}

/// The route for Views in `MemorySpace` on `comm` (a group of more than one rank).
template <class MemorySpace>
Route route_for(const Communicator& comm) {
  if constexpr (host_accessible_v<MemorySpace>) {
    return Route::mpi;
  } else {
    switch (comm.device_route()) {
      case DeviceRoute::nccl:
        FF_ASSERT(comm.nccl() != nullptr, "group '{}' routes device memory through NCCL but has no NCCL communicator",
                  comm.name());
        return Route::nccl;
      case DeviceRoute::mpi_direct: return Route::mpi;
      case DeviceRoute::mpi_staged: return Route::mpi_staged;
    }
    return Route::mpi_staged;
  }
}

// A group of one rank: reductions and broadcasts leave the data as it is, gathers and
// scatters copy send to receive. No MPI or NCCL call (MPI would still copy in place).
inline Request single_rank(bool nonblocking, const char* op, const Communicator& comm, std::size_t count) {
  return nonblocking ? Request::completed(comm.request_info(op, "one rank", count)) : Request();
}

template <class Exec, class SendView, class RecvView>
void copy_flat(const Exec& exec, const SendView& send, const RecvView& recv) {
  using T = typename RecvView::value_type;
  using Space = typename RecvView::memory_space;
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  Kokkos::deep_copy(exec, Kokkos::View<T*, Space, Unmanaged>(recv.data(), recv.size()),
                    Kokkos::View<const T*, typename SendView::memory_space, Unmanaged>(send.data(), send.size()));
}

template <class ToSpace, class FromSpace, class Exec>
void copy_bytes(const Exec& exec, void* to, const void* from, std::size_t bytes) {
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  Kokkos::deep_copy(exec, Kokkos::View<char*, ToSpace, Unmanaged>(static_cast<char*>(to), bytes),
                    Kokkos::View<const char*, FromSpace, Unmanaged>(static_cast<const char*>(from), bytes));
}

/// Runs one collective on the route. `send`/`recv` (send_bytes/recv_bytes) live in
/// MemorySpace; send == recv for in-place operations.
///   mpi(send, recv, nonblocking) -> Request   calls the MPI backend on host-readable pointers
///   nccl(nccl_comm, stream)                   enqueues the NCCL call on `stream`
template <class MemorySpace, class Exec, class MpiCall, class NcclCall>
Request run(const Exec& exec, const Communicator& comm, Route route, bool nonblocking,
            [[maybe_unused]] const RequestInfo& info, const void* send, void* recv, std::size_t send_bytes,
            std::size_t recv_bytes, MpiCall&& mpi, [[maybe_unused]] NcclCall&& nccl) {
  switch (route) {
    case Route::mpi:
      fence(comm.counters(), exec, SyncKind::backend, "fourfold::comm: MPI reads complete data");
      return mpi(send, recv, nonblocking);
    case Route::mpi_staged: {
      // Copy out to a pinned buffer, run MPI there, copy the result back.
      StagingPool& pool = comm.staging();
      const bool in_place = send == recv;
      char* const buffer = static_cast<char*>(pool.acquire(in_place ? recv_bytes : send_bytes + recv_bytes));
      char* const staged_recv = in_place ? buffer : buffer + send_bytes;
      copy_bytes<HostPinnedSpace, MemorySpace>(exec, buffer, send, send_bytes);
      comm.counters().add_work(WorkKind::wire, 2.0 * static_cast<double>(send_bytes), 1, Launch::library);
      fence(comm.counters(), exec, SyncKind::backend, "fourfold::comm: staged data ready for MPI");
      Request started;
      try {
        started = mpi(buffer, staged_recv, nonblocking);
      } catch (...) {
        pool.release(buffer);
        throw;
      }
      if (nonblocking) {
        if constexpr (std::is_same_v<Exec, ExecSpace>) {
          return std::move(started).then_copy_back({&pool, buffer, staged_recv, recv, recv_bytes, exec});
        } else {
          FF_ASSERT(false, "staged {} on an instance that is not the device's ({})", info.op, info.describe());
        }
      }
      copy_bytes<MemorySpace, HostPinnedSpace>(exec, recv, staged_recv, recv_bytes);
      comm.counters().add_work(WorkKind::wire, 2.0 * static_cast<double>(recv_bytes), 1, Launch::library);
      fence(comm.counters(), exec, SyncKind::backend, "fourfold::comm: staged result copied back");
      pool.release(buffer);
      return Request();
    }
    case Route::nccl: {
#if FOURFOLD_ENABLE_NCCL
      const NcclCommunicator& nc = *comm.nccl();
      void* const stream = native_stream(exec);
      if (!nonblocking) {
        nc.time_begin(stream);  // on the caller's stream: all of it is exposed
        nccl(nc, stream);
        nc.time_end(stream, true, true);
        return Request();
      }
      void* const own = nc.start_after(stream);
      nc.time_begin(own);
      nccl(nc, own);
      nc.time_end(own, true, false);  // on the communicator's stream: exposed only if waited on
      return Request::from_event(nc.finish_started(), &nc, info);
#else
      FF_ASSERT(false, "NCCL route in a build without NCCL ({})", info.describe());
      return Request();
#endif
    }
  }
  return Request();
}

/// A node split's sub-communicator's NCCL communicator, as the type the route's callable
/// receives (NcclCommunicator; a dependent name, so host builds, which never run the NCCL
/// route, do not compile the calls on it).
template <class Nccl>
const Nccl& same_backend(const Nccl&, const Communicator& sub) {
  return *static_cast<const Nccl*>(sub.nccl());
}

template <class Exec, class View>
Request all_reduce(const Exec& exec, const Communicator& comm, const View& data, ReduceOp op,
                   bool nonblocking, Route route) {
  using T = typename View::value_type;
  require_contiguous(data, "all_reduce", comm, "data");
  const std::size_t count = data.size();
  if (comm.size() == 1) return single_rank(nonblocking, "all_reduce", comm, count);
  comm.counters().add_comm_traffic(comm.axis(), CollectiveKind::all_reduce, count * sizeof(T));
  const RequestInfo info = comm.request_info("all_reduce", route_label(route), count);
  return run<typename View::memory_space>(
      exec, comm, route, nonblocking, info, data.data(), data.data(), count * sizeof(T), count * sizeof(T),
      [&](const void*, void* recv, bool start) {
        return mpi_backend::all_reduce(comm, recv, count, dtype_of<T>(), op, start);
      },
      [&](const auto& nccl, void* stream) {
        const NodeSplit* split = comm.node_split();
        const std::size_t L = split != nullptr ? static_cast<std::size_t>(split->local_size()) : 1;
        if (split == nullptr || split->intra.nccl() == nullptr || count < L) {
          nccl.all_reduce(data.data(), data.data(), count, dtype_of<T>(), op, stream);
          return;
        }
        // Hierarchical (node_split.hpp), in place on the caller's buffer, stage after stage on
        // one stream: this rank's part reduce-scattered over the node (NCCL's in-place layout,
        // part r at r * part), all-reduced across nodes, gathered back over the node.
        const std::size_t part = count / L, rest = count - part * L;
        T* const mine = data.data() + static_cast<std::size_t>(split->intra.rank()) * part;
        same_backend(nccl, split->intra).reduce_scatter(data.data(), mine, part, dtype_of<T>(), op, stream);
        same_backend(nccl, split->inter).all_reduce(mine, mine, part, dtype_of<T>(), op, stream);
        same_backend(nccl, split->intra).all_gather(mine, data.data(), part, dtype_of<T>(), stream);
        if (rest > 0) nccl.all_reduce(data.data() + part * L, data.data() + part * L, rest, dtype_of<T>(), op, stream);
      });
}

template <class Exec, class SendView, class RecvView>
Request all_gather(const Exec& exec, const Communicator& comm, const SendView& send,
                   const RecvView& recv, bool nonblocking, Route route) {
  using T = typename RecvView::value_type;
  static_assert(std::is_same_v<std::remove_cv_t<typename SendView::value_type>, T>,
                "all_gather: send and receive element types differ");
  static_assert(std::is_same_v<typename SendView::memory_space, typename RecvView::memory_space>,
                "all_gather: send and receive views live in different memory spaces");
  require_contiguous(send, "all_gather", comm, "send");
  require_contiguous(recv, "all_gather", comm, "receive");
  const std::size_t count = send.size();
  FF_REQUIRE(recv.size() == count * static_cast<std::size_t>(comm.size()),
             "all_gather on group '{}' (size {}): the receive view '{}' has {} elements but needs "
             "{} x {} = {} (send elements x group size)",
             comm.name(), comm.size(), recv.label(), recv.size(), count, comm.size(),
             count * comm.size());
  if (comm.size() == 1) {
    copy_flat(exec, send, recv);
    return single_rank(nonblocking, "all_gather", comm, count);
  }
  comm.counters().add_comm_traffic(comm.axis(), CollectiveKind::all_gather, recv.size() * sizeof(T));
  const RequestInfo info = comm.request_info("all_gather", route_label(route), count);
  return run<typename RecvView::memory_space>(
      exec, comm, route, nonblocking, info, send.data(), recv.data(), count * sizeof(T),
      recv.size() * sizeof(T),
      [&](const void* s, void* r, bool start) {
        return mpi_backend::all_gather(comm, s, r, count, dtype_of<T>(), start);
      },
      [&](const auto& nccl, void* stream) {
        const NodeSplit* split = comm.node_split();
        if (split == nullptr || split->intra.nccl() == nullptr) {
          nccl.all_gather(send.data(), recv.data(), count, dtype_of<T>(), stream);
          return;
        }
        // Hierarchical: this node's part gathered over the node into its place of the result,
        // then the node parts across nodes, in place.
        const std::size_t node_part = count * static_cast<std::size_t>(split->local_size());
        T* const node_slot = recv.data() + static_cast<std::size_t>(split->inter.rank()) * node_part;
        same_backend(nccl, split->intra).all_gather(send.data(), node_slot, count, dtype_of<T>(), stream);
        same_backend(nccl, split->inter).all_gather(node_slot, recv.data(), node_part, dtype_of<T>(), stream);
      });
}

template <class Exec, class SendView, class RecvView>
Request reduce_scatter(const Exec& exec, const Communicator& comm, const SendView& send,
                       const RecvView& recv, ReduceOp op, bool nonblocking, Route route) {
  using T = typename RecvView::value_type;
  static_assert(std::is_same_v<std::remove_cv_t<typename SendView::value_type>, T>,
                "reduce_scatter: send and receive element types differ");
  static_assert(std::is_same_v<typename SendView::memory_space, typename RecvView::memory_space>,
                "reduce_scatter: send and receive views live in different memory spaces");
  require_contiguous(send, "reduce_scatter", comm, "send");
  require_contiguous(recv, "reduce_scatter", comm, "receive");
  const std::size_t count = recv.size();
  FF_REQUIRE(send.size() == count * static_cast<std::size_t>(comm.size()),
             "reduce_scatter on group '{}' (size {}): the send view '{}' has {} elements but needs "
             "{} x {} = {} (receive elements x group size)",
             comm.name(), comm.size(), send.label(), send.size(), count, comm.size(),
             count * comm.size());
  if (comm.size() == 1) {
    copy_flat(exec, send, recv);
    return single_rank(nonblocking, "reduce_scatter", comm, count);
  }
  comm.counters().add_comm_traffic(comm.axis(), CollectiveKind::reduce_scatter, send.size() * sizeof(T));
  const RequestInfo info = comm.request_info("reduce_scatter", route_label(route), count);
  return run<typename RecvView::memory_space>(
      exec, comm, route, nonblocking, info, send.data(), recv.data(), send.size() * sizeof(T),
      count * sizeof(T),
      [&](const void* s, void* r, bool start) {
        // Host-readable unless a GPU-aware MPI reads device memory directly.
        const bool host_readable = host_accessible_v<typename RecvView::memory_space> || route == Route::mpi_staged;
        return mpi_backend::reduce_scatter(comm, s, r, count, dtype_of<T>(), op, start, host_readable);
      },
      [&](const auto& nccl, void* stream) {
        nccl.reduce_scatter(send.data(), recv.data(), count, dtype_of<T>(), op, stream);
      });
}

template <class Exec, class View>
Request broadcast(const Exec& exec, const Communicator& comm, const View& data, int root,
                  bool nonblocking, Route route) {
  using T = typename View::value_type;
  require_contiguous(data, "broadcast", comm, "data");
  FF_REQUIRE(root >= 0 && root < comm.size(),
             "broadcast on group '{}': root {} is not a rank of the group (size {})", comm.name(),
             root, comm.size());
  const std::size_t count = data.size();
  if (comm.size() == 1) return single_rank(nonblocking, "broadcast", comm, count);
  comm.counters().add_comm_traffic(comm.axis(), CollectiveKind::broadcast, count * sizeof(T));
  const RequestInfo info = comm.request_info("broadcast", route_label(route), count);
  return run<typename View::memory_space>(
      exec, comm, route, nonblocking, info, data.data(), data.data(), count * sizeof(T), count * sizeof(T),
      [&](const void*, void* recv, bool start) {
        return mpi_backend::broadcast(comm, recv, count, dtype_of<T>(), root, start);
      },
      [&](const auto& nccl, void* stream) { nccl.broadcast(data.data(), count, dtype_of<T>(), root, stream); });
}

template <class Exec, class SendView, class RecvView>
Request ring_exchange(const Exec& exec, const Communicator& comm, const SendView& send, const RecvView& recv,
                      bool nonblocking, Route route) {
  using T = typename RecvView::value_type;
  static_assert(std::is_same_v<std::remove_cv_t<typename SendView::value_type>, T>,
                "ring_exchange: send and receive element types differ");
  static_assert(std::is_same_v<typename SendView::memory_space, typename RecvView::memory_space>,
                "ring_exchange: send and receive views live in different memory spaces");
  require_contiguous(send, "ring_exchange", comm, "send");
  require_contiguous(recv, "ring_exchange", comm, "receive");
  const std::size_t count = send.size();
  FF_REQUIRE(recv.size() == count,
             "ring_exchange on group '{}': the receive view '{}' has {} elements but the send view '{}' has {}; "
             "they must be equal",
             comm.name(), recv.label(), recv.size(), send.label(), count);
  const char* const s0 = reinterpret_cast<const char*>(send.data());
  const char* const r0 = reinterpret_cast<const char*>(recv.data());
  FF_REQUIRE(count == 0 || s0 + count * sizeof(T) <= r0 || r0 + count * sizeof(T) <= s0,
             "ring_exchange on group '{}': the send view '{}' and the receive view '{}' overlap; pass separate "
             "buffers (double-buffer the ring)",
             comm.name(), send.label(), recv.label());
  if (comm.size() == 1) {
    copy_flat(exec, send, recv);  // a ring of one rank hands its buffer to itself
    return single_rank(nonblocking, "ring_exchange", comm, count);
  }
  comm.counters().add_comm_traffic(comm.axis(), CollectiveKind::ring_exchange, count * sizeof(T));
  const RequestInfo info = comm.request_info("ring_exchange", route_label(route), count);
  return run<typename RecvView::memory_space>(
      exec, comm, route, nonblocking, info, send.data(), recv.data(), count * sizeof(T), count * sizeof(T),
      [&](const void* s, void* r, bool start) {
        return mpi_backend::ring_exchange(comm, s, r, count, dtype_of<T>(), start);
      },
      [&](const auto& nccl, void* stream) { nccl.ring_exchange(send.data(), recv.data(), count, dtype_of<T>(), stream); });
}

template <class View>
Route route_of(const Communicator& comm) {
  return comm.size() == 1 ? Route::mpi : route_for<typename View::memory_space>(comm);
}

/// The route of a reduction: bf16's reductions are user-defined MPI operators, which run on the
/// host and would be handed device pointers by a GPU-aware MPI, so device bf16 is staged.
template <class View>
Route reduction_route_of(const Communicator& comm) {
  const Route route = route_of<View>(comm);
  const bool device_bf16 = !host_accessible_v<typename View::memory_space> &&
                           dtype_of<typename View::value_type>() == DType::bf16;
  return device_bf16 && route == Route::mpi && comm.size() > 1 ? Route::mpi_staged : route;
}

}  // namespace detail

template <class Exec, class View>
void all_reduce(const Exec& exec, const Communicator& comm, const View& data,
                ReduceOp op = ReduceOp::sum) {
  detail::all_reduce(exec, comm, data, op, false, detail::reduction_route_of<View>(comm));
}
template <class Exec, class View>
[[nodiscard]] Request all_reduce_start(const Exec& exec, const Communicator& comm,
                                       const View& data, ReduceOp op = ReduceOp::sum) {
  return detail::all_reduce(exec, comm, data, op, true, detail::reduction_route_of<View>(comm));
}
/// The same started when `start`, else run at once (an empty request): for callers that choose
/// per call whether a collective overlaps (so too the all_gather_start and reduce_scatter_start
/// below that take `start`).
template <class Exec, class View>
[[nodiscard]] Request all_reduce_start(const Exec& exec, const Communicator& comm, const View& data, bool start) {
  return detail::all_reduce(exec, comm, data, ReduceOp::sum, start, detail::reduction_route_of<View>(comm));
}

template <class Exec, class SendView, class RecvView>
void all_gather(const Exec& exec, const Communicator& comm, const SendView& send,
                const RecvView& recv) {
  detail::all_gather(exec, comm, send, recv, false, detail::route_of<RecvView>(comm));
}
template <class Exec, class SendView, class RecvView>
[[nodiscard]] Request all_gather_start(const Exec& exec, const Communicator& comm,
                                       const SendView& send, const RecvView& recv) {
  return detail::all_gather(exec, comm, send, recv, true, detail::route_of<RecvView>(comm));
}
template <class Exec, class SendView, class RecvView>
[[nodiscard]] Request all_gather_start(const Exec& exec, const Communicator& comm, const SendView& send,
                                       const RecvView& recv, bool start) {
  return detail::all_gather(exec, comm, send, recv, start, detail::route_of<RecvView>(comm));
}

template <class Exec, class SendView, class RecvView>
void reduce_scatter(const Exec& exec, const Communicator& comm, const SendView& send,
                    const RecvView& recv, ReduceOp op = ReduceOp::sum) {
  detail::reduce_scatter(exec, comm, send, recv, op, false, detail::reduction_route_of<RecvView>(comm));
}
template <class Exec, class SendView, class RecvView>
[[nodiscard]] Request reduce_scatter_start(const Exec& exec, const Communicator& comm,
                                           const SendView& send, const RecvView& recv,
                                           ReduceOp op = ReduceOp::sum) {
  return detail::reduce_scatter(exec, comm, send, recv, op, true, detail::reduction_route_of<RecvView>(comm));
}
template <class Exec, class SendView, class RecvView>
[[nodiscard]] Request reduce_scatter_start(const Exec& exec, const Communicator& comm, const SendView& send,
                                           const RecvView& recv, bool start) {
  return detail::reduce_scatter(exec, comm, send, recv, ReduceOp::sum, start,
                                detail::reduction_route_of<RecvView>(comm));
}

template <class Exec, class View>
void broadcast(const Exec& exec, const Communicator& comm, const View& data, int root) {
  detail::broadcast(exec, comm, data, root, false, detail::route_of<View>(comm));
}
template <class Exec, class View>
[[nodiscard]] Request broadcast_start(const Exec& exec, const Communicator& comm,
                                      const View& data, int root) {
  return detail::broadcast(exec, comm, data, root, true, detail::route_of<View>(comm));
}

/// One step of a ring over the group: this rank's `send` goes to group rank (rank + 1) % size and
/// `recv` (as many elements, not overlapping `send`) receives rank (rank - 1 + size) % size's.
/// Counted as CollectiveKind::ring_exchange with the bytes each rank sends. The started variant
/// is what ring algorithms overlap with compute: start the next block's transfer, compute on the
/// current block, wait (layers/ring_attention.hpp).
template <class Exec, class SendView, class RecvView>
void ring_exchange(const Exec& exec, const Communicator& comm, const SendView& send, const RecvView& recv) {
  detail::ring_exchange(exec, comm, send, recv, false, detail::route_of<RecvView>(comm));
}
template <class Exec, class SendView, class RecvView>
[[nodiscard]] Request ring_exchange_start(const Exec& exec, const Communicator& comm, const SendView& send,
                                          const RecvView& recv) {
  return detail::ring_exchange(exec, comm, send, recv, true, detail::route_of<RecvView>(comm));
}

/// Reduces one host scalar over the group (timings, counters, flags).
template <class T>
T all_reduce_value(const Communicator& comm, T value, ReduceOp op = ReduceOp::sum) {
  if (comm.size() > 1) mpi_backend::all_reduce(comm, &value, 1, dtype_of<T>(), op, false);
  return value;
}

}  // namespace fourfold::comm
