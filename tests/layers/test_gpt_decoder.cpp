// Generation (layers/gpt_decoder.hpp), GPT-2 and Llama, on every grid of this world size:
//  * greedy generation with the key/value cache, one token per step for 64 new tokens, equals the
//    argmax of a full forward recomputed over the whole sequence at every position, and their
//    logits agree to float rounding;
//  * the decoder's forward of a whole sequence gives the training forward's loss (Gpt::forward):
//    the same model, computed by the layers training verifies against the double reference;
//  * every rank holds the same logits; a cache that would overflow is refused by name.
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
