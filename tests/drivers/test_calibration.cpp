// The local machine from calibration lines (drivers/plan/calibration.hpp): the ring fit
// recovers the latency and bandwidth that generated the samples, groups are split into inside
// and across nodes, and bad lines are rejected naming the source, the line and the field.
#include "core/error.hpp"
#include "drivers/plan/calibration.hpp"
#include "drivers/plan/machines.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

namespace fourfold {
namespace {

using comm::CollectiveKind;

// Calibration lines of a machine: collectives timed exactly by the ring model of `truth` on
// groups of 2 and 4 (inside a node of `per_node`) and, when there are two nodes, of 2 ranks
// `per_node` apart (across nodes).
std::string lines_of(const plan::Machine& truth, int per_node, int ranks) {
  std::string text;
  const struct {
    int size;
    long stride;
  } groups[] = {{2, 1}, {4, 1}, {2, per_node}};
  for (const auto& g : groups) {
    if (g.stride * g.size > ranks) continue;
    const bool inside = plan::span_inside_node(g.stride, g.size, per_node);
    for (CollectiveKind kind : {CollectiveKind::all_reduce, CollectiveKind::all_gather, CollectiveKind::reduce_scatter}) {
      for (double bytes = 65536; bytes <= 4194304; bytes *= 4) {
        // The ring the fit assumes (collective_seconds may take a tree for all-reduce).
        const double seconds =
            plan::ring_steps(kind, g.size) * 1e-6 *
                (inside ? truth.intra_node_latency_us : truth.inter_node_latency_us) +
            bytes * plan::ring_moved_fraction(kind, g.size) / (1e9 * (inside ? truth.intra_node_gbps : truth.inter_node_gbps));
        text += fmt::format(R"({{"op":"{}","group_size":{},"stride":{},"bytes":{},"seconds":{:.17g}}})" "\n",
                            comm::collective_kind_name(kind), g.size, g.stride, bytes, seconds);
      }
    }
  }
  text += R"({"op":"gemm","m":1024,"n":768,"k":768,"gflops_per_rank":40.0})" "\n";
  text += R"({"op":"gemm","m":1024,"n":3072,"k":768,"gflops_per_rank":50.0})" "\n";
  text += R"({"op":"gemm","m":1024,"n":768,"k":3072,"gflops_per_rank":45.0})" "\n";
  text += R"({"op":"triad","elements":100,"gbps_per_rank":12.5})" "\n";
  text += fmt::format(R"({{"op":"node","ranks":{},"ranks_per_node":{},"memory_bytes_per_rank":8589934592}})" "\n",
                      ranks, per_node);
  return text;
}

plan::Machine truth() {
  plan::Machine m;
  m.name = "truth";
  m.gpus_per_node = 4;
  m.intra_node_gbps = 20.0;
  m.intra_node_latency_us = 7.0;
  m.inter_node_gbps = 3.0;
  m.inter_node_latency_us = 30.0;
  m.gemm_tflops.fp32 = m.peak_tflops.fp32 = m.memory_gbps = m.memory_gib = 1.0;
  return m;
}

plan::Calibration parse(const std::string& text) {
  std::istringstream in(text);
  return plan::parse_calibration(in, "cal.jsonl");
}

std::string error_of(const std::string& text) {
  try {
    plan::machine_from_calibration(parse(text));
  } catch (const UserError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Calibration, FitRecoversLatencyAndBandwidthInsideAndAcrossNodes) {
  const plan::Machine m = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8)));
  EXPECT_EQ(m.name, "local");
  EXPECT_EQ(m.gpus_per_node, 4);
  EXPECT_NEAR(m.intra_node_gbps, 20.0, 1e-6);
  EXPECT_NEAR(m.intra_node_latency_us, 7.0, 1e-6);
  EXPECT_NEAR(m.inter_node_gbps, 3.0, 1e-6);
  EXPECT_NEAR(m.inter_node_latency_us, 30.0, 1e-6);
  EXPECT_DOUBLE_EQ(m.gemm_tflops.fp32, 0.045);  // the median shape (lines without a precision: fp32)
  EXPECT_DOUBLE_EQ(m.peak_tflops.fp32, 0.050);  // the best shape
  EXPECT_EQ(m.gemm_tflops.bf16, 0.0);           // not measured
  EXPECT_DOUBLE_EQ(m.memory_gbps, 12.5);
  EXPECT_DOUBLE_EQ(m.memory_gib, 8.0);
  EXPECT_EQ(m.gemm_route, plan::GemmRoute::host);  // lines without a route: the host's
}

// The gemm lines' route (core/gemm.cpp's gemm_route) names what the planner counts for the machine.
TEST(Calibration, GemmRouteFromTheLines) {
  for (const auto& [route, expected] :
       {std::pair<const char*, plan::GemmRoute>{"KokkosKernels (Kokkos 4.6.1, upstream) on Cuda (concurrency 1)",
                                                plan::GemmRoute::cuda},
        {"KokkosKernels (Kokkos 4.6.1, upstream) on HIP (concurrency 1)", plan::GemmRoute::rocm},
        {"KokkosKernels (Kokkos 3.4.1, debian) on Serial (concurrency 1) -> host BLAS", plan::GemmRoute::host}}) {
    std::string text = lines_of(truth(), 4, 8);
    text += std::string(R"({"op":"gemm","m":1024,"n":768,"k":768,"gflops_per_rank":40.0,"route":")") + route + "\"}\n";
    EXPECT_EQ(plan::machine_from_calibration(parse(text)).gemm_route, expected) << route;
  }
}

TEST(Calibration, GemmRatesAreKeptPerPrecision) {
  std::string text = lines_of(truth(), 4, 8);
  text += R"({"op":"gemm","m":1024,"n":768,"k":768,"gflops_per_rank":400.0,"precision":"bf16"})" "\n";
  text += R"({"op":"gemm","m":1024,"n":768,"k":768,"gflops_per_rank":600.0,"precision":"bf16"})" "\n";
  text += R"({"op":"gemm","m":1024,"n":768,"k":768,"gflops_per_rank":20.0,"precision":"fp32"})" "\n";
  const plan::Calibration c = parse(text);
  EXPECT_EQ(c.gemm_fp32_gflops_per_rank.size(), 4u);
  EXPECT_EQ(c.gemm_bf16_gflops_per_rank.size(), 2u);
  const plan::Machine m = plan::machine_from_calibration(c);
  EXPECT_DOUBLE_EQ(m.gemm_tflops.fp32, 0.045);  // median of 20, 40, 45, 50 (the upper one)
  EXPECT_DOUBLE_EQ(m.peak_tflops.fp32, 0.050);
  EXPECT_DOUBLE_EQ(m.gemm_tflops.bf16, 0.600);  // median of two: the upper
  EXPECT_DOUBLE_EQ(m.peak_tflops.bf16, 0.600);
}

TEST(Calibration, LoadedLineSlowsTheBandwidthsByWhatAComputingStepSees) {
  const plan::Machine idle = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8)));
  // A 1 MiB all-reduce on 8 ranks (two nodes of 4) costs the model, at the fitted figures:
  const double model = plan::collective_seconds(comm::CollectiveKind::all_reduce, 1048576.0, 1, 8, false, idle);
  const std::string loaded = fmt::format(R"({{"op":"loaded","group_size":8,"stride":1,"bytes":1048576,"seconds":{:.17g}}})",
                                         2.5 * model);
  const plan::Machine busy = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8) + loaded + "\n"));
  EXPECT_NEAR(busy.intra_node_gbps, idle.intra_node_gbps / 2.5, 1e-9);
  EXPECT_NEAR(busy.inter_node_gbps, idle.inter_node_gbps / 2.5, 1e-9);
  EXPECT_EQ(busy.intra_node_latency_us, idle.intra_node_latency_us);
  // Faster under load than idle (noise): the idle figures stand.
  const std::string fast = R"({"op":"loaded","group_size":8,"stride":1,"bytes":1048576,"seconds":0})";
  EXPECT_EQ(plan::machine_from_calibration(parse(lines_of(truth(), 4, 8) + fast + "\n")).inter_node_gbps,
            idle.inter_node_gbps);
}

TEST(Calibration, LoadedLinesOfTwoSizesSeparateAWaitPerCallFromASlowerTransfer) {
  const plan::Machine idle = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8)));
  // Under load, 8 ranks (across nodes) wait 50 us more per ring step and move bytes at 2 GB/s
  // instead of 3: the ring model at those figures, at 64 KiB and 4 MiB.
  std::string loaded;
  for (double bytes : {65536.0, 4194304.0}) {
    const double seconds = plan::ring_steps(CollectiveKind::all_reduce, 8) * 1e-6 * (30.0 + 50.0) +
                           bytes * plan::ring_moved_fraction(CollectiveKind::all_reduce, 8) / 2e9;
    loaded += fmt::format(R"({{"op":"loaded","group_size":8,"stride":1,"bytes":{},"seconds":{:.17g}}})" "\n", bytes,
                          seconds);
  }
  const plan::Machine busy = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8) + loaded));
  EXPECT_NEAR(busy.inter_node_latency_us, 80.0, 1e-6);
  EXPECT_NEAR(busy.intra_node_latency_us, idle.intra_node_latency_us + 50.0, 1e-6);
  EXPECT_NEAR(busy.inter_node_gbps, 2.0, 1e-9);
  EXPECT_NEAR(busy.intra_node_gbps, idle.intra_node_gbps * 2.0 / 3.0, 1e-9);
  // A wait alone (the same bandwidth under load) leaves the bandwidths as they were.
  loaded.clear();
  for (double bytes : {65536.0, 4194304.0}) {
    const double seconds = plan::ring_steps(CollectiveKind::all_reduce, 8) * 1e-6 * 90.0 +
                           bytes * plan::ring_moved_fraction(CollectiveKind::all_reduce, 8) / 3e9;
    loaded += fmt::format(R"({{"op":"loaded","group_size":8,"stride":1,"bytes":{},"seconds":{:.17g}}})" "\n", bytes,
                          seconds);
  }
  const plan::Machine waiting = plan::machine_from_calibration(parse(lines_of(truth(), 4, 8) + loaded));
  EXPECT_NEAR(waiting.inter_node_latency_us, 90.0, 1e-6);
  EXPECT_NEAR(waiting.inter_node_gbps, idle.inter_node_gbps, 1e-9);
  EXPECT_NEAR(waiting.intra_node_gbps, idle.intra_node_gbps, 1e-9);
}

TEST(Calibration, OneNodeUsesItsFiguresAcrossNodesToo) {
  // 8 ranks on one node: every group is inside it.
  const plan::Machine m = plan::machine_from_calibration(parse(lines_of(truth(), 8, 8)));
  EXPECT_EQ(m.gpus_per_node, 8);
  EXPECT_NEAR(m.intra_node_gbps, 20.0, 1e-6);
  EXPECT_DOUBLE_EQ(m.inter_node_gbps, m.intra_node_gbps);
  EXPECT_DOUBLE_EQ(m.inter_node_latency_us, m.intra_node_latency_us);
}

TEST(Calibration, SkipsOtherLinesSoAWholeBenchLogIsAccepted) {
  const std::string text = "\n" R"({"op":"broadcast_note_unrelated","x":1})" "\n" + lines_of(truth(), 4, 4) + "   \n";
  EXPECT_NO_THROW(plan::machine_from_calibration(parse(text)));
}

TEST(Calibration, NoisyLatencyIsClampedAtZeroNotNegative) {
  // Pure bandwidth samples: the fit must not invent a negative latency.
  plan::Machine flat = truth();
  flat.intra_node_latency_us = 0.0;
  const plan::Machine m = plan::machine_from_calibration(parse(lines_of(flat, 8, 8)));
  EXPECT_GE(m.intra_node_latency_us, 0.0);
  EXPECT_NEAR(m.intra_node_gbps, 20.0, 1e-3);
}

TEST(Calibration, BadLinesAreRejectedNamingSourceLineAndField) {
  const std::string good = lines_of(truth(), 4, 4);
  EXPECT_NE(error_of("not json\n" + good).find("cal.jsonl' line 1: not JSON"), std::string::npos);
  EXPECT_NE(error_of("[1,2]\n" + good).find("line 1: expected a JSON object"), std::string::npos);
  EXPECT_NE(error_of(R"({"x":1})" "\n" + good).find("\"op\" is missing"), std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"all_reduce","group_size":2,"stride":1,"bytes":64,"seconds":-1})")
                .find("\"seconds\" = -1 must be at least"),
            std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"all_gather","group_size":1,"stride":1,"bytes":64,"seconds":1})")
                .find("\"group_size\" = 1 is out of range"),
            std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"gemm","gflops_per_rank":"fast"})").find("\"gflops_per_rank\" is missing or not a number"),
            std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"gemm","gflops_per_rank":1,"precision":"fp16"})")
                .find(": \"precision\" = \"fp16\" must be \"fp32\" or \"bf16\""),
            std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"node","ranks":2,"ranks_per_node":4,"memory_bytes_per_rank":1})")
                .find("ranks_per_node = 4 exceeds ranks = 2"),
            std::string::npos);
  EXPECT_NE(error_of(good + R"({"op":"node","ranks":8,"ranks_per_node":4,"memory_bytes_per_rank":1})")
                .find("contradicts an earlier one"),
            std::string::npos);
}

TEST(Calibration, MissingMeasurementsAreNamed) {
  const std::string good = lines_of(truth(), 4, 4);
  auto without = [&](const std::string& op) {
    std::istringstream in(good);
    std::string line, out;
    while (std::getline(in, line))
      if (line.find("\"op\":\"" + op + "\"") == std::string::npos) out += line + "\n";
    return out;
  };
  EXPECT_NE(error_of(without("triad")).find("no \"triad\" line"), std::string::npos);
  EXPECT_NE(error_of(without("node")).find("no \"node\" line"), std::string::npos);
  EXPECT_NE(error_of(without("gemm")).find("no \"gemm\" lines"), std::string::npos);
  std::string no_comm = without("all_reduce");
  for (const char* op : {"all_gather", "reduce_scatter"}) {
    std::istringstream in(no_comm);
    std::string line, out;
    while (std::getline(in, line))
      if (line.find(op) == std::string::npos) out += line + "\n";
    no_comm = out;
  }
  EXPECT_NE(error_of(no_comm).find("no collective lines"), std::string::npos);
  // One message size of one collective cannot separate latency from bandwidth.
  const std::string one_size = R"({"op":"all_reduce","group_size":2,"stride":1,"bytes":65536,"seconds":0.001})" "\n";
  EXPECT_NE(error_of(one_size + without("all_reduce").substr(0, 0) +
                     R"({"op":"gemm","gflops_per_rank":1})" "\n" R"({"op":"triad","gbps_per_rank":1})" "\n"
                     R"({"op":"node","ranks":2,"ranks_per_node":2,"memory_bytes_per_rank":1e9})")
                .find("cannot separate latency from bandwidth"),
            std::string::npos);
}

TEST(Calibration, NoisyTimesThatDoNotGrowWithSizeStillGiveABandwidth) {
  // A busy node: the larger message happened to run faster. The fit keeps a positive bandwidth
  // (bandwidth only) instead of failing the job that calibrates.
  const std::string flat = R"({"op":"all_reduce","group_size":2,"stride":1,"bytes":65536,"seconds":0.001})" "\n"
                           R"({"op":"all_reduce","group_size":2,"stride":1,"bytes":4194304,"seconds":0.0005})" "\n"
                           R"({"op":"gemm","gflops_per_rank":1})" "\n" R"({"op":"triad","gbps_per_rank":1})" "\n"
                           R"({"op":"node","ranks":2,"ranks_per_node":2,"memory_bytes_per_rank":1e9})";
  const plan::Machine m = plan::machine_from_calibration(parse(flat));
  EXPECT_EQ(m.intra_node_latency_us, 0.0);
  EXPECT_GT(m.intra_node_gbps, 0.0);
  EXPECT_TRUE(std::isfinite(m.intra_node_gbps));
}

TEST(Calibration, LocalMachineNeedsACalibrationAndOnlyLocalTakesOne) {
  const std::string path = testing::TempDir() + "/calibration_test.jsonl";
  std::ofstream(path) << lines_of(truth(), 4, 4);
  EXPECT_NEAR(plan::load_machine("local", path).intra_node_gbps, 20.0, 1e-6);
  auto error = [](const std::string& name, const std::string& calibration) {
    try {
      plan::load_machine(name, calibration);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(error("local", "").find("built from a calibration file"), std::string::npos);
  EXPECT_NE(error("perlmutter", path).find("describes machine 'local', not 'perlmutter'"), std::string::npos);
  EXPECT_NE(error("local", "/nonexistent/cal.jsonl").find("cannot be opened"), std::string::npos);
}

}  // namespace
}  // namespace fourfold
