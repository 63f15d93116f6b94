// fourfold-bench kernels: time and achieved rate of every non-GEMM kernel of a GPT-2 step (and
// attention's batched GEMMs, and one plain GEMM for reference) at one rank's shard of a grid,
// next to a STREAM-like triad that measures the memory bandwidth the memory-bound kernels
// (AdamW above all) should reach. One JSON object per kernel (rank 0; the slowest rank's time).
#pragma once

#include <string>

namespace fourfold {
class Runtime;

struct KernelBenchOptions {
  std::string grid;            // "" = all ranks along data
  std::string precision = "fp32";  // GEMM operands: fp32 or bf16
  int depth = 12;              // GPT-2 depth (sets C, NH, V)
  int batch = 4;               // global sequences
  int seq_len = 64;            // tokens per sequence
  int warmup = 1;              // untimed calls per kernel
  int iterations = 5;          // timed calls per kernel
  long long triad_elements = 1LL << 25;  // elements per triad array (3 arrays, fp32)
};

int run_kernel_bench(Runtime& runtime, const KernelBenchOptions& options);

}  // namespace fourfold
