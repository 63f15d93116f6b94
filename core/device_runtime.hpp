// Streams and events of the GPU platform, through one small interface: what the execution
// context (its streams), the NCCL/RCCL backend (ordering and completion of collectives) and
// communication telemetry (elapsed time between events) need, and nothing more. The CUDA and
// HIP runtimes implement it; tests implement it with a fake to check the bookkeeping built on
// it without a GPU. Handles are opaque (cudaStream_t / hipStream_t, cudaEvent_t / hipEvent_t),
// so code including this header needs no vendor headers.
#pragma once

#include <memory>

namespace fourfold::device {

using Stream = void*;
using Event = void*;

class Runtime {
 public:
  virtual ~Runtime() = default;
  /// "CUDA" or "HIP" (or the fake's name), for messages.
  virtual const char* name() const = 0;
  /// A stream that does not synchronise with the legacy default stream.
  virtual Stream create_stream() const = 0;
  virtual void destroy_stream(Stream stream) const noexcept = 0;
  /// An event; `timing` events can be asked for elapsed_ms, the others are cheaper.
  virtual Event create_event(bool timing) const = 0;
  virtual void destroy_event(Event event) const noexcept = 0;
  /// Captures the work enqueued on `stream` so far.
  virtual void record(Event event, Stream stream) const = 0;
  /// Work enqueued on `stream` later waits for what `event` captured (the host does not wait).
  virtual void stream_wait(Stream stream, Event event) const = 0;
  /// True once what `event` captured has completed (never blocks).
  virtual bool query(Event event) const = 0;
  /// Blocks the host until what `event` captured has completed.
  virtual void synchronize(Event event) const = 0;
  /// Milliseconds between two completed timing events.
  virtual float elapsed_ms(Event begin, Event end) const = 0;
};

/// The runtime of this build's GPU platform; nullptr on host-only builds. Stateless: one
/// immutable object per process.
const Runtime* platform_runtime();

/// A stream owned by fourfold: created by the runtime, destroyed with the handle. Move-only.
class OwnedStream {
 public:
  OwnedStream() = default;
  explicit OwnedStream(const Runtime& runtime) : runtime_(&runtime), stream_(runtime.create_stream()) {}
  ~OwnedStream() { reset(); }
  OwnedStream(OwnedStream&& other) noexcept : runtime_(other.runtime_), stream_(other.stream_) {
    other.stream_ = nullptr;
  }
  OwnedStream& operator=(OwnedStream&& other) noexcept {
    if (this != &other) {
      reset();
      runtime_ = other.runtime_;
      stream_ = other.stream_;
      other.stream_ = nullptr;
    }
    return *this;
  }
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;

  Stream get() const { return stream_; }

 private:
  void reset() noexcept {
    if (stream_ != nullptr) runtime_->destroy_stream(stream_);
    stream_ = nullptr;
  }
  const Runtime* runtime_ = nullptr;
  Stream stream_ = nullptr;
};

}  // namespace fourfold::device
