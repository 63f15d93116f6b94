// The Trainer API: a program's own TokenSource trains exactly like the same tokens read from
// llm.c shards, on every grid; save_checkpoint / load_checkpoint continue a run bit for bit;
// bad ids from a source, steps past the end and validation without data are clear errors.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/train/trainer.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

namespace fourfold {
namespace {

// The learnable corpus (train_test_support) in memory, in llm.c's sequential order for batch B:
// sequence i of step s starts at token (s * B + i) * T.
class CorpusInMemory : public TokenSource {
 public:
  CorpusInMemory(int seq_len, int batch) : seq_len_(seq_len), batch_(batch) {
    for (std::size_t i = 0; i < 30000; ++i) corpus_.push_back(static_cast<int>((i * 7 + (i / 13) % 5) % 64));
  }
  void sequence(long step, int index, int* tokens, int* targets) const override {
    const std::size_t start = (static_cast<std::size_t>(step) * batch_ + index) * seq_len_;
    for (int t = 0; t < seq_len_; ++t) {
      tokens[t] = corpus_.at(start + t);
      targets[t] = corpus_.at(start + t + 1);
    }
  }
  std::string description() const override { return "learnable corpus in memory"; }

 private:
  int seq_len_, batch_;
  std::vector<int> corpus_;
};

// A source whose every sequence ends in an id outside the 64-token vocabulary.
class OutOfVocabulary : public CorpusInMemory {
 public:
  using CorpusInMemory::CorpusInMemory;
  void sequence(long step, int index, int* tokens, int* targets) const override {
    CorpusInMemory::sequence(step, index, tokens, targets);
    tokens[15] = 64;
  }
};

std::vector<double> losses(const std::vector<StepRecord>& steps) {
  std::vector<double> out;
  for (const auto& s : steps) out.push_back(s.loss);
  return out;
}

TEST(Trainer, OwnTokenSourceTrainsLikeTheShardsOnEveryGrid) {
  const auto one_rank = [] {
    const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
    return losses(train(test::tiny_train_config(self.shape(), 6, ""), self).steps);
  }();
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (8 % (shape.z * shape.data) || 4 % shape.y) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    TrainConfig c = test::tiny_train_config(shape, 6, "");
    const auto from_shards = losses(train(c, grid).steps);
    c.train_data.clear();  // only the program's source
    Trainer trainer(c, grid, std::make_shared<CorpusInMemory>(c.seq_len, c.batch_size), nullptr, {nullptr});
    std::vector<double> from_memory;
    while (!trainer.done()) from_memory.push_back(trainer.step().loss);
    EXPECT_EQ(from_memory, from_shards);  // the same tokens: the same run, bit for bit
    EXPECT_EQ(losses(trainer.history()), from_memory);
    EXPECT_EQ(trainer.steps_done(), 6);
    ASSERT_EQ(from_memory.size(), one_rank.size());
    for (std::size_t i = 0; i < one_rank.size(); ++i)
      EXPECT_NEAR(from_memory[i], one_rank[i], 1e-4 * one_rank[i]) << "step " << i + 1;
  }
}

TEST(Trainer, CheckpointThenLoadContinuesBitForBit) {
  const int ranks = test::runtime().world_size();
  const comm::GridShape shape{1, 1, ranks == 4 ? 2 : 1, ranks == 4 ? 2 : ranks};
  const comm::Grid grid(shape, test::world());
  const std::string out = test::scratch_dir() + "/trainer_checkpoint";
  if (test::runtime().world_rank() == 0) std::filesystem::remove_all(out);
  MPI_Barrier(test::world());
  TrainConfig c = test::tiny_train_config(shape, 6, out);
  c.val_data = test::learnable_corpus();
  auto corpus = std::make_shared<CorpusInMemory>(c.seq_len, c.batch_size);

  std::vector<double> uninterrupted;
  std::string saved;
  double validation = 0;
  {
    Trainer trainer(c, grid, corpus, nullptr, {nullptr});
    for (int i = 0; i < 3; ++i) trainer.step();
    saved = trainer.save_checkpoint();
    validation = trainer.validate();
    while (!trainer.done()) uninterrupted.push_back(trainer.step().loss);
  }
  TrainConfig again = c;
  again.out_dir.clear();
  Trainer trainer(again, grid, corpus, nullptr, {nullptr});
  trainer.load_checkpoint(saved);
  EXPECT_EQ(trainer.steps_done(), 3);
  EXPECT_EQ(trainer.validate(), validation);  // the same weights
  std::vector<double> continued;
  while (!trainer.done()) continued.push_back(trainer.step().loss);
  EXPECT_EQ(continued, uninterrupted);
}

TEST(Trainer, BadInputIsAClearError) {
  const comm::Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  TrainConfig c = test::tiny_train_config(grid.shape(), 2, "");
  c.train_data.clear();
  test::expect_user_error([&] { Trainer t(c, grid); }, "no training data");

  Trainer bad(c, grid, std::make_shared<OutOfVocabulary>(c.seq_len, c.batch_size), nullptr, {nullptr});
  test::expect_user_error([&] { bad.step(); }, "gave token id 64 at step 0");
  test::expect_user_error([&] { bad.validate(); }, "no validation data");

  Trainer short_run(c, grid, std::make_shared<CorpusInMemory>(c.seq_len, c.batch_size), nullptr, {nullptr});
  short_run.step();
  short_run.step();
  test::expect_user_error([&] { short_run.step(); }, "the run is done after 2 steps");
  test::expect_user_error([&] { short_run.save_checkpoint(); }, "log.out is not set");

  TrainConfig other_grid = c;
  other_grid.grid = {1, 1, 1, 1};
  if (grid.world_size() > 1)
    test::expect_user_error([&] { Trainer t(other_grid, grid); }, "is not the grid");
}

// [log] sample_every: every N steps rank 0 prints a generation from the prompt; the training
// itself is unchanged by it (the same losses), and it needs text the model can read.
TEST(Trainer, SamplesWhileTrainingWithoutChangingTheRun) {
  const comm::Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  TrainConfig c = test::tiny_train_config(grid.shape(), 4, "");
  const auto plain = losses(train(c, grid).steps);
  c.sample_every = 2;
  c.sample_prompt = "0!";  // bytes 48 and 33: tokens of the 64-token model
  c.sample_tokens = 8;
  const std::string log_path = test::scratch_dir() + "/sample-log-" + std::to_string(test::runtime().world_rank());
  std::FILE* log = std::fopen(log_path.c_str(), "w");
  ASSERT_NE(log, nullptr);
  std::vector<double> sampled;
  {
    Trainer t(c, grid, nullptr, nullptr, {log});
    while (!t.done()) sampled.push_back(t.step().loss);
  }
  std::fclose(log);
  EXPECT_EQ(sampled, plain) << "sampling changed the training run";
  std::ifstream in(log_path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (test::runtime().world_rank() == 0) {
    EXPECT_NE(text.find("sample at step 2: "), std::string::npos) << text;
    EXPECT_NE(text.find("sample at step 4: "), std::string::npos) << text;
    EXPECT_EQ(text.find("sample at step 3: "), std::string::npos) << text;
  }
  TrainConfig no_text = c;
  no_text.model.vocab_size = 300;
  no_text.model.padded_vocab_size = 384;
  test::expect_user_error([&] { Trainer t(no_text, grid); }, "name its tokenizer in data.tokenizer");
  TrainConfig high_bytes = c;
  high_bytes.sample_prompt = "ab";
  test::expect_user_error([&] { Trainer t(high_bytes, grid); }, "byte 0 of the text (0x61) is no token of a model of 64");
}

}  // namespace
}  // namespace fourfold
