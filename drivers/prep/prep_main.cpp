// fourfold-prep: text files -> byte-level (vocabulary 256) llm.c token shards, split into
// train.bin and val.bin. The text is cut into fixed chunks and every k-th chunk goes to the
// validation set (k = 1 / val-fraction), so both sets sample every input file.
//   fourfold-prep --out DIR [--val-fraction 0.1] [--chunk-bytes 4096] FILE...
#include "core/error.hpp"
#include "drivers/train/token_shards.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

using namespace fourfold;

int main(int argc, char** argv) {
  CLI::App app{"fourfold-prep: text files -> byte-level llm.c token shards (train.bin, val.bin)"};
  std::string out_dir;
  double val_fraction = 0.1;
  std::size_t chunk_bytes = 4096;
  std::vector<std::string> inputs;
  app.add_option("--out", out_dir, "output directory for train.bin and val.bin")->required();
  app.add_option("--val-fraction", val_fraction, "share of chunks held out for validation")->capture_default_str();
  app.add_option("--chunk-bytes", chunk_bytes, "bytes per train/val chunk")->capture_default_str();
  app.add_option("files", inputs, "text files to tokenise (bytes become tokens 0..255)")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    FF_REQUIRE(val_fraction > 0 && val_fraction < 1, "--val-fraction {} must be between 0 and 1", val_fraction);
    FF_REQUIRE(chunk_bytes > 0, "--chunk-bytes must be positive");
    std::string text;
    for (const auto& path : inputs) {
      std::ifstream file(path, std::ios::binary);
      FF_REQUIRE(file.good(), "cannot read '{}'", path);
      text.append(std::istreambuf_iterator<char>(file), {});
      if (!text.empty() && text.back() != '\n') text.push_back('\n');
    }
    const std::size_t every = static_cast<std::size_t>(std::llround(1.0 / val_fraction));
    std::vector<std::uint32_t> train, val;
    for (std::size_t start = 0, chunk = 0; start < text.size(); start += chunk_bytes, ++chunk) {
      auto& target = (chunk % every == every - 1) ? val : train;
      const std::size_t end = std::min(text.size(), start + chunk_bytes);
      for (std::size_t i = start; i < end; ++i) target.push_back(static_cast<unsigned char>(text[i]));
    }
    FF_REQUIRE(!train.empty() && !val.empty(),
               "{} bytes of text are too few for a train/val split with chunks of {} bytes", text.size(),
               chunk_bytes);
    std::filesystem::create_directories(out_dir);
    write_token_shard(out_dir + "/train.bin", train);
    write_token_shard(out_dir + "/val.bin", val);
    std::printf("fourfold-prep: %zu files, %zu bytes -> %s/train.bin (%zu tokens), %s/val.bin (%zu tokens), vocab 256\n",
                inputs.size(), text.size(), out_dir.c_str(), train.size(), out_dir.c_str(), val.size());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fourfold-prep: error: %s\n", e.what());
    return 1;
  }
}
