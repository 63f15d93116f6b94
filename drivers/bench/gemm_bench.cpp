#include "drivers/bench/gemm_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "core/error.hpp"
#include "drivers/common/calibrate.hpp"
#include "core/gemm.hpp"
#include "core/onednn_matmul.hpp"
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

// time_gemm (drivers/common/calibrate.hpp) for any op(A) op(B), through the wrapper or (`onednn`)
// gemm_fp32_onednn: mean seconds per call on the slowest rank, this rank's GFLOP/s at that time
// and the sum over ranks.
TimedGemm time_product(ExecutionContext& ctx, const comm::Communicator& world, const GemmShape& s, Op op_a, Op op_b,
                       bool onednn, GemmPrecision precision, int warmup, int iterations) {
  const GemmPrecisionScope scope(ctx.gemm(), precision);
  const ExecSpace& exec = ctx.compute();
  // C (m, n) = op(A) (m, k) op(B) (k, n); NT is a forward linear layer's Y = X W^T.
  const Matrix a("a", op_a == Op::none ? s.m : s.k, op_a == Op::none ? s.k : s.m);
  const Matrix b("b", op_b == Op::none ? s.k : s.n, op_b == Op::none ? s.n : s.k);
  const Matrix c("c", s.m, s.n);
  Kokkos::deep_copy(a, 0.5f);
  Kokkos::deep_copy(b, 0.25f);
  const auto run = [&] {
    if (onednn) {
      gemm_fp32_onednn(ctx.gemm(), op_a, op_b, 1.0f, a, b, 0.0f, c, "fourfold::bench::gemm");
    } else {
      gemm(ctx.gemm(), op_a, op_b, 1.0f, a, b, 0.0f, c, "fourfold::bench::gemm");
    }
  };
  for (int i = 0; i < warmup; ++i) run();
  fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  world.barrier();
  Stopwatch watch;
  for (int i = 0; i < iterations; ++i) run();
  fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  const double seconds = watch.seconds() / iterations;
  const double gflops = 2.0 * s.m * static_cast<double>(s.n) * s.k / seconds / 1e9;
  TimedGemm t;
  t.seconds = comm::all_reduce_value(world, seconds, comm::ReduceOp::max);
  t.gflops_total = comm::all_reduce_value(world, gflops, comm::ReduceOp::sum);
  t.gflops_per_rank = t.gflops_total / world.size();
  return t;
}

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
  FF_REQUIRE(options.route == "gemm" || options.route == "onednn",
             "--route '{}': expected gemm (the GEMM wrapper's route) or onednn (fp32 through oneDNN's matmul)",
             options.route);
  const bool onednn = options.route == "onednn";
  FF_REQUIRE(!onednn || precision == GemmPrecision::fp32,
             "--route onednn times fp32 products; with --precision {} leave --route at gemm (the wrapper's own "
             "route, oneDNN's bf16 matmul on host builds with it)",
             options.precision);
  FF_REQUIRE(!onednn || onednn_available(),
             "--route onednn: this build has no oneDNN (host builds configured with FOURFOLD_ENABLE_ONEDNN=ON have it)");
  const std::string& ops = options.transpose;
  FF_REQUIRE(ops.size() == 2 && (ops[0] == 'N' || ops[0] == 'T') && (ops[1] == 'N' || ops[1] == 'T'),
             "--transpose '{}': expected op(A) op(B) as two letters, each N or T (NT, NN, TN or TT)", ops);
  const Op op_a = ops[0] == 'N' ? Op::none : Op::transpose;
  const Op op_b = ops[1] == 'N' ? Op::none : Op::transpose;
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
    const TimedGemm t = time_product(context, world, s, op_a, op_b, onednn, precision, options.warmup, options.iterations);
    if (world.rank() == 0) {
      // oneDNN's fp32 lines are not the wrapper's rate: another op, which a calibration skips.
      const std::string route = onednn ? fmt::format("oneDNN fp32 matmul ({}, {} threads)", onednn_description(), blas_threads())
                                       : gemm_route(context.gemm());
      const nlohmann::json line = {
          {"op", onednn ? "gemm_onednn" : "gemm"}, {"shape", name}, {"transpose", ops},
          {"m", s.m},           {"n", s.n},
          {"k", s.k},           {"seconds", t.seconds},
          {"gflops_per_rank", t.gflops_per_rank}, {"gflops_total", t.gflops_total},
          {"ranks", world.size()}, {"blas_threads", blas_threads()},
          {"route", route},     {"precision", precision_name(precision)},
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
