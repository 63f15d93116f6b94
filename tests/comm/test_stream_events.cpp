// StreamEvents (comm/stream_events.hpp), the NCCL backend's stream and event bookkeeping, on a
// fake device::Runtime: streams are queues of operations the test runs when it chooses, events
// complete when their stream has run up to the point where they were recorded, times come from a
// fake clock that only work on a stream advances. No GPU, no NCCL, no MPI ranks: this checks the
// ordering, pooling, timing and exception bookkeeping, not collective arithmetic.
#include "comm/stream_events.hpp"

#include "core/error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace fourfold::comm {
namespace {

// CUDA/HIP semantics: recording an event replaces what it captured; a wait enqueued on a stream
// waits for the capture current when the wait was enqueued (a later record does not change it);
// an event never recorded counts as complete.
class FakeRuntime final : public device::Runtime {
 public:
  struct Capture {
    bool done = false;
    double time_ms = 0.0;
  };

  ~FakeRuntime() override = default;

  const char* name() const override { return "fake"; }
  device::Stream create_stream() const override {
    const device::Stream stream = handle(next_stream_++);
    streams_[stream];
    ++streams_created;
    return stream;
  }
  void destroy_stream(device::Stream stream) const noexcept override {
    streams_.erase(stream);
    ++streams_destroyed;
  }
  device::Event create_event(bool timing) const override {
    if (fail_creates > 0) {
      --fail_creates;
      throw VendorError("fake: create_event failed");
    }
    const device::Event event = handle(next_event_++);
    events_[event] = EventState{timing, nullptr};
    ++(timing ? timing_events_created : plain_events_created);
    return event;
  }
  void destroy_event(device::Event event) const noexcept override {
    if (events_.erase(event) == 0) ++bad_destroys;
    ++events_destroyed;
  }
  void record(device::Event event, device::Stream stream) const override {
    if (fail_records > 0) {
      --fail_records;
      throw VendorError("fake: record failed");
    }
    EventState& e = event_state(event);
    Queue& q = queue(stream);
    e.capture = std::make_shared<Capture>();
    q.push_back(Op{Op::complete_capture, std::string(), 0.0, e.capture});
  }
  void stream_wait(device::Stream stream, device::Event event) const override {
    const EventState& e = event_state(event);
    queue(stream).push_back(Op{Op::wait_capture, std::string(), 0.0, e.capture});
  }
  bool query(device::Event event) const override {
    const EventState& e = event_state(event);
    return e.capture == nullptr || e.capture->done;
  }
  void synchronize(device::Event event) const override {
    ++synchronize_calls;
    const EventState& e = event_state(event);
    const std::shared_ptr<Capture> capture = e.capture;
    while (capture != nullptr && !capture->done) {
      if (run_all() == 0) throw std::logic_error("fake: synchronize on an event the device can never complete");
    }
  }
  float elapsed_ms(device::Event begin, device::Event end) const override {
    const EventState& b = event_state(begin);
    const EventState& e = event_state(end);
    if (!b.timing || !e.timing) throw std::logic_error("fake: elapsed_ms of an event created without timing");
    if (b.capture == nullptr || e.capture == nullptr || !b.capture->done || !e.capture->done)
      throw std::logic_error("fake: elapsed_ms of an event not recorded or not complete (cudaErrorNotReady)");
    return static_cast<float>(e.capture->time_ms - b.capture->time_ms);
  }

  // The device, driven by the test.
  /// Work that takes `ms` of fake time when `stream` runs it.
  void work(device::Stream stream, const std::string& name, double ms = 1.0) const {
    queue(stream).push_back(Op{Op::run_work, name, ms, nullptr});
  }
  /// Runs up to `max_ops` operations of `stream`, stopping at a wait whose event has not
  /// completed; returns how many ran.
  std::size_t run(device::Stream stream, std::size_t max_ops = std::numeric_limits<std::size_t>::max()) const {
    Queue& q = queue(stream);
    std::size_t ran = 0;
    while (ran < max_ops && !q.empty()) {
      Op& op = q.front();
      if (op.kind == Op::wait_capture && op.capture != nullptr && !op.capture->done) break;
      if (op.kind == Op::run_work) {
        now_ms_ += op.ms;
        ran_.push_back(op.name);
      } else if (op.kind == Op::complete_capture) {
        op.capture->done = true;
        op.capture->time_ms = now_ms_;
      }
      q.pop_front();
      ++ran;
    }
    return ran;
  }
  /// Runs every stream until none can go further; returns how many operations ran.
  std::size_t run_all() const {
    std::size_t total = 0;
    for (;;) {
      std::size_t ran = 0;
      for (auto& entry : streams_) ran += run(entry.first);
      if (ran == 0) return total;
      total += ran;
    }
  }
  bool ran(const std::string& name) const { return std::find(ran_.begin(), ran_.end(), name) != ran_.end(); }
  long events_created() const { return plain_events_created + timing_events_created; }
  long live_events() const { return static_cast<long>(events_.size()); }

  mutable long plain_events_created = 0, timing_events_created = 0, events_destroyed = 0, bad_destroys = 0;
  mutable long streams_created = 0, streams_destroyed = 0, synchronize_calls = 0;
  mutable int fail_records = 0, fail_creates = 0;  // the next n calls throw

 private:
  struct Op {
    enum Kind { run_work, complete_capture, wait_capture } kind;
    std::string name;
    double ms;
    std::shared_ptr<Capture> capture;  // record: what it completes; wait: what it waits for
  };
  using Queue = std::deque<Op>;
  struct EventState {
    bool timing = false;
    std::shared_ptr<Capture> capture;  // null: never recorded
  };
  static void* handle(std::uintptr_t id) { return reinterpret_cast<void*>(id); }
  EventState& event_state(device::Event event) const {
    const auto found = events_.find(event);
    if (found == events_.end()) throw std::logic_error("fake: unknown or destroyed event");
    return found->second;
  }
  Queue& queue(device::Stream stream) const {
    const auto found = streams_.find(stream);
    if (found == streams_.end()) throw std::logic_error("fake: unknown or destroyed stream");
    return found->second;
  }

  mutable std::uintptr_t next_stream_ = 0x1000, next_event_ = 0x100000;
  mutable std::map<device::Stream, Queue> streams_;
  mutable std::map<device::Event, EventState> events_;
  mutable std::vector<std::string> ran_;
  mutable double now_ms_ = 0.0;
};

constexpr double ms = 1e-3;  // seconds
constexpr double tolerance = 1e-9;

class StreamEventsTest : public ::testing::Test {
 protected:
  std::unique_ptr<StreamEvents> make(CommAxis axis = CommAxis::x,
                                     std::size_t max_pending = StreamEvents::default_max_pending_spans) {
    return std::make_unique<StreamEvents>(fake, own, counters, axis, max_pending);
  }
  double busy(CommAxis axis) const { return counters->comm_totals().busy[static_cast<int>(axis)]; }
  double exposed(CommAxis axis) const { return counters->comm_totals().exposed[static_cast<int>(axis)]; }
  /// Destroys `events`, returning what it wrote to stderr.
  static std::string destroy(std::unique_ptr<StreamEvents>& events) {
    ::testing::internal::CaptureStderr();
    events.reset();
    return ::testing::internal::GetCapturedStderr();
  }

  FakeRuntime fake;
  device::Stream caller = fake.create_stream();  // a compute stream
  device::Stream own = fake.create_stream();     // the communication stream (the context's)
  std::shared_ptr<Counters> counters = std::make_shared<Counters>();
};

// --- ordering ---------------------------------------------------------------------------

// Catches: the ready event recorded on the own stream (or not at all), the wait enqueued on the
// caller stream, the wait enqueued before the record (it would capture nothing), or a host
// synchronisation instead of a stream wait.
TEST_F(StreamEventsTest, StartAfterWaitsForCallerWorkEnqueuedSoFarOnly) {
  auto events = make();
  fake.work(caller, "before");
  EXPECT_EQ(events->start_after(caller), own);
  fake.work(caller, "after");
  fake.work(own, "collective");

  fake.run(own);
  EXPECT_FALSE(fake.ran("collective")) << "the collective ran before the caller's earlier work";
  EXPECT_EQ(fake.run(caller, 2), 2u);  // "before" and the ready event's record
  ASSERT_TRUE(fake.ran("before"));
  ASSERT_FALSE(fake.ran("after"));
  fake.run(own);
  EXPECT_TRUE(fake.ran("collective")) << "the collective waits for caller work enqueued after start_after";
  EXPECT_FALSE(fake.ran("after"));
  EXPECT_EQ(fake.synchronize_calls, 0);
}

// Catches: the completion event recorded on the caller stream or before the collective.
TEST_F(StreamEventsTest, FinishStartedCompletesOnlyAfterTheOwnStreamsWork) {
  auto events = make();
  events->start_after(caller);
  fake.work(own, "collective");
  const device::Event done = events->finish_started();
  fake.run(caller);
  EXPECT_FALSE(fake.query(done));
  EXPECT_EQ(fake.run(own, 2), 2u);  // the wait for the caller, the collective
  ASSERT_TRUE(fake.ran("collective"));
  EXPECT_FALSE(fake.query(done)) << "the completion event is not behind the own stream's work";
  fake.run(own);
  EXPECT_TRUE(fake.query(done));
  events->host_wait(done);
}

// Catches: stream_wait blocking the host (synchronize, or driving the device), counting a host
// sync, or enqueueing the wait anywhere but the caller's stream.
TEST_F(StreamEventsTest, StreamWaitOrdersTheCallerStreamWithoutBlockingTheHost) {
  auto events = make();
  events->start_after(caller);
  fake.work(own, "collective", 4.0);
  const device::Event done = events->finish_started();
  events->stream_wait(caller, done);
  fake.work(caller, "consumer");

  EXPECT_EQ(fake.synchronize_calls, 0);
  EXPECT_FALSE(fake.ran("collective")) << "the host drove the device in stream_wait";
  EXPECT_EQ(counters->host_syncs().total(), 0);
  EXPECT_EQ(events->started_not_waited(), 0u);
  fake.run(caller);
  EXPECT_FALSE(fake.ran("consumer")) << "the caller's later work does not wait for the collective";
  fake.run(own);
  fake.run(caller);
  EXPECT_TRUE(fake.ran("consumer"));
}

// Catches: no count, two counts, the wrong kind, or no synchronisation.
TEST_F(StreamEventsTest, HostWaitCountsOneWaitSyncAndSynchronizes) {
  auto events = make();
  events->start_after(caller);
  fake.work(own, "collective");
  const device::Event done = events->finish_started();
  const HostSyncCounts before = counters->host_syncs();
  events->host_wait(done);
  const HostSyncCounts counted = counters->host_syncs() - before;
  EXPECT_EQ(counted[SyncKind::wait], 1);
  EXPECT_EQ(counted.total(), 1);
  EXPECT_EQ(fake.synchronize_calls, 1);
  EXPECT_TRUE(fake.ran("collective"));
  EXPECT_EQ(events->started_not_waited(), 0u);
}

// Catches: the pool handing out an event a caller still holds (two started collectives sharing a
// completion event: waiting for the first would wait for the second).
TEST_F(StreamEventsTest, OutstandingStartedCollectivesHaveTheirOwnEvents) {
  auto events = make();
  events->start_after(caller);
  fake.work(own, "first");
  const device::Event first = events->finish_started();
  events->start_after(caller);
  fake.work(own, "second");
  const device::Event second = events->finish_started();
  ASSERT_NE(first, second);
  EXPECT_EQ(events->started_not_waited(), 2u);

  fake.run(caller);
  fake.run(own, 3);  // wait, "first", its completion record
  EXPECT_TRUE(fake.query(first));
  EXPECT_FALSE(fake.query(second));
  events->host_wait(second);
  events->host_wait(first);
}

// Catches: a second wait for one event going through (the event would enter the pool twice and
// be handed out to two collectives), and waits for events this object never handed out.
TEST_F(StreamEventsTest, WaitingTwiceOrForAForeignEventThrowsAndKeepsThePoolSound) {
  auto events = make();
  events->start_after(caller);
  const device::Event done = events->finish_started();
  events->host_wait(done);
  EXPECT_THROW(events->stream_wait(caller, done), std::logic_error);
  EXPECT_THROW(events->host_wait(done), std::logic_error);
  const device::Event foreign = fake.create_event(false);
  EXPECT_THROW(events->host_wait(foreign), std::logic_error);
  fake.destroy_event(foreign);

  const device::Event a = events->finish_started();
  const device::Event b = events->finish_started();
  EXPECT_NE(a, b);
  events->host_wait(a);
  events->host_wait(b);
}

// --- pooling ------------------------------------------------------------------------------

// Catches: events not returned to their pool (start_after's, the completion event after a wait,
// timing events after collection), the destructor missing
// a pool or destroying the streams it does not own.
TEST_F(StreamEventsTest, SequentialCyclesReuseABoundedSetOfEvents) {
  auto events = make();
  std::set<device::Event> completions;
  for (int cycle = 0; cycle < 100; ++cycle) {
    const device::Stream stream = events->start_after(caller);
    StreamEvents::TimedSpan span = events->time_begin(stream);
    fake.work(stream, "collective");
    events->time_end(span, true, false);
    const device::Event done = events->finish_started();
    completions.insert(done);
    if (cycle % 2 == 0) {
      events->stream_wait(caller, done);
      fake.run_all();
    } else {
      events->host_wait(done);
      fake.run_all();
    }
    events->collect_timings();
  }
  EXPECT_EQ(fake.plain_events_created, 1) << "start_after's event goes back at once, the completion after its wait";
  EXPECT_LE(fake.timing_events_created, 4) << "collected spans' events are reused";
  EXPECT_EQ(completions.size(), 1u);
  EXPECT_EQ(events->events_created(), static_cast<std::size_t>(fake.events_created()));
  EXPECT_EQ(events->pending_spans(), 0u);

  const std::string report = destroy(events);
  EXPECT_EQ(report, "") << "a clean destruction reports nothing";
  EXPECT_EQ(fake.events_destroyed, fake.events_created());
  EXPECT_EQ(fake.live_events(), 0);
  EXPECT_EQ(fake.bad_destroys, 0);
  EXPECT_EQ(fake.streams_destroyed, 0) << "the streams belong to the caller";
}

// Catches: a first-in first-out pool where last-in first-out is documented (the event released
// last, still warm in the runtime's caches, is the one handed out next).
TEST_F(StreamEventsTest, ThePoolHandsOutTheEventReleasedLast) {
  auto events = make();
  const device::Event a = events->finish_started();
  const device::Event b = events->finish_started();
  events->host_wait(a);
  events->host_wait(b);
  EXPECT_EQ(events->finish_started(), b);
  EXPECT_EQ(events->finish_started(), a);
  EXPECT_EQ(fake.plain_events_created, 2);
  events->host_wait(a);
  events->host_wait(b);
}

// Catches: a silent destruction with a collective still started, and a destructor that destroys
// only the pooled events (leaking the one the caller held) or that throws.
TEST_F(StreamEventsTest, DestroyingWithAnUnwaitedCollectiveReportsAndDestroysEverything) {
  auto events = make();
  events->start_after(caller);
  StreamEvents::TimedSpan span = events->time_begin(own);
  fake.work(own, "collective");
  events->time_end(span, true, false);
  (void)events->finish_started();  // never waited for
  ASSERT_EQ(events->started_not_waited(), 1u);
  ASSERT_EQ(events->pending_spans(), 1u);

  const std::string report = destroy(events);
  EXPECT_NE(report.find("not waited on"), std::string::npos) << report;
  EXPECT_EQ(fake.events_destroyed, fake.events_created());
  EXPECT_EQ(fake.live_events(), 0);
  EXPECT_EQ(fake.bad_destroys, 0);
}

// --- timing -------------------------------------------------------------------------------

// Catches: busy and exposed swapped or one of them dropped, the wrong axis, a wrong ms -> s
// conversion, stream_wait not timed as the waiting stream's exposed time.
TEST_F(StreamEventsTest, CollectAddsBusyAndExposedTimeOnTheAxis) {
  auto events = make(CommAxis::z);
  // A blocking collective on the caller's stream: all of it busy and exposed.
  {
    StreamEvents::TimedSpan span = events->time_begin(caller);
    fake.work(caller, "blocking", 3.0);
    events->time_end(span, true, true);
  }
  fake.run_all();
  // A started collective the host waits for: busy only.
  {
    const device::Stream stream = events->start_after(caller);
    StreamEvents::TimedSpan span = events->time_begin(stream);
    fake.work(stream, "started", 5.0);
    events->time_end(span, true, false);
    events->host_wait(events->finish_started());
  }
  // A started collective the caller's stream waits for while it has nothing else to do: busy,
  // and exposed for the whole time the caller's stream stalls.
  {
    const device::Stream stream = events->start_after(caller);
    StreamEvents::TimedSpan span = events->time_begin(stream);
    fake.work(stream, "waited", 4.0);
    events->time_end(span, true, false);
    events->stream_wait(caller, events->finish_started());
    fake.run(caller);  // the ready record, the wait span's begin; stalls on the collective
    fake.run(own);
    fake.run(caller);
  }
  EXPECT_EQ(busy(CommAxis::z), 0.0) << "nothing is counted before collect_timings";
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::z), 12 * ms, tolerance);
  EXPECT_NEAR(exposed(CommAxis::z), 7 * ms, tolerance);
  const CommTotals totals = counters->comm_totals();
  EXPECT_NEAR(totals.busy_total(), 12 * ms, tolerance) << "time on another axis";
  EXPECT_NEAR(totals.exposed_total(), 7 * ms, tolerance) << "time on another axis";
  EXPECT_EQ(totals.operations, 3);
}

// Catches: set_axis ignored, or every pending span counted on the axis current at collection.
TEST_F(StreamEventsTest, ASpanCountsOnTheAxisCurrentWhenItEnded) {
  auto events = make(CommAxis::x);
  StreamEvents::TimedSpan first = events->time_begin(own);
  fake.work(own, "on x", 2.0);
  events->time_end(first, true, false);
  events->set_axis(CommAxis::data);
  EXPECT_EQ(events->axis(), CommAxis::data);
  StreamEvents::TimedSpan second = events->time_begin(own);
  fake.work(own, "on data", 3.0);
  events->time_end(second, true, false);
  fake.run_all();
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::x), 2 * ms, tolerance);
  EXPECT_NEAR(busy(CommAxis::data), 3 * ms, tolerance);
}

// Catches: unfinished spans dropped (their time lost) or read early (the fake's elapsed_ms throws,
// as CUDA's does), a span counted twice, timing events of collected spans not reused.
TEST_F(StreamEventsTest, UnfinishedSpansStayPendingForALaterCollection) {
  auto events = make();
  StreamEvents::TimedSpan finished = events->time_begin(own);
  fake.work(own, "finished", 2.0);
  events->time_end(finished, true, false);
  fake.run(own);
  StreamEvents::TimedSpan later = events->time_begin(caller);
  fake.work(caller, "unfinished", 3.0);
  events->time_end(later, true, true);
  EXPECT_EQ(events->pending_spans(), 2u);

  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::x), 2 * ms, tolerance);
  EXPECT_EQ(exposed(CommAxis::x), 0.0);
  EXPECT_EQ(events->pending_spans(), 1u);
  fake.run(caller);
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::x), 5 * ms, tolerance);
  EXPECT_NEAR(exposed(CommAxis::x), 3 * ms, tolerance);
  EXPECT_EQ(events->pending_spans(), 0u);
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::x), 5 * ms, tolerance) << "a span counted twice";

  const long created = fake.timing_events_created;
  for (int i = 0; i < 2; ++i) {
    StreamEvents::TimedSpan span = events->time_begin(own);
    events->time_end(span, true, false);
  }
  EXPECT_EQ(fake.timing_events_created, created) << "collected spans' events did not go back to the pool";
}

// Catches: no automatic collection at the cap (code that never collects would grow the list
// without bound), or a collection that drops the span not finished yet.
TEST_F(StreamEventsTest, ThePendingSpanCapCollectsAutomatically) {
  auto events = make(CommAxis::y, 4);
  for (int i = 0; i < 3; ++i) {
    StreamEvents::TimedSpan span = events->time_begin(own);
    fake.work(own, "collective", 1.0);
    events->time_end(span, true, false);
    fake.run(own);
  }
  EXPECT_EQ(events->pending_spans(), 3u);
  EXPECT_EQ(busy(CommAxis::y), 0.0);
  StreamEvents::TimedSpan fourth = events->time_begin(own);
  fake.work(own, "fourth", 1.0);
  events->time_end(fourth, true, false);  // reaches the cap; "fourth" has not run
  EXPECT_NEAR(busy(CommAxis::y), 3 * ms, tolerance);
  EXPECT_EQ(events->pending_spans(), 1u);
  fake.run(own);
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::y), 4 * ms, tolerance);
}

// --- exceptions ---------------------------------------------------------------------------

// The caller's pattern is time_begin(s); nccl(...); time_end(s, ...), and the NCCL call may throw.
// Catches: a span left "open" so that the next time_begin fails (the assert of a bare open-begin
// pointer), the abandoned begin paired with a later end (its time would include everything in
// between), the abandoned event never returned (each failure would create events), a leak.
TEST_F(StreamEventsTest, AnExceptionBetweenBeginAndEndAbandonsTheSpan) {
  auto events = make();
  const auto failing_collective = [] { throw VendorError("NCCL: ncclAllReduce failed (fake)"); };
  const auto attempt = [&] {
    StreamEvents::TimedSpan span = events->time_begin(own);
    failing_collective();
    events->time_end(span, true, true);
  };
  EXPECT_THROW(attempt(), VendorError);
  EXPECT_EQ(events->open_spans(), 0u);
  EXPECT_EQ(events->pending_spans(), 0u);

  // The communicator's form: one span member, begun over an abandoned one.
  StreamEvents::TimedSpan held;
  try {
    held = events->time_begin(own);
    failing_collective();
  } catch (const VendorError&) {
  }
  EXPECT_TRUE(held.open());
  fake.work(own, "in between", 10.0);
  held = events->time_begin(own);  // abandons the span the exception left open
  EXPECT_EQ(events->open_spans(), 1u);
  fake.work(own, "collective", 2.0);
  events->time_end(held, true, true);
  EXPECT_FALSE(held.open());
  fake.run_all();
  events->collect_timings();
  EXPECT_NEAR(busy(CommAxis::x), 2 * ms, tolerance) << "the abandoned span's time was counted";
  EXPECT_NEAR(exposed(CommAxis::x), 2 * ms, tolerance);
  EXPECT_EQ(counters->comm_totals().operations, 1);

  const long created = fake.timing_events_created;
  for (int i = 0; i < 10; ++i) EXPECT_THROW(attempt(), VendorError);
  EXPECT_EQ(fake.timing_events_created, created) << "abandoned spans' events are not reused";
  EXPECT_THROW(events->time_end(held, true, true), std::logic_error) << "ending a closed span";

  const std::string report = destroy(events);
  EXPECT_EQ(report, "");
  EXPECT_EQ(fake.events_destroyed, fake.events_created());
  EXPECT_EQ(fake.live_events(), 0);
}

// Catches: an event lost from its pool, or left on the handed-out list, when the runtime call
// after taking it throws (the destructor would then report collectives that were never started).
TEST_F(StreamEventsTest, ARuntimeFailureLeavesThePoolsConsistent) {
  auto events = make();
  events->host_wait(events->finish_started());  // one plain event in the pool
  fake.fail_records = 1;
  EXPECT_THROW(events->finish_started(), VendorError);
  EXPECT_EQ(events->started_not_waited(), 0u);
  fake.fail_records = 1;
  EXPECT_THROW(events->start_after(caller), VendorError);
  fake.fail_records = 1;
  EXPECT_THROW((void)events->time_begin(own), VendorError);
  EXPECT_EQ(events->open_spans(), 0u);
  StreamEvents::TimedSpan span = events->time_begin(own);
  fake.fail_records = 1;
  EXPECT_THROW(events->time_end(span, true, false), VendorError);
  EXPECT_TRUE(span.open()) << "a failed time_end leaves the span to its guard";
  span = StreamEvents::TimedSpan();
  EXPECT_EQ(events->open_spans(), 0u);
  fake.fail_creates = 1;
  events->host_wait(events->finish_started());  // the pooled event: nothing to create
  EXPECT_EQ(fake.plain_events_created, 1);
  fake.fail_creates = 0;

  const std::string report = destroy(events);
  EXPECT_EQ(report, "");
  EXPECT_EQ(fake.events_destroyed, fake.events_created());
}

}  // namespace
}  // namespace fourfold::comm
