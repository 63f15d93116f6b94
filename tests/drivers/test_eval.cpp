// drivers/eval: on every grid of this world size,
//  * multiple choice on a HellaSwag-layout file (a byte-level GPT-2 of random weights) equals a
//    double-precision scoring of the same choices by the serial reference, example by example
//    (every score, both predictions), for the weights-only model and for a training model of
//    another local batch (what the trainer evaluates on);
//  * evaluate_loss over llm.c shards equals the Trainer's validation loss over the same batches
//    to 1e-6 relative;
//  * tokens as lm-eval-harness takes them, through GPT-2's tokenizer, and a template's special
//    tokens only before the context;
//  * each kind of bad input is refused naming the file and line.
#include "comm/grid.hpp"
#include "drivers/eval/evaluator.hpp"
#include "drivers/eval/multiple_choice.hpp"
#include "drivers/train/token_source.hpp"
#include "drivers/train/train_config.hpp"
#include "drivers/train/trainer.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"
#include "text/utf8.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace fourfold {
namespace {

constexpr int seq_len = 16;

// The small GPT-2 reading bytes: 256 tokens (V_loc divides over every X x Y of up to 4 ranks).
GptConfig byte_config() {
  GptConfig c = test::small_config();
  c.vocab_size = 256;
  c.padded_vocab_size = 256;
  c.max_seq_len = seq_len;
  return c;
}

// A HellaSwag-layout file written by rank 0: 2 to 4 endings, contexts short and longer than a
// sequence (truncated from the left), a context ending in a space (moved to the continuation),
// a string label, a blank line; 7 examples, 21 choices (no multiple of any forward's sequences).
const std::string& hellaswag_file() {
  static const std::string path = [] {
    const std::string p = test::scratch_dir() + "/hellaswag.jsonl";
    if (test::runtime().world_rank() == 0) {
      std::ofstream out(p);
      out << R"({"ctx": "The cat sat on the", "endings": ["mat.", "moon", "roof of a car", "end"], "label": 0})" << "\n"
          << R"({"ctx": "Water is ", "endings": ["wet", "dry"], "label": 1, "ind": 4})" << "\n"
          << "\n"
          << R"({"ctx": "A man is seen speaking to the camera while holding a rope. He", "endings": ["ties a knot.", "jumps", "eats a rope"], "label": "2"})" << "\n"
          << R"({"ctx": "x", "endings": ["y", "z", "xyzzy plugh"], "label": 2})" << "\n"
          << R"({"ctx": "Counting: one, two,", "endings": ["three", "four", "ten"], "label": 0})" << "\n"
          << R"({"ctx": "Hi", "endings": ["there", "!"], "label": 0})" << "\n"
          << R"({"ctx": "Long contexts are cut from the left to fit", "endings": ["its sequence", "b", "c", "d"], "label": 3})" << "\n";
    }
    MPI_Barrier(test::world());
    return p;
  }();
  return path;
}

// The reference's scores of every choice: the model's global parameters in llm.c layout, each
// choice's row (as the task writes it) through the double model, its continuation's log-likelihood.
std::vector<double> reference_scores(const Gpt& model, const MultipleChoiceTask& task) {
  const GptConfig& config = model.config();
  auto params = reference::zero_params(test::to_reference(config));
  for (const ParamInfo& p : model.params()) {
    const std::vector<double> values = test::gather_global(model, p, model.parameters());
    auto [tensor, offset] = test::reference_slot(config, params, p.name);
    std::copy(values.begin(), values.end(), tensor->begin() + static_cast<std::ptrdiff_t>(offset));
  }
  std::vector<double> scores;
  std::vector<int> tokens(seq_len), targets(seq_len);
  for (std::size_t r = 0; r < task.requests().size(); ++r) {
    const int first = task.fill_row(r, seq_len, tokens.data(), targets.data());
    const std::vector<double> losses =
        reference::position_losses(test::to_reference(config), params, tokens, targets, 1, seq_len);
    double sum = 0.0;
    for (int t = 0; t < task.requests()[r].continuation_tokens; ++t) sum -= losses[static_cast<std::size_t>(first + t)];
    scores.push_back(sum);
  }
  return scores;
}

void expect_matches_reference(const MultipleChoiceResult& got, const MultipleChoiceTask& task,
                              const std::vector<double>& want) {
  ASSERT_EQ(got.per_example.size(), task.examples().size());
  const MultipleChoiceResult expected = task.results(want, seq_len);
  EXPECT_EQ(got.correct, expected.correct);
  EXPECT_EQ(got.correct_norm, expected.correct_norm);
  EXPECT_EQ(got.examples, 7);
  for (std::size_t e = 0; e < got.per_example.size(); ++e) {
    const ExampleScores& g = got.per_example[e];
    const ExampleScores& w = expected.per_example[e];
    SCOPED_TRACE("example on line " + std::to_string(w.line));
    EXPECT_EQ(g.line, w.line);
    EXPECT_EQ(g.predicted, w.predicted);
    EXPECT_EQ(g.predicted_norm, w.predicted_norm);
    EXPECT_EQ(g.truncated, w.truncated);
    ASSERT_EQ(g.log_likelihoods.size(), w.log_likelihoods.size());
    for (std::size_t c = 0; c < w.log_likelihoods.size(); ++c)
      EXPECT_NEAR(g.log_likelihoods[c], w.log_likelihoods[c], 2e-5 * std::abs(w.log_likelihoods[c]))
          << "ending " << c;
  }
}

TEST(Eval, MultipleChoiceMatchesTheDoubleReference) {
  const GptConfig config = byte_config();
  const text::Codec codec("", config.vocab_size);
  const MultipleChoiceTask task = MultipleChoiceTask::load(hellaswag_file(), codec);
  ASSERT_EQ(task.requests().size(), 21u);
  // The layout as lm-eval-harness builds it: " " + ending after the context, its trailing space moved.
  EXPECT_EQ(task.requests()[0].continuation_tokens, 5);  // " mat."
  // "Water is " + " " + "wet": lm-eval-harness's context + delimiter + choice, the context's
  // trailing space moved to the continuation ("  wet").
  EXPECT_EQ(task.requests()[4].continuation_tokens, 5);
  EXPECT_EQ(task.requests()[4].tokens.size(), 13u);
  EXPECT_EQ(task.requests()[4].ending_bytes, 3u);
  std::vector<double> want;
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (config.num_heads % shape.y != 0 || config.channels % (shape.x * shape.y) != 0) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    Gpt weights_only(config, grid, 2, seq_len, OverlapOptions::all(), default_bucket_mb,
                     MemoryOptions::weights_only());
    weights_only.init_parameters(5);
    if (want.empty()) want = reference_scores(weights_only, task);  // the same weights on every grid
    expect_matches_reference(task.evaluate(weights_only), task, want);
    // A training model of another local batch, as the trainer holds it.
    Gpt training(config, grid, 3, seq_len);
    training.init_parameters(5);
    expect_matches_reference(task.evaluate(training), task, want);
  }
}

TEST(Eval, LossEqualsTheTrainersValidationLoss) {
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    TrainConfig c = test::tiny_train_config(shape, 3, "");
    if (c.micro_batch_size % (shape.z * shape.data) != 0 || c.model.num_heads % shape.y != 0) continue;
    SCOPED_TRACE("grid " + shape.str());
    c.val_data = test::learnable_corpus();
    c.val_batches = 3;
    const comm::Grid grid(shape, test::world());
    Trainer trainer(c, grid, nullptr, nullptr, TrainerOutput{nullptr});
    trainer.step();  // weights away from their initialisation
    const double want = trainer.validate();
    Gpt model(c.model, grid, c.local_micro_batch(), c.seq_len, OverlapOptions::all(), default_bucket_mb,
              MemoryOptions::weights_only(c.precision));
    Kokkos::deep_copy(model.parameters(), trainer.model().parameters());
    const ShardTokenSource source(c.val_data, c.seq_len, c.micro_batch_size, DataOrder::sequential, c.seed,
                                  c.model.vocab_size);
    const LossResult got = evaluate_loss(model, source, c.val_batches);
    EXPECT_NEAR(got.loss, want, 1e-6 * want);
    EXPECT_EQ(got.tokens, 3LL * c.micro_batch_size * c.seq_len);
    EXPECT_DOUBLE_EQ(got.perplexity, std::exp(got.loss));
    EXPECT_NE(got.json().find("\"perplexity\""), std::string::npos);
  }
}

// Sequence 0 of batch 1 has a token past the vocabulary: read by one row group only.
class BadTokenSource final : public TokenSource {
 public:
  void sequence(long step, int index, int* tokens, int* targets) const override {
    for (int t = 0; t < 16; ++t) tokens[t] = targets[t] = (t + index) % 64;
    if (step == 1 && index == 0) tokens[3] = 64;
  }
  std::string description() const override { return "bad tokens"; }
};

TEST(Eval, LossRefusesATokenOutsideTheVocabularyOnEveryRank) {
  const int world = test::runtime().world_size();
  const comm::Grid grid({1, 1, 1, world}, test::world());
  const TrainConfig c = test::tiny_train_config(grid.shape(), 1, "");
  Gpt model(c.model, grid, 8 / world, c.seq_len, OverlapOptions::all(), default_bucket_mb,
            MemoryOptions::weights_only());
  test::expect_user_error([&] { evaluate_loss(model, BadTokenSource(), 2); },
                          world == 1 ? "evaluate_loss: sequence 0 of batch 1 of 'bad tokens' has token 64 (target 3) "
                                       "at position 3: the model's vocabulary is 0 to 63"
                                     : "evaluate_loss: ");
}

// A file of one example, written by this rank (tokenizer tests).
std::string one_example(const std::string& name, const std::string& line) {
  const std::string path = test::scratch_dir() + "/" + name + "_" + std::to_string(test::runtime().world_rank());
  std::ofstream(path) << line << "\n";
  return path;
}

TEST(Eval, ContinuationTokensAreTheWholeTextsPastTheContexts) {
  const text::Codec gpt2(std::string(FOURFOLD_TEST_DATA_DIR) + "/gpt2/tokenizer.json", 50257);
  const std::string context = "The quick brown fox", ending = "jumps over the lazy dog.";
  const MultipleChoiceTask task = MultipleChoiceTask::load(
      one_example("gpt2.jsonl", R"({"ctx": "The quick brown fox ", "endings": ["jumps over the lazy dog."], "label": 0})"),
      gpt2);
  // lm-eval-harness: the trailing space moves to the continuation ("  jumps..."), whose tokens
  // are those of the whole text past the context's.
  const std::vector<int> own = gpt2.encode(context), whole = gpt2.encode(context + "  " + ending);
  ASSERT_EQ(task.requests().size(), 1u);
  EXPECT_EQ(task.requests()[0].tokens, whole);
  EXPECT_EQ(task.requests()[0].continuation_tokens, static_cast<int>(whole.size() - own.size()));
  EXPECT_EQ(task.requests()[0].ending_bytes, ending.size());
}

// A byte-level tokenizer (tokens 0..255 the bytes) with <s> = 256 and </s> = 257 around every
// text by its template, as test_text_tokenizer builds it.
std::string byte_tokenizer_with_template() {
  std::vector<int> bytes;
  for (int b = '!'; b <= '~'; ++b) bytes.push_back(b);
  for (int b = 0xA1; b <= 0xAC; ++b) bytes.push_back(b);
  for (int b = 0xAE; b <= 0xFF; ++b) bytes.push_back(b);
  std::vector<int> characters = bytes;
  for (int b = 0, n = 0; b < 256; ++b)
    if (std::find(bytes.begin(), bytes.end(), b) == bytes.end()) {
      bytes.push_back(b);
      characters.push_back(256 + n++);
    }
  std::string vocab;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string character;
    text::append_utf8(character, static_cast<char32_t>(characters[i]));
    if (character == "\"" || character == "\\") character = "\\" + character;
    vocab += (vocab.empty() ? "" : ", ") + ("\"" + character + "\": " + std::to_string(bytes[i]));
  }
  return R"({"pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "use_regex": true},
    "added_tokens": [{"id": 256, "content": "<s>", "special": true}, {"id": 257, "content": "</s>", "special": true}],
    "post_processor": {"type": "TemplateProcessing",
      "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                 {"SpecialToken": {"id": "</s>", "type_id": 0}}],
      "special_tokens": {"<s>": {"id": "<s>", "ids": [256]}, "</s>": {"id": "</s>", "ids": [257]}}},
    "model": {"type": "BPE", "vocab": {)" + vocab + R"(}, "merges": []}})";
}

TEST(Eval, SpecialTokensGoOnlyBeforeTheContext) {
  const std::string tokenizer = one_example("template_tokenizer.json", byte_tokenizer_with_template());
  const text::Codec codec(tokenizer, 258);
  const std::string file = one_example("template.jsonl", R"({"ctx": "ab", "endings": ["cd"], "label": 0})");
  const MultipleChoiceTask with = MultipleChoiceTask::load(file, codec);
  EXPECT_EQ(with.requests()[0].tokens, (std::vector<int>{256, 'a', 'b', ' ', 'c', 'd'}));
  EXPECT_EQ(with.requests()[0].continuation_tokens, 3);
  const MultipleChoiceTask without = MultipleChoiceTask::load(file, codec, false);
  EXPECT_EQ(without.requests()[0].tokens, (std::vector<int>{'a', 'b', ' ', 'c', 'd'}));
  // An empty context is scored after the prefix alone, and refused without one.
  const std::string empty = one_example("empty.jsonl", R"({"ctx": "", "endings": ["cd"], "label": 0})");
  EXPECT_EQ(MultipleChoiceTask::load(empty, codec).requests()[0].tokens, (std::vector<int>{256, ' ', 'c', 'd'}));
  test::expect_user_error([&] { MultipleChoiceTask::load(empty, codec, false); }, ":1: the context is empty");
}

// Bad files: each refused naming the file and line, whatever rank reads them.
TEST(Eval, BadMultipleChoiceInputIsRefusedByFileAndLine) {
  const text::Codec codec("", 256);
  const std::string path = test::scratch_dir() + "/bad_" + std::to_string(test::runtime().world_rank()) + ".jsonl";
  const auto refused = [&](const std::string& second_line, const std::string& fragment,
                           const MultipleChoiceFields& fields = MultipleChoiceFields()) {
    {
      std::ofstream out(path);
      out << R"({"ctx": "fine", "endings": ["a", "b"], "label": 1})" << "\n" << second_line << "\n";
    }
    test::expect_user_error([&] { MultipleChoiceTask::load(path, codec, true, fields); }, path + ":2: " + fragment);
  };
  refused("{not json", "not a JSON object");
  refused("[1, 2]", "expected a JSON object");
  refused(R"({"endings": ["a"], "label": 0})", "no field \"ctx\"");
  refused(R"({"ctx": "c", "label": 0})", "no field \"endings\"");
  refused(R"({"ctx": "c", "endings": ["a"]})", "no field \"label\"");
  refused(R"({"ctx": "c", "endings": ["a", "b"], "label": 2})", "\"label\" = 2 is out of range: expected 0 to 1");
  refused(R"({"ctx": "c", "endings": ["a", "b"], "label": -1})", "\"label\" = -1 is out of range");
  refused(R"({"ctx": "c", "endings": ["a", "b"], "label": "one"})", "\"label\" is \"one\", expected an ending's index");
  refused(R"({"ctx": "c", "endings": ["a", ""], "label": 0})", "ending 1 of \"endings\" is empty");
  refused(R"({"ctx": "c", "endings": [], "label": 0})", "\"endings\" has no endings");
  refused(R"({"ctx": "c", "endings": "a", "label": 0})", "\"endings\" is string, expected an array");
  refused(R"({"ctx": 3, "endings": ["a"], "label": 0})", "\"ctx\" is number, expected a string");
  refused(R"({"ctx": "", "endings": ["a"], "label": 0})", "the context is empty");
  MultipleChoiceFields fields;
  fields.context = "question";
  test::expect_user_error([&] { MultipleChoiceTask::load(path, codec, true, fields); },
                          path + ":1: no field \"question\"");
  {
    std::ofstream out(path);
  }
  test::expect_user_error([&] { MultipleChoiceTask::load(path, codec); }, "has no examples");
  test::expect_user_error([&] { MultipleChoiceTask::load(path + ".missing", codec); }, "cannot read");
  // A continuation longer than the model's sequence: refused when evaluated.
  {
    std::ofstream out(path);
    out << R"({"ctx": "c", "endings": ["a much longer ending than sixteen bytes"], "label": 0})" << "\n";
  }
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  Gpt model(byte_config(), self, 1, seq_len, OverlapOptions::all(), default_bucket_mb, MemoryOptions::weights_only());
  const MultipleChoiceTask task = MultipleChoiceTask::load(path, codec);
  test::expect_user_error([&] { task.evaluate(model); }, path + ":1: ending 0 has 40 tokens: more than the model's "
                                                                 "sequence of 16 positions");
}

}  // namespace
}  // namespace fourfold
