// fourfold-generate: text from a trained model, on any grid whose tensor-parallel part divides
// the model, for GPT-2 and Llama.
//   mpirun -n N fourfold-generate --checkpoint CKPT | --init-from DIR|FILE.bin [--grid G]
//       [--tokenizer PATH] --prompt TEXT | --prompt-file F | --prompt-ids "ID ID ..."
//       [--max-new-tokens 64 --temperature 1 --top-k 0 --top-p 1 --seed 1337 --greedy --ids]
// The prompt runs through the model once, then each new token one step at a time against the
// key/value cache (layers/gpt_decoder.hpp), sized for prompt + max-new-tokens and checked against
// the model's context. Every rank computes the same logits and samples the same token (checked);
// rank 0 streams the text as it comes (whole characters only), or with --ids prints the new ids
// on one line. Tokens/s go to stderr. Without --tokenizer a model of 256 tokens reads and writes
// bytes (fourfold-prep's byte level); other models need --tokenizer for text.
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/hf_model.hpp"
#include "checkpoint/llmc.hpp"
#include "checkpoint/llmc_header.hpp"
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/generate/sampling.hpp"
#include "layers/gpt_decoder.hpp"
#include "text/codec.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>

using namespace fourfold;

namespace {

struct Options {
  std::string checkpoint, init_from, grid, tokenizer, prompt, prompt_file, prompt_ids;
  bool no_special_tokens = false;  // the prompt without the tokenizer's template (Llama 3's BOS)
  int max_new_tokens = 64;
  bool ids = false;
  SamplingOptions sampling;
};

GptConfig model_of(const Options& o) {
  if (!o.checkpoint.empty()) return checkpoint::read_checkpoint_meta(o.checkpoint).model;
  if (std::filesystem::is_directory(o.init_from)) return checkpoint::hf_model_config(checkpoint::HfFolder(o.init_from));
  return checkpoint::read_llmc_header(o.init_from).config;
}

std::vector<int> parse_ids(const std::string& text, int vocab) {
  std::istringstream in(text);
  std::vector<int> ids;
  std::string word;
  while (in >> word) {
    std::size_t used = 0;
    long id = -1;
    try {
      id = std::stol(word, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    FF_REQUIRE(used == word.size() && id >= 0 && id < vocab, "--prompt-ids: '{}' is no token id of the model (0 to {})",
               word, vocab - 1);
    ids.push_back(static_cast<int>(id));
  }
  return ids;
}

int run(Runtime& runtime, const Options& o) {
  FF_REQUIRE(o.checkpoint.empty() != o.init_from.empty(), "name the model with --checkpoint FILE.h5 or --init-from PATH (one of them)");
  FF_REQUIRE((!o.prompt.empty()) + (!o.prompt_file.empty()) + (!o.prompt_ids.empty()) == 1,
             "give the prompt once: --prompt TEXT, --prompt-file FILE or --prompt-ids \"ID ID ...\"");
  FF_REQUIRE(o.max_new_tokens >= 1, "--max-new-tokens {}: expected at least 1", o.max_new_tokens);
  validate(o.sampling);
  const GptConfig config = model_of(o);
  text::Codec codec(o.tokenizer, config.vocab_size);
  std::vector<int> prompt;
  if (!o.prompt_ids.empty()) {
    prompt = parse_ids(o.prompt_ids, config.vocab_size);
  } else {
    FF_REQUIRE(codec.has_text(), "{} has {} tokens: give its tokenizer (--tokenizer) for a text prompt, or --prompt-ids",
               config.str(), config.vocab_size);
    std::string text = o.prompt;
    if (!o.prompt_file.empty()) {
      std::ifstream in(o.prompt_file, std::ios::binary);
      FF_REQUIRE(in.good(), "cannot read --prompt-file '{}'", o.prompt_file);
      text.assign(std::istreambuf_iterator<char>(in), {});
    }
    prompt = codec.encode(text, !o.no_special_tokens);
  }
  FF_REQUIRE(!prompt.empty(), "the prompt has no tokens");
  const long positions = static_cast<long>(prompt.size()) + o.max_new_tokens;
  FF_REQUIRE(positions <= config.max_seq_len,
             "a prompt of {} tokens and --max-new-tokens {} need {} positions; {} has a context of {}", prompt.size(),
             o.max_new_tokens, positions, config.str(), config.max_seq_len);
  const comm::GridShape shape =
      o.grid.empty() ? comm::GridShape{1, 1, 1, runtime.world_size()} : comm::GridShape::parse(o.grid);
  const comm::Grid grid(shape, runtime.world());
  // The model's training buffers are sized for one token: generation runs in the decoder's.
  Gpt model(config, grid, 1, 1);
  if (!o.checkpoint.empty()) {
    checkpoint::read_checkpoint_file(o.checkpoint, model, nullptr);
  } else if (std::filesystem::is_directory(o.init_from)) {
    checkpoint::load_hf(checkpoint::HfFolder(o.init_from), model);
  } else {
    checkpoint::load_llmc(o.init_from, model);
  }
  const int prefill = static_cast<int>(std::min<std::size_t>(prompt.size(), 256));
  GptDecoder decoder(model, static_cast<int>(positions), prefill);
  const bool root = runtime.world_rank() == 0;
  const auto start = std::chrono::steady_clock::now();
  std::vector<float> logits;
  for (std::size_t i = 0; i < prompt.size(); i += static_cast<std::size_t>(prefill)) {
    const std::size_t end = std::min(prompt.size(), i + static_cast<std::size_t>(prefill));
    logits = decoder.forward(std::vector<int>(prompt.begin() + static_cast<std::ptrdiff_t>(i), prompt.begin() + static_cast<std::ptrdiff_t>(end)));
  }
  const auto prompt_done = std::chrono::steady_clock::now();
  const std::optional<int> eot = o.ids ? std::nullopt : codec.end_of_text();
  std::vector<int> generated;
  for (int step = 0; step < o.max_new_tokens; ++step) {
    const int token = sample_token(logits, o.sampling, static_cast<std::uint64_t>(step));
    const int lowest = comm::all_reduce_value(grid.world(), token, comm::ReduceOp::min);
    const int highest = comm::all_reduce_value(grid.world(), token, comm::ReduceOp::max);
    FF_REQUIRE(lowest == highest, "ranks sampled different tokens ({} to {}) at step {}: their logits differ", lowest,
               highest, step);
    if (eot && token == *eot) break;
    generated.push_back(token);
    if (root && !o.ids) {
      const std::string out = codec.push(token);
      std::fwrite(out.data(), 1, out.size(), stdout);
      std::fflush(stdout);
    }
    if (step + 1 < o.max_new_tokens) logits = decoder.forward({token});
  }
  const double prompt_s = std::chrono::duration<double>(prompt_done - start).count();
  const double generate_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - prompt_done).count();
  if (root) {
    if (o.ids) {
      for (std::size_t i = 0; i < generated.size(); ++i) std::printf("%s%d", i ? " " : "", generated[i]);
      std::printf("\n");
    } else {
      const std::string rest = codec.flush();
      std::fwrite(rest.data(), 1, rest.size(), stdout);
      std::printf("\n");
    }
    std::fflush(stdout);
    std::fprintf(stderr, "fourfold-generate: %zu new tokens in %.2f s (%.1f tokens/s) after a prompt of %zu tokens in %.2f s; %s on grid %s\n",
                 generated.size(), generate_s, generate_s > 0 ? static_cast<double>(generated.size()) / generate_s : 0.0,
                 prompt.size(), prompt_s, config.str().c_str(), shape.str().c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-generate", [&](Runtime& runtime) {
    CLI::App app{"fourfold-generate: text from a trained model on any grid"};
    Options o;
    app.add_option("--checkpoint", o.checkpoint, "a fourfold checkpoint (.h5)");
    app.add_option("--init-from", o.init_from, "a Hugging Face model folder or an llm.c .bin file");
    app.add_option("--grid", o.grid, "GXxGYxGZxGD (default: all ranks along data, each a replica)");
    app.add_option("--tokenizer", o.tokenizer, "tokenizer.json, a folder holding one, encoder.json or vocab.json; "
                                               "default: bytes for a model of 256 tokens");
    app.add_option("--prompt", o.prompt, "the prompt text");
    app.add_option("--prompt-file", o.prompt_file, "a file holding the prompt text");
    app.add_option("--prompt-ids", o.prompt_ids, "the prompt as token ids, \"ID ID ...\"");
    app.add_flag("--no-special-tokens", o.no_special_tokens,
                 "encode a text prompt without the tokenizer's post_processor template (by default it is applied, as "
                 "transformers does: Llama 3's <|begin_of_text|> first)");
    app.add_option("--max-new-tokens", o.max_new_tokens, "tokens to generate (the prompt and these must fit the context)")
        ->capture_default_str();
    app.add_option("--temperature", o.sampling.temperature, "softmax temperature")->capture_default_str();
    app.add_option("--top-k", o.sampling.top_k, "sample among the k most likely tokens (0: all)")->capture_default_str();
    app.add_option("--top-p", o.sampling.top_p, "sample among the most likely tokens whose probability reaches p")
        ->capture_default_str();
    app.add_option("--seed", o.sampling.seed, "sampling seed (the same on every rank)")->capture_default_str();
    app.add_flag("--greedy", o.sampling.greedy, "always the most likely token");
    app.add_flag("--ids", o.ids, "print the generated ids (not the prompt's) on one line instead of text");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (runtime.world_rank() == 0 || e.get_exit_code() != 0) app.exit(e);
      return e.get_exit_code();
    }
    return run(runtime, o);
  });
}
