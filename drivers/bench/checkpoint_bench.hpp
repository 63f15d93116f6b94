// fourfold-bench checkpoint: save and load time of a GPT-2 checkpoint with optimizer state on
// a grid, and the rate in MB/s; one JSON object per line (rank 0).
#pragma once

#include <string>

namespace fourfold {
class Runtime;

struct CheckpointBenchOptions {
  std::string grid;           // "" = all ranks along data
  std::string comm = "auto";  // collective backend for device memory: auto, nccl, mpi
  int depth = 12;             // GPT-2 depth (12 = 124M)
  std::string directory = "build/bench-checkpoints";
  int repeats = 2;            // timed save + load pairs; the best is reported
};

int run_checkpoint_bench(Runtime& runtime, const CheckpointBenchOptions& options);

}  // namespace fourfold
