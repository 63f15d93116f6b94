// The `local` machine: built from a calibration, i.e. the JSON lines that `fourfold-bench comm`
// and `fourfold-bench gemm` print (and that `fourfold-train --grid auto` measures and caches):
//   {"op":"all_reduce"|"all_gather"|"reduce_scatter"|"broadcast", "group_size":p, "stride":s,
//    "bytes":b, "seconds":t, ...}                       one timed collective (full-buffer bytes)
//   {"op":"gemm", "m":..,"n":..,"k":.., "gflops_per_rank":r, "precision":"fp32"|"bf16", ...}
//                                                        one GEMM shape, all ranks at once, at one
//                                                        precision (fp32 where the line has none)
//   {"op":"triad", "gbps_per_rank":r, ...}              STREAM triad, all ranks at once
//   {"op":"loaded", "group_size":p, "bytes":b, "seconds":t}   a b-byte all-reduce between GEMMs,
//                                                        beyond the GEMMs' own time (optional;
//                                                        two sizes or more give latency and bandwidth)
//   {"op":"node", "ranks":n, "ranks_per_node":q, "memory_bytes_per_rank":m}
// Lines with other ops (or blank) are skipped, so a whole bench log may be passed.
//
// Collective latency and bandwidth are fitted to the ring model of cost_model.hpp
// (seconds = steps x latency + moved bytes / bandwidth) by least squares on relative error,
// separately for groups inside a node and across nodes; a one-node calibration uses its
// intra-node figures for both.
#pragma once

#include "comm/types.hpp"
#include "core/precision.hpp"
#include "drivers/plan/cost_model.hpp"

#include <istream>
#include <string>
#include <vector>

namespace fourfold::plan {

/// One timed collective.
struct CommSample {
  comm::CollectiveKind kind = comm::CollectiveKind::all_reduce;
  int group_size = 0;
  long stride = 1;     // ranks between consecutive members
  double bytes = 0.0;  // full-buffer convention of core/counters.hpp
  double seconds = 0.0;
};

/// What a calibration measured.
struct Calibration {
  std::string source;                  // file name, for messages
  std::vector<CommSample> collectives;
  std::vector<double> gemm_fp32_gflops_per_rank;
  std::vector<double> gemm_bf16_gflops_per_rank;
  std::vector<double>& gemm_gflops_per_rank(GemmPrecision p) {
    return p == GemmPrecision::bf16 ? gemm_bf16_gflops_per_rank : gemm_fp32_gflops_per_rank;
  }
  const std::vector<double>& gemm_gflops_per_rank(GemmPrecision p) const {
    return p == GemmPrecision::bf16 ? gemm_bf16_gflops_per_rank : gemm_fp32_gflops_per_rank;
  }
  double triad_gbps_per_rank = 0.0;    // best of the triad lines
  std::vector<CommSample> loaded;      // the loaded lines (all-reduces between GEMMs)
  int ranks = 0;
  int ranks_per_node = 0;
  double memory_bytes_per_rank = 0.0;
  GemmRoute gemm_route = GemmRoute::host;  // the route the gemm lines name
};

/// Parses calibration lines; a malformed line or a missing measurement is a UserError naming the
/// source, the line number and what was expected.
Calibration parse_calibration(std::istream& in, const std::string& source);
Calibration read_calibration(const std::string& path);

/// Latency (per ring step) and bus bandwidth of a set of samples.
struct LinkFit {
  double latency_us = 0.0;
  double gbps = 0.0;
  int samples = 0;
};
/// Least-squares fit of the ring model; needs two samples of different shapes (UserError
/// otherwise). A negative latency or bandwidth term (noise) falls back to the other term alone.
LinkFit fit_link(const std::vector<CommSample>& samples, const std::string& source);

/// The machine a calibration describes, named `name`: for each precision measured, GEMM rate the
/// median of the measured shapes, peak the best of them (a calibrated machine has no published peak), memory bandwidth
/// the triad's, memory and GPUs per node from the node line. The loaded lines say what a
/// computing step gets rather than an idle node. With two sizes or more they are fitted like the
/// idle samples: latency beyond the idle fit's is added to both links' latency, and where the
/// loaded bandwidth is lower both bandwidths are divided by the ratio. On shared cores the two
/// differ: every call waits for its peers to be scheduled (latency), while a large transfer, once
/// running, is barely slower. One loaded line cannot separate them and slows the bandwidths by
/// the whole factor.
Machine machine_from_calibration(const Calibration& calibration, const std::string& name = "local");

/// Whether a group of `size` ranks `stride` apart, starting at a multiple of its span, lies
/// inside one node of `ranks_per_node` ranks.
bool span_inside_node(long stride, long size, int ranks_per_node);

}  // namespace fourfold::plan
