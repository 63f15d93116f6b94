#include "comm/watchdog.hpp"

#include "comm/check.hpp"
#include "comm/nccl_backend.hpp"
#include "core/error.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace fourfold::comm {
namespace {

// The watchdog of this process, if any.
std::atomic<Watchdog*> active_watchdog{nullptr};

// A process's state letter from /proc/<pid>/stat: R, S, D, T (stopped), Z (zombie: dead, not yet
// reaped by its launcher); '?' when it is gone altogether.
char process_state(long pid) {
  if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return '?';
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return '?';
  const std::size_t close = text.rfind(')');  // the command name may hold spaces and parentheses
  return close != std::string::npos && close + 2 < text.size() ? text[close + 2] : '?';
}

}  // namespace

Watchdog::Watchdog(const Communicator& world, double timeout_seconds, int exit_code)
    : timeout_seconds_(timeout_seconds), exit_code_(exit_code), world_rank_(world.rank()), world_size_(world.size()) {
  FF_REQUIRE(timeout_seconds > 0, "watchdog timeout {} s must be positive", timeout_seconds);
  // The node's ranks and pids: MPI_Comm_split_type(SHARED) groups the ranks of one node.
  MPI_Comm node = MPI_COMM_NULL;
  FF_CHECK_MPI(MPI_Comm_split_type(world.mpi(), MPI_COMM_TYPE_SHARED, world.rank(), MPI_INFO_NULL, &node));
  int node_size = 1;
  const int split_size = MPI_Comm_size(node, &node_size);
  long mine[2] = {world.rank(), static_cast<long>(::getpid())};
  std::vector<long> all(2 * static_cast<std::size_t>(node_size));
  const int gathered = split_size == MPI_SUCCESS ? MPI_Allgather(mine, 2, MPI_LONG, all.data(), 2, MPI_LONG, node) : split_size;
  const int freed = MPI_Comm_free(&node);
  FF_CHECK_MPI(gathered);
  FF_CHECK_MPI(freed);
  for (int i = 0; i < node_size; ++i) {
    node_ranks_.push_back(static_cast<int>(all[2 * i]));
    node_pids_.push_back(all[2 * i + 1]);
  }
  Watchdog* expected = nullptr;
  FF_REQUIRE(active_watchdog.compare_exchange_strong(expected, this), "a watchdog is already active in this process");
  watch_host_waits(true);
  thread_ = std::thread([this] { watch(); });
}

bool Watchdog::any_active() noexcept { return active_watchdog.load() != nullptr; }

Watchdog::~Watchdog() {
  watch_host_waits(false);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  active_watchdog.store(nullptr);
}

void Watchdog::watch() {
  // A few looks per timeout: a fault is reported between 1 and 1.25 timeouts after it.
  const auto interval = std::chrono::duration<double>(std::clamp(timeout_seconds_ / 4, 0.05, 5.0));
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, interval, [&] { return stop_; })) {
    const std::string nccl_error = nccl_async_error();
    if (!nccl_error.empty()) fire(fmt::format("NCCL reports an asynchronous error ({})", nccl_error));
    const HostWait wait = current_host_wait();
    if (wait.since_ns == 0) continue;
    const double waited = 1e-9 * static_cast<double>(steady_now_ns() - wait.since_ns);
    if (waited <= timeout_seconds_ * wait.timeout_factor) continue;
    fire(fmt::format("{} {} has waited {:.1f} s, past {}parallel.timeout_s = {:g}", wait.op,
                     wait.group != nullptr ? fmt::format("on group '{}'", *wait.group) : std::string("(a device wait)"),
                     waited, wait.timeout_factor != 1.0 ? fmt::format("{:g} x ", wait.timeout_factor) : std::string(),
                     timeout_seconds_));
  }
}

std::string Watchdog::describe_node_peers() const {
  std::string lost;
  for (std::size_t i = 0; i < node_ranks_.size(); ++i) {
    if (node_ranks_[i] == world_rank_) continue;
    const char state = process_state(node_pids_[i]);
    if (state == '?' || state == 'Z' || state == 'X')
      lost += fmt::format("; rank {} (pid {}) is gone", node_ranks_[i], node_pids_[i]);
    else if (state == 'T' || state == 't')
      lost += fmt::format("; rank {} (pid {}) is stopped", node_ranks_[i], node_pids_[i]);
  }
  if (!lost.empty()) return lost.substr(2);
  return fmt::format("every other rank of this node ({} of {}) is running: the lost rank is on another node, or "
                     "hangs",
                     node_ranks_.size() - 1, world_size_ - 1);
}

void Watchdog::fire(const std::string& what) {
  // One write, so that the lines of several ranks do not interleave.
  const std::string message =
      fmt::format("fourfold [rank {}/{}]: error: {}: a peer rank died or hangs; {}. Ending this rank (exit {}).\n",
                  world_rank_, world_size_, what, describe_node_peers(), exit_code_);
  std::fwrite(message.data(), 1, message.size(), stderr);
  std::fflush(stderr);
  std::fflush(stdout);
  // No MPI_Abort: with a peer gone it may block in the runtime itself. Exiting is bounded; the
  // launcher then ends the job (mpirun on any non-zero exit; srun ranks each time out).
  std::_Exit(exit_code_);
}

}  // namespace fourfold::comm
