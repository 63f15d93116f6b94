// fourfold-prep: text -> llm.c token shards, split into a training and a validation set.
//   fourfold-prep --out DIR [--tokenizer PATH] [--jsonl-field text] [--eot TOKEN|none]
//                 [--val-fraction 0.1] [--split auto|documents|chunks] [--chunk-tokens N]
//                 [--shard-tokens N] [--replace-invalid] [--threads N] INPUT...
// Inputs are text files (one document each) and JSONL files (one document per line), named or
// as glob patterns.
//  * Byte-level (no --tokenizer; the demo's): bytes become tokens 0..255, the text is cut into
//    fixed chunks and every k-th chunk goes to validation (k = 1 / val-fraction), so both sets
//    sample every input; train.bin and val.bin.
//  * --tokenizer (text/tokenizer.hpp): each document is encoded, preceded by the end-of-text
//    token, and every k-th document goes to validation (--split documents), or, as the
//    byte-level route splits, every k-th chunk of --chunk-tokens tokens of the whole token stream
//    (--split chunks: a single book or corpus file). --split auto (the default) splits by chunks
//    where the inputs are plain text files too few for every set to get a document (fewer than
//    k), else by documents. Documents are encoded in parallel, long
//    ones in pieces cut where the pre-tokenizer cuts anyway (a newline before a letter), so the
//    ids equal those of the whole text. uint16 shards when the vocabulary fits, else uint32; a
//    progress bar on a terminal; a final line of documents, tokens and MB/s.
//  * --val-fraction 0: no validation split; only the training shards are written.
//  * --add-special-tokens: each document in the tokenizer's post_processor template (Llama 3's
//    <|begin_of_text|> first), after the end-of-text token.
#include "core/error.hpp"
#include "drivers/prep/documents.hpp"
#include "drivers/prep/shard_writer.hpp"
#include "drivers/train/token_shards.hpp"
#include "text/tokenizer.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

using namespace fourfold;

namespace {

struct Options {
  std::string out_dir, tokenizer, eot, jsonl_field = "text", split = "auto";
  double val_fraction = 0.1;
  std::size_t chunk_bytes = 4096, chunk_tokens = 1024, shard_tokens = 0;
  int threads = 0, token_bytes = 0;
  bool jsonl = false, replace_invalid = false, add_special_tokens = false;
  std::vector<std::string> inputs;
};

// Every k-th document or chunk goes to validation, k = 1 / val-fraction; 0: none does.
std::size_t held_out_every(double val_fraction) {
  return val_fraction > 0 ? static_cast<std::size_t>(std::llround(1.0 / val_fraction)) : 0;
}
bool held_out(std::size_t index, std::size_t every) { return every > 0 && index % every == every - 1; }

// Byte-level: the demo's format, unchanged.
int prep_bytes(const Options& o, const std::vector<std::string>& files) {
  FF_REQUIRE(o.chunk_bytes > 0, "--chunk-bytes must be positive");
  DocumentOptions doc_options{o.jsonl_field, o.jsonl, o.replace_invalid};
  doc_options.check_utf8 = false;  // bytes are bytes: any file tokenises
  DocumentReader reader(files, doc_options);
  std::string text;
  Document doc;
  while (reader.next(doc)) {
    text += doc.text;
    if (!text.empty() && text.back() != '\n') text.push_back('\n');
  }
  const std::size_t every = held_out_every(o.val_fraction);
  std::vector<std::uint32_t> train, val;
  for (std::size_t start = 0, chunk = 0; start < text.size(); start += o.chunk_bytes, ++chunk) {
    auto& target = held_out(chunk, every) ? val : train;
    const std::size_t end = std::min(text.size(), start + o.chunk_bytes);
    for (std::size_t i = start; i < end; ++i) target.push_back(static_cast<unsigned char>(text[i]));
  }
  FF_REQUIRE(!train.empty() && (every == 0 || !val.empty()),
             "{} bytes of text are too few for a train/val split with chunks of {} bytes (--val-fraction 0: no "
             "validation split)",
             text.size(), o.chunk_bytes);
  std::filesystem::create_directories(o.out_dir);
  write_token_shard(o.out_dir + "/train.bin", train);
  if (every > 0) write_token_shard(o.out_dir + "/val.bin", val);
  std::printf("fourfold-prep: %zu files, %zu bytes -> %s/train.bin (%zu tokens), %s, vocab 256\n", files.size(),
              text.size(), o.out_dir.c_str(), train.size(),
              every > 0 ? fmt::format("{}/val.bin ({} tokens)", o.out_dir, val.size()).c_str() : "no validation split");
  return 0;
}

// Where a long document may be cut without changing its ids: after a newline that a letter
// follows (both GPT-2's and Llama 3's patterns end a pre-token there).
std::size_t cut_after(const std::string& text, std::size_t from, std::size_t target) {
  if (text.size() - from <= 2 * target) return text.size();
  for (std::size_t i = from + target; i + 1 < text.size(); ++i) {
    const char next = text[i + 1];
    if (text[i] == '\n' && ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z'))) return i + 1;
  }
  return text.size();
}

class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), terminal_(isatty(STDERR_FILENO) != 0) {}
  void show(std::size_t done, double seconds, bool last = false) {
    if (!terminal_) return;
    const double fraction = total_ > 0 ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total_)) : 1.0;
    const int width = 40, filled = static_cast<int>(fraction * width);
    std::fprintf(stderr, "\r[%s%s] %5.1f%%  %.1f MB/s ", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), '.').c_str(), 100.0 * fraction,
                 seconds > 0 ? static_cast<double>(done) / seconds / 1e6 : 0.0);
    if (last) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  std::size_t total_;
  bool terminal_;
};

int prep_tokens(const Options& o, const std::vector<std::string>& files) {
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const text::Tokenizer tokenizer = text::Tokenizer::load(o.tokenizer);
  std::optional<int> eot;
  if (o.eot.empty()) {
    eot = tokenizer.default_end_of_text();
    FF_REQUIRE(eot.has_value(),
               "tokenizer '{}' has no end-of-text special token (<|endoftext|>, <|end_of_text|>, </s>, ...): name one "
               "with --eot TOKEN, or --eot none",
               tokenizer.origin());
  } else if (o.eot != "none") {
    eot = tokenizer.token_id(o.eot);
    FF_REQUIRE(eot.has_value(), "--eot '{}': tokenizer '{}' has no such token", o.eot, tokenizer.origin());
  }
  FF_REQUIRE(o.token_bytes == 0 || o.token_bytes == 2 || o.token_bytes == 4,
             "--token-bytes {}: expected 2 (uint16), 4 (uint32) or 0 (by the vocabulary)", o.token_bytes);
  const int token_bytes = o.token_bytes != 0 ? o.token_bytes : tokenizer.vocab_size() <= 65536 ? 2 : 4;
  std::filesystem::create_directories(o.out_dir);
  ShardWriter train(o.out_dir, "train", o.shard_tokens, token_bytes), val(o.out_dir, "val", o.shard_tokens, token_bytes);
  DocumentReader reader(files, DocumentOptions{o.jsonl_field, o.jsonl, o.replace_invalid});
  const int threads = o.threads > 0 ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  const std::size_t every = held_out_every(o.val_fraction);
  // By chunks of the token stream where a document split would leave a set without a document:
  // plain text files (one document each; JSONL holds an unknown number) fewer than k.
  bool by_chunks = o.split == "chunks";
  if (o.split == "auto") {
    const bool any_jsonl = o.jsonl || std::any_of(files.begin(), files.end(), [](const std::string& f) {
                             return f.size() >= 6 && f.compare(f.size() - 6, 6, ".jsonl") == 0;
                           });
    by_chunks = every > 0 && !any_jsonl && files.size() < every;
  }
  std::size_t stream_tokens = 0;  // tokens of the whole stream so far (chunk split)
  // --add-special-tokens: the post_processor's template around each document.
  if (o.add_special_tokens) tokenizer.require_special_tokens();
  const std::vector<int> no_ids;
  const std::vector<int>& prefix = o.add_special_tokens ? tokenizer.special_prefix() : no_ids;
  const std::vector<int>& suffix = o.add_special_tokens ? tokenizer.special_suffix() : no_ids;
  constexpr std::size_t batch_bytes = 32u << 20, piece_bytes = 1u << 20;
  Progress progress(reader.total_bytes());
  std::vector<text::Tokenizer::Encoder> encoders;
  for (int t = 0; t < threads; ++t) encoders.emplace_back(tokenizer);
  std::size_t documents = 0, val_documents = 0, text_bytes = 0;
  std::vector<Document> batch;
  Document doc;
  bool more = true;
  while (more) {
    // A batch of documents, cut into pieces that the threads encode in any order.
    batch.clear();
    std::size_t bytes = 0;
    while (bytes < batch_bytes && (more = reader.next(doc))) {
      bytes += doc.text.size();
      batch.push_back(std::move(doc));
    }
    struct Piece {
      std::size_t document, begin, end;
    };
    std::vector<Piece> pieces;
    for (std::size_t d = 0; d < batch.size(); ++d)
      for (std::size_t b = 0; b < batch[d].text.size();) {
        const std::size_t e = cut_after(batch[d].text, b, piece_bytes);
        pieces.push_back({d, b, e});
        b = e;
      }
    std::vector<std::vector<int>> ids(pieces.size());
    std::atomic<std::size_t> next{0}, encoded_bytes{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        try {
          for (std::size_t i; (i = next.fetch_add(1)) < pieces.size();) {
            const Piece& p = pieces[i];
            const std::string_view piece(batch[p.document].text.data() + p.begin, p.end - p.begin);
            encoders[static_cast<std::size_t>(t)].encode_valid(piece, ids[i]);
            encoded_bytes += piece.size();
          }
        } catch (...) {
          const std::lock_guard<std::mutex> lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          next = pieces.size();
        }
      });
    while (next.load() < pieces.size()) {
      progress.show(text_bytes + encoded_bytes.load(), seconds());
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    for (std::thread& w : workers) w.join();
    if (failure) std::rethrow_exception(failure);
    // In document order: the end-of-text token, then the document's pieces.
    std::vector<std::uint32_t> tokens;
    for (std::size_t i = 0, d = 0; d < batch.size(); ++d) {
      tokens.clear();
      if (eot) tokens.push_back(static_cast<std::uint32_t>(*eot));
      tokens.insert(tokens.end(), prefix.begin(), prefix.end());
      for (; i < pieces.size() && pieces[i].document == d; ++i)
        tokens.insert(tokens.end(), ids[i].begin(), ids[i].end());
      tokens.insert(tokens.end(), suffix.begin(), suffix.end());
      if (token_bytes == 2) {
        const auto over = std::find_if(tokens.begin(), tokens.end(), [](std::uint32_t t) { return t > 65535; });
        FF_REQUIRE(over == tokens.end(), "{}: token id {} is over the uint16 range of --token-bytes 2", batch[d].where(),
                   over == tokens.end() ? 0u : *over);
      }
      if (by_chunks) {
        // Cut at the stream's chunk boundaries; each piece goes where its chunk goes.
        for (std::size_t begin = 0; begin < tokens.size();) {
          const std::size_t chunk = stream_tokens / o.chunk_tokens;
          const std::size_t end = std::min(tokens.size(), begin + (chunk + 1) * o.chunk_tokens - stream_tokens);
          (held_out(chunk, every) ? val : train).append(tokens.data() + begin, end - begin);
          stream_tokens += end - begin;
          begin = end;
        }
      } else {
        const bool to_val = held_out(documents, every);
        (to_val ? val : train).append(tokens);
        val_documents += to_val;
      }
      ++documents;
    }
    text_bytes += bytes;
    progress.show(text_bytes, seconds());
  }
  if (by_chunks) {
    FF_REQUIRE(train.tokens() > 0 && val.tokens() > 0,
               "{} tokens are too few for a train/val split by chunks of {} tokens with --val-fraction {} (every {}th "
               "chunk is held out): lower --chunk-tokens, or --val-fraction 0 for no validation split",
               stream_tokens, o.chunk_tokens, o.val_fraction, every);
  } else {
    FF_REQUIRE(documents > val_documents && (every == 0 || val_documents > 0),
               "{} documents are too few for a train/val split with --val-fraction {} (every {}th document is held "
               "out): --split chunks splits the token stream instead, --val-fraction 0 writes no validation split",
               documents, o.val_fraction, every);
  }
  const std::vector<std::string> train_files = train.finish();
  const std::vector<std::string> val_files = every > 0 ? val.finish() : std::vector<std::string>();
  const double s = seconds();
  progress.show(text_bytes, s, true);
  const std::size_t tokens = train.tokens() + val.tokens();
  const std::string held = every == 0  ? std::string("no validation split")
                           : by_chunks ? fmt::format("validation: every {}th chunk of {} tokens", every, o.chunk_tokens)
                                       : fmt::format("{} validation", val_documents);
  std::printf("fourfold-prep: %zu documents (%s), %zu tokens (%zu train in %zu shard(s), %zu val in %zu), "
              "%.1f MB of text in %.2f s: %.2f MB/s, %.0f tokens/s on %d thread(s); vocab %d, uint%d; %zu invalid "
              "sequence(s) replaced\n",
              documents, held.c_str(), tokens, train.tokens(), train_files.size(), val.tokens(), val_files.size(),
              static_cast<double>(text_bytes) / 1e6, s, static_cast<double>(text_bytes) / 1e6 / s,
              static_cast<double>(tokens) / s, threads, tokenizer.vocab_size(), 8 * token_bytes, reader.replaced());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fourfold-prep: text -> llm.c token shards (train and validation)"};
  Options o;
  app.add_option("--out", o.out_dir, "output directory")->required();
  app.add_option("--tokenizer", o.tokenizer,
                 "tokenizer.json, a folder holding one, encoder.json (+ vocab.bpe) or vocab.json (+ merges.txt); "
                 "default: byte-level (tokens 0..255)");
  app.add_option("--eot", o.eot, "end-of-text token put before each document (its text), or none; default: the "
                                 "tokenizer's (<|endoftext|>, <|end_of_text|>, </s>, ...)");
  app.add_flag("--jsonl", o.jsonl, "every input is JSONL (default: files ending in .jsonl)");
  app.add_option("--jsonl-field", o.jsonl_field, "the field of a JSONL line that holds its text")->capture_default_str();
  app.add_option("--val-fraction", o.val_fraction,
                 "share of documents (byte-level, or --split chunks: chunks) held out for validation; 0: no "
                 "validation split")
      ->capture_default_str();
  app.add_option("--split", o.split,
                 "with --tokenizer: documents (every k-th document to validation), chunks (every k-th chunk of "
                 "--chunk-tokens tokens of the token stream) or auto (chunks where plain text files are fewer than k)")
      ->check(CLI::IsMember({"auto", "documents", "chunks"}))
      ->capture_default_str();
  app.add_option("--chunk-tokens", o.chunk_tokens, "--split chunks: tokens per train/val chunk")->capture_default_str();
  app.add_option("--shard-tokens", o.shard_tokens, "tokens per shard (train_000000.bin, ...); 0: one train.bin and one val.bin")
      ->capture_default_str();
  app.add_option("--chunk-bytes", o.chunk_bytes, "byte-level: bytes per train/val chunk")->capture_default_str();
  app.add_option("--threads", o.threads, "encoding threads; 0: one per core")->capture_default_str();
  app.add_option("--token-bytes", o.token_bytes, "shard token width: 2 (uint16), 4 (uint32), 0: uint16 when the vocabulary fits")
      ->capture_default_str();
  app.add_flag("--add-special-tokens", o.add_special_tokens,
               "with --tokenizer: the tokenizer's post_processor template around each document (Llama 3's "
               "<|begin_of_text|> first), after the end-of-text token; default: none, as corpora are prepared");
  app.add_flag("--replace-invalid", o.replace_invalid, "replace invalid UTF-8 by U+FFFD instead of stopping");
  app.add_option("inputs", o.inputs, "text and JSONL files, or glob patterns")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    FF_REQUIRE(o.val_fraction >= 0 && o.val_fraction < 1,
               "--val-fraction {} must be at least 0 (0: no validation split) and below 1", o.val_fraction);
    FF_REQUIRE(o.chunk_tokens > 0, "--chunk-tokens {} must be positive", o.chunk_tokens);
    FF_REQUIRE(o.threads >= 0, "--threads {} must not be negative", o.threads);
    const std::vector<std::string> files = expand_inputs(o.inputs);
    return o.tokenizer.empty() ? prep_bytes(o, files) : prep_tokens(o, files);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fourfold-prep: error: %s\n", e.what());
    return 1;
  }
}
