// fourfold-eval: a model's loss and perplexity over llm.c token shards, and its accuracy on a
// multiple-choice task in HellaSwag's JSONL layout, on any grid, for GPT-2 and Llama.
//   mpirun -n N fourfold-eval --checkpoint CKPT | --init-from DIR|FILE.bin [--grid G] [--tokenizer PATH]
//       [--data GLOB [--batches N]] [--multiple-choice FILE.jsonl [--per-example OUT.jsonl]]
//       [--seq-len T] [--batch-size B] [--no-special-tokens] [--context-field ctx --endings-field endings
//       --label-field label]
// The model is a weights-only Gpt (no gradients) of B sequences of T tokens per forward, split
// over the grid's Z x data ranks. Rank 0 prints one JSON line per evaluation on stdout:
// {"loss","perplexity","tokens"} for --data (the trainer's validation loss over the same
// micro-batches: [data] val with [train] micro_batch_size = B, val_batches = N), then
// {"acc","acc_norm","correct","correct_norm","examples"} for --multiple-choice, with a progress
// bar on stderr.
#include "comm/agree.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/precision.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/eval/evaluator.hpp"
#include "drivers/eval/model_source.hpp"
#include "drivers/train/token_source.hpp"
#include "drivers/train/train_config.hpp"  // DataOrder
#include "layers/gpt.hpp"
#include "text/codec.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>

using namespace fourfold;

namespace {

struct Options {
  ModelSource model;
  std::string grid, tokenizer, data, multiple_choice, per_example;
  MultipleChoiceFields fields;
  int seq_len = 0;      // 0: the model's max_seq_len
  int batch_size = 0;   // 0: 4 sequences per Z x data rank
  int batches = 0;      // 0: one pass over --data
  bool no_special_tokens = false;
  std::string precision = "fp32";
};

int run(Runtime& runtime, const Options& o) {
  o.model.validate();
  FF_REQUIRE(!o.data.empty() || !o.multiple_choice.empty(),
             "nothing to evaluate: give --data GLOB (loss and perplexity) and/or --multiple-choice FILE.jsonl");
  FF_REQUIRE(o.per_example.empty() || !o.multiple_choice.empty(), "--per-example {} needs --multiple-choice",
             o.per_example);
  FF_REQUIRE(o.batch_size >= 0, "--batch-size {}: expected 0 (4 sequences per Z x data rank) or more", o.batch_size);
  FF_REQUIRE(o.batches >= 0, "--batches {}: expected 0 (one pass over --data) or more", o.batches);
  FF_REQUIRE(o.batches == 0 || !o.data.empty(), "--batches {} needs --data", o.batches);
  const GemmPrecision precision = parse_gemm_precision(o.precision);
  const GptConfig config = model_config(o.model);
  const comm::GridShape shape =
      o.grid.empty() ? comm::GridShape{1, 1, 1, runtime.world_size()} : comm::GridShape::parse(o.grid);
  const comm::Grid grid(shape, runtime.world());
  const int groups = shape.z * shape.data;  // ranks that hold different sequences
  const int batch = o.batch_size > 0 ? o.batch_size : 4 * groups;
  const int seq_len = o.seq_len > 0 ? o.seq_len : config.max_seq_len;
  FF_REQUIRE(batch % groups == 0, "--batch-size {} is not divisible by G_z x G_data = {} (grid {})", batch, groups,
             shape.str());
  FF_REQUIRE(o.seq_len >= 0 && seq_len <= config.max_seq_len, "--seq-len {}: expected 1 to the model's {}", o.seq_len,
             config.max_seq_len);

  // Inputs first, checked on every rank together, before the model is built and loaded.
  const text::Codec codec(o.tokenizer, config.vocab_size);
  std::optional<MultipleChoiceTask> task;
  if (!o.multiple_choice.empty())
    comm::together(grid.world(), "--multiple-choice", [&] {
      task = MultipleChoiceTask::load(o.multiple_choice, codec, !o.no_special_tokens, o.fields);
    });
  std::optional<ShardTokenSource> source;
  if (!o.data.empty())
    comm::together(grid.world(), "--data", [&] {
      source.emplace(o.data, seq_len, batch, DataOrder::sequential, 0, config.vocab_size);
      FF_REQUIRE(source->loader().batches_per_epoch() >= 1,
                 "'{}' holds fewer than one batch of {} sequences of {} tokens", o.data, batch, seq_len);
    });

  Gpt model(config, grid, batch / groups, seq_len, OverlapOptions::all(), default_bucket_mb,
            MemoryOptions::weights_only(precision));
  load_weights(o.model, model);
  const bool root = runtime.world_rank() == 0;
  const auto start = std::chrono::steady_clock::now();
  if (source) {
    const int batches = o.batches > 0 ? o.batches : static_cast<int>(source->loader().batches_per_epoch());
    const LossResult loss = evaluate_loss(model, *source, batches);
    if (root) {
      std::printf("%s\n", loss.json().c_str());
      std::fflush(stdout);
    }
  }
  if (task) {
    MultipleChoiceOptions options;
    options.progress = root;
    const MultipleChoiceResult result = task->evaluate(model, options);
    if (root) {
      std::printf("%s\n", result.json().c_str());
      std::fflush(stdout);
    }
    if (!o.per_example.empty())
      comm::together(grid.world(), "--per-example", [&] {
        if (!root) return;
        std::ofstream out(o.per_example, std::ios::binary | std::ios::trunc);
        FF_REQUIRE(out.good(), "cannot write --per-example '{}'", o.per_example);
        for (const ExampleScores& e : result.per_example) out << MultipleChoiceResult::json(e) << '\n';
        out.close();
        FF_REQUIRE(out.good(), "error writing --per-example '{}'", o.per_example);
      });
  }
  if (root)
    std::fprintf(stderr, "fourfold-eval: %s (%s) on grid %s, %d x %d tokens per forward, in %.2f s\n",
                 config.str().c_str(), o.model.describe().c_str(), shape.str().c_str(), batch, seq_len,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-eval", [&](Runtime& runtime) {
    CLI::App app{"fourfold-eval: loss, perplexity and multiple-choice accuracy of a model on any grid"};
    Options o;
    app.add_option("--checkpoint", o.model.checkpoint, "a fourfold checkpoint (.h5)");
    app.add_option("--init-from", o.model.init_from, "a Hugging Face model folder or an llm.c .bin file");
    app.add_option("--grid", o.grid, "GXxGYxGZxGD (default: all ranks along data)");
    app.add_option("--tokenizer", o.tokenizer, "tokenizer.json, a folder holding one, encoder.json or vocab.json; "
                                               "default: bytes for a model of 256 tokens");
    app.add_option("--data", o.data, "llm.c token shards (a file or glob): loss and perplexity");
    app.add_option("--batches", o.batches, "micro-batches of --data to score (0: one pass over it)")
        ->capture_default_str();
    app.add_option("--multiple-choice", o.multiple_choice, "a JSONL file in HellaSwag's layout (ctx, endings, label)");
    app.add_option("--per-example", o.per_example, "write each example's scores here (JSONL)");
    app.add_option("--context-field", o.fields.context, "the context's field")->capture_default_str();
    app.add_option("--endings-field", o.fields.endings, "the endings' field")->capture_default_str();
    app.add_option("--label-field", o.fields.label, "the right ending's field")->capture_default_str();
    app.add_option("--seq-len", o.seq_len, "tokens per sequence (0: the model's context)")->capture_default_str();
    app.add_option("--batch-size", o.batch_size,
                   "sequences per forward over the grid (0: 4 per Z x data rank); for --data the micro-batch")
        ->capture_default_str();
    app.add_option("--precision", o.precision, "GEMM precision: fp32 or bf16")->capture_default_str();
    app.add_flag("--no-special-tokens", o.no_special_tokens,
                 "no tokenizer template before each context (by default it is applied, as transformers does: "
                 "Llama 3's <|begin_of_text|>)");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (runtime.world_rank() == 0 || e.get_exit_code() != 0) app.exit(e);
      return e.get_exit_code();
    }
    return run(runtime, o);
  });
}
