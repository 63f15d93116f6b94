#include "drivers/train/trainer.hpp"

#include "checkpoint/agree.hpp"
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/llmc.hpp"
#include "checkpoint/store.hpp"
#include "comm/collectives.hpp"
#include "comm/comm_stats.hpp"
#include "comm/watchdog.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/runtime.hpp"
#include "core/timer.hpp"
#include "drivers/common/device_peak.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/common/peak_flops.hpp"
#include "drivers/train/lr_schedule.hpp"
#include "drivers/train/token_loader.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

namespace fourfold {

double flops_per_step(const TrainConfig& c) {
  const double tokens = static_cast<double>(c.batch_size) * c.seq_len;
  const double per_token = 6.0 * static_cast<double>(c.model.num_parameters()) +
                           12.0 * c.model.num_layers * c.model.channels * static_cast<double>(c.seq_len);
  return per_token * tokens;
}

namespace {

// Mean loss over the validation batches (forward only), read with one host wait.
double validation_loss(TrainStep& step, TokenBatches& batches, const TokenLoader& loader, const TrainConfig& c,
                       int row_group) {
  for (int j = 0; j < c.val_batches; ++j)
    loader.fill(j, 0, c.micro_batch_size, row_group, c.local_micro_batch(), batches.tokens(j), batches.targets(j));
  return step.evaluate(batches, c.val_batches);
}

void save_checkpoint(checkpoint::CheckpointStore& store, const Gpt& model, const AdamW& optimizer,
                     const TrainConfig& c, long steps_done, Telemetry& telemetry) {
  const comm::BlockedScope io("checkpoint save", &model.grid().world().name(), comm::io_timeout_factor);
  checkpoint::TrainingState state;
  state.step = steps_done;
  state.tokens_seen = static_cast<long long>(steps_done) * c.batch_size * c.seq_len;
  state.seed = c.seed;
  state.batch_size = c.batch_size;
  state.seq_len = c.seq_len;
  state.data_order = c.order == DataOrder::sequential ? "sequential" : "shuffled";
  state.train_data = c.train_data;
  state.lr = c.lr;
  state.min_lr = c.min_lr;
  state.warmup_steps = c.warmup_steps;
  state.total_steps = c.steps;
  state.schedule = c.schedule == Schedule::cosine ? "cosine" : c.schedule == Schedule::linear ? "linear" : "constant";
  state.beta1 = c.beta1;
  state.beta2 = c.beta2;
  state.eps = c.eps;
  state.weight_decay = c.weight_decay;
  Stopwatch watch;
  try {
    const std::string path = store.save(model, optimizer, state);
    const double bytes = 3.0 * 4.0 * static_cast<double>(c.model.num_parameters());
    telemetry.note(fmt::format("checkpoint: step {} saved to {} ({:.1f} MB in {:.2f} s, {:.0f} MB/s)", steps_done,
                               path, bytes / 1e6, watch.seconds(), bytes / 1e6 / watch.seconds()));
  } catch (const std::exception& e) {
    if (c.stop_on_checkpoint_failure) throw;
    std::fprintf(stderr, "fourfold-train [rank %d]: warning: checkpoint of step %ld failed, training goes on "
                 "(checkpoint.on_failure = \"warn\"): %s\n", model.grid().world_rank(), steps_done, e.what());
    std::fflush(stderr);
  }
}

// The two denominators of a step's FLOP rate, for the whole job (GFLOP/s; 0 = not reported).
struct JobPeaks {
  double hardware_gflops = 0;       // MFU: log.peak_gflops, else every rank's published device peak
  std::string hardware_source;
  double measured_gemm_gflops = 0;  // gemm_efficiency: the GEMM rate all ranks reached at start

  std::string describe() const {
    std::string text = hardware_gflops > 0
                           ? fmt::format("MFU against {:.1f} GFLOP/s ({})", hardware_gflops, hardware_source)
                           : fmt::format("no MFU ({})", hardware_source);
    if (measured_gemm_gflops > 0) text += fmt::format("; GEMM rate {:.1f} GFLOP/s for gemm_efficiency", measured_gemm_gflops);
    return text;
  }
};

JobPeaks job_peaks(const TrainConfig& c, const comm::Communicator& world) {
  JobPeaks peaks;
  if (c.peak_gflops > 0) {
    peaks.hardware_gflops = c.peak_gflops;
    peaks.hardware_source = "log.peak_gflops";
  } else {
    // Each rank looks up its own device; the job has a peak only when every rank's is known.
    const std::string device = current_device_name();
    const double mine = device_peak_gflops(device, c.precision).value_or(0.0);
    const double least = comm::all_reduce_value(world, mine, comm::ReduceOp::min);
    if (least > 0) {
      peaks.hardware_gflops = comm::all_reduce_value(world, mine);
      peaks.hardware_source = fmt::format("{} x {} dense {} peak", world.size(), device, precision_name(c.precision));
    } else {
      peaks.hardware_source = device.empty() ? "host backend: no published peak; set log.peak_gflops"
                                             : fmt::format("'{}' has no published peak in fourfold's table; set "
                                                           "log.peak_gflops", device);
    }
  }
  if (c.gemm_efficiency) peaks.measured_gemm_gflops = measure_job_peak_gflops(world);
  return peaks;
}

}  // namespace

TrainResult train(const TrainConfig& c, const comm::Grid& grid) {
  const bool root = grid.world_rank() == 0;
  const int row_group = grid.coords().data * grid.shape().z + grid.coords().z;
  // A rank blocked past parallel.timeout_s in a collective ends itself, naming the lost peers.
  std::optional<comm::Watchdog> watchdog;
  if (c.timeout_s > 0) watchdog.emplace(grid.world(), c.timeout_s, exit_failure);

  // Everything below is allocated once; the step loop allocates nothing.
  Gpt model(c.model, grid, c.local_micro_batch(), c.seq_len, c.overlap, c.bucket_mb);
  AdamWSettings settings;
  settings.beta1 = static_cast<float>(c.beta1);
  settings.beta2 = static_cast<float>(c.beta2);
  settings.eps = static_cast<float>(c.eps);
  settings.weight_decay = static_cast<float>(c.weight_decay);
  AdamW optimizer(model.params(), model.parameters().extent(0), settings);

  if (!c.out_dir.empty()) {
    checkpoint::together(grid.world(), fmt::format("creating the output directory '{}'", c.out_dir), [&] {
      std::error_code error;
      if (root) std::filesystem::create_directories(c.out_dir, error);
      FF_REQUIRE(!error, "{}", error.message());
    });
  }

  // Where the run starts: a checkpoint to resume (model, moments, step), weights to start
  // from (llm.c file or checkpoint), or the seed.
  std::optional<checkpoint::CheckpointStore> store;
  if (!c.out_dir.empty()) store.emplace(c.out_dir + "/checkpoints", c.checkpoint_keep, grid.world());
  long start_step = 0;
  std::string start_note;
  if (store && c.resume.empty()) {
    // A new run never overwrites what an earlier one saved in the same directory.
    checkpoint::together(grid.world(), "starting a new run", [&] {
      const std::string previous = store->latest();
      FF_REQUIRE(previous.empty() && !std::filesystem::exists(c.out_dir + "/metrics.jsonl"),
                 "--out '{}' already holds a run ({}); continue it with --resume, or choose another --out",
                 c.out_dir, previous.empty() ? std::string("metrics.jsonl") : "checkpoint " + previous);
    });
  }
  if (!c.resume.empty()) {
    const std::string path = c.resume == "latest" ? store->latest() : c.resume;
    FF_REQUIRE(!path.empty(), "--resume: no complete checkpoint in '{}' (nothing to resume)",
               store->directory());
    const comm::BlockedScope io("checkpoint read", &model.grid().world().name(), comm::io_timeout_factor);
    const checkpoint::CheckpointMeta meta = checkpoint::read_checkpoint_file(path, model, &optimizer);
    start_step = meta.state.step;
    FF_REQUIRE(start_step < c.steps, "--resume: checkpoint '{}' is at step {}, not before train.steps = {}",
               path, start_step, c.steps);
    start_note = fmt::format("; resumed from {} (step {}, saved on grid {} by {} ranks)", path, start_step,
                             meta.grid.str(), meta.world_size);
    if (meta.state.batch_size != c.batch_size || meta.state.seq_len != c.seq_len ||
        meta.state.seed != c.seed || meta.state.train_data != c.train_data)
      start_note += fmt::format(
          "\nwarning: the checkpoint was trained with batch {} x {}, seed {}, data '{}'; this run uses "
          "batch {} x {}, seed {}, data '{}': the data stream differs from an uninterrupted run",
          meta.state.batch_size, meta.state.seq_len, meta.state.seed, meta.state.train_data, c.batch_size,
          c.seq_len, c.seed, c.train_data);
  } else if (c.init_from.size() > 3 && c.init_from.substr(c.init_from.size() - 3) == ".h5") {
    const comm::BlockedScope io("checkpoint read", &model.grid().world().name(), comm::io_timeout_factor);
    checkpoint::read_checkpoint_file(c.init_from, model, nullptr);
    start_note = "; weights from checkpoint " + c.init_from;
  } else if (!c.init_from.empty()) {
    checkpoint::load_llmc(c.init_from, model);
    start_note = "; weights from " + c.init_from;
  } else {
    model.init_parameters(c.seed);
  }

  const TokenDataset train_data(c.train_data);
  const TokenLoader train_loader(train_data, c.seq_len, c.batch_size, c.order, c.seed, c.model.vocab_size);
  std::optional<TokenDataset> val_data;
  std::optional<TokenLoader> val_loader;
  std::optional<TokenBatches> val_batches;
  if (!c.val_data.empty()) {
    val_data.emplace(c.val_data);
    val_loader.emplace(*val_data, c.seq_len, c.micro_batch_size, DataOrder::sequential, c.seed,
                       c.model.vocab_size);
    val_batches.emplace(c.val_batches, model.rows());
  }
  TrainStep train_step(model, optimizer, c.micro_steps(), c.grad_clip);

  // Mixed precision covers the start-up GEMM rate, the step loop and validation.
  struct PrecisionScope {
    GemmPrecision saved = gemm_precision();
    explicit PrecisionScope(GemmPrecision p) { set_gemm_precision(p); }
    ~PrecisionScope() { set_gemm_precision(saved); }
    PrecisionScope(const PrecisionScope&) = delete;
    PrecisionScope& operator=(const PrecisionScope&) = delete;
  } precision_scope(c.precision);
  const JobPeaks peaks = job_peaks(c, grid.world());
  const double step_flops = flops_per_step(c);
  const std::string metrics = c.out_dir.empty() ? std::string() : c.out_dir + "/metrics.jsonl";
  std::unique_ptr<Telemetry> telemetry_owner;
  checkpoint::together(grid.world(), "opening the run's output", [&] {
    telemetry_owner = std::make_unique<Telemetry>(root, metrics, start_step, c.log_every);
  });
  Telemetry& telemetry = *telemetry_owner;
  telemetry.note(fmt::format(
      "fourfold-train: {} ({:.1f}M parameters) on grid {} ({} ranks); batch {} x {} tokens in {} "
      "micro-batch(es) of {}; {} steps; overlap {} ({} progress, {} gradient bucket(s)); {}{}",
      c.model.str(), c.model.num_parameters() / 1e6, c.grid.str(), grid.world_size(), c.batch_size,
      c.seq_len, c.micro_steps(), c.micro_batch_size, c.steps, c.overlap.str(),
      comm::progress_mode_name(grid.engine().mode()), model.gradient_buckets(), peaks.describe(), start_note));

  const MemoryPlan memory = model.memory();
  const double optimizer_bytes = 2.0 * sizeof(float) * static_cast<double>(model.parameters().extent(0));
  constexpr double mib = 1024.0 * 1024.0;
  telemetry.note(fmt::format(
      "memory on rank 0: parameters {:.1f} MiB, gradients {:.1f} MiB, optimizer {:.1f} MiB, activations "
      "{:.1f} MiB (attention probabilities {:.1f} MiB per layer), workspaces {:.1f} MiB; total {:.2f} GiB; "
      "GEMM operands {}",
      memory.parameters / mib, memory.gradients / mib, optimizer_bytes / mib, memory.activations / mib,
      memory.attention_probabilities_per_layer / mib, memory.workspaces / mib,
      (static_cast<double>(memory.total()) + optimizer_bytes) / (mib * 1024.0), precision_name(c.precision)));

  TrainResult result;
  const double tokens_per_step = static_cast<double>(c.batch_size) * c.seq_len;
  model.zero_gradients();  // afterwards AdamW leaves them zero after each update
  const long end_step = c.steps_this_run > 0 ? std::min(c.steps, start_step + c.steps_this_run) : c.steps;
  for (long step = start_step; step < end_step; ++step) {
    grid.world().barrier();  // step timing starts together on every rank
    const comm::CommTotals comm_before = comm::comm_totals();
    Stopwatch watch;
    TokenBatches& batches = train_step.batches();
    for (int k = 0; k < c.micro_steps(); ++k) {
      train_loader.fill(step, k, c.micro_batch_size, row_group, c.local_micro_batch(), batches.tokens(k),
                        batches.targets(k));
    }
    const double lr = learning_rate(c, step);
    const StepValues values = train_step.run(lr, step + 1);  // the step's one host wait
    const double seconds = watch.seconds();
    const comm::CommTotals comm = comm::comm_totals() - comm_before;

    StepRecord r;
    r.step = step + 1;
    r.loss = values.loss;
    r.lr = lr;
    r.grad_norm = values.grad_norm;
    r.step_ms = 1e3 * seconds;
    r.comm_ms = 1e3 * comm.exposed_total();
    r.comm_busy_ms = 1e3 * comm.busy_total();
    r.hidden_fraction = comm.hidden_fraction();
    for (int a = 0; a < comm::comm_axis_count; ++a) r.comm_axis_ms[a] = 1e3 * comm.busy[a];
    r.compute_ms = r.step_ms - r.comm_ms;
    r.tokens_per_s = tokens_per_step / seconds;
    if (peaks.hardware_gflops > 0) r.mfu = step_flops / seconds / (peaks.hardware_gflops * 1e9);
    if (peaks.measured_gemm_gflops > 0) r.gemm_efficiency = step_flops / seconds / (peaks.measured_gemm_gflops * 1e9);
    const bool last = step + 1 == end_step;
    if (val_loader && (last || (c.val_every > 0 && (step + 1) % c.val_every == 0))) {
      r.val_loss = validation_loss(train_step, *val_batches, *val_loader, c, row_group);
    }
    telemetry.record(r, last);
    result.steps.push_back(r);
    if (store && (last || (c.checkpoint_every > 0 && (step + 1) % c.checkpoint_every == 0))) {
      save_checkpoint(*store, model, optimizer, c, step + 1, telemetry);
    }
  }
  return result;
}

}  // namespace fourfold
