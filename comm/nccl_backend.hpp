// NCCL backend: device-memory collectives enqueued on a CUDA stream taken from an
// execution-space instance. The header exposes no CUDA or NCCL types (streams, events and the
// communicator travel as opaque pointers), so code including it builds with any compiler.
#pragma once

#include "comm/types.hpp"
#include "core/config.hpp"

#include <mpi.h>

#include <cstddef>
#include <string>

namespace fourfold::comm {

/// True when this build has NCCL and the CUDA runtime sees at least one device; otherwise
/// false with the reason in `*reason` (tests print it when they skip).
bool nccl_device_available(std::string* reason);

#if FOURFOLD_ENABLE_NCCL
class NcclCommunicator {
 public:
  /// Collective over `group`: rank 0 makes the unique id, MPI_Bcast sends it to the group,
  /// every rank calls ncclCommInitRank on its current CUDA device.
  explicit NcclCommunicator(MPI_Comm group);
  ~NcclCommunicator();
  NcclCommunicator(const NcclCommunicator&) = delete;
  NcclCommunicator& operator=(const NcclCommunicator&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // All pointers are device memory; `stream` is a cudaStream_t. Counts are elements.
  void all_reduce(const void* send, void* recv, std::size_t count, DType type, ReduceOp op,
                  void* stream) const;
  void all_gather(const void* send, void* recv, std::size_t count_per_rank, DType type,
                  void* stream) const;
  void reduce_scatter(const void* send, void* recv, std::size_t count_per_rank, DType type,
                      ReduceOp op, void* stream) const;
  void broadcast(void* data, std::size_t count, DType type, int root, void* stream) const;

 private:
  void* comm_ = nullptr;  // ncclComm_t
  int rank_ = 0;
  int size_ = 0;
};

/// Records a CUDA event on `stream` and returns it (a cudaEvent_t), for non-blocking handles.
void* nccl_record_event(void* stream);
/// Blocks the host until `event` completes, then destroys it.
void nccl_wait_event(void* event);
/// Destroys `event` without waiting (used only on error paths).
void nccl_destroy_event(void* event) noexcept;
#else
class NcclCommunicator {};  // never constructed in builds without NCCL
#endif

}  // namespace fourfold::comm
