// fourfold-bench comm as a library call: one JSON line per (group, op, size) for every
// non-trivial group, bus bandwidth by the nccl-tests factors.
#include "comm/grid_layout.hpp"
#include "drivers/bench/comm_bench.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <sstream>

namespace fourfold {
namespace {

TEST(CommBench, BusBandwidthFactorsAreNcclTests) {
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor("all_reduce", 4), 1.5);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor("all_gather", 4), 0.75);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor("reduce_scatter", 2), 0.5);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor("broadcast", 8), 1.0);
}

TEST(CommBench, OneLinePerGroupOpAndSizeOnEveryGrid) {
  const int world = test::runtime().world_size();
  for (const auto& shape : comm::all_grid_shapes(world)) {
    SCOPED_TRACE(shape.str());
    CommBenchOptions options;
    options.grid = shape.str();
    options.min_bytes = 256;
    options.max_bytes = 1024;
    options.warmup = 1;
    options.iterations = 2;
    options.loaded_gemm_ms = 0;  // the loaded line has its own test
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(run_comm_bench(test::runtime(), options), 0);
    const std::string out = ::testing::internal::GetCapturedStdout();
    if (test::runtime().world_rank() != 0) {
      EXPECT_TRUE(out.empty());
      continue;
    }
    const comm::GridLayout layout(shape, world);
    std::map<std::string, int> lines_per_group;
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
      const auto j = nlohmann::json::parse(line);
      const std::string group = j.at("group");
      ++lines_per_group[group];
      const double algbw = j.at("algbw_GBps");
      EXPECT_GT(j.at("seconds").get<double>(), 0.0);
      EXPECT_NEAR(j.at("busbw_GBps").get<double>(),
                  algbw * bus_bandwidth_factor(j.at("op"), j.at("group_size")), 1e-9 * algbw);
      EXPECT_GE(j.at("bytes").get<int>(), 128);
      EXPECT_LE(j.at("bytes").get<int>(), 1024);
    }
    for (comm::GroupKind kind : comm::all_group_kinds) {
      const int expected = layout.group_size(kind) > 1 ? 4 * 3 : 0;  // 4 ops x 3 sizes
      EXPECT_EQ(lines_per_group[comm::group_name(kind)], expected) << comm::group_name(kind);
    }
  }
}

TEST(CommBench, EndsWithTheLoadedLineOfTheWholeJob) {
  const int world = test::runtime().world_size();
  CommBenchOptions options;
  options.min_bytes = options.max_bytes = 1024;
  options.warmup = 0;
  options.iterations = 1;
  options.ops = {"all_reduce"};
  options.loaded_gemm_ms = 0.5;
  options.loaded_bytes = {65536};
  ::testing::internal::CaptureStdout();
  ASSERT_EQ(run_comm_bench(test::runtime(), options), 0);
  const std::string out = ::testing::internal::GetCapturedStdout();
  if (test::runtime().world_rank() != 0) return;
  std::istringstream lines(out);
  std::string line, last;
  while (std::getline(lines, line)) last = line;
  if (world == 1) {
    EXPECT_TRUE(out.empty());  // nothing to time on one rank
    return;
  }
  const auto j = nlohmann::json::parse(last);
  EXPECT_EQ(j.at("op"), "loaded");
  EXPECT_EQ(j.at("group_size"), world);
  EXPECT_EQ(j.at("bytes"), 65536);
  EXPECT_GE(j.at("seconds").get<double>(), 0.0);
}

}  // namespace
}  // namespace fourfold
