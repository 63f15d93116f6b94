// llm.c GPT-2 checkpoints: a file written here (fp32 and bf16) loads onto every grid with
// every element in its place; an export from any grid reproduces the file byte for byte; bad
// files are rejected with messages naming the problem.
#include "checkpoint/llmc.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace fourfold {
namespace {

// Exactly representable in bf16, distinct enough to catch misplaced elements.
float file_value(std::size_t i) { return static_cast<float>(static_cast<int>(i % 251) - 125) / 64.0f; }

std::string write_llmc(const std::string& name, const GptConfig& c, int version, int magic = 20240326,
                       long truncate_by = 0) {
  const std::string path = test::scratch_dir() + "/" + name;
  if (test::runtime().world_rank() == 0) {
    std::int32_t h[256] = {};
    h[0] = magic;
    h[1] = version;
    h[2] = c.max_seq_len;
    h[3] = c.vocab_size;
    h[4] = c.num_layers;
    h[5] = c.num_heads;
    h[6] = c.channels;
    h[7] = c.padded_vocab_size;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(h, sizeof h, 1, f);
    const auto n = static_cast<std::size_t>(c.num_parameters() - truncate_by);
    for (std::size_t i = 0; i < n; ++i) {
      const float v = file_value(i);
      if (version == 3) {
        std::fwrite(&v, 4, 1, f);
      } else {
        std::uint32_t bits;
        std::memcpy(&bits, &v, 4);
        const std::uint16_t b = bits >> 16;
        std::fwrite(&b, 2, 1, f);
      }
    }
    std::fclose(f);
  }
  MPI_Barrier(test::world());
  return path;
}

void expect_loaded_everywhere(const std::string& path) {
  const GptConfig config = test::small_config();
  const int world = test::runtime().world_size();
  for (const auto& shape : comm::all_grid_shapes(world)) {
    if (config.num_heads % shape.y || config.channels % shape.x) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    Gpt model(config, grid, 1, 4);
    checkpoint::load_llmc(path, model);
    for (const ParamInfo& p : model.params()) {
      const auto values = test::gather_global(model, p, model.parameters());
      const std::size_t base = checkpoint::llmc_tensor_offset(config, p.name);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < values.size(); ++i) wrong += values[i] != file_value(base + i);
      EXPECT_EQ(wrong, 0u) << p.name;
    }
  }
}

TEST(Llmc, Fp32FileLoadsOnEveryGrid) {
  expect_loaded_everywhere(write_llmc("fp32.bin", test::small_config(), 3));
}

TEST(Llmc, Bf16FileLoadsOnEveryGrid) {
  expect_loaded_everywhere(write_llmc("bf16.bin", test::small_config(), 5));
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

TEST(Llmc, ExportFromAnyGridReproducesTheFile) {
  const GptConfig config = test::small_config();
  const std::string original = write_llmc("original.bin", config, 3);
  const std::string original_bf16 = write_llmc("original_bf16.bin", config, 5);
  const int world = test::runtime().world_size();
  for (const auto& shape : comm::all_grid_shapes(world)) {
    if (config.num_heads % shape.y || config.channels % shape.x) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    Gpt model(config, grid, 1, 4);
    checkpoint::load_llmc(original, model);
    const std::string copy = test::scratch_dir() + "/export_" + shape.str() + ".bin";
    checkpoint::save_llmc(copy, model, 3);
    const std::string copy_bf16 = test::scratch_dir() + "/export_bf16_" + shape.str() + ".bin";
    checkpoint::save_llmc(copy_bf16, model, 5);
    if (grid.world_rank() == 0) {
      EXPECT_TRUE(slurp(copy) == slurp(original));
      EXPECT_TRUE(slurp(copy_bf16) == slurp(original_bf16));
    }
  }
}

void expect_rejected(const std::string& path, const std::string& fragment) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  Gpt model(test::small_config(), self, 1, 4);
  try {
    checkpoint::load_llmc(path, model);
    ADD_FAILURE() << "accepted " << path;
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Llmc, BadFilesAreRejectedClearly) {
  const GptConfig config = test::small_config();
  expect_rejected(write_llmc("magic.bin", config, 3, 12345), "magic 12345");
  expect_rejected(write_llmc("version.bin", config, 4), "version 4");
  expect_rejected(write_llmc("short.bin", config, 3, 20240326, 10), "truncated");
  GptConfig deeper = config;
  deeper.num_layers = 3;
  expect_rejected(write_llmc("deeper.bin", deeper, 3), "L=3");
  expect_rejected(test::scratch_dir() + "/missing.bin", "cannot open");
  const checkpoint::LlmcHeader header = checkpoint::read_llmc_header(write_llmc("ok.bin", config, 5));
  EXPECT_EQ(header.version, 5);
  EXPECT_TRUE(header.config == config);
}

}  // namespace
}  // namespace fourfold
