#include "drivers/bench/gemm_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "core/error.hpp"
#include "drivers/common/calibrate.hpp"
#include "core/gemm.hpp"
#include "core/runtime.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace fourfold {
namespace {

// (tokens, in, out) of GPT-2 124M's matrix multiplies at 256 tokens per rank.
const std::vector<std::pair<const char*, GemmShape>> default_shapes = {
    {"square", {1024, 1024, 1024}},   {"qkv", {256, 2304, 768}},  {"attn_proj", {256, 768, 768}},
    {"fc", {256, 3072, 768}},         {"fc_proj", {256, 768, 3072}}, {"lm_head", {256, 50304, 768}},
};

}  // namespace

int run_gemm_bench(Runtime& runtime, const GemmBenchOptions& options) {
  FF_REQUIRE(options.iterations >= 1 && options.warmup >= 0,
             "--iters {} / --warmup {}: need at least one timed iteration", options.iterations,
             options.warmup);
  GemmPrecision precision = GemmPrecision::fp32;
  try {
    precision = parse_gemm_precision(options.precision);
  } catch (const UserError& e) {
    FF_REQUIRE(false, "--precision: {}", e.what());
  }
  ExecutionContext context;
  const auto world = comm::Communicator::duplicate(runtime.world(), "world", context.counters_handle());
  std::vector<std::pair<std::string, GemmShape>> shapes;
  if (options.shapes.empty()) {
    for (const auto& [name, shape] : default_shapes) shapes.emplace_back(name, shape);
  } else {
    for (const auto& shape : options.shapes) {
      FF_REQUIRE(shape.m > 0 && shape.n > 0 && shape.k > 0,
                 "gemm shape {}x{}x{}: m, n and k must be positive", shape.m, shape.n, shape.k);
      shapes.emplace_back("custom", shape);
    }
  }
  for (const auto& [name, s] : shapes) {
    const TimedGemm t = time_gemm(context, world, s.m, s.n, s.k, options.warmup, options.iterations, precision);
    if (world.rank() == 0) {
      const nlohmann::json line = {
          {"op", "gemm"},       {"shape", name},
          {"m", s.m},           {"n", s.n},
          {"k", s.k},           {"seconds", t.seconds},
          {"gflops_per_rank", t.gflops_per_rank}, {"gflops_total", t.gflops_total},
          {"ranks", world.size()}, {"blas_threads", blas_threads()},
          {"route", gemm_route(context.gemm())},   {"precision", precision_name(precision)},
      };
      std::printf("%s\n", line.dump().c_str());
      std::fflush(stdout);
    }
  }
  // The memory-bound side and the node, so that these lines alone with fourfold-bench comm's
  // make a calibration (the planner's local machine).
  const double triad = time_triad_gbps(context, world, static_cast<std::size_t>(options.triad_elements), options.iterations);
  const std::string node = node_line(world, runtime.local_size(), runtime.memory_bytes_per_rank());
  if (world.rank() == 0) {
    const nlohmann::json line = {{"op", "triad"}, {"elements", options.triad_elements}, {"gbps_per_rank", triad}};
    std::printf("%s\n%s\n", line.dump().c_str(), node.c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace fourfold
