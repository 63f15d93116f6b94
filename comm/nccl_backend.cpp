// NCCL (or RCCL) + GPU runtime calls, every return code checked. Compiled in every build; the
// NCCL part only when FOURFOLD_ENABLE_NCCL.
#include "comm/nccl_backend.hpp"

#include "comm/check.hpp"
#include "comm/comm_stats.hpp"

#if FOURFOLD_ENABLE_NCCL
#include "comm/gpu_runtime.hpp"
#include "core/sync.hpp"

#include <algorithm>
#include <mutex>

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
void check_gpu(GpuError code, const char* call, const char* file, int line) {
  if (code == FF_GPU_SUCCESS) return;
  ::fourfold::detail::throw_vendor_error(
      FF_GPU_NAME, call, file, line,
      fmt::format("code {} ({}: {})", static_cast<int>(code), FF_GPU(GetErrorName)(code),
                  FF_GPU(GetErrorString)(code)));
}
#define FF_CHECK_NCCL(call) check_nccl((call), #call, __FILE__, __LINE__)
#define FF_CHECK_GPU(call) check_gpu((call), #call, __FILE__, __LINE__)

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
GpuEvent as_event(void* event) { return static_cast<GpuEvent>(event); }

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

NcclCommunicator::NcclCommunicator(MPI_Comm group) {
  FF_CHECK_MPI(MPI_Comm_rank(group, &rank_));
  FF_CHECK_MPI(MPI_Comm_size(group, &size_));
  ncclUniqueId id{};
  if (rank_ == 0) FF_CHECK_NCCL(ncclGetUniqueId(&id));
  FF_CHECK_MPI(MPI_Bcast(&id, sizeof(id), MPI_BYTE, 0, group));
  ncclComm_t comm = nullptr;
  FF_CHECK_NCCL(ncclCommInitRank(&comm, size_, id, rank_));
  comm_ = comm;
  GpuStream stream = nullptr;
  FF_CHECK_GPU(FF_GPU(StreamCreateWithFlags)(&stream, FF_GPU_STREAM_NON_BLOCKING));
  stream_ = stream;
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
  if (free_events_.size() != all_events_.size())
    report_in_destructor("NCCL communicator destroyed while started collectives were not waited on");
  for (void* event : all_events_)
    if (FF_GPU(EventDestroy)(as_event(event)) != FF_GPU_SUCCESS) report_in_destructor("EventDestroy failed");
  for (void* event : all_timing_events_)
    if (FF_GPU(EventDestroy)(as_event(event)) != FF_GPU_SUCCESS) report_in_destructor("EventDestroy failed");
  if (stream_ != nullptr && FF_GPU(StreamDestroy)(as_stream(stream_)) != FF_GPU_SUCCESS)
    report_in_destructor("StreamDestroy failed");
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

void* NcclCommunicator::acquire_event() const {
  if (free_events_.empty()) {
    GpuEvent event = nullptr;
    FF_CHECK_GPU(FF_GPU(EventCreateWithFlags)(&event, FF_GPU_EVENT_DISABLE_TIMING));
    all_events_.push_back(event);
    return event;
  }
  void* event = free_events_.back();
  free_events_.pop_back();
  return event;
}

void NcclCommunicator::release_event(void* event) const { free_events_.push_back(event); }

void* NcclCommunicator::start_after(void* stream) const {
  // The wait captures the event as recorded now, so the event can go back to the pool at once.
  void* ready = acquire_event();
  FF_CHECK_GPU(FF_GPU(EventRecord)(as_event(ready), as_stream(stream)));
  FF_CHECK_GPU(FF_GPU(StreamWaitEvent)(as_stream(stream_), as_event(ready), 0));
  release_event(ready);
  return stream_;
}

void* NcclCommunicator::finish_started() const {
  void* done = acquire_event();
  FF_CHECK_GPU(FF_GPU(EventRecord)(as_event(done), as_stream(stream_)));
  return done;
}

void NcclCommunicator::stream_wait(void* stream, void* event) const {
  time_begin(stream);
  FF_CHECK_GPU(FF_GPU(StreamWaitEvent)(as_stream(stream), as_event(event), 0));
  time_end(stream, false, true);  // how long `stream` stalled on the collective
  release_event(event);
}

constexpr std::size_t max_pending_spans = 4096;

void* NcclCommunicator::acquire_timing_event() const {
  if (free_timing_events_.empty()) {
    GpuEvent event = nullptr;
    FF_CHECK_GPU(FF_GPU(EventCreate)(&event));
    all_timing_events_.push_back(event);
    return event;
  }
  void* event = free_timing_events_.back();
  free_timing_events_.pop_back();
  return event;
}

void NcclCommunicator::time_begin(void* stream) const {
  FF_ASSERT(open_begin_ == nullptr, "time_begin twice without time_end");
  open_begin_ = acquire_timing_event();
  FF_CHECK_GPU(FF_GPU(EventRecord)(as_event(open_begin_), as_stream(stream)));
}

void NcclCommunicator::time_end(void* stream, bool busy, bool exposed) const {
  FF_ASSERT(open_begin_ != nullptr, "time_end without time_begin");
  void* end = acquire_timing_event();
  FF_CHECK_GPU(FF_GPU(EventRecord)(as_event(end), as_stream(stream)));
  spans_.push_back(Span{open_begin_, end, busy, exposed});
  open_begin_ = nullptr;
  // Code that never collects (tests, tools) must not grow the list without bound.
  if (spans_.size() >= max_pending_spans) collect_timings();
}

void NcclCommunicator::collect_timings() const {
  const CommAxis axis = axis_;
  std::size_t kept = 0;
  for (const Span& span : spans_) {
    float ms = 0.0f;
    const GpuError status = FF_GPU(EventElapsedTime)(&ms, as_event(span.begin), as_event(span.end));
    if (status != FF_GPU_SUCCESS) {
      // Not finished yet (the caller read early): keep it for the next collection.
      (void)FF_GPU(GetLastError)();
      spans_[kept++] = span;
      continue;
    }
    if (span.busy) add_comm_busy(axis, 1e-3 * ms);
    if (span.exposed) add_comm_exposed(axis, 1e-3 * ms);
    free_timing_events_.push_back(span.begin);
    free_timing_events_.push_back(span.end);
  }
  spans_.resize(kept);
}

void NcclCommunicator::host_wait(void* event) const {
  count_host_sync(SyncKind::wait);
  FF_CHECK_GPU(FF_GPU(EventSynchronize)(as_event(event)));
  release_event(event);
}

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
