#include "drivers/bench/gemm_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/runtime.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"

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
  const auto world = comm::Communicator::duplicate(runtime.world(), "world");
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
  const ExecSpace exec;
  for (const auto& [name, s] : shapes) {
    // Y (m, n) = X (m, k) * W (n, k)^T: the layout of a forward linear layer.
    Matrix x("x", s.m, s.k), w("w", s.n, s.k), y("y", s.m, s.n);
    Kokkos::deep_copy(x, 0.5f);
    Kokkos::deep_copy(w, 0.25f);
    for (int i = 0; i < options.warmup; ++i) gemm(exec, Op::none, Op::transpose, 1.0f, x, w, 0.0f, y);
    fence(exec, SyncKind::timing, "fourfold: timing");
    world.barrier();
    Stopwatch watch;
    for (int i = 0; i < options.iterations; ++i) gemm(exec, Op::none, Op::transpose, 1.0f, x, w, 0.0f, y);
    fence(exec, SyncKind::timing, "fourfold: timing");
    const double seconds = watch.seconds() / options.iterations;
    const double flops = 2.0 * s.m * s.n * s.k;
    const double gflops = flops / seconds / 1e9;
    const double total = comm::all_reduce_value(world, gflops, comm::ReduceOp::sum);
    const double slowest = comm::all_reduce_value(world, seconds, comm::ReduceOp::max);
    if (world.rank() == 0) {
      const nlohmann::json line = {
          {"op", "gemm"},       {"shape", name},
          {"m", s.m},           {"n", s.n},
          {"k", s.k},           {"seconds", slowest},
          {"gflops_per_rank", gflops}, {"gflops_total", total},
          {"ranks", world.size()}, {"blas_threads", blas_threads()},
          {"route", gemm_route()},
      };
      std::printf("%s\n", line.dump().c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace fourfold
