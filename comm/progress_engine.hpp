// Progress engine: this rank's MPI collectives, executed in submission order while the rank
// computes.
//
// MPI libraries (Open MPI among them) advance a non-blocking collective only inside MPI calls,
// so a collective started before a GEMM makes no progress until the rank next calls MPI. The
// engine gives it a thread of its own that starts each collective (MPI_I*) in the order it was
// submitted and polls it to completion; the compute thread only submits and, when it needs a
// result, waits for a ticket. One collective is in flight at a time, so every rank executes
// its collectives in one order, the order the program submitted them: the same order on every
// rank, which is what keeps collectives on several communicators free of deadlock.
//
// Every path (thread, inline, a communicator with no engine) starts the same MPI_I* call, so the
// reduction algorithm, and with it every bit of the result, is the same whether or not anything
// overlaps.
//
// Polling: while a collective is in flight the engine thread tests it (MPI_Test) and yields its
// core between tests, never sleeping, so a completion is seen by the first MPI_Test after it.
// Busy time (comm/comm_stats.hpp) runs from just before the MPI_I* start to just after the
// MPI_Test that saw completion: it overstates the collective by at most one MPI_Test plus one
// yield. That is microseconds when the thread has a core; when its core is contended a yield
// lasts until the scheduler runs the thread again, one or more time slices (a yielding thread
// stays runnable but, unlike one waking from a timed sleep, is not preferred by the scheduler):
// on 2 cores running 2 ranks' compute plus other load, 1.2-15 ms per completion on average,
// more than the 0.7-7.6 ms of the earlier 50 us..1 ms sleeping poll on the same machine.
// tests/comm/test_progress_engine.cpp measures the gap and checks that the thread does not
// block between tests. It cannot block in MPI_Wait instead: a waiter must be able to take the
// collective over, and shutdown must be able to leave one that another rank may never join.
// The cost: while one is in flight the thread stays runnable, taking CPU from compute threads
// that share its core. With nothing queued and nothing in flight it blocks on a condition
// variable and uses no CPU. When the compute thread needs a result it takes over (seen by the
// engine within one MPI_Test plus one yield; on the contended machine above the hand-over took
// 0.24-0.74 ms on average against 0.07-0.14 ms for a woken sleeper): the engine parks, handing
// over the collective it was polling, and the waiting thread completes the queue up to its
// ticket itself, blocking in MPI_Wait as a blocking call would, its busy time ending when
// MPI_Wait returns (no wake-up hand-over between threads, and never two threads polling). A
// blocking collective submitted while the engine is idle runs on the calling thread the same
// way.
//
// Threads: one thread submits and waits (the rank's main thread); the engine thread calls only
// MPI, never Kokkos, so it is safe beside OpenMP-threaded Kokkos. MPI_THREAD_MULTIPLE is needed;
// with less the engine runs inline (a one-line warning says so): a submitted collective runs
// when it is waited for, so it costs what a blocking call at that point would and hides
// nothing (the order is then the order of waits: the same program order on every rank). Inline is also what `auto` picks where a node runs more ranks than it has
// cores: there the engine thread could only take cores from the ranks' computation.
//
// Errors: an MPI error on the engine thread is kept and thrown (with the operation, group and
// MPI's message) from the wait for that collective and every later submit or wait. Shutting
// down never waits for a collective that may never complete (another rank failed): the thread
// stops polling and leaves it, reporting how many were left.
#pragma once

#include "comm/request.hpp"
#include "comm/types.hpp"

#include <mpi.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fourfold::comm {

/// One collective on buffers MPI can address, as the MPI backend describes it. A ring exchange
/// is the one point-to-point operation: `count` elements of `send` go to group rank `dest` and
/// `count` elements from group rank `source` arrive in `recv` (MPI_Isend and MPI_Irecv under
/// `tag`, completed together); it runs in submission order like the collectives.
struct MpiOp {
  enum class Kind { all_reduce, all_gather, reduce_scatter, broadcast, barrier, ring_exchange };
  Kind kind = Kind::barrier;
  MPI_Comm comm = MPI_COMM_NULL;
  const void* send = nullptr;  // MPI_IN_PLACE for in-place reductions
  void* recv = nullptr;
  int count = 0;  // elements (per rank for gathers and scatters)
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  int root = 0;
  int dest = 0, source = 0, tag = 0;  // ring exchange only
  RequestInfo info;  // names it in errors; info.axis is where its time is counted
};

/// Starts `op` with the matching MPI_I* call (a ring exchange: MPI_Irecv, then MPI_Isend);
/// throws with the operation and group on error.
MpiRequests start_mpi_op(const MpiOp& op);

/// Whether the MPI library lets several threads call it at once (MPI_THREAD_MULTIPLE), as a
/// progress engine thread or an asynchronous checkpoint writer needs.
bool mpi_thread_multiple();

/// Runs `op` to completion on the calling thread (start, then MPI_Wait), adding its time as
/// busy and exposed; for communicators that have no engine.
void run_mpi_op(const MpiOp& op);

class ProgressEngine {
 public:
  /// `requested` thread (or automatic, which the Grid resolves first) needs
  /// MPI_THREAD_MULTIPLE (queried here); without it the engine runs inline and, when `warn` is
  /// set, prints one line saying so. Its collectives' time is counted in `counters`.
  ProgressEngine(ProgressMode requested, bool warn, std::shared_ptr<Counters> counters);
  ~ProgressEngine();
  ProgressEngine(const ProgressEngine&) = delete;
  ProgressEngine& operator=(const ProgressEngine&) = delete;

  ProgressMode mode() const { return mode_; }

  /// Queues `op` (thread mode) or starts it (inline mode); returns its ticket. The buffers
  /// must stay valid and unchanged (send) until the ticket is waited on.
  std::uint64_t submit(const MpiOp& op);
  /// Blocks the calling thread until the ticket's collective is complete (thread mode: and
  /// every one submitted before it); the blocked time is exposed communication on the
  /// collective's axis.
  void wait(std::uint64_t ticket, CommAxis axis);
  /// submit() and wait() in one; runs on the calling thread when the engine is idle.
  void run(const MpiOp& op);
  /// Collectives submitted and not yet complete.
  std::size_t pending() const;
  /// Stops progressing anything, at once and for good (an error is unwinding the step and the
  /// other ranks may never join what is in flight): the engine thread leaves MPI and ends, so
  /// no collective writes into buffers that are about to be freed. Later submits and waits
  /// throw. Call from the submitting thread.
  void abandon() noexcept;

  /// For tests: before starting each collective the engine sleeps a random time in
  /// [0, max_microseconds], drawn from `seed` (ranks given different seeds run at different
  /// speeds). 0 turns it off.
  void inject_delays(int max_microseconds, std::uint64_t seed);

 private:
  struct Slot {
    std::uint64_t ticket = 0;
    MpiOp op;
    MpiRequests request;                     // started by the engine, handed to a waiter
    double started = 0.0;                    // steady-clock seconds at start
  };

  // Submitted and not complete, oldest first; front() is the one in flight. A vector cleared
  // (keeping its capacity) whenever it empties, which every step does: after the first steps
  // submitting allocates nothing.
  class SlotQueue {
   public:
    SlotQueue() { slots_.reserve(256); }
    bool empty() const { return head_ == slots_.size(); }
    std::size_t size() const { return slots_.size() - head_; }
    Slot& front() { return slots_[head_]; }
    void push_back(const Slot& slot) { slots_.push_back(slot); }
    void pop_front() {
      if (++head_ == slots_.size()) {
        slots_.clear();
        head_ = 0;
      }
    }
    /// Removes the slot of `ticket` into `out`; false when there is none.
    bool take(std::uint64_t ticket, Slot& out) {
      const auto it = std::find_if(slots_.begin() + static_cast<std::ptrdiff_t>(head_), slots_.end(),
                                   [&](const Slot& s) { return s.ticket == ticket; });
      if (it == slots_.end()) return false;
      out = *it;
      slots_.erase(it);
      if (empty()) {
        slots_.clear();
        head_ = 0;
      }
      return true;
    }

   private:
    std::vector<Slot> slots_;
    std::size_t head_ = 0;
  };

  void engine_loop();
  void maybe_delay();
  [[noreturn]] void throw_failure() const;
  void record_failure(const std::string& what);
  void wait_inline(std::uint64_t ticket);

  std::shared_ptr<Counters> counters_;  // the grid's context's: busy and exposed time
  ProgressMode mode_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;  // engine thread: a slot was queued, or stop
  std::condition_variable work_done_;   // waiters: a collective completed, or a failure
  SlotQueue queue_;
  std::uint64_t next_ticket_ = 1;
  std::uint64_t completed_ = 0;         // every ticket <= completed_ is complete
  bool busy_ = false;                   // a collective is executing (engine or caller thread)
  std::atomic<bool> takeover_{false};  // a waiter completes the queue's front itself
  std::atomic<bool> stop_{false};
  std::string failure_;                 // set once an MPI call failed
  int delay_max_us_ = 0;
  std::uint64_t delay_state_ = 0;
  std::thread thread_;
};

}  // namespace fourfold::comm
