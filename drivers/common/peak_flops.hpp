// The machine's matrix-multiply rate, measured through the GEMM wrapper: the denominator of a
// run's gemm_efficiency (an achieved rate, never MFU's hardware peak), and what fourfold-bench
// gemm reports.
#pragma once

#include "comm/communicator.hpp"
#include "core/execution_context.hpp"

namespace fourfold {

/// GFLOP/s of an (m, k) x (k, n)^T product at ctx's GEMM precision on this rank, best of
/// `iterations` timed runs.
double measure_gemm_gflops(ExecutionContext& ctx, int m, int n, int k, int warmup, int iterations);

/// Sum over `world` of every rank's rate, all ranks measuring at once (so ranks sharing
/// cores share them as in training): the job's GEMM rate.
double measure_job_peak_gflops(ExecutionContext& ctx, const comm::Communicator& world);

}  // namespace fourfold
