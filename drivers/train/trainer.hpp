// fourfold's training loop as a library. A Trainer holds one run on one grid: the model, the
// optimizer, the data sources, telemetry and checkpoints, built once (collective over the grid's
// world); then each step() is one optimizer step (micro-batch forward/backward, gradient
// synchronisation, global-norm clipping, AdamW on the schedule), plus the validation and
// checkpoints the configuration schedules. fourfold-train is train() below; other programs
// drive a Trainer themselves with their own TokenSource:
//
//   fourfold::Trainer trainer(config, grid, std::make_shared<MyTokens>());
//   while (!trainer.done()) {
//     const fourfold::StepRecord r = trainer.step();
//     ...r.loss, r.grad_norm, r.tokens_per_s...
//   }
//   trainer.save_checkpoint();
#pragma once

#include "comm/grid.hpp"
#include "drivers/train/telemetry.hpp"
#include "drivers/train/token_source.hpp"
#include "drivers/train/train_config.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace fourfold {

class Gpt;

/// Where a Trainer reports: rank 0 prints a line per log.every steps and start-up facts to
/// `log` (nullptr: nothing), and writes <log.out>/metrics.jsonl when log.out is set.
struct TrainerOutput {
  std::FILE* log = stdout;
};

class Trainer {
 public:
  /// Builds the run (collective over grid.world(); `grid` must outlive the Trainer). The model
  /// starts from config.resume, else config.init_from, else config.seed. train_data: the
  /// training tokens (nullptr: llm.c shards from config.train_data); val_data: validation
  /// tokens, read as config.val_batches steps of config.micro_batch_size sequences (nullptr:
  /// config.val_data when set, else no validation). Every rank passes sources that give the
  /// same tokens.
  Trainer(const TrainConfig& config, const comm::Grid& grid, std::shared_ptr<const TokenSource> train_data = nullptr,
          std::shared_ptr<const TokenSource> val_data = nullptr, TrainerOutput output = {});
  ~Trainer();
  // The model's layers refer to the grid and to each other: a Trainer stays where it was built.
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  /// One optimizer step on the next batch, then validation and a checkpoint when the
  /// configuration schedules them (data.val_every, checkpoint.every, and the run's last step).
  /// Collective. UserError once done().
  StepRecord step();
  /// Optimizer steps completed (those of a resumed checkpoint included).
  long steps_done() const;
  /// True after train.steps steps, or after checkpoint.steps_this_run steps of this run.
  bool done() const;

  /// Mean validation loss (forward only) over config.val_batches batches; collective.
  /// UserError when the run has no validation data.
  double validate();
  /// Saves model, optimizer moments and the step to <log.out>/checkpoints (collective); returns
  /// the file. UserError when log.out is not set or the save fails.
  std::string save_checkpoint();
  /// The save at a stop signal (collective): waits for an asynchronous save in flight, and saves
  /// synchronously unless this step's checkpoint is already complete. Returns what was saved.
  std::string save_at_stop();
  /// The step of this run's newest checkpoint (0: none saved yet).
  long saved_step() const;
  /// Continues from a checkpoint file (or "latest" in <log.out>/checkpoints): parameters,
  /// optimizer moments and the step count, from any grid it was saved on. Collective.
  void load_checkpoint(const std::string& path);

  const TrainConfig& config() const;
  const Gpt& model() const;
  /// Every step() of this Trainer so far.
  const std::vector<StepRecord>& history() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct TrainResult {
  std::vector<StepRecord> steps;  // on every rank (losses are global)
  int stop_signal = 0;            // the signal the run stopped at (stop_signal.hpp), 0 when it ran to the end
};

/// fourfold-train's run: a Trainer on config's token shards, stepped until done() (collective
/// over the grid's world). A SIGUSR1 or SIGTERM on any rank stops it at the next step boundary,
/// on every rank, after a checkpoint of that step (unless the step saved one already, or the run
/// has no log.out to save to): TrainResult::stop_signal names it.
TrainResult train(const TrainConfig& config, const comm::Grid& grid);

/// Model FLOPs of one optimizer step: batch_size x seq_len tokens of model_flops_per_token
/// (drivers/common/model_flops.hpp: 6 N plus attention's 12 L C T per token).
double flops_per_step(const TrainConfig& config);

}  // namespace fourfold
