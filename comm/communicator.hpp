// Communicator: a move-only owner of one MPI communicator (duplicated or split from the one it
// is given, freed in its destructor) and, on device builds, the NCCL communicator of the same
// group and the pinned buffers MPI stages device data through.
#pragma once

#include "comm/nccl_backend.hpp"
#include "comm/staging.hpp"
#include "comm/types.hpp"
#include "core/counters.hpp"

#include <mpi.h>

#include <memory>
#include <string>

namespace fourfold::comm {

class ProgressEngine;
struct RequestInfo;
struct NodeSplit;
}  // namespace fourfold::comm

namespace fourfold {
class ExecutionContext;
}

namespace fourfold::comm {

class Communicator {
 public:
  Communicator() = default;
  /// MPI_Comm_dup of `parent` (the caller keeps ownership of parent); its collectives are
  /// counted in `counters` (an execution context's: ExecutionContext::counters_handle()).
  static Communicator duplicate(MPI_Comm parent, std::string name, std::shared_ptr<Counters> counters);
  /// MPI_Comm_split of this communicator, counting where this one counts; collective over it.
  Communicator split(int color, int key, std::string name) const;

  ~Communicator();
  Communicator(Communicator&& other) noexcept;
  Communicator& operator=(Communicator&& other) noexcept;
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  bool valid() const { return comm_ != MPI_COMM_NULL; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Name used in error messages and benchmarks ("x", "tp", "world"...).
  const std::string& name() const { return name_ ? *name_ : no_name(); }
  /// The name as a shared handle: requests and watchdog marks keep it, so their reports stay
  /// valid after the communicator is moved or destroyed. Copying it allocates nothing.
  const std::shared_ptr<const std::string>& name_handle() const { return name_; }
  MPI_Comm mpi() const { return comm_; }
  void barrier() const;

  /// How collectives on device memory travel. A new communicator stages through pinned host
  /// memory, or uses MPI directly when the MPI library is GPU-aware (see gpu_aware_mpi());
  /// use_backend() changes it.
  DeviceRoute device_route() const { return device_route_; }
  /// Resolves `backend` for this build and group (collective over the group when it creates
  /// the NCCL communicator, whose started collectives run on a new communication instance of
  /// `context`). NCCL is created only for groups of more than one rank: a group of one never
  /// communicates. UserError when the build cannot honour the request.
  void use_backend(Backend backend, ExecutionContext& context);
  /// The NCCL communicator, or nullptr when the route is not NCCL or the group has one rank.
  const NcclCommunicator* nccl() const { return nccl_.get(); }
  /// Pinned host buffers for the staged MPI route (made on first use).
  StagingPool& staging() const;

  /// Where this group's collectives, waits and traffic are counted.
  Counters& counters() const { return *counters_; }
  const std::shared_ptr<Counters>& counters_handle() const { return counters_; }
  /// What a request on this group carries: names for errors, the axis and the counters.
  RequestInfo request_info(const char* op, const char* route, std::size_t count) const;

  /// The grid axis this group spans (telemetry); `other` unless the grid set it.
  CommAxis axis() const { return axis_; }
  void set_axis(CommAxis axis);
  /// The progress engine that runs this group's MPI collectives, or nullptr (they run on the
  /// calling thread). The engine must outlive the communicator's use.
  ProgressEngine* engine() const { return engine_; }
  void attach_engine(ProgressEngine* engine) { engine_ = engine; }
  /// The group split by node for hierarchical collectives (comm/node_split.hpp), or nullptr:
  /// its all-reduces, all-gathers and reduce-scatters then run in two levels.
  const NodeSplit* node_split() const { return node_split_.get(); }
  void set_node_split(std::unique_ptr<NodeSplit> split);
  /// Adds the device-side communication times recorded since the last call (NCCL event
  /// spans) to its counters. Call after the host waited for the work that recorded them.
  void collect_device_timings() const;

 private:
  Communicator(MPI_Comm comm, std::string name, std::shared_ptr<Counters> counters);
  void release() noexcept;
  static const std::string& no_name();

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 0;
  std::shared_ptr<const std::string> name_;  // null only for a default-constructed communicator
  std::shared_ptr<Counters> counters_;        // null only for a default-constructed communicator
  DeviceRoute device_route_ = DeviceRoute::mpi_staged;
  std::unique_ptr<NcclCommunicator> nccl_;
  mutable std::unique_ptr<StagingPool> staging_;
  CommAxis axis_ = CommAxis::other;
  ProgressEngine* engine_ = nullptr;
  std::unique_ptr<NodeSplit> node_split_;
};

/// True when the MPI library reads and writes device memory itself: the build says so
/// (FOURFOLD_ENABLE_GPU_AWARE_MPI) or the library reports it at run time (Open MPI's
/// MPIX_Query_cuda_support). Always false on host-only builds (no device memory to pass).
bool gpu_aware_mpi();

/// True when `backend` resolves to NCCL on this build (a device build with NCCL, not "mpi").
bool resolves_to_nccl(Backend backend);

}  // namespace fourfold::comm
