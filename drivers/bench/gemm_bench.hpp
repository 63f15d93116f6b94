// fourfold-bench gemm: the rate the GEMM wrapper reaches on this machine, for the square
// reference shape and the GPT-2 124M layer shapes, then the STREAM triad's bandwidth and the
// node (ranks, memory per rank); one JSON object per line (rank 0). With fourfold-bench comm's
// lines they make a calibration (drivers/plan/calibration.hpp).
// Every rank runs at once, so under mpirun the sum is the machine's aggregate rate (the
// peak that MFU is measured against on CPUs).
// --transpose times the backward orientations; --route onednn times the fp32 product through
// oneDNN's matmul instead of the host BLAS (op "gemm_onednn": a comparison, not a calibration line).
#pragma once

#include <string>
#include <vector>

namespace fourfold {
class Runtime;

struct GemmShape {
  int m = 0;
  int n = 0;
  int k = 0;
};

struct GemmBenchOptions {
  std::vector<GemmShape> shapes;  // empty = 1024^3 and the GPT-2 124M shapes at 256 tokens
  int warmup = 2;
  int iterations = 5;
  std::string precision = "fp32";  // GEMM operands: fp32 or bf16
  std::string route = "gemm";      // gemm (the wrapper's route) or onednn (fp32 through oneDNN, host builds with it)
  std::string transpose = "NT";    // op(A) op(B): NT forward Y = X W^T, NN input gradient, TN weight gradient
  long long triad_elements = 1LL << 24;  // floats per triad array (the memory bandwidth line)
};

int run_gemm_bench(Runtime& runtime, const GemmBenchOptions& options);

}  // namespace fourfold
