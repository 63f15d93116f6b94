// A per-rank watchdog against peers that die or hang: a rank blocked in a collective (or a wait
// on one) for longer than `[parallel] timeout_s` prints what it waits for and which ranks of its
// node are gone or stopped, then exits non-zero. A job then ends within the timeout even where
// the launcher keeps the survivors running (srun without --kill-on-bad-exit) or cannot see the
// fault (a rank stopped or hung rather than dead).
//
// comm/ marks every host-blocking point (blocking collectives, waits on requests) with a
// BlockedScope, core/ every fence; the watchdog thread wakes a few times per timeout and looks
// at the mark, and on NCCL builds at every communicator's asynchronous error (a peer lost, a
// network failure), which ends the rank at once. One watchdog per process at a time (the
// trainer owns it); without one the marks cost an atomic load.
#pragma once

#include "comm/communicator.hpp"
#include "core/host_wait.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fourfold::comm {

/// Checkpoint I/O (a large file on a slow shared file system, one rank writing while the others
/// wait) gets this many timeouts before the watchdog fires.
inline constexpr double io_timeout_factor = 10.0;

class Watchdog {
 public:
  /// Collective over `world`: exchanges the pids of the ranks that share a node (to tell later
  /// which of them are gone) and starts the thread. `timeout_seconds` > 0; `exit_code` is what a
  /// rank exits with when it fires. A UserError when another watchdog is active.
  Watchdog(const Communicator& world, double timeout_seconds, int exit_code);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  Watchdog(Watchdog&&) = delete;
  Watchdog& operator=(Watchdog&&) = delete;

  double timeout_seconds() const { return timeout_seconds_; }
  /// True while a watchdog runs in this process (it watches every thread's marks).
  static bool any_active() noexcept;

  /// What the watchdog would print about the node's peers now (for tests): "rank 2 (pid 123)
  /// is gone" lines, or that every rank of this node is running.
  std::string describe_node_peers() const;

 private:
  void watch();
  [[noreturn]] void fire(const std::string& what);

  double timeout_seconds_;
  int exit_code_;
  int world_rank_ = 0;
  int world_size_ = 1;
  std::vector<int> node_ranks_;  // world ranks of this node's ranks (this one included)
  std::vector<long> node_pids_;  // their pids, same order
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

/// Marks the calling thread as blocked in `op` on `group` until destroyed; the watchdog fires
/// after `timeout_factor` x its timeout (core/host_wait.hpp, where fences mark themselves too).
using BlockedScope = HostWaitScope;

}  // namespace fourfold::comm
