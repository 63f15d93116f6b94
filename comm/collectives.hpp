// Collectives on Kokkos Views over one group of the grid, blocking and non-blocking.
//
//   all_reduce(exec, comm, data, op)          data: any shape, reduced in place
//   all_gather(exec, comm, send, recv)        recv.size() == send.size() * comm.size(),
//                                             blocks in group-rank order
//   reduce_scatter(exec, comm, send, recv)    send.size() == recv.size() * comm.size(),
//                                             rank r keeps reduced block r
//   broadcast(exec, comm, data, root)
//
// Each has a *_start variant returning a Request that must be wait()ed. Views must be
// contiguous. The route follows the memory space: host-accessible memory goes through MPI
// after fencing `exec` (the data must be complete before MPI reads it); device memory goes
// through the group's NCCL communicator on exec's stream (ordered with exec's other work), or
// through MPI when the build declares it GPU-aware.
#pragma once

#include "comm/communicator.hpp"
#include "comm/mpi_backend.hpp"
#include "comm/nccl_backend.hpp"
#include "comm/request.hpp"
#include "comm/types.hpp"
#include "core/config.hpp"
#include "core/error.hpp"
#include "core/sync.hpp"
#include "core/types.hpp"

#include <type_traits>

namespace fourfold::comm {
namespace detail {

enum class Route { mpi, nccl };

template <class View>
void require_contiguous(const View& view, const char* op, const Communicator& comm,
                        const char* which) {
  FF_REQUIRE(view.span_is_contiguous(),
             "{} on group '{}': the {} view '{}' is not contiguous; pass a contiguous view", op,
             comm.name(), which, view.label());
}

template <class MemorySpace>
Route route_for(const Communicator& comm, const char* op) {
  if constexpr (host_accessible_v<MemorySpace>) {
    return Route::mpi;
  } else {
    if (comm.nccl() != nullptr) return Route::nccl;
    FF_REQUIRE(FOURFOLD_ENABLE_GPU_AWARE_MPI,
               "{} on group '{}': device memory needs the group's NCCL communicator "
               "(Grid with NCCL enabled) or a GPU-aware MPI build (-DFOURFOLD_ENABLE_GPU_AWARE_MPI=ON)",
               op, comm.name());
    return Route::mpi;
  }
}

/// The CUDA stream of `exec` as an opaque pointer (nullptr on other backends).
inline void* stream_of([[maybe_unused]] const ExecSpace& exec) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) return exec.cuda_stream();
#endif
  return nullptr;
}

inline Request finish_nccl([[maybe_unused]] const ExecSpace& exec, bool nonblocking,
                           [[maybe_unused]] const char* op, [[maybe_unused]] const Communicator& comm) {
#if FOURFOLD_ENABLE_NCCL
  if (nonblocking) {
    return Request::from_event(nccl_record_event(stream_of(exec)), RequestInfo{op, "NCCL", &comm.name(), 0});
  }
#endif
  (void)nonblocking;
  return Request();
}

// A group of one rank: reductions and broadcasts leave the data as it is, gathers and
// scatters copy send to receive. No MPI or NCCL call (MPI would still copy in place).
inline Request single_rank(bool nonblocking, const char* op, const Communicator& comm) {
  return nonblocking ? Request::completed(RequestInfo{op, "one rank", &comm.name(), 0}) : Request();
}

template <class SendView, class RecvView>
void copy_flat(const ExecSpace& exec, const SendView& send, const RecvView& recv) {
  using T = typename RecvView::value_type;
  using Space = typename RecvView::memory_space;
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  Kokkos::deep_copy(exec, Kokkos::View<T*, Space, Unmanaged>(recv.data(), recv.size()),
                    Kokkos::View<const T*, typename SendView::memory_space, Unmanaged>(send.data(), send.size()));
}

template <class View>
Request all_reduce(const ExecSpace& exec, const Communicator& comm, const View& data, ReduceOp op,
                   bool nonblocking) {
  using T = typename View::value_type;
  require_contiguous(data, "all_reduce", comm, "data");
  if (comm.size() == 1) return single_rank(nonblocking, "all_reduce", comm);
  const std::size_t count = data.size();
  if (route_for<typename View::memory_space>(comm, "all_reduce") == Route::mpi) {
    fence(exec, SyncKind::backend, "fourfold::comm: MPI reads complete data");
    return nonblocking ? mpi_backend::all_reduce_start(comm, data.data(), count, dtype_of<T>(), op)
                       : (mpi_backend::all_reduce(comm, data.data(), count, dtype_of<T>(), op), Request());
  }
#if FOURFOLD_ENABLE_NCCL
  comm.nccl()->all_reduce(data.data(), data.data(), count, dtype_of<T>(), op, stream_of(exec));
#endif
  return finish_nccl(exec, nonblocking, "all_reduce", comm);
}

template <class SendView, class RecvView>
Request all_gather(const ExecSpace& exec, const Communicator& comm, const SendView& send,
                   const RecvView& recv, bool nonblocking) {
  using T = typename RecvView::value_type;
  static_assert(std::is_same_v<std::remove_cv_t<typename SendView::value_type>, T>,
                "all_gather: send and receive element types differ");
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
    return single_rank(nonblocking, "all_gather", comm);
  }
  if (route_for<typename RecvView::memory_space>(comm, "all_gather") == Route::mpi) {
    fence(exec, SyncKind::backend, "fourfold::comm: MPI reads complete data");
    return nonblocking
               ? mpi_backend::all_gather_start(comm, send.data(), recv.data(), count, dtype_of<T>())
               : (mpi_backend::all_gather(comm, send.data(), recv.data(), count, dtype_of<T>()), Request());
  }
#if FOURFOLD_ENABLE_NCCL
  comm.nccl()->all_gather(send.data(), recv.data(), count, dtype_of<T>(), stream_of(exec));
#endif
  return finish_nccl(exec, nonblocking, "all_gather", comm);
}

template <class SendView, class RecvView>
Request reduce_scatter(const ExecSpace& exec, const Communicator& comm, const SendView& send,
                       const RecvView& recv, ReduceOp op, bool nonblocking) {
  using T = typename RecvView::value_type;
  static_assert(std::is_same_v<std::remove_cv_t<typename SendView::value_type>, T>,
                "reduce_scatter: send and receive element types differ");
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
    return single_rank(nonblocking, "reduce_scatter", comm);
  }
  if (route_for<typename RecvView::memory_space>(comm, "reduce_scatter") == Route::mpi) {
    fence(exec, SyncKind::backend, "fourfold::comm: MPI reads complete data");
    return nonblocking ? mpi_backend::reduce_scatter_start(comm, send.data(), recv.data(), count,
                                                           dtype_of<T>(), op)
                       : (mpi_backend::reduce_scatter(comm, send.data(), recv.data(), count,
                                                      dtype_of<T>(), op),
                          Request());
  }
#if FOURFOLD_ENABLE_NCCL
  comm.nccl()->reduce_scatter(send.data(), recv.data(), count, dtype_of<T>(), op, stream_of(exec));
#endif
  return finish_nccl(exec, nonblocking, "reduce_scatter", comm);
}

template <class View>
Request broadcast(const ExecSpace& exec, const Communicator& comm, const View& data, int root,
                  bool nonblocking) {
  using T = typename View::value_type;
  require_contiguous(data, "broadcast", comm, "data");
  FF_REQUIRE(root >= 0 && root < comm.size(),
             "broadcast on group '{}': root {} is not a rank of the group (size {})", comm.name(),
             root, comm.size());
  if (comm.size() == 1) return single_rank(nonblocking, "broadcast", comm);
  const std::size_t count = data.size();
  if (route_for<typename View::memory_space>(comm, "broadcast") == Route::mpi) {
    fence(exec, SyncKind::backend, "fourfold::comm: MPI reads complete data");
    return nonblocking
               ? mpi_backend::broadcast_start(comm, data.data(), count, dtype_of<T>(), root)
               : (mpi_backend::broadcast(comm, data.data(), count, dtype_of<T>(), root), Request());
  }
#if FOURFOLD_ENABLE_NCCL
  comm.nccl()->broadcast(data.data(), count, dtype_of<T>(), root, stream_of(exec));
#endif
  return finish_nccl(exec, nonblocking, "broadcast", comm);
}

}  // namespace detail

template <class View>
void all_reduce(const ExecSpace& exec, const Communicator& comm, const View& data,
                ReduceOp op = ReduceOp::sum) {
  detail::all_reduce(exec, comm, data, op, false);
}
template <class View>
[[nodiscard]] Request all_reduce_start(const ExecSpace& exec, const Communicator& comm,
                                       const View& data, ReduceOp op = ReduceOp::sum) {
  return detail::all_reduce(exec, comm, data, op, true);
}

template <class SendView, class RecvView>
void all_gather(const ExecSpace& exec, const Communicator& comm, const SendView& send,
                const RecvView& recv) {
  detail::all_gather(exec, comm, send, recv, false);
}
template <class SendView, class RecvView>
[[nodiscard]] Request all_gather_start(const ExecSpace& exec, const Communicator& comm,
                                       const SendView& send, const RecvView& recv) {
  return detail::all_gather(exec, comm, send, recv, true);
}

template <class SendView, class RecvView>
void reduce_scatter(const ExecSpace& exec, const Communicator& comm, const SendView& send,
                    const RecvView& recv, ReduceOp op = ReduceOp::sum) {
  detail::reduce_scatter(exec, comm, send, recv, op, false);
}
template <class SendView, class RecvView>
[[nodiscard]] Request reduce_scatter_start(const ExecSpace& exec, const Communicator& comm,
                                           const SendView& send, const RecvView& recv,
                                           ReduceOp op = ReduceOp::sum) {
  return detail::reduce_scatter(exec, comm, send, recv, op, true);
}

template <class View>
void broadcast(const ExecSpace& exec, const Communicator& comm, const View& data, int root) {
  detail::broadcast(exec, comm, data, root, false);
}
template <class View>
[[nodiscard]] Request broadcast_start(const ExecSpace& exec, const Communicator& comm,
                                      const View& data, int root) {
  return detail::broadcast(exec, comm, data, root, true);
}

/// Reduces one host scalar over the group (timings, counters, flags).
template <class T>
T all_reduce_value(const Communicator& comm, T value, ReduceOp op = ReduceOp::sum) {
  if (comm.size() > 1) mpi_backend::all_reduce(comm, &value, 1, dtype_of<T>(), op);
  return value;
}

}  // namespace fourfold::comm
