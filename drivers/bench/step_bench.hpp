// fourfold-bench step: whole optimizer steps (forward, backward, gradient sync, norm, AdamW) as
// fourfold-train runs them, with the communication split the overlap is judged by. One JSON
// object per timed step and a summary (rank 0):
//   step_ms            slowest rank's step time
//   compute_ms         step_ms - exposed communication
//   comm_busy_ms       communication time, hidden or not (mean over ranks)
//   comm_exposed_ms    the part the compute side waited for (mean over ranks)
//   hidden_fraction    1 - exposed / busy
//   comm_axis_ms       busy time per grid axis {x, y, z, data, xy, other}
//   exposed_axis_ms    exposed time per grid axis
//   comm_phase         per part of the step {forward, backward, other}: busy_ms, exposed_ms and
//                      hidden_fraction (core/counters.hpp's StepPhase)
//   comm_bytes_axis    bytes this rank's collectives moved in the step, per grid axis (rank 0's;
//                      the full-buffer convention of core/counters.hpp, as fourfold-plan counts them)
// The summary line has the medians over the timed steps.
#pragma once

#include <string>
#include <vector>

namespace fourfold {
class Runtime;

struct StepBenchOptions {
  std::string config;        // fourfold-train TOML (model, batch, seq_len, bucket); "" = defaults
  std::vector<std::string> sets;  // section.key=value, as fourfold-train --set (after the file,
                                  // before the flags below)
  std::string grid;          // overrides parallel.grid
  std::string overlap;       // overrides parallel.overlap
  std::string progress;      // overrides parallel.progress
  std::string comm;          // overrides parallel.comm
  int batch_size = 0;        // overrides train.batch_size (and micro_batch_size) when > 0
  int seq_len = 0;           // overrides train.seq_len when > 0
  int warmup = 2;            // untimed steps
  int steps = 5;             // timed steps
};

int run_step_bench(Runtime& runtime, const StepBenchOptions& options);

}  // namespace fourfold
