#include "drivers/train/trainer.hpp"

#include "comm/agree.hpp"
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_model.hpp"
#include "checkpoint/llmc.hpp"
#include "checkpoint/store.hpp"
#include "drivers/train/stop_signal.hpp"
#include "comm/collectives.hpp"
#include "comm/watchdog.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/runtime.hpp"
#include "core/timer.hpp"
#include "drivers/common/device_peak.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/common/model_flops.hpp"
#include "drivers/common/peak_flops.hpp"
#include "drivers/eval/multiple_choice.hpp"
#include "drivers/generate/sampling.hpp"
#include "layers/gpt_decoder.hpp"
#include "text/codec.hpp"
#include "drivers/train/lr_schedule.hpp"
#include "drivers/train/token_loader.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>

namespace fourfold {

double flops_per_step(const TrainConfig& c) {
  const double tokens = static_cast<double>(c.batch_size) * c.seq_len;
  return model_flops_per_token(c.model, c.seq_len) * tokens;
}

namespace {

checkpoint::TrainingState training_state(const TrainConfig& c, long steps_done, const std::string& train_data) {
  checkpoint::TrainingState state;
  state.step = steps_done;
  state.tokens_seen = static_cast<long long>(steps_done) * c.batch_size * c.seq_len;
  state.seed = c.seed;
  state.batch_size = c.batch_size;
  state.seq_len = c.seq_len;
  state.data_order = c.order == DataOrder::sequential ? "sequential" : "shuffled";
  state.train_data = train_data;
  state.lr = c.lr;
  state.min_lr = c.min_lr;
  state.warmup_steps = c.warmup_steps;
  state.total_steps = c.steps;
  state.schedule = c.schedule == Schedule::cosine ? "cosine" : c.schedule == Schedule::linear ? "linear" : "constant";
  state.beta1 = c.beta1;
  state.beta2 = c.beta2;
  state.eps = c.eps;
  state.weight_decay = c.weight_decay;
  return state;
}

}  // namespace

// Named (a member of Trainer::State: no anonymous-namespace type may be, once a unity build puts
// this file inside another).
namespace trainer_detail {

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

}  // namespace trainer_detail

using trainer_detail::JobPeaks;

namespace {

JobPeaks job_peaks(const TrainConfig& c, const comm::Grid& grid) {
  const comm::Communicator& world = grid.world();
  JobPeaks peaks;
  if (c.peak_gflops > 0) {
    peaks.hardware_gflops = c.peak_gflops;
    peaks.hardware_source = fmt::format("log.peak_gflops, taken as the job's {} peak", precision_name(c.precision));
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
  if (c.gemm_efficiency) peaks.measured_gemm_gflops = measure_job_peak_gflops(grid.context(), world);
  return peaks;
}


// Fills `count` rows (sequences first..first+count-1 of `step`) of a micro-batch and checks
// every id against the vocabulary: a source the program wrote is outside data we validated.
void fill_rows(const TokenSource& source, long step, int first, int count, int seq_len, int vocab_size,
               int* tokens, int* targets) {
  const std::size_t T = static_cast<std::size_t>(seq_len);
  for (int j = 0; j < count; ++j) source.sequence(step, first + j, tokens + j * T, targets + j * T);
  for (std::size_t e = 0; e < count * T; ++e) {
    const bool token_ok = tokens[e] >= 0 && tokens[e] < vocab_size;
    const bool target_ok = targets[e] >= 0 && targets[e] < vocab_size;
    if (token_ok && target_ok) continue;
    FF_REQUIRE(false, "token source '{}' gave {} id {} at step {}, sequence {}, position {}: expected [0, {}) "
               "(model.vocab_size)", source.description(), token_ok ? "target" : "token",
               token_ok ? targets[e] : tokens[e], step, first + static_cast<int>(e / T), e % T, vocab_size);
  }
}

}  // namespace

struct Trainer::State {
  State(const TrainConfig& config, const comm::Grid& g, TrainerOutput out)
      : c(config), grid(g), output(out), root(g.world_rank() == 0),
        row_group(g.coords().data * g.shape().z + g.coords().z) {}

  TrainConfig c;
  const comm::Grid& grid;  // outlives the Trainer (documented); Grid is neither copied nor moved
  TrainerOutput output;
  bool root;
  int row_group;  // which rows of each micro-batch this rank holds (token_loader.hpp)
  // A rank blocked past parallel.timeout_s in a collective ends itself, naming the lost peers.
  std::optional<comm::Watchdog> watchdog;
  // Everything below is allocated once; step() allocates nothing.
  std::optional<Gpt> model;
  std::optional<AdamW> optimizer;
  std::optional<checkpoint::CheckpointStore> store;
  std::shared_ptr<const TokenSource> train_data, val_data;
  std::optional<TrainStep> train_step;
  std::optional<TokenBatches> val_batches;
  JobPeaks peaks;
  double step_flops = 0;
  std::unique_ptr<Telemetry> telemetry;
  long steps_done = 0;
  long saved_step = 0;  // this run's newest checkpoint (started, when asynchronous)
  double last_save_s = 0;  // the last synchronous save's time
  long end_step = 0;
  std::vector<StepRecord> history;
  // [log] sample_every: the run's text codec, the prompt's ids and a decoder over the model.
  std::optional<text::Codec> codec;
  std::vector<int> sample_prompt;
  std::optional<GptDecoder> sampler;
  // [eval] tasks, tokenized once at set-up: (name, task).
  std::vector<std::pair<std::string, MultipleChoiceTask>> eval_tasks;

  // Scores every [eval] task with the model as it is (collective; the same scores on every rank).
  std::vector<StepRecord::TaskScore> evaluate_tasks() {
    std::vector<StepRecord::TaskScore> scores;
    for (const auto& [name, task] : eval_tasks) {
      const MultipleChoiceResult result = task.evaluate(*model);
      scores.push_back({name, result.acc(), result.acc_norm(), result.examples});
    }
    return scores;
  }

  // A short generation from the prompt (every rank runs the model; the text is rank 0's to print).
  std::string sample(long step) {
    sampler->reset();
    std::vector<float> logits = sampler->forward(sample_prompt);
    SamplingOptions options;
    options.temperature = 0.8;
    options.top_k = 40;
    options.seed = c.seed + static_cast<std::uint64_t>(step);
    const std::optional<int> eot = codec->end_of_text();
    std::string out;
    for (int i = 0; i < c.sample_tokens; ++i) {
      const int token = sample_token(logits, options, static_cast<std::uint64_t>(i));
      if (eot && token == *eot) break;
      out += codec->push(token);
      if (i + 1 < c.sample_tokens) logits = sampler->forward({token});
    }
    return out + codec->flush();
  }

  long end_of_run(long start) const {
    return c.steps_this_run > 0 ? std::min(c.steps, start + c.steps_this_run) : c.steps;
  }
  // Reads a checkpoint into model and optimizer; returns what the start-up line says of it.
  std::string resume_from(const std::string& requested) {
    const std::string path = requested == "latest" && store ? store->latest() : requested;
    FF_REQUIRE(requested != "latest" || store, "resume from \"latest\" needs log.out: the newest complete "
               "checkpoint is looked up in <log.out>/checkpoints");
    FF_REQUIRE(!path.empty(), "resume: no complete checkpoint in '{}' (nothing to resume)", store->directory());
    const comm::BlockedScope io("checkpoint read", &grid.world().name(), comm::io_timeout_factor);
    const checkpoint::CheckpointMeta meta = checkpoint::read_checkpoint_file(path, *model, &*optimizer);
    if (train_step) train_step->parameters_changed();  // bf16 mode: the next forward rounds them again
    FF_REQUIRE(meta.state.step < c.steps, "resume: checkpoint '{}' is at step {}, not before train.steps = {}", path,
               meta.state.step, c.steps);
    steps_done = meta.state.step;
    end_step = end_of_run(steps_done);
    std::string note = fmt::format("; resumed from {} (step {}, saved on grid {} by {} ranks)", path, steps_done,
                                   meta.grid.str(), meta.world_size);
    const std::string data = train_data->description();
    if (meta.state.batch_size != c.batch_size || meta.state.seq_len != c.seq_len || meta.state.seed != c.seed ||
        meta.state.train_data != data)
      note += fmt::format(
          "\nwarning: the checkpoint was trained with batch {} x {}, seed {}, data '{}'; this run uses "
          "batch {} x {}, seed {}, data '{}': the data stream differs from an uninterrupted run",
          meta.state.batch_size, meta.state.seq_len, meta.state.seed, meta.state.train_data, c.batch_size,
          c.seq_len, c.seed, data);
    return note;
  }

  std::string save() {
    FF_REQUIRE(store, "save_checkpoint: log.out is not set, so there is no checkpoint directory");
    finish_in_flight(nullptr);
    const comm::BlockedScope io("checkpoint save", &grid.world().name(), comm::io_timeout_factor);
    Stopwatch watch;
    const std::string path = store->save(*model, *optimizer, training_state(c, steps_done, train_data->description()));
    saved_step = steps_done;
    last_save_s = watch.seconds();
    telemetry->note(fmt::format("checkpoint: step {} saved to {} ({:.1f} MB in {:.2f} s, {:.0f} MB/s)", steps_done,
                                path, checkpoint_mb(), last_save_s, checkpoint_mb() / last_save_s));
    return path;
  }

  // What a checkpoint holds: parameters and both moments in fp32.
  double checkpoint_mb() const { return 3.0 * 4.0 * static_cast<double>(c.model.num_parameters()) / 1e6; }

  // The outcome of an asynchronous save, the same on every rank at the same step: noted, added to
  // the step's record (when there is one), and a failure thrown (checkpoint.on_failure = "stop")
  // or warned of. The previous checkpoint stays the newest complete one either way.
  void report(const checkpoint::SaveOutcome& o, StepRecord* r) {
    if (r != nullptr) {
      r->checkpoint_write_s = o.write_s;
      r->checkpoint_step = o.step;
    }
    if (o.error.empty()) {
      telemetry->note(fmt::format("checkpoint: step {} saved to {} in the background ({:.1f} MB in {:.2f} s, {:.0f} "
                                  "MB/s)", o.step, o.path, checkpoint_mb(), o.write_s, checkpoint_mb() / o.write_s));
      return;
    }
    if (saved_step == o.step) saved_step = 0;  // not saved after all
    FF_REQUIRE(!c.stop_on_checkpoint_failure, "the asynchronous checkpoint of step {} failed: {}", o.step, o.error);
    std::fprintf(stderr, "fourfold-train [rank %d]: warning: the asynchronous checkpoint of step %ld failed, training "
                 "goes on (checkpoint.on_failure = \"warn\"): %s\n", grid.world_rank(), o.step, o.error.c_str());
    std::fflush(stderr);
  }

  // Waits for a save in flight and reports it.
  void finish_in_flight(StepRecord* r) {
    if (store && store->in_flight()) report(store->finish(), r);
  }

  // A scheduled save after a step: synchronous for the run's last step and without
  // checkpoint.async, else started in the background (after the one in flight, if any, is done).
  void save_after_step(StepRecord& r, bool last) {
    if (!store->async_enabled() || last) {
      save();
      r.checkpoint_blocking_s = last_save_s;
      r.checkpoint_write_s = last_save_s;
      r.checkpoint_step = steps_done;
      return;
    }
    Stopwatch watch;
    finish_in_flight(&r);
    store->save_async(*model, *optimizer, training_state(c, steps_done, train_data->description()));
    saved_step = steps_done;
    r.checkpoint_blocking_s = watch.seconds();
  }

  double validation_loss() {
    FF_REQUIRE(val_data, "validate: the run has no validation data (set data.val or pass a validation TokenSource)");
    const int local = c.local_micro_batch();
    for (int j = 0; j < c.val_batches; ++j)
      fill_rows(*val_data, j, row_group * local, local, c.seq_len, c.model.vocab_size, val_batches->tokens(j),
                val_batches->targets(j));
    return train_step->evaluate(*val_batches, c.val_batches);
  }
};

Trainer::Trainer(const TrainConfig& c, const comm::Grid& grid, std::shared_ptr<const TokenSource> train_data,
                 std::shared_ptr<const TokenSource> val_data, TrainerOutput output)
    : state_(std::make_unique<State>(c, grid, output)) {
  State& s = *state_;
  FF_REQUIRE(c.grid == grid.shape(), "Trainer: the configuration's grid {} is not the grid {} it runs on",
             c.grid.str(), grid.shape().str());
  // One watchdog per process: a second Trainer alive at the same time is watched by the first's.
  if (c.timeout_s > 0 && !comm::Watchdog::any_active()) s.watchdog.emplace(grid.world(), c.timeout_s, exit_failure);

  MemoryOptions memory_options = c.memory;
  memory_options.precision = c.precision;  // bf16: the model reserves its GEMM operand copies
  s.model.emplace(c.model, grid, c.local_micro_batch(), c.seq_len, c.overlap, c.bucket_mb, memory_options);
  AdamWSettings settings;
  settings.beta1 = static_cast<float>(c.beta1);
  settings.beta2 = static_cast<float>(c.beta2);
  settings.eps = static_cast<float>(c.eps);
  settings.weight_decay = static_cast<float>(c.weight_decay);
  s.optimizer.emplace(s.model->params(), s.model->parameters().extent(0), settings, s.model->data_shards(),
                      grid.coords().data);

  // Sources next: a missing shard file is reported before any checkpoint is touched.
  s.train_data = std::move(train_data);
  if (!s.train_data) {
    FF_REQUIRE(!c.train_data.empty(), "Trainer: no training data: set data.train (llm.c token shards) or pass a "
               "TokenSource");
    s.train_data = std::make_shared<ShardTokenSource>(c.train_data, c.seq_len, c.batch_size, c.order, c.seed,
                                                      c.model.vocab_size);
  }
  s.val_data = std::move(val_data);
  if (!s.val_data && !c.val_data.empty())
    s.val_data = std::make_shared<ShardTokenSource>(c.val_data, c.seq_len, c.micro_batch_size, DataOrder::sequential,
                                                    c.seed, c.model.vocab_size);
  if (s.val_data) s.val_batches.emplace(c.val_batches, s.model->rows());

  if (!c.out_dir.empty()) {
    comm::together(grid.world(), fmt::format("creating the output directory '{}'", c.out_dir), [&] {
      std::error_code error;
      if (s.root) std::filesystem::create_directories(c.out_dir, error);
      FF_REQUIRE(!error, "{}", error.message());
    });
    s.store.emplace(c.out_dir + "/checkpoints", checkpoint::Retention{c.checkpoint_keep, c.checkpoint_keep_every},
                    grid.world());
  }
  if (s.store && c.resume.empty()) {
    // A new run never overwrites what an earlier one saved in the same directory.
    comm::together(grid.world(), "starting a new run", [&] {
      const std::string previous = s.store->latest();
      FF_REQUIRE(previous.empty() && !std::filesystem::exists(c.out_dir + "/metrics.jsonl"),
                 "--out '{}' already holds a run ({}); continue it with --resume, or choose another --out",
                 c.out_dir, previous.empty() ? std::string("metrics.jsonl") : "checkpoint " + previous);
    });
  }

  // Where the run starts: a checkpoint to resume (model, moments, step), weights to start
  // from (llm.c file or checkpoint), or the seed.
  s.end_step = s.end_of_run(0);
  std::string start_note;
  if (!c.resume.empty()) {
    start_note = s.resume_from(c.resume);
  } else if (c.init_from.size() > 3 && c.init_from.substr(c.init_from.size() - 3) == ".h5") {
    const comm::BlockedScope io("checkpoint read", &grid.world().name(), comm::io_timeout_factor);
    checkpoint::read_checkpoint_file(c.init_from, *s.model, nullptr);
    start_note = "; weights from checkpoint " + c.init_from;
  } else if (!c.init_from.empty() && std::filesystem::is_directory(c.init_from)) {
    checkpoint::load_hf(checkpoint::HfFolder(c.init_from), *s.model);
    start_note = "; weights from Hugging Face folder " + c.init_from;
  } else if (!c.init_from.empty()) {
    checkpoint::load_llmc(c.init_from, *s.model);
    start_note = "; weights from " + c.init_from;
  } else {
    s.model->init_parameters(c.seed);
  }
  s.train_step.emplace(*s.model, *s.optimizer, c.micro_steps(), c.grad_clip);
  if (!c.eval_tasks.empty()) {
    // Tokenized once with the run's tokenizer (bytes for a 256-token model), its special prefix
    // before each context as fourfold-eval does by default.
    const text::Codec eval_codec(c.tokenizer, c.model.vocab_size);
    FF_REQUIRE(eval_codec.has_text(), "eval.tasks: {} has {} tokens; name its tokenizer in data.tokenizer",
               c.model.str(), c.model.vocab_size);
    for (const std::string& path : c.eval_tasks) {
      std::string name = std::filesystem::path(path).filename().string();
      if (name.size() > 6 && name.substr(name.size() - 6) == ".jsonl") name.resize(name.size() - 6);
      comm::together(grid.world(), fmt::format("reading eval task '{}'", path),
                     [&] { s.eval_tasks.emplace_back(name, MultipleChoiceTask::load(path, eval_codec)); });
    }
  }
  if (c.sample_every > 0) {
    s.codec.emplace(c.tokenizer, c.model.vocab_size);
    FF_REQUIRE(s.codec->has_text(), "log.sample_every = {}: {} has {} tokens; name its tokenizer in data.tokenizer",
               c.sample_every, c.model.str(), c.model.vocab_size);
    s.sample_prompt = s.codec->encode(c.sample_prompt);
    const long positions = static_cast<long>(s.sample_prompt.size()) + c.sample_tokens;
    FF_REQUIRE(positions <= c.model.max_seq_len,
               "log.sample_prompt ({} tokens) and log.sample_tokens = {} need {} positions; the model has {}",
               s.sample_prompt.size(), c.sample_tokens, positions, c.model.max_seq_len);
    s.sampler.emplace(*s.model, static_cast<int>(positions), static_cast<int>(s.sample_prompt.size()));
  }

  // The model set its grid's GEMM precision (c.precision): the start-up GEMM rate, the steps and
  // validation all run at it.
  s.peaks = job_peaks(c, grid);
  s.step_flops = flops_per_step(c);
  const std::string metrics = c.out_dir.empty() ? std::string() : c.out_dir + "/metrics.jsonl";
  comm::together(grid.world(), "opening the run's output", [&] {
    s.telemetry = std::make_unique<Telemetry>(s.root, metrics, s.steps_done, c.log_every, output.log);
  });
  s.telemetry->note(fmt::format(
      "fourfold-train: {} ({:.1f}M parameters) on grid {} ({} ranks); batch {} x {} tokens in {} "
      "micro-batch(es) of {}; {} steps; overlap {} ({} progress, {} row chunk(s), {} gradient bucket(s)); {}{}",
      c.model.str(), c.model.num_parameters() / 1e6, c.grid.str(), grid.world_size(), c.batch_size,
      c.seq_len, c.micro_steps(), c.micro_batch_size, c.steps, c.overlap.str(),
      comm::progress_mode_name(grid.engine().mode()), c.overlap.forward_row_chunks(), s.model->gradient_buckets(),
      s.peaks.describe(), start_note));

  const MemoryPlan memory = s.model->memory();
  const double optimizer_bytes = 2.0 * sizeof(float) * static_cast<double>(s.optimizer->state_size());
  constexpr double mib = 1024.0 * 1024.0;
  s.telemetry->note(fmt::format(
      "memory on rank 0: parameters {:.1f} MiB, gradients {:.1f} MiB, optimizer {:.1f} MiB, activations "
      "{:.1f} MiB (recompute {}: {:.1f} MiB of them shared by the blocks), workspaces {:.1f} MiB (attention "
      "{:.1f} MiB, a chunk of {} rows of logits {:.1f} MiB, bf16 operand copies {:.1f} MiB, NCCL buffers {:.1f} MiB); "
      "total {:.2f} GiB; GEMM operands {}",
      memory.parameters / mib, memory.gradients / mib, optimizer_bytes / mib, memory.activations / mib,
      recompute_name(c.memory.recompute), memory.recompute_buffers / mib, memory.workspaces / mib,
      memory.attention_scratch / mib, s.model->loss_chunk_rows(), memory.loss_chunk / mib,
      memory.gemm_operands / mib, memory.collective_buffers / mib,
      (static_cast<double>(memory.total()) + optimizer_bytes) / (mib * 1024.0), precision_name(c.precision)));
  if (s.store) {
    // Set up last: the host snapshot is the largest allocation after the model's.
    if (!c.checkpoint_async) {
      s.telemetry->note("checkpoints: synchronous (checkpoint.async = false)");
    } else if (s.store->enable_async(*s.model)) {
      s.telemetry->note(fmt::format("checkpoints: asynchronous, through a host snapshot of {:.1f} MiB on this rank",
                                    static_cast<double>(3 * sizeof(float) * s.model->parameters().extent(0)) / mib));
    } else {
      s.telemetry->note("checkpoints: synchronous: the MPI library does not give MPI_THREAD_MULTIPLE, which the "
                        "background writer needs");
    }
  }
  s.model->zero_gradients();  // afterwards AdamW leaves them zero after each update
}

Trainer::~Trainer() = default;

StepRecord Trainer::step() {
  State& s = *state_;
  const TrainConfig& c = s.c;
  FF_REQUIRE(!done(), "Trainer::step: the run is done after {} steps (train.steps = {}, "
             "checkpoint.steps_this_run = {})", s.steps_done, c.steps, c.steps_this_run);
  const long step = s.steps_done;
  s.grid.world().barrier();  // step timing starts together on every rank
  const comm::CommTotals comm_before = s.grid.context().counters().comm_totals();
  Stopwatch watch;
  TokenBatches& batches = s.train_step->batches();
  const int local = c.local_micro_batch();
  for (int k = 0; k < c.micro_steps(); ++k)
    fill_rows(*s.train_data, step, k * c.micro_batch_size + s.row_group * local, local, c.seq_len,
              c.model.vocab_size, batches.tokens(k), batches.targets(k));
  const double lr = learning_rate(c, step);
  const StepValues values = s.train_step->run(lr, step + 1);  // the step's one host wait
  const double seconds = watch.seconds();
  const comm::CommTotals comm = s.grid.context().counters().comm_totals() - comm_before;
  s.steps_done = step + 1;

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
  r.tokens_per_s = static_cast<double>(c.batch_size) * c.seq_len / seconds;
  if (s.peaks.hardware_gflops > 0) {
    r.mfu = s.step_flops / seconds / (s.peaks.hardware_gflops * 1e9);
    r.mfu_peak = precision_name(c.precision);
  }
  if (s.peaks.measured_gemm_gflops > 0)
    r.gemm_efficiency = s.step_flops / seconds / (s.peaks.measured_gemm_gflops * 1e9);
  const bool last = done();
  if (s.val_data && (last || (c.val_every > 0 && (step + 1) % c.val_every == 0))) r.val_loss = s.validation_loss();
  if (!s.eval_tasks.empty() && (last || (c.eval_every > 0 && (step + 1) % c.eval_every == 0))) r.evals = s.evaluate_tasks();
  // Checkpoints before the record, which carries their times. A save in flight is looked at once
  // per step (a 4-byte all-reduce) until every rank's writer is done.
  std::exception_ptr save_failure;
  try {
    if (s.store && s.store->in_flight())
      if (const auto outcome = s.store->poll()) s.report(*outcome, &r);
    if (s.store && (last || (c.checkpoint_every > 0 && (step + 1) % c.checkpoint_every == 0))) {
      try {
        s.save_after_step(r, last);
      } catch (const std::exception& e) {
        if (c.stop_on_checkpoint_failure) throw;
        std::fprintf(stderr, "fourfold-train [rank %d]: warning: checkpoint of step %ld failed, training goes on "
                     "(checkpoint.on_failure = \"warn\"): %s\n", s.grid.world_rank(), s.steps_done, e.what());
        std::fflush(stderr);
      }
    }
  } catch (...) {
    save_failure = std::current_exception();  // thrown once the step is recorded
  }
  s.telemetry->record(r, last);
  s.history.push_back(r);
  if (save_failure) std::rethrow_exception(save_failure);
  if (s.sampler && (step + 1) % c.sample_every == 0) {
    const std::string text = s.sample(step + 1);
    s.telemetry->note(fmt::format("sample at step {}: {}", step + 1, text));
  }
  return r;
}

long Trainer::steps_done() const { return state_->steps_done; }
bool Trainer::done() const { return state_->steps_done >= state_->end_step; }
double Trainer::validate() { return state_->validation_loss(); }
std::string Trainer::save_checkpoint() { return state_->save(); }

std::string Trainer::save_at_stop() {
  State& s = *state_;
  FF_REQUIRE(s.store, "save_at_stop: log.out is not set, so there is no checkpoint directory");
  if (s.store->in_flight()) {
    // A failed background save must not cost the stop its checkpoint: warn, and save now.
    const checkpoint::SaveOutcome outcome = s.store->finish();
    if (outcome.error.empty()) {
      s.report(outcome, nullptr);
      if (outcome.step == s.steps_done) return outcome.path + " (saved by its schedule)";
    } else {
      std::fprintf(stderr, "fourfold-train [rank %d]: warning: the asynchronous checkpoint of step %ld failed (%s); "
                   "saving synchronously at the stop\n", s.grid.world_rank(), outcome.step, outcome.error.c_str());
      std::fflush(stderr);
      return s.save();
    }
  }
  if (s.saved_step == s.steps_done) return s.store->latest() + " (saved by its schedule)";
  return s.save();
}
long Trainer::saved_step() const { return state_->saved_step; }

void Trainer::load_checkpoint(const std::string& path) {
  state_->finish_in_flight(nullptr);
  const std::string note = state_->resume_from(path);
  state_->telemetry->note("checkpoint" + note.substr(1));  // "; resumed from ..." -> "checkpoint: resumed from ..."
}

const TrainConfig& Trainer::config() const { return state_->c; }
const Gpt& Trainer::model() const { return *state_->model; }
const std::vector<StepRecord>& Trainer::history() const { return state_->history; }

TrainResult train(const TrainConfig& config, const comm::Grid& grid) {
  const StopSignals signals;
  Trainer trainer(config, grid);
  TrainResult result;
  while (!trainer.done()) {
    trainer.step();
    // One rank's signal stops every rank at the same step (a 4-byte host all-reduce per step).
    const int signal = comm::all_reduce_value(grid.world(), signals.received(), comm::ReduceOp::max);
    if (signal == 0 || trainer.done()) continue;  // the last step has saved already
    const bool root = grid.world_rank() == 0;
    if (config.out_dir.empty()) {
      if (root)
        std::fprintf(stderr, "fourfold-train: %s at step %ld: no log.out to save to, stopping without a checkpoint\n",
                     StopSignals::name(signal), trainer.steps_done());
    } else {
      const std::string path = trainer.save_at_stop();
      if (root)
        std::printf("fourfold-train: %s at step %ld: checkpoint %s saved, stopping for a requeue (exit status %d)\n",
                    StopSignals::name(signal), trainer.steps_done(), path.c_str(), requeue_exit_status);
    }
    std::fflush(stdout);
    std::fflush(stderr);
    result.stop_signal = signal;
    break;
  }
  result.steps = trainer.history();
  return result;
}

}  // namespace fourfold
