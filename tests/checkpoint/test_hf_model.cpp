// GPT-2 through Hugging Face folders (checkpoint/hf_model.hpp, hf_gpt2.hpp, and the export in
// checkpoint_file.hpp): an llm.c file imported, saved as a checkpoint, exported to a Hugging Face
// folder and imported from it gives bit-identical parameters on every grid. The exported layout
// is checked against the llm.c file directly (Conv1D weights are the transposes of llm.c's,
// wte keeps only the real vocabulary rows), and a folder as openai-community/gpt2 stores it (no
// "transformer." prefix, the attn.bias buffers, a tied lm_head.weight) loads the same. Bad folders
// are refused on every rank with a message naming the folder, the file and the tensor. A Llama
// folder as transformers stores one (q/k/v and gate/up apart) loads onto every grid with each
// Hugging Face tensor in its rows of fourfold's fused tensors, and its checkpoint exports back to
// the same tensors, in fp32 and bf16.
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_gpt2.hpp"
#include "checkpoint/hf_llama.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/hf_model.hpp"
#include "checkpoint/llmc.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "layers/gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <vector>

namespace fourfold {
namespace {

namespace fs = std::filesystem;
using checkpoint::ElementType;

GptConfig hf_config() {
  GptConfig c = test::small_config();
  c.padded_vocab_size = checkpoint::padded_vocab_for(c.vocab_size);  // 128: what an import pads 61 to
  return c;
}

// Exactly representable in bf16, distinct enough to catch misplaced elements. The padded
// vocabulary rows are zero, as llm.c writes them (a Hugging Face folder does not store them).
float llmc_value(const GptConfig& c, std::size_t i) {
  const std::size_t padded_rows_begin = static_cast<std::size_t>(c.vocab_size) * c.channels;
  const std::size_t wte_end = static_cast<std::size_t>(c.padded_vocab_size) * c.channels;
  if (i >= padded_rows_begin && i < wte_end) return 0.0f;
  return static_cast<float>(static_cast<int>(i % 251) - 125) / 64.0f;
}

std::string scratch(const std::string& name) { return test::scratch_dir() + "/" + name; }

// The llm.c file, then a checkpoint of it (saved from a 1-rank view of the world's first grid),
// exported to a Hugging Face folder by rank 0. Returns the folder.
std::string export_folder(const std::string& name, ElementType type, std::uint64_t shard_bytes) {
  const GptConfig c = hf_config();
  const std::string llmc = scratch(name + ".bin"), ckpt = scratch(name + ".h5"), dir = scratch(name);
  if (test::runtime().world_rank() == 0) {
    std::vector<float> values(static_cast<std::size_t>(c.num_parameters()));
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = llmc_value(c, i);
    checkpoint::write_llmc_file(llmc, c, values);
  }
  MPI_Barrier(test::world());
  {
    const comm::Grid grid(comm::all_grid_shapes(test::runtime().world_size()).front(), test::world());
    Gpt model(c, grid, 1, 4);
    checkpoint::load_llmc(llmc, model);
    checkpoint::TrainingState state;
    state.schedule = "cosine";
    checkpoint::write_checkpoint_file(ckpt, model, nullptr, state);
  }
  if (test::runtime().world_rank() == 0) checkpoint::export_hf_from_checkpoint(ckpt, dir, type, shard_bytes);
  MPI_Barrier(test::world());
  return dir;
}

// Every parameter of a model loaded from `dir`, on every grid, equals the llm.c file's.
void expect_loads_llmc_values(const std::string& dir) {
  const GptConfig c = hf_config();
  const checkpoint::HfFolder folder(dir);
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (c.num_heads % shape.y || c.channels % shape.x) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    Gpt model(c, grid, 1, 4);
    checkpoint::load_hf(folder, model);
    for (const ParamInfo& p : model.params()) {
      const auto values = test::gather_global(model, p, model.parameters());
      const std::size_t base = checkpoint::llmc_tensor_offset(c, p.name);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < values.size(); ++i) wrong += values[i] != llmc_value(c, base + i);
      EXPECT_EQ(wrong, 0u) << p.name;
    }
  }
}

TEST(HfModel, LlmcFileThroughCheckpointAndExportLoadsBitIdenticalOnEveryGrid) {
  const std::string dir = export_folder("gpt2-f32", ElementType::f32, checkpoint::hf_default_shard_bytes);
  EXPECT_TRUE(fs::exists(dir + "/model.safetensors"));
  EXPECT_FALSE(fs::exists(dir + "/model.safetensors.index.json"));
  expect_loads_llmc_values(dir);
}

TEST(HfModel, Bf16ShardedExportLoadsBitIdentical) {
  // Shards of 20 kB: the small model's 56 kB of bf16 tensors take at least three, with the index.
  const std::string dir = export_folder("gpt2-bf16", ElementType::bf16, 20'000);
  EXPECT_TRUE(fs::exists(dir + "/model.safetensors.index.json"));
  EXPECT_FALSE(fs::exists(dir + "/model.safetensors"));
  EXPECT_GE(checkpoint::HfFolder(dir).files().size(), 3u);
  expect_loads_llmc_values(dir);  // every value is a bf16 value: bf16 storage loses nothing
}

TEST(HfModel, ExportIsHuggingFacesLayoutOfTheLlmcFile) {
  const GptConfig c = hf_config();
  const std::string dir = export_folder("gpt2-layout", ElementType::f32, checkpoint::hf_default_shard_bytes);
  const checkpoint::HfFolder folder(dir);
  EXPECT_EQ(folder.config_string("model_type"), "gpt2");
  EXPECT_EQ(folder.config_int("n_embd"), c.channels);
  EXPECT_EQ(folder.config_int("n_positions"), c.max_seq_len);
  EXPECT_EQ(folder.config_int("vocab_size"), c.vocab_size);
  EXPECT_EQ(folder.config_string("torch_dtype"), "float32");
  // c_attn of block 1: stored (in, out) = (C, 3C), element [i][j] = llm.c's qkvw[1][j][i].
  const checkpoint::HfTensor qkv = folder.tensor("transformer.h.1.attn.c_attn.weight");
  ASSERT_EQ(qkv.tensor->shape, (std::vector<std::int64_t>{c.channels, 3 * c.channels}));
  std::vector<float> stored(static_cast<std::size_t>(qkv.tensor->elements()));
  qkv.file->read_all(*qkv.tensor, stored.data());
  const std::size_t base = checkpoint::llmc_tensor_offset(c, "h.1.attn.c_attn.weight");
  std::size_t wrong = 0;
  for (int i = 0; i < c.channels; ++i)
    for (int j = 0; j < 3 * c.channels; ++j)
      wrong += stored[static_cast<std::size_t>(i) * 3 * c.channels + j] !=
               llmc_value(c, base + static_cast<std::size_t>(j) * c.channels + i);
  EXPECT_EQ(wrong, 0u);
  // wte: the real vocabulary's rows only.
  const checkpoint::HfTensor wte = folder.tensor("transformer.wte.weight");
  EXPECT_EQ(wte.tensor->shape, (std::vector<std::int64_t>{c.vocab_size, c.channels}));
  std::vector<float> last_row(static_cast<std::size_t>(c.channels));
  wte.file->read_block(*wte.tensor, c.vocab_size - 1, 1, 0, c.channels, last_row.data());
  EXPECT_EQ(last_row[3], llmc_value(c, static_cast<std::size_t>(c.vocab_size - 1) * c.channels + 3));
}

// A folder as openai-community/gpt2 stores it: GPT2Model names (no prefix), the attn.bias causal
// mask buffers, and a tied lm_head.weight; written here by rank 0 from the llm.c values.
std::string gpt2model_folder(const std::string& name, const std::function<void(std::vector<checkpoint::SafetensorsEntry>&)>& edit = {},
                             const std::string& config_edit = "") {
  const GptConfig c = hf_config();
  const std::string dir = scratch(name);
  if (test::runtime().world_rank() == 0) {
    std::vector<checkpoint::SafetensorsEntry> entries;
    for (const GptTensorSpec& s : gpt_tensors())
      for (int l = 0; tensor_present(s, c) && l < (s.per_block ? c.num_layers : 1); ++l) {
        const auto t = checkpoint::hf_gpt2_tensor(c, s.tensor, l, "");
        entries.push_back({t.name, ElementType::f32, t.shape});
        if (s.tensor == GptTensor::attn_proj_bias)
          entries.push_back({"h." + std::to_string(l) + ".attn.bias", ElementType::f32, {1, 1, 4, 4}});
      }
    entries.push_back({"lm_head.weight", ElementType::f32, {c.vocab_size, c.channels}});
    if (edit) edit(entries);
    std::string config = checkpoint::hf_gpt2_config_json(c, ElementType::f32);
    if (!config_edit.empty()) config = config_edit;
    checkpoint::HfFolderWriter writer(dir, config, entries);
    std::vector<float> values;
    for (const auto& e : entries) {
      values.assign(static_cast<std::size_t>(e.elements()), 1.0f);
      // Parameters: the llm.c file's values in Hugging Face's layout; buffers and head: ones.
      const bool parameter = e.name.find("attn.bias") == std::string::npos || e.shape.size() == 1;
      if (parameter && e.name != "lm_head.weight" && e.name != "h.0.extra") {
        const std::string ours = e.name == "wte.weight" || e.name == "wpe.weight" ? e.name.substr(0, 3) : e.name;
        const auto [tensor, layer] = parse_tensor_name(ours, c.num_layers);
        const auto t = checkpoint::hf_gpt2_tensor(c, tensor, layer, "");
        const GptTensorSpec& s = spec_of(tensor);
        const std::size_t rows = s.rows.of<std::size_t>(c), cols = s.cols.of<std::size_t>(c);
        const std::size_t base = llmc_element_offset(c, tensor, layer);
        for (std::size_t i = 0; i < values.size(); ++i) {
          const std::size_t r = t.transposed ? i % rows : i / cols, col = t.transposed ? i / rows : i % cols;
          values[i] = llmc_value(c, base + r * cols + col);
        }
      }
      writer.write(values.data());
    }
    writer.finish();
  }
  MPI_Barrier(test::world());
  return dir;
}

TEST(HfModel, Gpt2ModelFolderWithBuffersAndTiedHeadLoads) {
  expect_loads_llmc_values(gpt2model_folder("gpt2model"));
}

// `dir` is refused on every rank, with a message containing each fragment.
void expect_refused(const std::string& dir, const std::vector<std::string>& fragments) {
  const GptConfig c = hf_config();
  const comm::Grid grid(comm::all_grid_shapes(test::runtime().world_size()).back(), test::world());
  Gpt model(c, grid, 1, 4);
  for (const std::string& fragment : fragments)
    test::expect_user_error([&] { checkpoint::load_hf(checkpoint::HfFolder(dir), model); }, fragment);
}

TEST(HfModel, BadFoldersAreRefusedOnEveryRank) {
  using Entries = std::vector<checkpoint::SafetensorsEntry>;
  const auto find = [](Entries& e, const std::string& name) -> checkpoint::SafetensorsEntry& {
    for (auto& x : e)
      if (x.name == name) return x;
    throw std::logic_error(name);
  };
  expect_refused(gpt2model_folder("bad-shape", [&](Entries& e) { find(e, "h.1.mlp.c_fc.weight").shape = {128, 32}; }),
                 {"tensor 'h.1.mlp.c_fc.weight'", "has shape [128, 32]", "gives it [32, 128]", "bad-shape"});
  expect_refused(gpt2model_folder("bad-extra", [&](Entries& e) { e.push_back({"h.0.extra", ElementType::f32, {3}}); }),
                 {"unexpected tensor 'h.0.extra'"});
  expect_refused(gpt2model_folder("bad-missing",
                                  [&](Entries& e) {
                                    e.erase(std::find_if(e.begin(), e.end(),
                                                         [](const auto& x) { return x.name == "ln_f.bias"; }));
                                  }),
                 {"holds no tensor 'ln_f.bias'"});
  const GptConfig c = hf_config();
  std::string bert = checkpoint::hf_gpt2_config_json(c, ElementType::f32);
  bert.replace(bert.find("\"gpt2\""), 6, "\"bert\"");
  expect_refused(gpt2model_folder("bad-type", {}, bert), {"model_type 'bert'"});
  GptConfig deeper = c;
  deeper.num_layers = 3;
  expect_refused(gpt2model_folder("bad-depth", {}, checkpoint::hf_gpt2_config_json(deeper, ElementType::f32)),
                 {"but the model is"});
  std::string relu = checkpoint::hf_gpt2_config_json(c, ElementType::f32);
  relu.replace(relu.find("gelu_new"), 8, "relu");
  expect_refused(gpt2model_folder("bad-act", {}, relu), {"activation_function 'relu'"});
}

// ---- Llama -------------------------------------------------------------------------------

GptConfig hf_llama() {
  GptConfig c = test::small_llama_config();
  c.padded_vocab_size = checkpoint::padded_vocab_for(c.vocab_size);  // 128, as an import pads 61
  return c;
}

// A distinct bf16-exact value for element i of the Hugging Face tensor `name`.
float hf_value(const std::string& name, std::size_t i) {
  const std::size_t salt = std::hash<std::string>()(name) % 97;
  return static_cast<float>(static_cast<int>((i + salt) % 251) - 125) / 64.0f;
}

// A LlamaForCausalLM folder of hf_llama(), written by rank 0 tensor by tensor as transformers names
// and shapes them.
std::string llama_folder(const std::string& name) {
  const GptConfig c = hf_llama();
  const std::string dir = scratch(name);
  if (test::runtime().world_rank() == 0) {
    const std::vector<checkpoint::SafetensorsEntry> entries = checkpoint::hf_export_layout(c, ElementType::f32).entries;
    checkpoint::HfFolderWriter writer(dir, checkpoint::hf_llama_config_json(c, ElementType::f32), entries);
    std::vector<float> values;
    for (const auto& e : entries) {
      values.resize(static_cast<std::size_t>(e.elements()));
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = hf_value(e.name, i);
      writer.write(values.data());
    }
    writer.finish();
  }
  MPI_Barrier(test::world());
  return dir;
}

// Element i of fourfold's tensor `p` (global layout) as the folder stores it: from the piece that
// holds its row, zero in a padded vocabulary row.
float expected_llama_value(const GptConfig& c, const ParamInfo& p, std::size_t i) {
  const std::size_t cols = p.is_vector ? p.rows : p.cols;
  const auto row = static_cast<std::int64_t>(i / cols);
  for (const checkpoint::HfPiece& piece : checkpoint::hf_llama_pieces(c, static_cast<GptTensor>(p.tensor), p.layer))
    if (row >= piece.first_row && row < piece.first_row + piece.rows)
      return hf_value(piece.name, static_cast<std::size_t>(row - piece.first_row) * cols + i % cols);
  return 0.0f;
}

TEST(HfModel, LlamaFolderLoadsOnEveryGridAndItsCheckpointExportsTheSameTensors) {
  const GptConfig c = hf_llama();
  const std::string dir = llama_folder("llama-hf");
  EXPECT_TRUE(checkpoint::hf_model_config(checkpoint::HfFolder(dir)) == c);
  const std::string ckpt = scratch("llama-hf.h5");
  int checked = 0;
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!test::fits_small_run(shape, c)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    Gpt model(c, grid, 4 / (shape.z * shape.data), 4);
    checkpoint::load_hf(checkpoint::HfFolder(dir), model);
    for (const ParamInfo& p : model.params()) {
      const auto values = test::gather_global(model, p, model.parameters());
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < values.size(); ++i) wrong += values[i] != expected_llama_value(c, p, i);
      EXPECT_EQ(wrong, 0u) << p.name;
    }
    if (checked++ == 0) {
      checkpoint::TrainingState state;
      state.schedule = "cosine";
      checkpoint::write_checkpoint_file(ckpt, model, nullptr, state);
    }
  }
  ASSERT_GT(checked, 0);
  // The export holds the folder's tensors, each with its values (bf16: every value is a bf16 value).
  for (const ElementType type : {ElementType::f32, ElementType::bf16}) {
    const std::string out = scratch(type == ElementType::f32 ? "llama-export-f32" : "llama-export-bf16");
    if (test::runtime().world_rank() == 0) checkpoint::export_hf_from_checkpoint(ckpt, out, type, 12'000);
    MPI_Barrier(test::world());
    const checkpoint::HfFolder original(dir), exported(out);
    EXPECT_TRUE(checkpoint::hf_model_config(exported) == c);
    std::ifstream config_file(out + "/config.json");
    const std::string config_text((std::istreambuf_iterator<char>(config_file)), std::istreambuf_iterator<char>());
    EXPECT_NE(config_text.find("\"LlamaForCausalLM\""), std::string::npos) << config_text;
    EXPECT_EQ(exported.config_string("torch_dtype"), type == ElementType::f32 ? "float32" : "bfloat16");
    EXPECT_GE(exported.files().size(), 3u);  // shards of 12 kB
    auto names = original.names(), exported_names = exported.names();
    std::sort(names.begin(), names.end());
    std::sort(exported_names.begin(), exported_names.end());
    EXPECT_EQ(exported_names, names);
    for (const std::string& name : names) {
      const checkpoint::HfTensor a = original.tensor(name), b = exported.tensor(name);
      ASSERT_NE(b.tensor, nullptr) << name;
      EXPECT_EQ(b.tensor->shape, a.tensor->shape) << name;
      EXPECT_EQ(b.tensor->type, type) << name;
      std::vector<float> va(static_cast<std::size_t>(a.tensor->elements())), vb(va.size());
      a.file->read_all(*a.tensor, va.data());
      b.file->read_all(*b.tensor, vb.data());
      EXPECT_EQ(vb, va) << name;
    }
  }
}

TEST(HfModel, UnknownModelTypeIsRefusedNamingIt) {
  const GptConfig c = hf_llama();
  std::string mistral = checkpoint::hf_llama_config_json(c, ElementType::f32);
  mistral.replace(mistral.find("\"llama\""), 7, "\"mistral\"");
  const std::string dir = scratch("mistral");
  if (test::runtime().world_rank() == 0) {
    checkpoint::HfFolderWriter writer(dir, mistral, {{"stand_in", ElementType::f32, {1}}});
    const float one = 1.0f;
    writer.write(&one);
    writer.finish();
  }
  MPI_Barrier(test::world());
  test::expect_user_error([&] { checkpoint::hf_model_config(checkpoint::HfFolder(dir)); },
                          "model_type 'mistral'; fourfold reads 'gpt2' and 'llama'");
}

}  // namespace
}  // namespace fourfold
