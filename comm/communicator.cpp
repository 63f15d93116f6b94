#include "comm/communicator.hpp"

#include "comm/check.hpp"
#include "comm/mpi_backend.hpp"
#include "comm/nccl_backend.hpp"
#include "comm/node_split.hpp"
#include "comm/request.hpp"
#include "core/config.hpp"
#include "core/device_stream.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"

#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif

namespace fourfold::comm {

bool gpu_aware_mpi() {
  if constexpr (host_accessible_v<MemSpace>) {
    return false;
  } else {
    if (FOURFOLD_ENABLE_GPU_AWARE_MPI) return true;
#if defined(KOKKOS_ENABLE_CUDA) && defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support() == 1;
#else
    return false;
#endif
  }
}

Communicator::Communicator(MPI_Comm comm, std::string name, std::shared_ptr<Counters> counters)
    : comm_(comm), name_(std::make_shared<const std::string>(std::move(name))), counters_(std::move(counters)) {
  FF_ASSERT(counters_ != nullptr, "communicator '{}' made without counters", *name_);
  if (comm_ != MPI_COMM_NULL) {
    FF_CHECK_MPI(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN));
    FF_CHECK_MPI(MPI_Comm_rank(comm_, &rank_));
    FF_CHECK_MPI(MPI_Comm_size(comm_, &size_));
  }
  device_route_ = host_accessible_v<MemSpace> || gpu_aware_mpi() ? DeviceRoute::mpi_direct
                                                                 : DeviceRoute::mpi_staged;
}

Communicator Communicator::duplicate(MPI_Comm parent, std::string name, std::shared_ptr<Counters> counters) {
  FF_REQUIRE(parent != MPI_COMM_NULL, "cannot duplicate MPI_COMM_NULL into communicator '{}'", name);
  MPI_Comm comm = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_dup(parent, &comm));
  return Communicator(comm, std::move(name), std::move(counters));
}

Communicator Communicator::split(int color, int key, std::string name) const {
  FF_REQUIRE(valid(), "split of the null communicator into '{}'", name);
  MPI_Comm comm = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_split(comm_, color, key, &comm));
  return Communicator(comm, std::move(name), counters_);
}

Communicator::~Communicator() { release(); }

const std::string& Communicator::no_name() {
  static const std::string empty;
  return empty;
}

void Communicator::set_node_split(std::unique_ptr<NodeSplit> split) { node_split_ = std::move(split); }

void Communicator::release() noexcept {
  node_split_.reset();
  nccl_.reset();
  staging_.reset();
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
      counters_(std::move(other.counters_)),
      device_route_(other.device_route_),
      nccl_(std::move(other.nccl_)),
      staging_(std::move(other.staging_)),
      axis_(other.axis_),
      engine_(other.engine_),
      node_split_(std::move(other.node_split_)) {
  other.comm_ = MPI_COMM_NULL;
  other.engine_ = nullptr;
}

Communicator& Communicator::operator=(Communicator&& other) noexcept {
  if (this != &other) {
    release();
    comm_ = other.comm_;
    rank_ = other.rank_;
    size_ = other.size_;
    name_ = std::move(other.name_);
    counters_ = std::move(other.counters_);
    device_route_ = other.device_route_;
    nccl_ = std::move(other.nccl_);
    staging_ = std::move(other.staging_);
    axis_ = other.axis_;
    engine_ = other.engine_;
    node_split_ = std::move(other.node_split_);
    other.comm_ = MPI_COMM_NULL;
    other.engine_ = nullptr;
  }
  return *this;
}

void Communicator::barrier() const { mpi_backend::barrier(*this); }

std::string backend_unavailable(Backend backend) {
  if (backend != Backend::nccl) return {};
  if (host_accessible_v<MemSpace>)
    return fmt::format("NCCL needs a GPU build of fourfold: this one runs on {} with host memory, where "
                       "collectives go over MPI (use comm = \"auto\" or \"mpi\")",
                       ExecSpace::name());
  if (!FOURFOLD_ENABLE_NCCL) {
#if defined(KOKKOS_ENABLE_HIP)
    return "fourfold was built without RCCL (configure with -DFOURFOLD_ENABLE_RCCL=ON and ROCm's RCCL), "
           "or use comm = \"mpi\"";
#else
    return "fourfold was built without NCCL (configure with -DFOURFOLD_ENABLE_NCCL=ON and a CUDA "
           "toolkit with NCCL), or use comm = \"mpi\"";
#endif
  }
  return {};
}

bool resolves_to_nccl(Backend backend) {
  return !host_accessible_v<MemSpace> && FOURFOLD_ENABLE_NCCL && backend != Backend::mpi;
}

void Communicator::use_backend(Backend backend, [[maybe_unused]] ExecutionContext& context) {
  const std::string unavailable = backend_unavailable(backend);
  FF_REQUIRE(unavailable.empty(), "communication backend \"{}\": {}", backend_name(backend), unavailable);
  if (!resolves_to_nccl(backend)) {
    nccl_.reset();
    device_route_ = host_accessible_v<MemSpace> || gpu_aware_mpi() ? DeviceRoute::mpi_direct
                                                                   : DeviceRoute::mpi_staged;
    return;
  }
  device_route_ = DeviceRoute::nccl;
#if FOURFOLD_ENABLE_NCCL
  if (size_ > 1 && !nccl_) {
    nccl_ = std::make_unique<NcclCommunicator>(comm_, native_stream(context.add_communication_instance()), counters_);
  }
  if (nccl_) nccl_->set_axis(axis_);
#endif
}

void Communicator::set_axis(CommAxis axis) {
  axis_ = axis;
#if FOURFOLD_ENABLE_NCCL
  if (nccl_) nccl_->set_axis(axis);
#endif
}

void Communicator::collect_device_timings() const {
#if FOURFOLD_ENABLE_NCCL
  if (nccl_) nccl_->collect_timings();
#endif
}

RequestInfo Communicator::request_info(const char* op, const char* route, std::size_t count) const {
  RequestInfo info;
  info.op = op;
  info.route = route;
  info.group = name_;
  info.count = count;
  info.axis = axis_;
  info.counters = counters_;
  return info;
}

StagingPool& Communicator::staging() const {
  if (!staging_) staging_ = std::make_unique<StagingPool>();
  return *staging_;
}

}  // namespace fourfold::comm
