// fourfold-generate: text from a trained model, on any grid whose tensor-parallel part divides
// the model, for GPT-2 and Llama.
//   mpirun -n N fourfold-generate --checkpoint CKPT | --init-from DIR|FILE.bin [--grid G]
//       [--tokenizer PATH] --prompt TEXT | --prompt-file F | --prompt-ids "ID ID ..."
//       [--max-new-tokens 64 --temperature 1 --top-k 0 --top-p 1 --seed 1337 --greedy --ids --batch-size 32]
// The prompts run through the model once, then each new token one step at a time against the
// key/value cache (layers/gpt_decoder.hpp), sized for the longest prompt + max-new-tokens and
// checked against the model's context. --prompt-file holds one prompt per line, decoded as a batch
// (--batch-size lines at a time, each sequence at its own length and stopping on its own); each
// sequence samples from the stream of --seed keyed by its own step, so a line gets the tokens it
// gets alone (to the rounding of the batch's GEMMs). Every rank computes the same logits and samples
// the same tokens (checked). Rank 0 streams a single prompt's text as it comes (whole characters
// only); a prompt file's completions come as one JSON line per prompt, in input order; --ids
// prints the new ids, one line per prompt. Tokens/s go to stderr. Without --tokenizer a model of
// 256 tokens reads and writes bytes (fourfold-prep's byte level); other models need --tokenizer.
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "comm/mpi_backend.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/eval/model_source.hpp"
#include "drivers/generate/sampling.hpp"
#include "layers/gpt_decoder.hpp"
#include "text/codec.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
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
  int batch_size = 32;  // prompt-file lines decoded together
  bool ids = false;
  SamplingOptions sampling;
};

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

// One prompt: its ids and, from a file, its text and 1-based line.
struct Prompt {
  std::vector<int> ids;
  std::string text;
  int line = 0;
};

// The prompts of --prompt-file: one a line ('\n', a trailing '\r' dropped, so Windows files read
// the same), the last line with or without its newline. An empty line is refused by its number
// rather than skipped, so that output line i always answers input line i.
std::vector<Prompt> read_prompt_file(const std::string& path, const text::Codec& codec, bool special_tokens) {
  std::ifstream in(path, std::ios::binary);
  FF_REQUIRE(in.good(), "cannot read --prompt-file '{}'", path);
  std::vector<Prompt> prompts;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    FF_REQUIRE(!line.empty(), "--prompt-file '{}': line {} is empty; expected one prompt per line, no blank lines",
               path, number);
    Prompt p;
    p.ids = codec.encode(line, special_tokens);
    FF_REQUIRE(!p.ids.empty(), "--prompt-file '{}': line {} has no tokens", path, number);
    p.text = std::move(line);
    p.line = number;
    prompts.push_back(std::move(p));
  }
  FF_REQUIRE(!prompts.empty(), "--prompt-file '{}' holds no prompt; expected one prompt per line", path);
  return prompts;
}

// What a sequence of the batch has generated, and why it stopped.
struct Completion {
  std::vector<int> ids;
  bool end_of_text = false;
};

// JSON of a prompt file's line: {"line", "prompt", "completion", "new_tokens", "stop"}; bytes that
// are no UTF-8 (a byte-level model may write any) become U+FFFD.
std::string json_line(const Prompt& prompt, const std::string& completion, const Completion& c) {
  nlohmann::ordered_json j;  // keys in this order, not sorted
  j["line"] = prompt.line;
  j["prompt"] = prompt.text;
  j["completion"] = completion;
  j["new_tokens"] = c.ids.size();
  j["stop"] = c.end_of_text ? "end_of_text" : "max_new_tokens";
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

int run(Runtime& runtime, const Options& o) {
  const ModelSource source{o.checkpoint, o.init_from};
  source.validate();
  FF_REQUIRE((!o.prompt.empty()) + (!o.prompt_file.empty()) + (!o.prompt_ids.empty()) == 1,
             "give the prompt once: --prompt TEXT, --prompt-file FILE or --prompt-ids \"ID ID ...\"");
  FF_REQUIRE(o.max_new_tokens >= 1, "--max-new-tokens {}: expected at least 1", o.max_new_tokens);
  FF_REQUIRE(o.batch_size >= 1, "--batch-size {}: expected at least 1 prompt at a time", o.batch_size);
  validate(o.sampling);
  const GptConfig config = model_config(source);
  text::Codec codec(o.tokenizer, config.vocab_size);
  const bool from_file = !o.prompt_file.empty();
  std::vector<Prompt> prompts(1);
  if (!o.prompt_ids.empty()) {
    prompts[0].ids = parse_ids(o.prompt_ids, config.vocab_size);
  } else {
    FF_REQUIRE(codec.has_text(), "{} has {} tokens: give its tokenizer (--tokenizer) for a text prompt, or --prompt-ids",
               config.str(), config.vocab_size);
    if (from_file) {
      prompts = read_prompt_file(o.prompt_file, codec, !o.no_special_tokens);
    } else {
      prompts[0].ids = codec.encode(o.prompt, !o.no_special_tokens);
    }
  }
  FF_REQUIRE(!prompts[0].ids.empty(), "the prompt has no tokens");
  std::size_t longest = 0, prompt_tokens = 0;
  for (const Prompt& p : prompts) {
    const long positions = static_cast<long>(p.ids.size()) + o.max_new_tokens;
    FF_REQUIRE(positions <= config.max_seq_len,
               "{}a prompt of {} tokens and --max-new-tokens {} need {} positions; {} has a context of {}",
               from_file ? "--prompt-file '" + o.prompt_file + "' line " + std::to_string(p.line) + ": " : std::string(),
               p.ids.size(), o.max_new_tokens, positions, config.str(), config.max_seq_len);
    longest = std::max(longest, p.ids.size());
    prompt_tokens += p.ids.size();
  }
  const comm::GridShape shape =
      o.grid.empty() ? comm::GridShape{1, 1, 1, runtime.world_size()} : comm::GridShape::parse(o.grid);
  const comm::Grid grid(shape, runtime.world());
  // Weights only (no gradients, no optimizer), with forward buffers for one token: generation runs
  // in the decoder's.
  Gpt model(config, grid, 1, 1, OverlapOptions::all(), default_bucket_mb, MemoryOptions::weights_only());
  load_weights(source, model);
  // B sequences at a time, each prompt read in chunks of `prefill` tokens: about 256 rows per
  // forward step (at least 8 tokens per sequence), as one prompt of 256 tokens was.
  const int batch = static_cast<int>(std::min<std::size_t>(prompts.size(), static_cast<std::size_t>(o.batch_size)));
  const int prefill = static_cast<int>(std::min<std::size_t>(longest, static_cast<std::size_t>(std::max(8, 256 / batch))));
  GptDecoder decoder(model, static_cast<int>(longest) + o.max_new_tokens, prefill, batch);
  const bool root = runtime.world_rank() == 0;
  const bool stream = !from_file && !o.ids;  // one prompt's text, as it comes
  const std::optional<int> eot = o.ids ? std::nullopt : codec.end_of_text();
  const std::size_t vocab = static_cast<std::size_t>(config.vocab_size);
  std::vector<std::vector<int>> step(static_cast<std::size_t>(batch));
  std::vector<std::vector<float>> logits(static_cast<std::size_t>(batch), std::vector<float>(vocab));
  std::vector<int> checked(2 * static_cast<std::size_t>(batch));  // [tokens | -tokens], reduced by min
  std::vector<Completion> done(static_cast<std::size_t>(batch));
  std::size_t new_tokens = 0;
  double prompt_s = 0.0, generate_s = 0.0;
  for (std::size_t group = 0; group < prompts.size(); group += static_cast<std::size_t>(batch)) {
    // Sequence b of the decoder holds prompt group + b; a last, smaller group leaves the others empty.
    const std::size_t size = std::min(prompts.size() - group, static_cast<std::size_t>(batch));
    const auto prompt_of = [&](std::size_t b) -> const std::vector<int>& { return prompts[group + b].ids; };
    decoder.reset();
    for (std::vector<int>& tokens : step) tokens.clear();
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0;; i += static_cast<std::size_t>(prefill)) {
      bool any = false;
      for (std::size_t b = 0; b < size; ++b) {
        const std::vector<int>& ids = prompt_of(b);
        const std::size_t from = std::min(ids.size(), i), to = std::min(ids.size(), i + static_cast<std::size_t>(prefill));
        step[b].assign(ids.begin() + static_cast<std::ptrdiff_t>(from), ids.begin() + static_cast<std::ptrdiff_t>(to));
        any = any || from < to;
      }
      if (!any) break;
      const std::vector<float>& out = decoder.forward_batch(step);
      for (std::size_t b = 0; b < size; ++b)
        if (!step[b].empty()) std::copy_n(out.begin() + static_cast<std::ptrdiff_t>(b * vocab), vocab, logits[b].begin());
    }
    const auto prompt_done = std::chrono::steady_clock::now();
    for (Completion& c : done) c = Completion();
    for (int s = 0; s < o.max_new_tokens; ++s) {
      // Sequence b's token s from the stream of --seed at step s, as the prompt alone draws it.
      bool any = false;
      for (std::size_t b = 0; b < size; ++b) {
        step[b].clear();
        const bool active = !done[b].end_of_text && static_cast<int>(done[b].ids.size()) == s;
        const int token = active ? sample_token(logits[b], o.sampling, static_cast<std::uint64_t>(s)) : -1;
        checked[b] = token;
        checked[static_cast<std::size_t>(batch) + b] = -token;
      }
      if (grid.world().size() > 1)
        comm::mpi_backend::all_reduce(grid.world(), checked.data(), checked.size(), comm::dtype_of<int>(),
                                      comm::ReduceOp::min, false);
      for (std::size_t b = 0; b < size; ++b) {
        const int lowest = checked[b], highest = -checked[static_cast<std::size_t>(batch) + b];
        if (lowest == -1 && highest == -1) continue;  // stopped before
        FF_REQUIRE(lowest == highest, "ranks sampled different tokens ({} to {}) at step {}{}: their logits differ",
                   lowest, highest, s, from_file ? " of line " + std::to_string(prompts[group + b].line) : std::string());
        if (eot && lowest == *eot) {
          done[b].end_of_text = true;
          continue;
        }
        done[b].ids.push_back(lowest);
        if (root && stream) {
          const std::string text = codec.push(lowest);
          std::fwrite(text.data(), 1, text.size(), stdout);
          std::fflush(stdout);
        }
        if (s + 1 < o.max_new_tokens) {
          step[b].push_back(lowest);
          any = true;
        }
      }
      if (!any) break;
      const std::vector<float>& out = decoder.forward_batch(step);
      for (std::size_t b = 0; b < size; ++b)
        if (!step[b].empty()) std::copy_n(out.begin() + static_cast<std::ptrdiff_t>(b * vocab), vocab, logits[b].begin());
    }
    const auto end = std::chrono::steady_clock::now();
    prompt_s += std::chrono::duration<double>(prompt_done - start).count();
    generate_s += std::chrono::duration<double>(end - prompt_done).count();
    for (std::size_t b = 0; b < size; ++b) new_tokens += done[b].ids.size();
    if (!root) continue;
    for (std::size_t b = 0; b < size; ++b) {
      const std::vector<int>& ids = done[b].ids;
      if (o.ids) {
        for (std::size_t i = 0; i < ids.size(); ++i) std::printf("%s%d", i ? " " : "", ids[i]);
        std::printf("\n");
      } else if (stream) {
        const std::string rest = codec.flush();
        std::fwrite(rest.data(), 1, rest.size(), stdout);
        std::printf("\n");
      } else {
        std::string completion;
        for (const int id : ids) completion += codec.push(id);
        completion += codec.flush();
        std::printf("%s\n", json_line(prompts[group + b], completion, done[b]).c_str());
      }
    }
    std::fflush(stdout);
  }
  if (root) {
    const double rate = generate_s > 0 ? static_cast<double>(new_tokens) / generate_s : 0.0;
    if (prompts.size() == 1) {
      std::fprintf(stderr, "fourfold-generate: %zu new tokens in %.2f s (%.1f tokens/s) after a prompt of %zu tokens in %.2f s; %s on grid %s\n",
                   new_tokens, generate_s, rate, prompt_tokens, prompt_s, config.str().c_str(), shape.str().c_str());
    } else {
      std::fprintf(stderr, "fourfold-generate: %zu new tokens of %zu prompts (batches of %d) in %.2f s (%.1f tokens/s) after "
                   "prompts of %zu tokens in %.2f s; %s on grid %s\n",
                   new_tokens, prompts.size(), batch, generate_s, rate, prompt_tokens, prompt_s, config.str().c_str(),
                   shape.str().c_str());
    }
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
    app.add_option("--prompt-file", o.prompt_file,
                   "a file of prompts, one per line (a trailing \\r dropped; an empty line is an error), decoded as a "
                   "batch; prints one JSON line per prompt, in input order: {\"line\": N, \"prompt\": ..., "
                   "\"completion\": ..., \"new_tokens\": N, \"stop\": \"end_of_text\"|\"max_new_tokens\"} "
                   "(with --ids: one line of ids per prompt)");
    app.add_option("--batch-size", o.batch_size,
                   "prompt-file lines decoded together (each sequence gets the tokens it gets alone; more: faster, "
                   "more memory for their key/value caches)")
        ->capture_default_str();
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
    app.add_flag("--ids", o.ids,
                 "print the generated ids (not the prompt's) instead of text, one line per prompt; generation does not "
                 "stop at end-of-text");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (runtime.world_rank() == 0 || e.get_exit_code() != 0) app.exit(e);
      return e.get_exit_code();
    }
    return run(runtime, o);
  });
}
