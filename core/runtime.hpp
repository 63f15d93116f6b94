// The runtime guard every fourfold program starts with: MPI (thread level requested and
// checked), then Kokkos on this rank's device; torn down in reverse, also on error paths.
#pragma once

#include <mpi.h>

#include <string>

namespace fourfold {

/// The name of the device this rank computes on, as its vendor's runtime reports it (for example
/// "NVIDIA H100 80GB HBM3"); empty on host-only backends or when the runtime cannot say.
std::string current_device_name();

class Runtime {
 public:
  /// MPI_Init_thread(MULTIPLE, FUNNELED at least) unless MPI is already up (then the caller owns it), errors on
  /// the world communicator returned rather than fatal (so every call is checked and reported
  /// with context), node-local rank from MPI_Comm_split_type, then Kokkos::initialize with
  /// device local_rank % devices on GPU backends.
  Runtime(int& argc, char**& argv);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;
  Runtime(Runtime&&) = delete;
  Runtime& operator=(Runtime&&) = delete;

  /// The world communicator; library code never names MPI_COMM_WORLD itself.
  MPI_Comm world() const { return MPI_COMM_WORLD; }
  int world_rank() const { return world_rank_; }
  int world_size() const { return world_size_; }
  int local_rank() const { return local_rank_; }
  int local_size() const { return local_size_; }
  /// The device this rank uses on GPU backends, -1 on host-only backends.
  int device_id() const { return device_id_; }
  /// Memory this rank may fill: its device's total on GPU backends, the node's physical memory
  /// shared among the node's ranks on host backends; 0 when the backend cannot say.
  double memory_bytes_per_rank() const;

  /// Call after this rank hit an error it has already printed. Returns true when every rank of
  /// the world called it within `grace_seconds` (the same error everywhere, e.g. a bad flag):
  /// the caller may then return its exit code and tear down normally. Returns false when some
  /// rank did not arrive (it is blocked elsewhere); the caller must then abort().
  bool all_ranks_failed(double grace_seconds) noexcept;

  /// Ends the whole job with `exit_code` (MPI_Abort); used when ranks disagree on failure.
  [[noreturn]] void abort(int exit_code) noexcept;

 private:
  bool owns_mpi_ = false;
  bool owns_kokkos_ = false;
  int world_rank_ = 0;
  int world_size_ = 1;
  int local_rank_ = 0;
  int local_size_ = 1;
  int device_id_ = -1;
  MPI_Comm failure_comm_ = MPI_COMM_NULL;  // used only by all_ranks_failed()
};

}  // namespace fourfold
