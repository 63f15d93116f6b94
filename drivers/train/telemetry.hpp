// What a run reports: one line per step on rank 0's log (stdout by default), and one JSON object per step in
// <out>/metrics.jsonl (rank 0 writes it).
#pragma once

#include "comm/types.hpp"

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fourfold {

struct StepRecord {
  long step = 0;              // 1-based optimizer step
  double loss = 0;            // mean training loss of the step's batch
  double lr = 0;
  double grad_norm = 0;       // global norm before clipping
  double step_ms = 0;
  double compute_ms = 0;      // step_ms - comm_ms
  double comm_ms = 0;         // exposed communication: the compute side stood still for it
  double comm_busy_ms = 0;    // all communication, hidden or not (engine / event clocks)
  double hidden_fraction = 0; // 1 - comm_ms / comm_busy_ms
  std::array<double, comm::comm_axis_count> comm_axis_ms{};  // comm_busy_ms per comm::CommAxis
  double tokens_per_s = 0;
  std::optional<double> mfu;  // model FLOPs / (step time * the hardware's dense peak); none when unknown
  std::string mfu_peak;       // the precision whose peak mfu is against ("fp32" or "bf16": the run's)
  std::optional<double> gemm_efficiency;  // model FLOPs / (step time * the GEMM rate measured at start)
  std::optional<double> val_loss;
  // Checkpoints: on a save step the seconds the step loop stood still for it (the whole save when
  // synchronous, the copy to host memory when asynchronous); checkpoint_write_s on the step where
  // a save was done (the save step itself when synchronous; a later step for an asynchronous one,
  // checkpoint_step naming the step it saved).
  std::optional<double> checkpoint_blocking_s, checkpoint_write_s;
  // [eval] tasks scored after this step: name (the file's stem), acc, acc_norm, examples.
  struct TaskScore {
    std::string name;
    double acc = 0, acc_norm = 0;
    long long examples = 0;
  };
  std::vector<TaskScore> evals;
  std::optional<long> checkpoint_step;
};

class Telemetry {
 public:
  /// `metrics_path` empty: no file. A run resumed after `start_step` steps keeps the existing
  /// file's records of steps up to start_step and appends (records of later steps, from the
  /// interrupted run, are dropped); a fresh run (start_step 0) starts a new file. `log`: where
  /// rank 0 prints lines (nullptr: nowhere).
  Telemetry(bool is_root, const std::string& metrics_path, long start_step, long print_every,
            std::FILE* log = stdout);
  ~Telemetry();
  Telemetry(const Telemetry&) = delete;
  Telemetry& operator=(const Telemetry&) = delete;

  void record(const StepRecord& r, bool last);
  /// A free-form line on rank 0 (start-up facts, checkpoints).
  void note(const std::string& line);

 private:
  bool root_;
  long print_every_;
  std::FILE* log_;
  std::FILE* metrics_ = nullptr;
};

}  // namespace fourfold
