// NCCL backend: device-memory collectives enqueued on the stream of an execution-space
// instance. The header exposes no CUDA or NCCL types (streams, events and the communicator
// travel as opaque pointers), so code including it builds with any compiler.
//
// Ordering. A collective enqueued on an instance's stream runs after the work already on it
// and before the work enqueued after it. A started (non-blocking) collective runs on the
// communication stream the communicator was given instead, after an event recorded on the
// caller's stream, so the caller's later work overlaps it; its completion is an event that a
// later wait either enqueues on a stream (stream_wait: no host involvement) or blocks the host on
// (host_wait). The events, their pools and the timing spans are comm/stream_events.hpp's, on the
// platform's device::Runtime; this file adds NCCL itself.
#pragma once

#include "comm/types.hpp"
#include "core/config.hpp"

#if FOURFOLD_ENABLE_NCCL
#include "comm/stream_events.hpp"
#include "core/counters.hpp"
#endif

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <string>

namespace fourfold::comm {

/// True when this build has NCCL and the GPU runtime sees at least one device; otherwise
/// false with the reason in `*reason` (tests print it when they skip).
bool nccl_device_available(std::string* reason);

/// GPUs this process can see (0 without NCCL, without a GPU runtime or without devices).
int visible_gpus();

/// The first asynchronous error a live NCCL communicator of this process reports (a peer lost,
/// a network failure: ncclCommGetAsyncError), with its group size; empty when there is none, and
/// always without NCCL. Safe from any thread (the watchdog polls it).
std::string nccl_async_error();

#if FOURFOLD_ENABLE_NCCL
class NcclCommunicator {
 public:
  /// Collective over `group`: rank 0 makes the unique id, MPI_Bcast sends it to the group,
  /// every rank calls ncclCommInitRank on its current device. Started collectives run on
  /// `started_stream` (a cudaStream_t, hipStream_t with RCCL), which the caller owns and keeps
  /// alive longer than this communicator (an execution context's communication stream); their
  /// time and the host's waits for them are counted in `counters`. UserError on a build whose
  /// Kokkos has no GPU backend (device::platform_runtime() is null there).
  NcclCommunicator(MPI_Comm group, void* started_stream, std::shared_ptr<Counters> counters);
  /// Reports (never throws) started collectives that were not waited on.
  ~NcclCommunicator();
  NcclCommunicator(const NcclCommunicator&) = delete;
  NcclCommunicator& operator=(const NcclCommunicator&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// The communicator's asynchronous error, described; empty when none (or still in progress).
  std::string async_error() const;

  // All pointers are device memory; `stream` is a cudaStream_t (hipStream_t with RCCL).
  // Counts are elements.
  void all_reduce(const void* send, void* recv, std::size_t count, DType type, ReduceOp op,
                  void* stream) const;
  void all_gather(const void* send, void* recv, std::size_t count_per_rank, DType type,
                  void* stream) const;
  void reduce_scatter(const void* send, void* recv, std::size_t count_per_rank, DType type,
                      ReduceOp op, void* stream) const;
  void broadcast(void* data, std::size_t count, DType type, int root, void* stream) const;
  /// send (count) to rank (rank + 1) % size, recv (count) from rank (rank - 1 + size) % size, in
  /// one NCCL group (ncclSend and ncclRecv; NCCL 2.7 or newer).
  void ring_exchange(const void* send, void* recv, std::size_t count, DType type, void* stream) const;

  /// Makes the started-collectives stream wait for what is enqueued on `stream` so far and
  /// returns it: a started collective is enqueued there, then finish_started() is called.
  void* start_after(void* stream) const;
  /// Records the completion of what was enqueued on the started-collectives stream; the event
  /// belongs to the caller until stream_wait() or host_wait() hands it back.
  void* finish_started() const;
  /// `stream`'s later work waits for `event` (no host wait); the event goes back to the pool.
  void stream_wait(void* stream, void* event) const;
  /// The host waits for `event` (one SyncKind::wait host sync); the event goes back to the pool.
  void host_wait(void* event) const;

  // Telemetry: a span is a pair of timing events on one stream around a collective (busy) or
  // around a stream's wait for one (exposed: how long that stream stalled). Read after the host
  // has waited for the step, so reading them never blocks.
  //   time_begin(stream); <enqueue the collective on stream>; time_end(stream, busy, exposed);
  // If the call between them throws, the span stays open until the next time_begin, which
  // abandons it (never counted, its event back to the pool: StreamEvents::TimedSpan), so an
  // error in one collective does not break the telemetry of the next.
  void time_begin(void* stream) const;
  /// Ends the span time_begin() opened; `stream` must be the one it was opened on.
  void time_end(void* stream, bool busy, bool exposed) const;
  /// Adds every finished span to the counters, on the axis; unfinished ones stay for later.
  void collect_timings() const;
  void set_axis(CommAxis axis);

 private:
  void* comm_ = nullptr;  // ncclComm_t
  int rank_ = 0;
  int size_ = 0;
  // Not null; behind a pointer so the destructor can release the events (and report unwaited
  // collectives) before ncclCommDestroy, which can block on a lost peer.
  std::unique_ptr<StreamEvents> events_;
  mutable StreamEvents::TimedSpan open_span_;  // time_begin() .. time_end(); refers to *events_
};
#else
class NcclCommunicator {};  // never constructed in builds without NCCL
#endif

}  // namespace fourfold::comm
