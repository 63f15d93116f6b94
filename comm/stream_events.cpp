#include "comm/stream_events.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <utility>

// Misuse that would corrupt the pools (an event waited for twice would be handed out to two
// collectives): checked in every build, unlike FF_ASSERT.
#define FF_EVENTS_CHECK(cond, ...)                                                                  \
  do {                                                                                              \
    if (!(cond)) ::fourfold::detail::throw_invariant(#cond, __FILE__, __LINE__, fmt::format(__VA_ARGS__)); \
  } while (0)

namespace fourfold::comm {
namespace {

// Puts an event taken from a pool back when it goes out of scope while still `armed` (the runtime
// call after taking the event threw); a caller keeping the event disarms it. (A plain flag, not a
// method: nvcc warns about a member function some instantiations never call.)
template <class Release>
struct GiveBack {
  explicit GiveBack(Release release) : release_(std::move(release)) {}
  ~GiveBack() {
    if (armed) release_();
  }
  GiveBack(const GiveBack&) = delete;
  GiveBack& operator=(const GiveBack&) = delete;

  bool armed = true;

 private:
  Release release_;
};

}  // namespace

StreamEvents::StreamEvents(const device::Runtime& runtime, device::Stream own_stream,
                           std::shared_ptr<Counters> counters, CommAxis axis, std::size_t max_pending_spans)
    : runtime_(runtime),
      own_(own_stream),
      counters_(std::move(counters)),
      axis_(axis),
      max_pending_spans_(std::max<std::size_t>(max_pending_spans, 1)) {
  FF_EVENTS_CHECK(own_ != nullptr, "StreamEvents needs the communication stream");
  FF_EVENTS_CHECK(counters_ != nullptr, "StreamEvents needs counters");
}

StreamEvents::~StreamEvents() {
  if (!handed_out_.empty()) {
    char message[160];
    std::snprintf(message, sizeof message,
                  "%zu started collective(s) not waited on when their communicator was destroyed",
                  handed_out_.size());
    report_in_destructor(message);
  }
  if (open_spans_ != 0) report_in_destructor("a timed span outlived its communicator's events");
  for (device::Event event : all_events_) runtime_.destroy_event(event);
  for (device::Event event : all_timing_events_) runtime_.destroy_event(event);
}

device::Event StreamEvents::acquire_event() {
  if (!free_events_.empty()) {
    const device::Event event = free_events_.back();  // LIFO
    free_events_.pop_back();
    return event;
  }
  all_events_.reserve(all_events_.size() + 1);
  free_events_.reserve(all_events_.size() + 1);
  const device::Event event = runtime_.create_event(false);
  all_events_.push_back(event);  // no allocation: reserved above
  return event;
}

void StreamEvents::release_event(device::Event event) noexcept { free_events_.push_back(event); }

device::Event StreamEvents::acquire_timing_event() {
  if (!free_timing_events_.empty()) {
    const device::Event event = free_timing_events_.back();  // LIFO
    free_timing_events_.pop_back();
    return event;
  }
  all_timing_events_.reserve(all_timing_events_.size() + 1);
  free_timing_events_.reserve(all_timing_events_.size() + 1);
  const device::Event event = runtime_.create_event(true);
  all_timing_events_.push_back(event);
  return event;
}

void StreamEvents::release_timing_event(device::Event event) noexcept { free_timing_events_.push_back(event); }

void StreamEvents::take_back(device::Event event, const char* what) {
  const auto found = std::find(handed_out_.begin(), handed_out_.end(), event);
  FF_EVENTS_CHECK(found != handed_out_.end(),
                  "{} of an event that is not a started collective's (already waited for?)", what);
  handed_out_.erase(found);
}

device::Stream StreamEvents::start_after(device::Stream stream) {
  // The wait captures the event as recorded now, so the event goes back to the pool at once.
  const device::Event ready = acquire_event();
  const GiveBack give_back([&] { release_event(ready); });
  runtime_.record(ready, stream);
  runtime_.stream_wait(own_, ready);
  return own_;
}

device::Event StreamEvents::finish_started() {
  handed_out_.reserve(handed_out_.size() + 1);
  const device::Event done = acquire_event();
  GiveBack give_back([&] { release_event(done); });
  runtime_.record(done, own_);
  give_back.armed = false;
  handed_out_.push_back(done);  // no allocation: reserved above
  return done;
}

void StreamEvents::stream_wait(device::Stream stream, device::Event event) {
  take_back(event, "stream_wait");
  const GiveBack give_back([&] { release_event(event); });
  TimedSpan span = time_begin(stream);
  runtime_.stream_wait(stream, event);
  time_end(span, false, true);  // how long `stream` stalled on the collective
}

void StreamEvents::host_wait(device::Event event) {
  take_back(event, "host_wait");
  const GiveBack give_back([&] { release_event(event); });
  counters_->count_host_sync(SyncKind::wait);
  runtime_.synchronize(event);
}

StreamEvents::TimedSpan StreamEvents::time_begin(device::Stream stream) {
  const device::Event begin = acquire_timing_event();
  GiveBack give_back([&] { release_timing_event(begin); });
  runtime_.record(begin, stream);
  give_back.armed = false;
  ++open_spans_;
  return TimedSpan(this, stream, begin);
}

void StreamEvents::time_end(TimedSpan& span, bool busy, bool exposed) {
  FF_EVENTS_CHECK(span.open(), "time_end of a span that is not open (never begun, or already ended)");
  FF_EVENTS_CHECK(span.owner_ == this, "time_end of a span begun by another communicator");
  spans_.reserve(spans_.size() + 1);
  const device::Event end = acquire_timing_event();
  GiveBack give_back([&] { release_timing_event(end); });
  runtime_.record(end, span.stream_);
  give_back.armed = false;
  spans_.push_back(Span{span.begin_, end, axis_, counters_->phase(), busy, exposed});  // no allocation: reserved above
  span.begin_ = nullptr;  // the pending span owns the begin event now
  --open_spans_;
  if (spans_.size() >= max_pending_spans_) collect_timings();
}

void StreamEvents::collect_timings() {
  std::size_t kept = 0;
  std::size_t i = 0;
  try {
    for (; i < spans_.size(); ++i) {
      const Span span = spans_[i];
      // Both events are on one stream, begin first: the end completing implies the begin has.
      if (!runtime_.query(span.end)) {
        spans_[kept++] = span;  // not finished yet (collected early): keep it for later
        continue;
      }
      const double seconds = 1e-3 * static_cast<double>(runtime_.elapsed_ms(span.begin, span.end));
      if (span.busy) counters_->add_comm_busy(span.axis, seconds, span.phase);
      if (span.exposed) counters_->add_comm_exposed(span.axis, seconds, span.phase);
      release_timing_event(span.begin);
      release_timing_event(span.end);
    }
  } catch (...) {
    // Keep the spans kept so far, the one that failed and those not looked at.
    spans_.erase(spans_.begin() + static_cast<std::ptrdiff_t>(kept), spans_.begin() + static_cast<std::ptrdiff_t>(i));
    throw;
  }
  spans_.resize(kept);
}

}  // namespace fourfold::comm
