// NCCL + CUDA runtime calls, every return code checked. Compiled in every build; the NCCL
// part only when FOURFOLD_ENABLE_NCCL.
#include "comm/nccl_backend.hpp"

#include "comm/check.hpp"

#if FOURFOLD_ENABLE_NCCL
#include <cuda_runtime_api.h>
#include <nccl.h>

#include <climits>

namespace fourfold::comm {
namespace {

void check_nccl(ncclResult_t code, const char* call, const char* file, int line) {
  if (code == ncclSuccess) return;
  ::fourfold::detail::throw_vendor_error(
      "NCCL", call, file, line,
      fmt::format("code {} ({}){}", static_cast<int>(code), ncclGetErrorString(code),
                  code == ncclSystemError || code == ncclRemoteError
                      ? "; HINT: run with NCCL_DEBUG=WARN for the failing peer and transport"
                      : ""));
}
void check_cuda(cudaError_t code, const char* call, const char* file, int line) {
  if (code == cudaSuccess) return;
  ::fourfold::detail::throw_vendor_error(
      "CUDA", call, file, line,
      fmt::format("code {} ({}: {})", static_cast<int>(code), cudaGetErrorName(code),
                  cudaGetErrorString(code)));
}
#define FF_CHECK_NCCL(call) check_nccl((call), #call, __FILE__, __LINE__)
#define FF_CHECK_CUDA(call) check_cuda((call), #call, __FILE__, __LINE__)

ncclDataType_t to_nccl(DType type) {
  switch (type) {
    case DType::f32: return ncclFloat32;
    case DType::f64: return ncclFloat64;
    case DType::i32: return ncclInt32;
    case DType::i64: return ncclInt64;
    case DType::u32: return ncclUint32;
    case DType::u64: return ncclUint64;
  }
  return ncclFloat32;
}

ncclRedOp_t to_nccl(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return ncclSum;
    case ReduceOp::max: return ncclMax;
    case ReduceOp::min: return ncclMin;
  }
  return ncclSum;
}

ncclComm_t handle(void* comm) { return static_cast<ncclComm_t>(comm); }
cudaStream_t as_stream(void* stream) { return static_cast<cudaStream_t>(stream); }

}  // namespace

bool nccl_device_available(std::string* reason) {
  int count = 0;
  const cudaError_t code = cudaGetDeviceCount(&count);
  if (code != cudaSuccess || count == 0) {
    if (reason) {
      *reason = code != cudaSuccess
                    ? fmt::format("no usable CUDA device (cudaGetDeviceCount: {})", cudaGetErrorString(code))
                    : std::string("no CUDA device on this machine");
    }
    return false;
  }
  return true;
}

NcclCommunicator::NcclCommunicator(MPI_Comm group) {
  FF_CHECK_MPI(MPI_Comm_rank(group, &rank_));
  FF_CHECK_MPI(MPI_Comm_size(group, &size_));
  ncclUniqueId id{};
  if (rank_ == 0) FF_CHECK_NCCL(ncclGetUniqueId(&id));
  FF_CHECK_MPI(MPI_Bcast(&id, sizeof(id), MPI_BYTE, 0, group));
  ncclComm_t comm = nullptr;
  FF_CHECK_NCCL(ncclCommInitRank(&comm, size_, id, rank_));
  comm_ = comm;
}

NcclCommunicator::~NcclCommunicator() {
  if (comm_ == nullptr) return;
  if (ncclCommDestroy(handle(comm_)) != ncclSuccess) report_in_destructor("ncclCommDestroy failed");
}

void NcclCommunicator::all_reduce(const void* send, void* recv, std::size_t count, DType type,
                                  ReduceOp op, void* stream) const {
  FF_CHECK_NCCL(ncclAllReduce(send, recv, count, to_nccl(type), to_nccl(op), handle(comm_),
                              as_stream(stream)));
}

void NcclCommunicator::all_gather(const void* send, void* recv, std::size_t count_per_rank,
                                  DType type, void* stream) const {
  FF_CHECK_NCCL(ncclAllGather(send, recv, count_per_rank, to_nccl(type), handle(comm_),
                              as_stream(stream)));
}

void NcclCommunicator::reduce_scatter(const void* send, void* recv, std::size_t count_per_rank,
                                      DType type, ReduceOp op, void* stream) const {
  FF_CHECK_NCCL(ncclReduceScatter(send, recv, count_per_rank, to_nccl(type), to_nccl(op),
                                  handle(comm_), as_stream(stream)));
}

void NcclCommunicator::broadcast(void* data, std::size_t count, DType type, int root,
                                 void* stream) const {
  FF_CHECK_NCCL(ncclBroadcast(data, data, count, to_nccl(type), root, handle(comm_),
                              as_stream(stream)));
}

void* nccl_record_event(void* stream) {
  cudaEvent_t event = nullptr;
  FF_CHECK_CUDA(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  FF_CHECK_CUDA(cudaEventRecord(event, as_stream(stream)));
  return event;
}

void nccl_wait_event(void* event) {
  auto e = static_cast<cudaEvent_t>(event);
  FF_CHECK_CUDA(cudaEventSynchronize(e));
  FF_CHECK_CUDA(cudaEventDestroy(e));
}

void nccl_destroy_event(void* event) noexcept {
  if (cudaEventDestroy(static_cast<cudaEvent_t>(event)) != cudaSuccess) {
    report_in_destructor("cudaEventDestroy failed");
  }
}

}  // namespace fourfold::comm

#else  // !FOURFOLD_ENABLE_NCCL

namespace fourfold::comm {
bool nccl_device_available(std::string* reason) {
  if (reason) *reason = "fourfold was built without NCCL (FOURFOLD_ENABLE_NCCL=OFF)";
  return false;
}
}  // namespace fourfold::comm

#endif
