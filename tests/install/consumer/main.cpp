// A program that trains with an installed fourfold through the Trainer API: its own corpus in
// memory (no files), a 2-layer GPT-2 on every rank of the job (a 1 x 1 x 1 x N grid), a loop of
// step() calls, a checkpoint, and a second Trainer that continues from it.
#include <comm/grid.hpp>
#include <core/runtime.hpp>
#include <drivers/train/trainer.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

// Sequence i of step s: 16 tokens of a repeating pattern over 64 symbols, and the next tokens.
class PatternCorpus : public fourfold::TokenSource {
 public:
  void sequence(long step, int index, int* tokens, int* targets) const override {
    for (long t = 0, start = (step * 8 + index) * 16; t < 16; ++t) {
      tokens[t] = static_cast<int>(((start + t) * 7) % 64);
      targets[t] = static_cast<int>(((start + t + 1) * 7) % 64);
    }
  }
  std::string description() const override { return "pattern corpus in memory"; }
};

int main(int argc, char** argv) {
  fourfold::Runtime runtime(argc, argv);
  fourfold::ConfigValues values;  // the defaults, then a small model and run
  for (const char* setting :
       {"model.num_layers=2", "model.num_heads=4", "model.channels=32", "model.vocab_size=64",
        "model.padded_vocab_size=64", "model.max_seq_len=16", "train.steps=16", "train.warmup_steps=2",
        "train.batch_size=8", "train.seq_len=16", "train.lr=3e-3", "log.every=4", "log.gemm_efficiency=false"})
    values.set(setting, "consumer");
  values.set("log.out", argc > 1 ? argv[1] : "consumer-run", "consumer");
  values.set("parallel.grid", "1x1x1x" + std::to_string(runtime.world_size()), "consumer");
  const fourfold::TrainConfig config =
      fourfold::make_train_config(values, runtime.world_size(), nullptr, fourfold::TrainingTokens::program);
  const fourfold::comm::Grid grid(config.grid, runtime.world());
  auto corpus = std::make_shared<PatternCorpus>();

  std::vector<double> losses;
  std::string checkpoint;
  {
    fourfold::Trainer trainer(config, grid, corpus);
    for (int i = 0; i < 8; ++i) losses.push_back(trainer.step().loss);
    checkpoint = trainer.save_checkpoint();
  }
  fourfold::TrainConfig continued = config;
  continued.out_dir.clear();  // the second Trainer only reads the first one's checkpoint
  fourfold::Trainer trainer(continued, grid, corpus, nullptr, fourfold::TrainerOutput{nullptr});
  trainer.load_checkpoint(checkpoint);
  while (!trainer.done()) losses.push_back(trainer.step().loss);

  const bool ok = losses.size() == 16 && trainer.steps_done() == 16 && losses.back() < 0.8 * losses.front();
  if (runtime.world_rank() == 0)
    std::printf("consumer: %d ranks, loss %.4f -> %.4f over %zu steps (resumed at step 8 from %s): %s\n",
                runtime.world_size(), losses.front(), losses.back(), losses.size(), checkpoint.c_str(),
                ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
