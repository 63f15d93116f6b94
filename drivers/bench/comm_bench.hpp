// fourfold-bench comm: every collective on every non-trivial group of a grid, over a range of
// message sizes; one JSON object per line (rank 0), in the units nccl-tests uses; then the
// "loaded" line: what an all-reduce costs between GEMMs (calibrate.hpp).
#pragma once

#include "comm/grid_layout.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace fourfold {
class Runtime;

struct CommBenchOptions {
  std::string grid;                    // "" = world size along x
  std::string comm = "auto";  // collective backend for device memory: auto, nccl, mpi
  std::size_t min_bytes = 1024;        // smallest message, bytes
  std::size_t max_bytes = 4u << 20;    // largest message, bytes
  int warmup = 3;                      // untimed repetitions per size
  int iterations = 10;                 // timed repetitions per size
  std::vector<std::string> ops = {"all_reduce", "all_gather", "reduce_scatter", "broadcast"};
  double loaded_gemm_ms = 2.0;         // GEMM time between the loaded line's all-reduces; 0 = no loaded line
  std::vector<std::size_t> loaded_bytes = {64u << 10, 4u << 20};  // one loaded line per all-reduce size
};

/// Bus-bandwidth factor of nccl-tests: all_reduce 2(n-1)/n, all_gather and reduce_scatter
/// (n-1)/n, broadcast 1.
double bus_bandwidth_factor(const std::string& op, int group_size);

int run_comm_bench(Runtime& runtime, const CommBenchOptions& options);

}  // namespace fourfold
