// Handle of a non-blocking collective. It must be completed with wait(); destroying a handle
// that was never waited on is a bug in the caller, which is reported on stderr (naming the
// operation and group) and counted, and the operation is completed so no buffer is left in
// flight. A request must not outlive the communicator it was started on. A handle destroyed
// while an exception unwinds the stack is not completed (the other ranks may never join it):
// it is reported and left, and the job is expected to end.
//
// Two ways to complete it:
//   wait(exec)  work enqueued on `exec` afterwards sees the result. On the NCCL route the
//               instance's stream waits for the collective's completion event: the host does
//               not wait. On MPI routes the host waits in MPI (the data is host-side).
//   wait()      the host itself needs the result (a host-side wait on every route).
#pragma once

#include "comm/types.hpp"
#include "core/types.hpp"

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace fourfold::comm {

class NcclCommunicator;
class ProgressEngine;
class StagingPool;

/// The MPI requests of one started operation: one for a collective (the second stays
/// MPI_REQUEST_NULL), two for a ring exchange (its send and its receive). Completed together
/// (MPI_Waitall, MPI_Testall: null requests count as complete).
struct MpiRequests {
  MPI_Request requests[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  /// True while any is still active (started and not yet completed).
  bool active() const { return requests[0] != MPI_REQUEST_NULL || requests[1] != MPI_REQUEST_NULL; }
};

/// What a request is for: pointers to static names and a shared handle on the communicator's
/// name (a request may outlive a move or the end of its communicator and still report), so
/// starting a collective in the step loop allocates nothing; the text is built only to report.
struct RequestInfo {
  const char* op = "";             // "all_reduce"...
  const char* route = "";          // "MPI", "MPI staged", "NCCL", "one rank"
  std::shared_ptr<const std::string> group;  // the communicator's name (Communicator::name_handle)
  std::size_t count = 0;           // elements
  CommAxis axis = CommAxis::other;  // for telemetry
  std::shared_ptr<Counters> counters;  // where its time and the host's waits on it are counted
  std::string describe() const;
};

/// The last step of a collective staged through pinned host memory: `bytes` from the staging
/// buffer at `from` go to the (device) destination `to`, then the buffer returns to `pool`.
struct StagedResult {
  StagingPool* pool = nullptr;
  void* buffer = nullptr;
  const void* from = nullptr;
  void* to = nullptr;
  std::size_t bytes = 0;
  ExecSpace exec;  // the instance the collective was started on: wait() copies back there
};

class Request {
 public:
  Request() = default;
  /// Takes ownership of MPI requests (one collective, or a ring exchange's send and receive).
  static Request from_mpi(const MpiRequests& requests, const RequestInfo& info);
  /// A collective submitted to `engine` under `ticket`.
  static Request from_engine(ProgressEngine* engine, std::uint64_t ticket, const RequestInfo& info);
  /// The stages of one collective submitted to `engine` under tickets first..last (a hierarchical
  /// collective, comm/node_split.hpp), completed in that order; `scratch` (from `pool`, or null)
  /// is handed back once the last stage is complete.
  static Request from_engine_stages(ProgressEngine* engine, std::uint64_t first, std::uint64_t last,
                                    const RequestInfo& info, StagingPool* pool, void* scratch);
  /// Takes ownership of an NCCL completion event from `owner`'s pool.
  static Request from_event(void* event, const NcclCommunicator* owner, const RequestInfo& info);
  /// An operation that finished when it was started (a group of one rank); wait() still
  /// has to be called, like for any other handle.
  static Request completed(const RequestInfo& info);
  /// Turns an MPI (or engine) request on a staging buffer into one that, when complete, copies the result
  /// to its destination and returns the buffer.
  Request then_copy_back(const StagedResult& result) &&;

  ~Request();
  Request(Request&& other) noexcept;
  Request& operator=(Request&& other) noexcept;
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;

  /// Later work on `exec` is ordered after the operation; afterwards the handle is inactive.
  void wait(const ExecSpace& exec);
  /// Blocks the host until the operation is complete; afterwards the handle is inactive.
  void wait();
  bool active() const { return kind_ != Kind::none; }
  std::string what() const { return info_.describe(); }


 private:
  enum class Kind { none, mpi, engine, event, completed };
  void complete(const ExecSpace* exec);
  void complete_unwaited() noexcept;

  Kind kind_ = Kind::none;
  MpiRequests mpi_;
  ProgressEngine* engine_ = nullptr;
  std::uint64_t ticket_ = 0;
  std::uint64_t first_ticket_ = 0;    // engine: the first stage's ticket (ticket_ for one stage)
  StagingPool* scratch_pool_ = nullptr;  // engine stages: where scratch_ goes back to
  void* scratch_ = nullptr;
  void* event_ = nullptr;
  const NcclCommunicator* nccl_ = nullptr;
  StagedResult staged_;  // copied back after completion when staged_.pool is set
  RequestInfo info_;
};

}  // namespace fourfold::comm
