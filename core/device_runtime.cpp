// The CUDA and HIP implementations of device::Runtime: the only place outside the vendor BLAS
// and collective calls that names a GPU runtime function.
#include "core/device_runtime.hpp"

#include "core/error.hpp"

#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#define FF_RT(call) cuda##call
#define FF_RT_NAME "CUDA"
using RtStream = cudaStream_t;
using RtEvent = cudaEvent_t;
using RtError = cudaError_t;
constexpr RtError rt_success = cudaSuccess;
constexpr RtError rt_not_ready = cudaErrorNotReady;
constexpr unsigned rt_non_blocking = cudaStreamNonBlocking;
constexpr unsigned rt_disable_timing = cudaEventDisableTiming;
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime_api.h>
#define FF_RT(call) hip##call
#define FF_RT_NAME "HIP"
using RtStream = hipStream_t;
using RtEvent = hipEvent_t;
using RtError = hipError_t;
constexpr RtError rt_success = hipSuccess;
constexpr RtError rt_not_ready = hipErrorNotReady;
constexpr unsigned rt_non_blocking = hipStreamNonBlocking;
constexpr unsigned rt_disable_timing = hipEventDisableTiming;
#endif

namespace fourfold::device {

#if defined(FF_RT_NAME)
namespace {

void check(RtError code, const char* call, const char* file, int line) {
  if (code != rt_success) {
    detail::throw_vendor_error(FF_RT_NAME, call, file, line,
                               fmt::format("error {} ({})", static_cast<int>(code), FF_RT(GetErrorString)(code)));
  }
}
#define FF_CHECK_RT(call) check((call), #call, __FILE__, __LINE__)

RtStream stream_of(Stream stream) { return static_cast<RtStream>(stream); }
RtEvent event_of(Event event) { return static_cast<RtEvent>(event); }

class PlatformRuntime final : public Runtime {
 public:
  const char* name() const override { return FF_RT_NAME; }
  Stream create_stream() const override {
    RtStream stream = nullptr;
    FF_CHECK_RT(FF_RT(StreamCreateWithFlags)(&stream, rt_non_blocking));
    return stream;
  }
  void destroy_stream(Stream stream) const noexcept override {
    if (FF_RT(StreamDestroy)(stream_of(stream)) != rt_success) report_in_destructor(FF_RT_NAME " StreamDestroy failed");
  }
  Event create_event(bool timing) const override {
    RtEvent event = nullptr;
    FF_CHECK_RT(FF_RT(EventCreateWithFlags)(&event, timing ? 0u : rt_disable_timing));
    return event;
  }
  void destroy_event(Event event) const noexcept override {
    if (FF_RT(EventDestroy)(event_of(event)) != rt_success) report_in_destructor(FF_RT_NAME " EventDestroy failed");
  }
  void record(Event event, Stream stream) const override {
    FF_CHECK_RT(FF_RT(EventRecord)(event_of(event), stream_of(stream)));
  }
  void stream_wait(Stream stream, Event event) const override {
    FF_CHECK_RT(FF_RT(StreamWaitEvent)(stream_of(stream), event_of(event), 0));
  }
  bool query(Event event) const override {
    const RtError code = FF_RT(EventQuery)(event_of(event));
    if (code == rt_not_ready) return false;
    FF_CHECK_RT(code);
    return true;
  }
  void synchronize(Event event) const override { FF_CHECK_RT(FF_RT(EventSynchronize)(event_of(event))); }
  float elapsed_ms(Event begin, Event end) const override {
    float ms = 0.0f;
    FF_CHECK_RT(FF_RT(EventElapsedTime)(&ms, event_of(begin), event_of(end)));
    return ms;
  }
};

}  // namespace

const Runtime* platform_runtime() {
  static const PlatformRuntime runtime;  // stateless
  return &runtime;
}
#else
const Runtime* platform_runtime() { return nullptr; }
#endif

}  // namespace fourfold::device
