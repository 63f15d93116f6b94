// The stream and event bookkeeping of device collectives (the NCCL/RCCL backend's), over the
// device::Runtime interface only: no NCCL, no vendor runtime, so it is compiled in every build
// and tested with a fake runtime (tests/comm/test_stream_events.cpp).
//
// Ordering. A started (non-blocking) collective runs on the communication stream `own`, which
// the execution context owns (StreamEvents never creates or destroys a stream):
//   own = start_after(caller)  records an event on `caller` and makes `own` wait for it: the
//                              collective runs after the caller's work enqueued so far, and
//                              not after the caller's later work (that is what overlaps it)
//   enqueue the collective on own
//   done = finish_started()    records `done` on own; the event belongs to the caller until
//   stream_wait(s, done)       `s`'s later work waits for the collective (the host does not), or
//   host_wait(done)            the host blocks until it is complete (one SyncKind::wait sync)
// A wait captures an event as recorded at the time it is enqueued (CUDA/HIP semantics), so
// start_after's event goes back to the pool at once, and so does `done` once waited for.
//
// Pools. Events are created on first need and reused: plain events (ordering) and timing events
// (telemetry) in two pools, each last-in first-out (the most recently released event is handed
// out next). Every event created is destroyed with this object, and only then.
//
// Telemetry. A span is a pair of timing events on one stream around a collective (busy time) or
// around a stream's wait for one (exposed time: how long that stream stalled on it):
//   TimedSpan span = time_begin(stream);   // records the begin event on `stream`
//   enqueue the collective on `stream`     // may throw
//   time_end(span, busy, exposed);          // records the end event on the same stream
// time_end hands the span to the pending list; collect_timings() adds every pending span whose
// end has completed to the counters (busy and/or exposed, on the axis current at time_end) and
// keeps the others for a later collection. The pending list is collected automatically when it
// reaches `max_pending_spans`, so code that never collects does not grow it without bound.
//
// Exceptions. A TimedSpan is a move-only guard: if it is destroyed (or assigned over) before
// time_end, for instance because the call enqueued between time_begin and time_end threw, the
// span is abandoned: it is never counted and its begin event goes straight back to the pool
// (reusing it is safe: recording an event again replaces what it captured, and nothing waits on
// a timing event). So nothing stays "open" after an exception and the next time_begin works as
// usual. Every method that takes an event from a pool puts it back when the runtime call after
// it throws; stream_wait and host_wait take the caller's event back to the pool whether or not
// the wait succeeds (the caller gives it up either way, and the exception reports the failure).
//
// Not thread-safe: the thread that drives the communicator calls every method (the counters it
// adds to are thread-safe). A TimedSpan must not outlive the StreamEvents that began it.
#pragma once

#include "core/counters.hpp"
#include "core/device_runtime.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace fourfold::comm {

class StreamEvents {
 public:
  class TimedSpan;
  static constexpr std::size_t default_max_pending_spans = 4096;

  /// `own_stream` is the communication stream started collectives run on; it is not owned and
  /// must outlive this object. `counters` (not null) receive busy/exposed time on `axis` and the
  /// host waits.
  StreamEvents(const device::Runtime& runtime, device::Stream own_stream, std::shared_ptr<Counters> counters,
               CommAxis axis, std::size_t max_pending_spans = default_max_pending_spans);
  /// Destroys every event created; reports (never throws) started collectives that were not
  /// waited on and spans still open.
  ~StreamEvents();
  StreamEvents(const StreamEvents&) = delete;
  StreamEvents& operator=(const StreamEvents&) = delete;
  StreamEvents(StreamEvents&&) = delete;  // TimedSpans and handed-out events refer to it
  StreamEvents& operator=(StreamEvents&&) = delete;

  /// The axis spans ended from now on are counted on.
  void set_axis(CommAxis axis) { axis_ = axis; }
  CommAxis axis() const { return axis_; }

  /// Makes the own stream wait for what is enqueued on `stream` so far, and returns it.
  device::Stream start_after(device::Stream stream);
  /// Records the completion of what is enqueued on the own stream so far; the event is the
  /// caller's until it hands it to stream_wait() or host_wait().
  device::Event finish_started();
  /// `stream`'s later work waits for `event` (no host wait), timed as exposed time of `stream`;
  /// the event goes back to the pool. std::logic_error for an event finish_started() did not
  /// hand out (or that was already waited for).
  void stream_wait(device::Stream stream, device::Event event);
  /// The host waits for `event` (counted as one SyncKind::wait host sync); the event goes back
  /// to the pool. std::logic_error like stream_wait().
  void host_wait(device::Event event);

  /// Begins a span on `stream` (see above: abandoned unless ended).
  [[nodiscard]] TimedSpan time_begin(device::Stream stream);
  /// Ends `span` on its stream and queues it for collection; `span` is closed afterwards.
  /// std::logic_error for a span that is not open or was begun by another StreamEvents. If the
  /// runtime throws, `span` stays open (and is abandoned by its guard).
  void time_end(TimedSpan& span, bool busy, bool exposed);
  /// Adds every finished pending span to the counters and returns its events to the pool;
  /// unfinished spans stay pending. Never blocks.
  void collect_timings();

  // State, for tests and diagnostics.
  std::size_t events_created() const { return all_events_.size() + all_timing_events_.size(); }
  std::size_t started_not_waited() const { return handed_out_.size(); }
  std::size_t pending_spans() const { return spans_.size(); }
  std::size_t open_spans() const { return open_spans_; }

 private:
  struct Span {
    device::Event begin = nullptr;
    device::Event end = nullptr;
    CommAxis axis = CommAxis::other;
    StepPhase phase = StepPhase::other;  // the counters' phase when the span ended
    bool busy = false;
    bool exposed = false;
  };
  device::Event acquire_event();
  void release_event(device::Event event) noexcept;
  device::Event acquire_timing_event();
  void release_timing_event(device::Event event) noexcept;
  /// Removes `event` from the handed-out list; std::logic_error if it is not there.
  void take_back(device::Event event, const char* what);

  const device::Runtime& runtime_;
  device::Stream own_;
  std::shared_ptr<Counters> counters_;
  CommAxis axis_;
  std::size_t max_pending_spans_;
  // Each free list has capacity for every event of its pool, so releasing never allocates.
  std::vector<device::Event> all_events_, free_events_;
  std::vector<device::Event> all_timing_events_, free_timing_events_;
  std::vector<device::Event> handed_out_;  // finish_started() events not yet waited for
  std::vector<Span> spans_;                // ended, not yet collected
  std::size_t open_spans_ = 0;             // TimedSpans begun, neither ended nor abandoned
};

/// A span begun by StreamEvents::time_begin(). Move-only; a default-constructed or ended span is
/// closed. Destroying or assigning over an open span abandons it (never counted, its event back
/// to the pool).
class StreamEvents::TimedSpan {
 public:
  TimedSpan() = default;
  ~TimedSpan() { abandon(); }
  TimedSpan(TimedSpan&& other) noexcept : owner_(other.owner_), stream_(other.stream_), begin_(other.begin_) {
    other.begin_ = nullptr;
  }
  TimedSpan& operator=(TimedSpan&& other) noexcept {
    if (this != &other) {
      abandon();
      owner_ = other.owner_;
      stream_ = other.stream_;
      begin_ = other.begin_;
      other.begin_ = nullptr;
    }
    return *this;
  }
  TimedSpan(const TimedSpan&) = delete;
  TimedSpan& operator=(const TimedSpan&) = delete;

  bool open() const { return begin_ != nullptr; }
  /// The stream the span was begun on (and is ended on).
  device::Stream stream() const { return stream_; }

 private:
  friend class StreamEvents;
  TimedSpan(StreamEvents* owner, device::Stream stream, device::Event begin)
      : owner_(owner), stream_(stream), begin_(begin) {}
  void abandon() noexcept {
    if (begin_ == nullptr) return;
    owner_->release_timing_event(begin_);
    --owner_->open_spans_;
    begin_ = nullptr;
  }

  StreamEvents* owner_ = nullptr;
  device::Stream stream_ = nullptr;
  device::Event begin_ = nullptr;  // null: closed
};

}  // namespace fourfold::comm
