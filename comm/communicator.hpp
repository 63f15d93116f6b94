// Communicator: a move-only owner of one MPI communicator (duplicated or split from the one it
// is given, freed in its destructor) and, when enabled, the NCCL communicator of the same group.
#pragma once

#include "comm/nccl_backend.hpp"

#include <mpi.h>

#include <memory>
#include <string>

namespace fourfold::comm {



class Communicator {
 public:
  Communicator() = default;
  /// MPI_Comm_dup of `parent` (the caller keeps ownership of parent).
  static Communicator duplicate(MPI_Comm parent, std::string name);
  /// MPI_Comm_split of this communicator; collective over it.
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
  const std::string& name() const { return name_; }
  MPI_Comm mpi() const { return comm_; }
  void barrier() const;

  /// Creates this group's NCCL communicator (id made on rank 0, broadcast over MPI);
  /// collective over the group. Requires a build with FOURFOLD_ENABLE_NCCL and a visible GPU.
  void enable_nccl();
  /// The NCCL communicator, or nullptr when enable_nccl() was not called.
  const NcclCommunicator* nccl() const { return nccl_.get(); }

 private:
  Communicator(MPI_Comm comm, std::string name);
  void release() noexcept;

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 0;
  std::string name_;
  std::unique_ptr<NcclCommunicator> nccl_;
};

}  // namespace fourfold::comm
