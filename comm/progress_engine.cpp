#include "comm/progress_engine.hpp"

#include "comm/check.hpp"
#include "core/error.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>


namespace fourfold::comm {
namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void sleep_microseconds(long us) {
  const timespec duration{us / 1000000, (us % 1000000) * 1000};
  nanosleep(&duration, nullptr);
}

std::string mpi_error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  return fmt::format("code {} ({})", code, text);
}

// Splitmix64: the delay stream for tests.
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

MpiRequests start_mpi_op(const MpiOp& op) {
  MpiRequests started;
  MPI_Request& request = started.requests[0];
  int code = MPI_SUCCESS;
  switch (op.kind) {
    case MpiOp::Kind::all_reduce:
      code = MPI_Iallreduce(op.send, op.recv, op.count, op.type, op.op, op.comm, &request);
      break;
    case MpiOp::Kind::all_gather:
      code = MPI_Iallgather(op.send, op.count, op.type, op.recv, op.count, op.type, op.comm, &request);
      break;
    case MpiOp::Kind::reduce_scatter:
      code = MPI_Ireduce_scatter_block(op.send, op.recv, op.count, op.type, op.op, op.comm, &request);
      break;
    case MpiOp::Kind::broadcast:
      code = MPI_Ibcast(op.recv, op.count, op.type, op.root, op.comm, &request);
      break;
    case MpiOp::Kind::barrier: code = MPI_Ibarrier(op.comm, &request); break;
    case MpiOp::Kind::ring_exchange:
      // The receive first, so the matching send from `source` finds it posted.
      code = MPI_Irecv(op.recv, op.count, op.type, op.source, op.tag, op.comm, &started.requests[0]);
      if (code != MPI_SUCCESS) break;
      code = MPI_Isend(op.send, op.count, op.type, op.dest, op.tag, op.comm, &started.requests[1]);
      if (code != MPI_SUCCESS) {
        // Not left posted: the receive would write into a buffer the caller may free. The send's
        // error is the one reported; a failure to cancel is added to it.
        const int cancelled = MPI_Cancel(&started.requests[0]);
        const int freed = cancelled == MPI_SUCCESS ? MPI_Request_free(&started.requests[0]) : cancelled;
        if (freed != MPI_SUCCESS)
          ::fourfold::detail::throw_vendor_error(
              "MPI", "MPI_Isend of a ring exchange", __FILE__, __LINE__,
              fmt::format("{}: {}; cancelling its receive failed too: {}", op.info.describe(), mpi_error_text(code),
                          mpi_error_text(freed)));
      }
      break;
  }
  if (code != MPI_SUCCESS)
    ::fourfold::detail::throw_vendor_error("MPI", "start of a non-blocking collective", __FILE__, __LINE__,
                               fmt::format("{}: {}", op.info.describe(), mpi_error_text(code)));
  return started;
}

namespace {
// A collective's one request through MPI_Wait / MPI_Test (what tools and tests interposing them
// see), a ring exchange's two through MPI_Waitall / MPI_Testall.
int wait_all(MpiRequests& request) {
  if (request.requests[1] == MPI_REQUEST_NULL) return MPI_Wait(&request.requests[0], MPI_STATUS_IGNORE);
  return MPI_Waitall(2, request.requests, MPI_STATUSES_IGNORE);
}
int test_all(MpiRequests& request, int* done) {
  if (request.requests[1] == MPI_REQUEST_NULL) return MPI_Test(&request.requests[0], done, MPI_STATUS_IGNORE);
  return MPI_Testall(2, request.requests, done, MPI_STATUSES_IGNORE);
}

void wait_request(MpiRequests& request, const MpiOp& op) {
  const int code = wait_all(request);
  if (code != MPI_SUCCESS)
    ::fourfold::detail::throw_vendor_error("MPI", "MPI_Wait", __FILE__, __LINE__,
                               fmt::format("{}: {}", op.info.describe(), mpi_error_text(code)));
}
}  // namespace

void run_mpi_op(const MpiOp& op) {
  const double start = now_seconds();
  MpiRequests request = start_mpi_op(op);
  wait_request(request, op);
  const double seconds = now_seconds() - start;
  op.info.counters->add_comm_busy(op.info.axis, seconds);
  op.info.counters->add_comm_exposed(op.info.axis, seconds);
}

bool mpi_thread_multiple() {
  int provided = MPI_THREAD_SINGLE;
  FF_CHECK_MPI(MPI_Query_thread(&provided));
  return provided >= MPI_THREAD_MULTIPLE;
}

ProgressEngine::ProgressEngine(ProgressMode requested, bool warn, std::shared_ptr<Counters> counters)
    : counters_(std::move(counters)), mode_(requested == ProgressMode::automatic ? ProgressMode::thread : requested) {
  if (mode_ == ProgressMode::thread) {
    int provided = MPI_THREAD_SINGLE;
    FF_CHECK_MPI(MPI_Query_thread(&provided));
    if (provided < MPI_THREAD_MULTIPLE) {
      mode_ = ProgressMode::inline_calls;
      if (warn)
        std::fprintf(stderr,
                     "fourfold: warning: the MPI library gives thread level %d, not MPI_THREAD_MULTIPLE (%d): "
                     "collectives progress inline, so communication overlaps computation less\n",
                     provided, MPI_THREAD_MULTIPLE);
    }
  }
  if (mode_ == ProgressMode::thread) thread_ = std::thread([this] { engine_loop(); });
}

void ProgressEngine::abandon() noexcept {
  stop_ = true;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (failure_.empty()) failure_ = "communication was abandoned after an error on this rank";
    work_ready_.notify_all();
    work_done_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

ProgressEngine::~ProgressEngine() {
  const bool abandoned_before = stop_;
  stop_ = true;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    work_ready_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
  if (abandoned_before) return;
  // Whatever is left was never waited on (the caller failed): it cannot be completed without
  // the other ranks, and must not be waited for here.
  std::size_t left = queue_.size();
  if (left > 0 && failure_.empty()) {
    std::fprintf(stderr,
                 "fourfold: error: the communication progress engine stopped with %zu collective(s) not "
                 "complete (first: %s); they are abandoned\n",
                 left, queue_.front().op.info.describe().c_str());
    std::fflush(stderr);
  }
}

void ProgressEngine::throw_failure() const {
  ::fourfold::detail::throw_vendor_error("MPI", "progress engine", __FILE__, __LINE__, failure_);
}

void ProgressEngine::record_failure(const std::string& what) {
  if (failure_.empty()) failure_ = what;
}

void ProgressEngine::inject_delays(int max_microseconds, std::uint64_t seed) {
  const std::lock_guard<std::mutex> lock(mutex_);
  delay_max_us_ = max_microseconds;
  delay_state_ = seed;
}

void ProgressEngine::maybe_delay() {
  int max_us = 0;
  std::uint64_t draw = 0;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    max_us = delay_max_us_;
    if (max_us > 0) draw = next_random(delay_state_);
  }
  if (max_us > 0) sleep_microseconds(static_cast<long>(draw % (static_cast<std::uint64_t>(max_us) + 1)));
}

std::size_t ProgressEngine::pending() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return queue_.size();
}

std::uint64_t ProgressEngine::submit(const MpiOp& op) {
  // Inline mode queues it too: it runs when it is waited for (without a thread nothing would
  // advance it in between, and running it when a later one runs couples more ranks).
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!failure_.empty()) throw_failure();
  Slot slot;
  slot.ticket = next_ticket_++;
  slot.op = op;
  queue_.push_back(slot);
  if (mode_ == ProgressMode::thread) work_ready_.notify_one();
  return slot.ticket;
}

void ProgressEngine::wait_inline(std::uint64_t ticket) {
  // The collective runs now, on its own: in the order the program waits, which is the same on
  // every rank, so the groups still agree on the order of their collectives.
  Slot slot;
  if (!queue_.take(ticket, slot)) return;
  try {
    maybe_delay();
    run_mpi_op(slot.op);
  } catch (const std::exception& e) {
    record_failure(e.what());
    throw_failure();
  }
}

void ProgressEngine::wait(std::uint64_t ticket, CommAxis axis) {
  if (mode_ == ProgressMode::inline_calls) {
    if (!failure_.empty()) throw_failure();
    wait_inline(ticket);
    return;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  if (completed_ >= ticket) return;
  if (!failure_.empty() || stop_) throw_failure();
  const double start = now_seconds();
  // Take the queue over: the engine parks (handing over the collective it is polling) and
  // this thread completes everything up to `ticket` itself, blocking in MPI like a blocking
  // call would. No hand-back between threads, and one thread polls, not two.
  takeover_ = true;  // the engine reads it after each poll (it never sleeps while one is in flight)
  work_done_.wait(lock, [&] { return !busy_ || completed_ >= ticket || !failure_.empty(); });
  const auto release = [&] {
    takeover_ = false;
    work_ready_.notify_all();
  };
  if (completed_ >= ticket || !failure_.empty()) {
    release();
    counters_->add_comm_exposed(axis, now_seconds() - start);
    if (completed_ < ticket) throw_failure();
    return;
  }
  busy_ = true;
  while (!queue_.empty() && queue_.front().ticket <= ticket) {
    Slot slot = queue_.front();
    lock.unlock();
    std::string failure;
    try {
      if (!slot.request.active()) {
        maybe_delay();
        slot.started = now_seconds();
        slot.request = start_mpi_op(slot.op);
      }
      wait_request(slot.request, slot.op);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    const double busy = now_seconds() - slot.started;
    lock.lock();
    if (!failure.empty()) {
      busy_ = false;
      record_failure(failure);
      release();
      work_done_.notify_all();
      throw_failure();
    }
    counters_->add_comm_busy(slot.op.info.axis, busy);
    completed_ = slot.ticket;
    queue_.pop_front();
  }
  busy_ = false;
  release();
  counters_->add_comm_exposed(axis, now_seconds() - start);
}

void ProgressEngine::run(const MpiOp& op) {
  if (mode_ == ProgressMode::thread) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!failure_.empty()) throw_failure();
    if (queue_.empty() && !busy_) {
      // Idle engine: run it here, saving two hand-overs between threads.
      busy_ = true;
      const std::uint64_t ticket = next_ticket_++;
      lock.unlock();
      try {
        maybe_delay();
        run_mpi_op(op);
      } catch (const std::exception& e) {
        lock.lock();
        busy_ = false;
        record_failure(e.what());
        work_done_.notify_all();
        throw;
      }
      lock.lock();
      busy_ = false;
      completed_ = ticket;
      work_ready_.notify_one();
      return;
    }
  }
  wait(submit(op), op.info.axis);
}

void ProgressEngine::engine_loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    work_ready_.wait(lock, [&] { return stop_ || (!takeover_ && !queue_.empty() && !busy_ && failure_.empty()); });
    if (stop_) return;
    busy_ = true;
    const MpiOp op = queue_.front().op;
    const std::uint64_t ticket = queue_.front().ticket;
    MpiRequests request = queue_.front().request;  // started before a takeover, or null
    double start = queue_.front().started;
    lock.unlock();

    std::string failure;
    enum class Outcome { done, failed, abandoned, parked } outcome = Outcome::done;
    try {
      if (!request.active()) {
        maybe_delay();
        start = now_seconds();
        request = start_mpi_op(op);
      }
      // Poll without sleeping: MPI_Test, then yield the core and test again. A completion is seen
      // by the first MPI_Test after it, so the busy time below overstates the collective by at
      // most one MPI_Test plus one yield (the bound progress_engine.hpp states). It cannot be
      // MPI_Wait: a waiter must be able to take over, and stop/abandon must be able to leave a
      // collective that another rank may never join, so the loop checks both between tests.
      while (true) {
        int done = 0;
        const int code = test_all(request, &done);
        if (code != MPI_SUCCESS) {
          failure = fmt::format("{}: {}", op.info.describe(), mpi_error_text(code));
          outcome = Outcome::failed;
          break;
        }
        if (done) break;
        if (stop_) {
          outcome = Outcome::abandoned;  // shutting down: never wait for what may not finish
          break;
        }
        if (takeover_) {
          outcome = Outcome::parked;  // the compute thread waits for a result: it takes over
          break;
        }
        // A yield, not a sleep: the thread stays runnable, and gives its core to any other
        // runnable thread (the rank's compute, other ranks on an oversubscribed node) first.
        std::this_thread::yield();
      }
    } catch (const std::exception& e) {
      failure = e.what();
      outcome = Outcome::failed;
    }
    const double seconds = now_seconds() - start;

    lock.lock();
    busy_ = false;
    switch (outcome) {
      case Outcome::abandoned: return;
      case Outcome::failed:
        record_failure(failure);
        work_done_.notify_all();
        return;
      case Outcome::parked:
        queue_.front().request = request;  // the waiter completes it
        queue_.front().started = start;
        work_done_.notify_all();
        break;
      case Outcome::done:
        counters_->add_comm_busy(op.info.axis, seconds);
        completed_ = ticket;
        queue_.pop_front();
        work_done_.notify_all();
        break;
    }
  }
}

}  // namespace fourfold::comm
