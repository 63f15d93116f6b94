// Handle of a non-blocking collective. It must be completed with wait(); destroying a handle
// that was never waited on is a bug in the caller, which is reported on stderr (naming the
// operation and group) and counted, and the operation is completed so no buffer is left in
// flight.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <string>

namespace fourfold::comm {

/// What a request is for, kept as pointers to static names and the communicator's name, so
/// starting a collective in the step loop allocates nothing; the text is built only to report.
struct RequestInfo {
  const char* op = "";             // "all_reduce"...
  const char* route = "";          // "MPI", "NCCL", "one rank"
  const std::string* group = nullptr;  // the communicator's name (outlives the request)
  std::size_t count = 0;           // elements
  std::string describe() const;
};

class Request {
 public:
  Request() = default;
  /// Takes ownership of an MPI request.
  static Request from_mpi(MPI_Request request, const RequestInfo& info);
  /// Takes ownership of a CUDA event recorded after an NCCL operation.
  static Request from_event(void* cuda_event, const RequestInfo& info);
  /// An operation that finished when it was started (a group of one rank); wait() still
  /// has to be called, like for any other handle.
  static Request completed(const RequestInfo& info);

  ~Request();
  Request(Request&& other) noexcept;
  Request& operator=(Request&& other) noexcept;
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;

  /// Blocks until the operation is complete; afterwards the handle is inactive.
  void wait();
  bool active() const { return kind_ != Kind::none; }
  std::string what() const { return info_.describe(); }

  /// How many handles were destroyed without wait() in this process (for tests and logs).
  static long unwaited_destroyed();

 private:
  enum class Kind { none, mpi, event, completed };
  void complete_unwaited() noexcept;

  Kind kind_ = Kind::none;
  MPI_Request mpi_ = MPI_REQUEST_NULL;
  void* event_ = nullptr;
  RequestInfo info_;
};

}  // namespace fourfold::comm
