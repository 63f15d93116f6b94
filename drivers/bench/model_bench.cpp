#include "drivers/bench/model_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/rng.hpp"
#include "core/runtime.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"
#include "drivers/common/device_peak.hpp"
#include "drivers/common/model_flops.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <cstdio>
#include <vector>

namespace fourfold {
namespace {
void run_model(Gpt& model, const comm::Grid& grid, const ModelBenchOptions& options);
}  // namespace

int run_model_bench(Runtime& runtime, const ModelBenchOptions& options) {
  FF_REQUIRE(options.steps >= 1 && options.warmup >= 0, "--steps {} / --warmup {}: need at least one timed step",
             options.steps, options.warmup);
  std::vector<GptConfig> configs;
  {
    std::stringstream items(options.family);
    std::string item;
    while (std::getline(items, item, ',')) {
      GptConfig config =
          parse_family(item) == ModelFamily::llama ? GptConfig::llama_like_gpt2(options.depth) : GptConfig::gpt2(options.depth);
      if (options.layers > 0) config.num_layers = options.layers;
      configs.push_back(config);
    }
    FF_REQUIRE(!configs.empty(), "--family \"{}\": name at least one family", options.family);
  }
  const comm::GridShape shape = options.grid.empty()
                                    ? comm::GridShape{1, 1, 1, runtime.world_size()}
                                    : comm::GridShape::parse(options.grid);
  const comm::Grid grid(shape, runtime.world(), comm::parse_backend(options.comm));
  const int row_groups = shape.z * shape.data;
  FF_REQUIRE(options.batch % row_groups == 0,
             "--batch {} is not divisible by G_z * G_data = {} (grid {})", options.batch, row_groups,
             shape.str());
  std::vector<Recompute> modes;
  {
    std::stringstream items(options.recompute);
    std::string item;
    while (std::getline(items, item, ',')) modes.push_back(parse_recompute(item));
    FF_REQUIRE(!modes.empty(), "--recompute \"{}\": name at least one mode", options.recompute);
  }
  if (options.count_syncs) FF_REQUIRE(modes.size() == 1, "--count-syncs takes one --recompute mode");
  for (const GptConfig& config : configs) {
    for (const Recompute recompute : modes) {
      MemoryOptions memory{recompute, options.loss_chunk_tokens};
      memory.sequence_shard = options.sequence_shard;
      Gpt model(config, grid, options.batch / row_groups, options.seq_len, OverlapOptions::all(), default_bucket_mb,
                memory);
      run_model(model, grid, options);
    }
  }
  return 0;
}

namespace {

void run_model(Gpt& model, const comm::Grid& grid, const ModelBenchOptions& options) {
  const GptConfig& config = model.config();
  const comm::GridShape& shape = grid.shape();
  model.init_parameters(1);
  std::vector<int> tokens(model.rows()), targets(model.rows());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    tokens[i] = static_cast<int>(rng::bits(3, grid.world_rank(), i) % config.vocab_size);
    targets[i] = static_cast<int>(rng::bits(4, grid.world_rank(), i) % config.vocab_size);
  }
  if (options.count_syncs) {
    // Whole optimizer steps as fourfold-train runs them (one micro-batch), with clipping on.
    AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{});
    TrainStep train_step(model, optimizer, 1, 1.0);
    std::copy(tokens.begin(), tokens.end(), train_step.batches().tokens(0));
    std::copy(targets.begin(), targets.end(), train_step.batches().targets(0));
    auto optimizer_step = [&](long t) { return train_step.run(3e-4, t); };
    model.zero_gradients();
    long t = 1;
    for (int i = 0; i < options.warmup; ++i) optimizer_step(t++);
    const HostSyncCounts before = grid.context().counters().host_syncs();
    for (int i = 0; i < options.steps; ++i) optimizer_step(t++);
    const HostSyncCounts counted = grid.context().counters().host_syncs() - before;
    if (grid.world_rank() == 0) {
      nlohmann::json line = {{"bench", "model_syncs"}, {"model", config.str()}, {"grid", shape.str()},
                             {"batch", options.batch}, {"seq_len", options.seq_len}, {"steps", options.steps},
                             {"host_syncs_per_step", static_cast<double>(counted.step_syncs()) / options.steps}};
      for (SyncKind kind : {SyncKind::value, SyncKind::wait, SyncKind::backend, SyncKind::timing})
        line[std::string("per_step_") + sync_kind_name(kind)] = static_cast<double>(counted[kind]) / options.steps;
      std::printf("%s\n", line.dump().c_str());
      std::fflush(stdout);
    }
    return;
  }
  // Each phase ends with a fence, so the host clock measures the device's work.
  ExecutionContext& ctx = grid.context();
  const ExecSpace& exec = ctx.compute();
  auto step = [&](double& forward_s, double& backward_s, double& sync_s) {
    model.zero_gradients();
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold-bench model: start");
    Stopwatch watch;
    model.forward(tokens.data(), targets.data());
    forward_s = watch.seconds();
    watch.restart();
    model.backward(1.0 / model.global_tokens());
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold-bench model: backward done");
    backward_s = watch.seconds();
    watch.restart();
    model.sync_gradients();
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold-bench model: gradients synchronised");
    sync_s = watch.seconds();
  };
  double f = 0, b = 0, s = 0;
  for (int i = 0; i < options.warmup; ++i) step(f, b, s);
  // Pass 1, the step time: no per-GEMM fences, so the device runs the step as training does.
  grid.world().barrier();
  double forward_s = 0, backward_s = 0, sync_s = 0;
  for (int i = 0; i < options.steps; ++i) {
    step(f, b, s);
    forward_s += f;
    backward_s += b;
    sync_s += s;
  }
  // Pass 2, the GEMM share: every GEMM fenced and timed, which slows the step (the device idles
  // at each fence), so the share is of this pass's own step time, not of pass 1's.
  grid.world().barrier();
  ctx.gemm().reset_stats();
  ctx.gemm().set_timing(true);
  double fenced_s = 0;
  for (int i = 0; i < options.steps; ++i) {
    step(f, b, s);
    fenced_s += f + b + s;
  }
  ctx.gemm().set_timing(false);
  const GemmStats gemm = ctx.gemm().stats();
  const double step_s = comm::all_reduce_value(grid.world(), (forward_s + backward_s + sync_s) / options.steps,
                                               comm::ReduceOp::max);
  const double fenced_step_s = comm::all_reduce_value(grid.world(), fenced_s / options.steps, comm::ReduceOp::max);
  const double gemm_s = comm::all_reduce_value(grid.world(), gemm.seconds / options.steps, comm::ReduceOp::max);
  const double gemm_flops = comm::all_reduce_value(grid.world(), gemm.flops / options.steps);
  const double tokens_per_step = static_cast<double>(options.batch) * options.seq_len;
  // MFU as the trainer and the planner count it: model FLOPs (model_flops.hpp) against the sum of
  // the ranks' published dense peaks at the model's precision, where every rank's GPU has one.
  const double model_flops = model_flops_per_token(config, options.seq_len) * tokens_per_step;
  const GemmPrecision precision = model.memory_options().precision;
  const double peak_gflops = device_peak_gflops(current_device_name(), precision).value_or(0.0);
  const double job_peak_gflops = comm::all_reduce_value(grid.world(), peak_gflops, comm::ReduceOp::min) > 0
                                     ? comm::all_reduce_value(grid.world(), peak_gflops)
                                     : 0.0;
  // What this rank's model allocated, and the largest resident set of any rank so far (the
  // process's peak: with several modes in one run, the peak of the largest so far).
  constexpr double mib = 1024.0 * 1024.0;
  const MemoryPlan memory = model.memory();
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  const double max_rss_mib =
      comm::all_reduce_value(grid.world(), static_cast<double>(usage.ru_maxrss) / 1024.0, comm::ReduceOp::max);
  if (grid.world_rank() == 0) {
    nlohmann::json line = {
        {"bench", "model"},
        {"family", family_name(config.family)},
        {"model", config.str()},
        {"parameters", config.num_parameters()},
        {"grid", shape.str()},
        {"batch", options.batch},
        {"seq_len", options.seq_len},
        {"step_s", step_s},
        {"forward_s", forward_s / options.steps},
        {"backward_s", backward_s / options.steps},
        {"sync_s", sync_s / options.steps},
        {"tokens_per_s", tokens_per_step / step_s},
        {"fenced_step_s", fenced_step_s},
        {"gemm_s", gemm_s},
        {"gemm_fraction", gemm_s / fenced_step_s},
        {"gemm_gflops", gemm_flops / gemm_s / 1e9},
        {"model_flops", model_flops},
        {"model_gflops", model_flops / step_s / 1e9},
        {"blas_threads", blas_threads()},
        {"recompute", recompute_name(model.memory_options().recompute)},
        {"sequence_shard", model.memory_options().sequence_shard},
        {"activations_mib", static_cast<double>(memory.activations) / mib},
        {"workspaces_mib", static_cast<double>(memory.workspaces) / mib},
        {"max_rss_mib", max_rss_mib},
    };
    if (job_peak_gflops > 0) {  // omitted where a rank's device has no published peak (CPUs)
      line["mfu"] = model_flops / step_s / (job_peak_gflops * 1e9);
      line["mfu_peak"] = precision_name(precision);
    }
    std::printf("%s\n", line.dump().c_str());
    std::fflush(stdout);
  }
}

}  // namespace

}  // namespace fourfold
