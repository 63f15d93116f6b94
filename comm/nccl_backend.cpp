// NCCL (or RCCL) calls, every return code checked; streams and events go through StreamEvents
// on the platform's device::Runtime. Compiled in every build; the NCCL part only when
// FOURFOLD_ENABLE_NCCL.
#include "comm/nccl_backend.hpp"

#include "comm/check.hpp"

#if FOURFOLD_ENABLE_NCCL
#include "comm/gpu_runtime.hpp"
#include "core/device_runtime.hpp"
#include "core/error.hpp"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

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
#define FF_CHECK_NCCL(call) check_nccl((call), #call, __FILE__, __LINE__)

ncclDataType_t to_nccl(DType type) {
  switch (type) {
    case DType::f32: return ncclFloat32;
    case DType::f64: return ncclFloat64;
    case DType::i32: return ncclInt32;
    case DType::i64: return ncclInt64;
    case DType::u32: return ncclUint32;
    case DType::u64: return ncclUint64;
    case DType::bf16:
#if defined(NCCL_VERSION_CODE) && NCCL_VERSION_CODE >= NCCL_VERSION(2, 10, 0)
      return ncclBfloat16;  // reductions in NCCL's own bf16 arithmetic (kernels, order, rounding)
#else
      FF_REQUIRE(false, "bf16 collectives need NCCL 2.10 or newer (ncclBfloat16); this build's NCCL is older: "
                        "use comm = \"mpi\"");
      break;
#endif
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

// Every live communicator, for nccl_async_error() on the watchdog thread.
std::mutex live_mutex;
std::vector<const NcclCommunicator*> live_communicators;
GpuStream as_stream(void* stream) { return static_cast<GpuStream>(stream); }

// The GPU runtime NCCL's streams belong to. Without a Kokkos GPU backend there is none (and no
// device memory to communicate: the communicator routes host memory through MPI).
const device::Runtime& gpu_runtime() {
  const device::Runtime* runtime = device::platform_runtime();
  FF_REQUIRE(runtime != nullptr,
             "the NCCL backend needs a Kokkos GPU backend (CUDA or HIP) and this build has none: use comm = \"mpi\"");
  return *runtime;
}

}  // namespace

int visible_gpus() {
  int count = 0;
  return FF_GPU(GetDeviceCount)(&count) == FF_GPU_SUCCESS ? count : 0;
}

bool nccl_device_available(std::string* reason) {
  int count = 0;
  const GpuError code = FF_GPU(GetDeviceCount)(&count);
  if (code != FF_GPU_SUCCESS || count == 0) {
    if (reason) {
      *reason = code != FF_GPU_SUCCESS
                    ? fmt::format("no usable {} device (GetDeviceCount: {})", FF_GPU_NAME,
                                  FF_GPU(GetErrorString)(code))
                    : fmt::format("no {} device on this machine", FF_GPU_NAME);
    }
    return false;
  }
  return true;
}

NcclCommunicator::NcclCommunicator(MPI_Comm group, void* started_stream, std::shared_ptr<Counters> counters)
    : events_(std::make_unique<StreamEvents>(gpu_runtime(), started_stream, std::move(counters), CommAxis::other)) {
  FF_CHECK_MPI(MPI_Comm_rank(group, &rank_));
  FF_CHECK_MPI(MPI_Comm_size(group, &size_));
  ncclUniqueId id{};
  if (rank_ == 0) FF_CHECK_NCCL(ncclGetUniqueId(&id));
  FF_CHECK_MPI(MPI_Bcast(&id, sizeof(id), MPI_BYTE, 0, group));
  ncclComm_t comm = nullptr;
  FF_CHECK_NCCL(ncclCommInitRank(&comm, size_, id, rank_));
  comm_ = comm;
  const std::lock_guard<std::mutex> lock(live_mutex);
  live_communicators.push_back(this);
}

std::string NcclCommunicator::async_error() const {
  ncclResult_t state = ncclSuccess;
  const ncclResult_t queried = ncclCommGetAsyncError(handle(comm_), &state);
  if (queried != ncclSuccess) state = queried;
  if (state == ncclSuccess || state == ncclInProgress) return std::string();
  return fmt::format("code {} ({}) on a communicator of {} ranks", static_cast<int>(state), ncclGetErrorString(state),
                     size_);
}

std::string nccl_async_error() {
  const std::lock_guard<std::mutex> lock(live_mutex);
  for (const NcclCommunicator* comm : live_communicators) {
    std::string error = comm->async_error();
    if (!error.empty()) return error;
  }
  return std::string();
}

NcclCommunicator::~NcclCommunicator() {
  {
    const std::lock_guard<std::mutex> lock(live_mutex);
    live_communicators.erase(std::remove(live_communicators.begin(), live_communicators.end(), this),
                             live_communicators.end());
  }
  // The events first: they report started collectives not waited on before ncclCommDestroy,
  // which can block where a peer was lost. The started-collectives stream is the caller's.
  open_span_ = StreamEvents::TimedSpan();
  events_.reset();
  if (comm_ != nullptr && ncclCommDestroy(handle(comm_)) != ncclSuccess)
    report_in_destructor("ncclCommDestroy failed");
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

void NcclCommunicator::ring_exchange(const void* send, void* recv, std::size_t count, DType type,
                                     void* stream) const {
#if defined(NCCL_VERSION_CODE) && NCCL_VERSION_CODE >= NCCL_VERSION(2, 7, 0)
  const int next = (rank_ + 1) % size_, previous = (rank_ - 1 + size_) % size_;
  FF_CHECK_NCCL(ncclGroupStart());
  // The group is ended even when a call inside it fails (NCCL then reports that call's error
  // from ncclGroupEnd too); the first failure is the one thrown.
  const ncclResult_t sent = ncclSend(send, count, to_nccl(type), next, handle(comm_), as_stream(stream));
  const ncclResult_t received = sent == ncclSuccess
                                    ? ncclRecv(recv, count, to_nccl(type), previous, handle(comm_), as_stream(stream))
                                    : ncclSuccess;
  const ncclResult_t ended = ncclGroupEnd();
  check_nccl(sent, "ncclSend (ring exchange)", __FILE__, __LINE__);
  check_nccl(received, "ncclRecv (ring exchange)", __FILE__, __LINE__);
  check_nccl(ended, "ncclGroupEnd (ring exchange)", __FILE__, __LINE__);
#else
  (void)send, (void)recv, (void)count, (void)type, (void)stream;
  FF_REQUIRE(false, "ring exchanges need NCCL 2.7 or newer (ncclSend, ncclRecv); this build's NCCL is older: "
                    "use comm = \"mpi\"");
#endif
}

void* NcclCommunicator::start_after(void* stream) const { return events_->start_after(stream); }

void* NcclCommunicator::finish_started() const { return events_->finish_started(); }

void NcclCommunicator::stream_wait(void* stream, void* event) const { events_->stream_wait(stream, event); }

void NcclCommunicator::host_wait(void* event) const { events_->host_wait(event); }

void NcclCommunicator::time_begin(void* stream) const {
  // Assigning over a span that an exception left open abandons it.
  open_span_ = events_->time_begin(stream);
}

void NcclCommunicator::time_end(void* stream, bool busy, bool exposed) const {
  FF_ASSERT(open_span_.open() && open_span_.stream() == stream, "time_end without a time_begin on the same stream");
  (void)stream;  // the span knows its stream
  events_->time_end(open_span_, busy, exposed);
}

void NcclCommunicator::collect_timings() const { events_->collect_timings(); }

void NcclCommunicator::set_axis(CommAxis axis) { events_->set_axis(axis); }

}  // namespace fourfold::comm

#else  // !FOURFOLD_ENABLE_NCCL

namespace fourfold::comm {
bool nccl_device_available(std::string* reason) {
  if (reason) *reason = "fourfold was built without NCCL (FOURFOLD_ENABLE_NCCL=OFF)";
  return false;
}
int visible_gpus() { return 0; }
std::string nccl_async_error() { return std::string(); }
}  // namespace fourfold::comm

#endif
