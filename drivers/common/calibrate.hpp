// Measurements of this machine for the planner's `local` machine (drivers/plan/calibration.hpp
// reads them): collectives on groups of the job, GEMM rates and the STREAM triad with every rank
// measuring at once (ranks that share cores or a memory bus share them as in training), and
// the node's ranks and memory. fourfold-bench comm/gemm print the same lines; fourfold-train
// --grid auto measures a short set of them (calibrate()).
#pragma once

#include "comm/communicator.hpp"
#include "comm/types.hpp"
#include "core/execution_context.hpp"
#include "core/precision.hpp"
#include "core/types.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace fourfold {

/// One collective timed on `group`: full-buffer bytes (all-gather and reduce-scatter round the
/// request down to a multiple of the group size) and seconds per call, the slowest rank of
/// `world` (every rank of `world` calls this, members of other groups time theirs at once).
struct TimedCollective {
  std::size_t bytes = 0;
  double seconds = 0.0;
};
TimedCollective time_collective(ExecutionContext& ctx, comm::CollectiveKind kind, const comm::Communicator& group,
                                const comm::Communicator& world, std::size_t bytes, int warmup, int iterations);

/// One (m, k) x (n, k)^T GEMM at `precision` (operands of fp32 Views, rounded to bf16 by the
/// wrapper in bf16) on every rank at once: mean seconds per call on the slowest rank, this rank's
/// GFLOP/s at that time and the sum over ranks.
struct TimedGemm {
  double seconds = 0.0;
  double gflops_per_rank = 0.0;
  double gflops_total = 0.0;
};
TimedGemm time_gemm(ExecutionContext& ctx, const comm::Communicator& world, int m, int n, int k, int warmup, int iterations,
                    GemmPrecision precision);

/// a = b + s c over `elements` floats, chunked like AdamW so the host compiler vectorises it.
void stream_triad(const ExecSpace& exec, const Vector& a, const ConstVector& b, const ConstVector& c, float s);
/// GB/s of the triad (12 bytes per element) on each rank, every rank at once; the slowest rank.
double time_triad_gbps(ExecutionContext& ctx, const comm::Communicator& world, std::size_t elements, int iterations);

/// An all-reduce of `bytes` on `group` as a training step meets it: `rounds` rounds of a GEMM of
/// about `gemm_seconds` on every rank then the all-reduce, against the same rounds without it;
/// seconds per call beyond the GEMMs (at least 0), the slowest rank of `world`. Where ranks share
/// cores a transfer progresses only while both ends are scheduled, so this can be several times
/// an idle node's time.
double time_loaded_all_reduce(ExecutionContext& ctx, const comm::Communicator& group, const comm::Communicator& world, std::size_t bytes,
                              double gemm_seconds, int rounds);

/// The "loaded" line of a calibration: time_loaded_all_reduce on the whole of `world`.
std::string loaded_line(ExecutionContext& ctx, const comm::Communicator& world, std::size_t bytes, double gemm_seconds);

/// The node line of a calibration.
std::string node_line(const comm::Communicator& world, int ranks_per_node, double memory_bytes_per_rank);

/// A short calibration of the job (a few seconds): all-reduce, all-gather and reduce-scatter of
/// 64 KiB to 4 MiB on groups of 2, of a node and of the world (and across nodes when there are
/// several), all-reduces of 64 KiB and 4 MiB between GEMMs on the world (the loaded lines), three GEMM shapes
/// at `precision` (the job's: the planner costs a step at the precision it runs),
/// the triad, and the node line. Every rank of `world` calls it and
/// gets the same lines (every figure is reduced over the world).
std::vector<std::string> calibrate(ExecutionContext& ctx, const comm::Communicator& world, comm::Backend backend,
                                   comm::ProgressMode progress, int ranks_per_node, double memory_bytes_per_rank,
                                   GemmPrecision precision);

}  // namespace fourfold
