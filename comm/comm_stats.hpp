// Time this process spent blocked in communication: blocking collectives and wait() on
// non-blocking ones. The trainer reports it as exposed communication (what overlap did not
// hide); compute time is the rest of the step.
#pragma once

#include <chrono>

namespace fourfold::comm {

struct CommStats {
  double seconds = 0.0;  // wall time blocked in MPI calls or waits
  long calls = 0;
};

/// The process-wide totals (single-threaded use: collectives are issued by the main thread).
CommStats& comm_stats();

/// Adds its lifetime to comm_stats().
class CommTimer {
 public:
  CommTimer() : start_(std::chrono::steady_clock::now()) {}
  ~CommTimer() {
    CommStats& s = comm_stats();
    s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    s.calls += 1;
  }
  CommTimer(const CommTimer&) = delete;
  CommTimer& operator=(const CommTimer&) = delete;

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace fourfold::comm
