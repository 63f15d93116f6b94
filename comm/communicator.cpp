#include "comm/communicator.hpp"

#include "comm/check.hpp"
#include "comm/nccl_backend.hpp"
#include "core/config.hpp"

namespace fourfold::comm {

Communicator::Communicator(MPI_Comm comm, std::string name) : comm_(comm), name_(std::move(name)) {
  if (comm_ != MPI_COMM_NULL) {
    FF_CHECK_MPI(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN));
    FF_CHECK_MPI(MPI_Comm_rank(comm_, &rank_));
    FF_CHECK_MPI(MPI_Comm_size(comm_, &size_));
  }
}

Communicator Communicator::duplicate(MPI_Comm parent, std::string name) {
  FF_REQUIRE(parent != MPI_COMM_NULL, "cannot duplicate MPI_COMM_NULL into communicator '{}'", name);
  MPI_Comm comm = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_dup(parent, &comm));
  return Communicator(comm, std::move(name));
}

Communicator Communicator::split(int color, int key, std::string name) const {
  FF_REQUIRE(valid(), "split of the null communicator into '{}'", name);
  MPI_Comm comm = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_split(comm_, color, key, &comm));
  return Communicator(comm, std::move(name));
}

Communicator::~Communicator() { release(); }

void Communicator::release() noexcept {
  nccl_.reset();
  if (comm_ != MPI_COMM_NULL) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized && MPI_Comm_free(&comm_) != MPI_SUCCESS) {
      report_in_destructor("MPI_Comm_free failed");
    }
    comm_ = MPI_COMM_NULL;
  }
}

Communicator::Communicator(Communicator&& other) noexcept
    : comm_(other.comm_),
      rank_(other.rank_),
      size_(other.size_),
      name_(std::move(other.name_)),
      nccl_(std::move(other.nccl_)) {
  other.comm_ = MPI_COMM_NULL;
}

Communicator& Communicator::operator=(Communicator&& other) noexcept {
  if (this != &other) {
    release();
    comm_ = other.comm_;
    rank_ = other.rank_;
    size_ = other.size_;
    name_ = std::move(other.name_);
    nccl_ = std::move(other.nccl_);
    other.comm_ = MPI_COMM_NULL;
  }
  return *this;
}

void Communicator::barrier() const { FF_CHECK_MPI(MPI_Barrier(comm_)); }

void Communicator::enable_nccl() {
#if FOURFOLD_ENABLE_NCCL
  if (!nccl_) nccl_ = std::make_unique<NcclCommunicator>(comm_);
#else
  FF_REQUIRE(false,
             "communicator '{}': NCCL requested but fourfold was built without it "
             "(configure with -DFOURFOLD_ENABLE_NCCL=ON and a CUDA toolkit with NCCL)",
             name_);
#endif
}

}  // namespace fourfold::comm
