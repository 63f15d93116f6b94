// NCCL backend: device-memory collectives enqueued on the stream of an execution-space
// instance. The header exposes no CUDA or NCCL types (streams, events and the communicator
// travel as opaque pointers), so code including it builds with any compiler.
//
// Ordering. A collective enqueued on an instance's stream runs after the work already on it
// and before the work enqueued after it. A started (non-blocking) collective runs on the
// communicator's own stream instead, after an event recorded on the caller's stream, so the
// caller's later work overlaps it; its completion is an event that a later wait either
// enqueues on a stream (stream_wait: no host involvement) or blocks the host on (host_wait).
// Events come from a pool owned by the communicator and are reused.
#pragma once

#include "comm/types.hpp"
#include "core/config.hpp"

#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

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
  /// every rank calls ncclCommInitRank on its current device. Also creates the
  /// communicator's stream for started collectives.
  explicit NcclCommunicator(MPI_Comm group);
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

  /// Makes the communicator's own stream wait for what is enqueued on `stream` so far and
  /// returns it: a started collective is enqueued there, then finish_started() is called.
  void* start_after(void* stream) const;
  /// Records the completion of what was enqueued on the communicator's stream; the event
  /// belongs to the caller until stream_wait() or host_wait() hands it back.
  void* finish_started() const;
  /// `stream`'s later work waits for `event` (no host wait); the event goes back to the pool.
  void stream_wait(void* stream, void* event) const;
  /// The host waits for `event`; the event goes back to the pool.
  void host_wait(void* event) const;

  // Telemetry: a span is a pair of timing events on one stream around a collective (busy) or
  // around a stream's wait for one (exposed: how long that stream stalled). Read after the host
  // has waited for the step, so reading them never blocks.
  void time_begin(void* stream) const;
  void time_end(void* stream, bool busy, bool exposed) const;
  /// Adds every finished span to the process totals (comm_stats.hpp) on the axis.
  void collect_timings() const;
  void set_axis(CommAxis axis) { axis_ = axis; }

 private:
  struct Span {
    void* begin = nullptr;
    void* end = nullptr;
    bool busy = false, exposed = false;
  };
  void* acquire_event() const;
  void release_event(void* event) const;
  void* acquire_timing_event() const;

  void* comm_ = nullptr;    // ncclComm_t
  void* stream_ = nullptr;  // cudaStream_t for started collectives
  int rank_ = 0;
  int size_ = 0;
  mutable std::vector<void*> free_events_;  // cudaEvent_t, reusable
  mutable std::vector<void*> all_events_;   // every event created, destroyed with the communicator
  mutable std::vector<void*> free_timing_events_, all_timing_events_;  // cudaEvent_t with timing
  mutable void* open_begin_ = nullptr;       // time_begin() of the span being recorded
  mutable std::vector<Span> spans_;          // recorded, not yet collected
  CommAxis axis_ = CommAxis::other;
};
#else
class NcclCommunicator {};  // never constructed in builds without NCCL
#endif

}  // namespace fourfold::comm
