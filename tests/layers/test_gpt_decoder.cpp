// Generation (layers/gpt_decoder.hpp), GPT-2 and Llama, on every grid of this world size:
//  * greedy generation with the key/value cache, one token per step for 64 new tokens, equals the
//    argmax of a full forward recomputed over the whole sequence at every position, and their
//    logits agree to float rounding;
//  * the decoder's forward of a whole sequence gives the training forward's loss (Gpt::forward):
//    the same model, computed by the layers training verifies against the double reference;
//  * every rank holds the same logits; a cache that would overflow is refused by name;
//  * a batch of prompts of different lengths (fed in chunks, so that short ones wait while long ones
//    are still read, and one stopping early while the others generate) gives each sequence the
//    logits and greedy tokens it gets alone, on every grid.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "gpt_test_support.hpp"
#include "layers/gpt_decoder.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace fourfold {
namespace {

constexpr int prompt_length = 5, new_tokens = 64, positions = prompt_length + new_tokens;

GptConfig generation_config(ModelFamily family) {
  GptConfig c = test::small_config_of(family);
  c.max_seq_len = 80;
  return c;
}

// The model's parameters with their normal-initialised tensors scaled up, so that the logits are
// peaked (0.02 leaves every token nearly equally likely and the argmax a near-tie).
void init_peaked(Gpt& model) {
  model.init_parameters(2024);
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), model.parameters());
  for (const ParamInfo& p : model.params())
    if (p.init == InitKind::normal)
      for (std::size_t i = 0; i < p.size; ++i) host(p.offset + i) *= 12.0f;
  Kokkos::deep_copy(model.parameters(), host);
}

int argmax(const std::vector<float>& logits, std::size_t offset, std::size_t vocab) {
  return static_cast<int>(std::max_element(logits.begin() + offset, logits.begin() + offset + vocab) -
                          (logits.begin() + offset));
}

void expect_same_on_every_rank(const std::vector<float>& values, const comm::Grid& grid) {
  std::vector<float> root = values;
  MPI_Bcast(root.data(), static_cast<int>(root.size()), MPI_FLOAT, 0, grid.world().mpi());
  EXPECT_EQ(std::memcmp(root.data(), values.data(), values.size() * sizeof(float)), 0) << "ranks hold different logits";
}

void check_grid(ModelFamily family, const comm::GridShape& shape) {
  SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
  const GptConfig config = generation_config(family);
  const comm::Grid grid(shape, test::world());
  // Rows split over Z and data in training; the decoder runs the one sequence on every rank.
  Gpt model(config, grid, 4 / (shape.z * shape.data), 16);
  init_peaked(model);
  const std::size_t vocab = static_cast<std::size_t>(config.vocab_size);
  GptDecoder cached(model, positions, positions), full(model, positions, positions);
  std::vector<int> sequence = {3, 17, 42, 8, 29};
  std::vector<float> logits = cached.forward(sequence);  // the prompt in one step
  double worst = 0.0;
  for (int step = 0; step < new_tokens; ++step) {
    const int token = argmax(logits, 0, vocab);
    // The full forward over the whole sequence so far, from an empty cache.
    full.reset();
    const std::vector<float> recomputed = full.forward(sequence);
    ASSERT_EQ(recomputed.size(), vocab);
    double scale = 0.0, diff = 0.0;
    for (std::size_t v = 0; v < vocab; ++v) {
      scale = std::max(scale, static_cast<double>(std::abs(recomputed[v])));
      diff = std::max(diff, static_cast<double>(std::abs(recomputed[v] - logits[v])));
    }
    worst = std::max(worst, diff / scale);
    ASSERT_EQ(token, argmax(recomputed, 0, vocab)) << "step " << step << ": the cached logits pick another token";
    expect_same_on_every_rank(logits, grid);
    sequence.push_back(token);
    if (step + 1 < new_tokens) logits = cached.forward({token});
  }
  EXPECT_LT(worst, 1e-4) << "cached and recomputed logits differ beyond rounding";
  EXPECT_EQ(cached.length(), positions - 1);
  std::set<int> distinct(sequence.begin() + prompt_length, sequence.end());
  EXPECT_GT(distinct.size(), 1u) << "generation repeated one token: the test would not notice a position error";
  test::expect_user_error([&] { cached.forward({1, 2}); }, "pass the 69 positions of the key/value cache");
}

TEST(GptDecoder, CachedGreedyEqualsFullRecomputationOnEveryGrid) {
  int checked = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
    for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, generation_config(family))) continue;
      check_grid(family, shape);
      ++checked;
    }
  EXPECT_GT(checked, 1);
}

// Greedy generation for each prompt: the logits of every step (after its prompt, after each new
// token), through one decoder per prompt or one for the batch. `stops[b]`: new tokens sequence b
// takes (it waits after them, as a sequence at its end-of-text does).
using StepLogits = std::vector<std::vector<std::vector<float>>>;  // [sequence][step] (V)

StepLogits generate_alone(const Gpt& model, const std::vector<std::vector<int>>& prompts, const std::vector<int>& stops,
                          int positions, int chunk) {
  const std::size_t vocab = static_cast<std::size_t>(model.config().vocab_size);
  StepLogits out(prompts.size());
  GptDecoder decoder(model, positions, chunk);
  for (std::size_t b = 0; b < prompts.size(); ++b) {
    decoder.reset();
    std::vector<float> logits;
    for (std::size_t i = 0; i < prompts[b].size(); i += static_cast<std::size_t>(chunk))
      logits = decoder.forward(std::vector<int>(prompts[b].begin() + static_cast<std::ptrdiff_t>(i),
                                                prompts[b].begin() + static_cast<std::ptrdiff_t>(
                                                                         std::min(prompts[b].size(), i + chunk))));
    out[b].push_back(logits);
    for (int step = 1; step < stops[b]; ++step) out[b].push_back(logits = decoder.forward({argmax(logits, 0, vocab)}));
  }
  return out;
}

StepLogits generate_batch(const Gpt& model, const std::vector<std::vector<int>>& prompts, const std::vector<int>& stops,
                          int positions, int chunk) {
  const std::size_t vocab = static_cast<std::size_t>(model.config().vocab_size), batch = prompts.size();
  StepLogits out(batch);
  GptDecoder decoder(model, positions, chunk, static_cast<int>(batch));
  std::vector<std::vector<int>> step(batch);
  std::vector<float> last(batch * vocab);
  for (std::size_t i = 0;; i += static_cast<std::size_t>(chunk)) {  // the prompts, chunk by chunk
    bool any = false;
    for (std::size_t b = 0; b < batch; ++b) {
      const std::size_t from = std::min(prompts[b].size(), i), to = std::min(prompts[b].size(), i + chunk);
      step[b].assign(prompts[b].begin() + static_cast<std::ptrdiff_t>(from), prompts[b].begin() + static_cast<std::ptrdiff_t>(to));
      any = any || !step[b].empty();
    }
    if (!any) break;
    const std::vector<float>& logits = decoder.forward_batch(step);
    for (std::size_t b = 0; b < batch; ++b)
      if (!step[b].empty()) std::copy_n(logits.begin() + b * vocab, vocab, last.begin() + b * vocab);
  }
  for (std::size_t b = 0; b < batch; ++b) out[b].emplace_back(last.begin() + b * vocab, last.begin() + (b + 1) * vocab);
  for (int s = 1; s < *std::max_element(stops.begin(), stops.end()); ++s) {
    for (std::size_t b = 0; b < batch; ++b)
      step[b] = s < stops[b] ? std::vector<int>{argmax(out[b].back(), 0, vocab)} : std::vector<int>{};
    const std::vector<float>& logits = decoder.forward_batch(step);
    for (std::size_t b = 0; b < batch; ++b) {
      if (step[b].empty()) {
        EXPECT_TRUE(std::all_of(logits.begin() + b * vocab, logits.begin() + (b + 1) * vocab, [](float v) { return v == 0.0f; }))
            << "sequence " << b << " was given no token but has logits";
        continue;
      }
      out[b].emplace_back(logits.begin() + b * vocab, logits.begin() + (b + 1) * vocab);
    }
  }
  for (std::size_t b = 0; b < batch; ++b)
    EXPECT_EQ(decoder.length(static_cast<int>(b)), static_cast<int>(prompts[b].size()) + stops[b] - 1);
  return out;
}

void check_batch_on_grid(ModelFamily family, const comm::GridShape& shape) {
  SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str());
  const GptConfig config = generation_config(family);
  const comm::Grid grid(shape, test::world());
  Gpt model(config, grid, 4 / (shape.z * shape.data), 16);
  init_peaked(model);
  // Lengths 5, 1, 11 and 3 in chunks of 4: the second prompt waits from the first chunk on, the
  // long one reads three chunks; the second sequence stops first, the last one second.
  const std::vector<std::vector<int>> prompts = {
      {3, 17, 42, 8, 29}, {11}, {5, 9, 60, 2, 33, 14, 7, 51, 20, 38, 1}, {44, 12, 30}};
  const std::vector<int> stops = {12, 4, 12, 7};
  const int positions = 11 + 12, chunk = 4;
  const StepLogits alone = generate_alone(model, prompts, stops, positions, chunk);
  const StepLogits batched = generate_batch(model, prompts, stops, positions, chunk);
  const std::size_t vocab = static_cast<std::size_t>(config.vocab_size);
  double worst = 0.0;
  for (std::size_t b = 0; b < prompts.size(); ++b) {
    ASSERT_EQ(batched[b].size(), alone[b].size()) << "sequence " << b;
    for (std::size_t s = 0; s < alone[b].size(); ++s) {
      double scale = 0.0, diff = 0.0;
      for (std::size_t v = 0; v < vocab; ++v) {
        scale = std::max(scale, static_cast<double>(std::abs(alone[b][s][v])));
        diff = std::max(diff, static_cast<double>(std::abs(alone[b][s][v] - batched[b][s][v])));
      }
      worst = std::max(worst, diff / scale);
      ASSERT_EQ(argmax(batched[b][s], 0, vocab), argmax(alone[b][s], 0, vocab))
          << "sequence " << b << ", step " << s << ": the batch picks another token than the prompt alone";
      expect_same_on_every_rank(batched[b][s], grid);
    }
  }
  EXPECT_LT(worst, 1e-5) << "batched and single-sequence logits differ beyond rounding";
  // The sequences' logits differ from each other (a mix-up of caches would not go unseen).
  EXPECT_NE(alone[0].back(), alone[2].back());
  EXPECT_NE(alone[1].back(), alone[3].back());
}

TEST(GptDecoder, BatchOfDifferentLengthsEqualsEachPromptAlone) {
  int checked = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
    for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, generation_config(family))) continue;
      check_batch_on_grid(family, shape);
      ++checked;
    }
  EXPECT_GT(checked, 1);
}

TEST(GptDecoder, BatchStepsAreCheckedByName) {
  const GptConfig config = generation_config(ModelFamily::llama);
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  Gpt model(config, self, 1, 16);
  init_peaked(model);
  GptDecoder decoder(model, 8, 4, 2);
  test::expect_user_error([&] { decoder.forward_batch({{1}}); }, "new tokens for 1 sequences; the decoder holds a batch of 2");
  test::expect_user_error([&] { decoder.forward_batch({{}, {}}); }, "a step with no new token in any of the 2 sequences");
  test::expect_user_error([&] { decoder.forward_batch({{1, 2, 3, 4, 5}, {1}}); },
                          "a step of 5 tokens for sequence 0 (0 to 4 per step)");
  test::expect_user_error([&] { decoder.forward_batch({{1}, {999}}); }, "token id 999 of sequence 1 outside the vocabulary");
  decoder.forward_batch({{1, 2, 3, 4}, {5}});
  decoder.forward_batch({{1, 2, 3, 4}, {}});
  test::expect_user_error([&] { decoder.forward_batch({{1}, {2}}); },
                          "1 more tokens after 8 pass the 8 positions of the key/value cache (sequence 0)");
  EXPECT_EQ(decoder.length(0), 8);
  EXPECT_EQ(decoder.length(1), 1);
  test::expect_user_error([&] { (void)decoder.length(2); }, "sequence 2 of a batch of 2");
  test::expect_user_error([&] { GptDecoder(model, 8, 4, 0); }, "a batch of 0 sequences; expected at least 1");
}

// The decoder's forward of whole sequences gives the training forward's mean loss.
TEST(GptDecoder, WholeSequenceLogitsGiveTheTrainingLoss) {
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama}) {
    SCOPED_TRACE(family_name(family));
    const GptConfig config = generation_config(family);
    const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
    const int seq_len = 16, batch = 2;
    Gpt model(config, self, batch, seq_len);
    init_peaked(model);
    const auto rows = test::global_token_rows(batch, seq_len, config.vocab_size, 5);
    const auto [tokens, targets] = test::local_batch_of(model, rows);
    const double training_loss = model.forward(tokens.data(), targets.data());
    GptDecoder decoder(model, seq_len, seq_len);
    double total = 0.0;
    const std::size_t vocab = static_cast<std::size_t>(config.vocab_size);
    for (int b = 0; b < batch; ++b) {
      decoder.reset();
      const std::vector<int> sequence(tokens.begin() + b * seq_len, tokens.begin() + (b + 1) * seq_len);
      const std::vector<float> logits = decoder.forward(sequence, true);
      ASSERT_EQ(logits.size(), vocab * seq_len);
      for (int t = 0; t < seq_len; ++t) {
        const float* row = logits.data() + static_cast<std::size_t>(t) * vocab;
        const float mx = *std::max_element(row, row + vocab);
        double sum = 0.0;
        for (std::size_t v = 0; v < vocab; ++v) sum += std::exp(static_cast<double>(row[v] - mx));
        total += std::log(sum) + mx - row[targets[static_cast<std::size_t>(b * seq_len + t)]];
      }
    }
    EXPECT_NEAR(total / (batch * seq_len), training_loss, 1e-5 * training_loss);
    EXPECT_GT(std::abs(training_loss - std::log(61.0)), 0.1);  // peaked: far from the uniform loss
  }
}

}  // namespace
}  // namespace fourfold
