// The signals that end a run early with a save: SIGUSR1 (what Slurm sends before a job's time
// limit, #SBATCH --signal) and SIGTERM (what a scheduler or an operator sends to stop a job).
// While a StopSignals lives, either one is only recorded (an async-signal-safe store); the
// training loop asks at each step boundary, the ranks agree (one rank's signal stops all), and
// the run saves a checkpoint of that step and exits with requeue_exit_status. The handlers that
// were installed before are restored when it goes.
#pragma once

#include <csignal>

namespace fourfold {

/// fourfold-train's exit status after a save at a stop signal: EX_TEMPFAIL (sysexits.h), "try
/// again": the Slurm scripts requeue the job on it, and it resumes from the saved step.
inline constexpr int requeue_exit_status = 75;

class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  /// The signal received on this process since construction (SIGUSR1 or SIGTERM; the last one
  /// wins), or 0.
  int received() const;
  /// The signal's name ("SIGUSR1", "SIGTERM", or "signal N").
  static const char* name(int signal);

 private:
  struct sigaction previous_usr1_{}, previous_term_{};
};

}  // namespace fourfold
