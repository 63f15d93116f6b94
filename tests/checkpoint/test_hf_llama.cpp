// Llama in Hugging Face's format (checkpoint/hf_llama.hpp): Meta's published config.json files
// of Llama 3 8B and Llama 3.1 8B read as their published shapes (8,030,261,248 parameters; Llama
// 3.1's rope scaling); the Hugging Face tensors of every fourfold tensor cover its rows once, in
// order (q, k, v; gate, up); a folder written from a config reads back as that config with every
// tensor where the mapping puts it; and folders that are no Llama fourfold computes are refused
// naming the folder and the key or tensor.
#include "checkpoint/hf_llama.hpp"
#include "core/error.hpp"
#include "tiny_llama.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fourfold::checkpoint {
namespace {

namespace fs = std::filesystem;
using test::expect_user_error;

// meta-llama/Meta-Llama-3-8B's config.json as published.
const char* const llama3_8b = R"({
  "architectures": ["LlamaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 128000, "eos_token_id": 128001, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 8192,
  "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "pretraining_tp": 1, "rms_norm_eps": 1e-05, "rope_scaling": null, "rope_theta": 500000.0,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.40.0.dev0",
  "use_cache": true, "vocab_size": 128256})";

// meta-llama/Llama-3.1-8B's: a 128k context through rope scaling.
const char* const llama31_8b = R"({
  "architectures": ["LlamaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 128000, "eos_token_id": 128001, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 131072,
  "mlp_bias": false, "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32,
  "num_key_value_heads": 8, "pretraining_tp": 1, "rms_norm_eps": 1e-05,
  "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0", "use_cache": true, "vocab_size": 128256})";

std::string fresh_dir(const std::string& name) {
  const std::string dir = test::scratch_dir() + "/" + name;
  fs::remove_all(dir);
  return dir;
}

// A folder of `config_text` and the given tensors (values: their flat index), or one stand-in
// tensor when there are none (a config test needs weights to open the folder).
std::string write_folder(const std::string& name, const std::string& config_text,
                         std::vector<SafetensorsEntry> entries = {}) {
  const std::string dir = fresh_dir(name);
  if (entries.empty()) entries.push_back({"stand_in", ElementType::f32, {1}});
  HfFolderWriter writer(dir, config_text, entries);
  std::vector<float> v;
  for (const auto& e : entries) {
    v.resize(static_cast<std::size_t>(e.elements()));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i % 1000) / 8.0f;
    writer.write(v.data());
  }
  writer.finish();
  return dir;
}

using test::tiny_llama;

std::vector<SafetensorsEntry> entries_of(const GptConfig& c) {
  std::vector<SafetensorsEntry> entries;
  for (const GptTensorSpec& s : gpt_tensors())
    for (int l = 0; tensor_present(s, c) && l < (s.per_block ? c.num_layers : 1); ++l)
      for (const HfPiece& p : hf_llama_pieces(c, s.tensor, l)) entries.push_back({p.name, ElementType::bf16, p.shape});
  return entries;
}

TEST(HfLlama, PublishedLlama3ConfigsReadAsTheirShapes) {
  const GptConfig l3 = hf_llama_config(HfFolder(write_folder("llama3-8b", llama3_8b)));
  EXPECT_EQ(l3.family, ModelFamily::llama);
  EXPECT_EQ(l3.str(), "Llama L=32 NH=32 KV=8 C=4096 I=14336 V=128256 (padded 128256) maxT=8192");
  EXPECT_EQ(l3.num_parameters(), 8030261248LL);
  EXPECT_EQ(l3.norm_eps, 1e-5f);
  EXPECT_EQ(l3.rope_theta, 500000.0);
  EXPECT_FALSE(l3.tied_embeddings);
  EXPECT_EQ(l3.rope_scaling.factor, 0.0);
  const GptConfig l31 = hf_llama_config(HfFolder(write_folder("llama31-8b", llama31_8b)));
  EXPECT_EQ(l31.max_seq_len, 131072);
  EXPECT_EQ(l31.rope_scaling.factor, 8.0);
  EXPECT_EQ(l31.rope_scaling.high_freq_factor, 4.0);
  EXPECT_EQ(l31.rope_scaling.original_max_position, 8192);
}

TEST(HfLlama, PiecesCoverEveryRowOnceInOrder) {
  const GptConfig c = tiny_llama();
  for (const GptTensorSpec& s : gpt_tensors()) {
    if (!tensor_present(s, c)) continue;
    const auto pieces = hf_llama_pieces(c, s.tensor, 1);
    std::int64_t next = 0;
    for (const HfPiece& p : pieces) {
      EXPECT_EQ(p.first_row, next) << p.name;
      EXPECT_EQ(p.shape[0], p.rows) << p.name;
      if (!s.is_vector) {
        EXPECT_EQ(p.shape[1], s.cols.of<std::int64_t>(c)) << p.name;
      }
      next += p.rows;
    }
    const std::int64_t stored = s.tensor == GptTensor::wte || s.tensor == GptTensor::lm_head ? c.vocab_size
                                                                                               : s.rows.of<std::int64_t>(c);
    EXPECT_EQ(next, stored) << s.name;
  }
  const auto qkv = hf_llama_pieces(c, GptTensor::attn_weight, 1);
  ASSERT_EQ(qkv.size(), 3u);
  EXPECT_EQ(qkv[1].name, "model.layers.1.self_attn.k_proj.weight");
  EXPECT_EQ(qkv[1].shape, (std::vector<std::int64_t>{32, 64}));  // 2 kv heads of 16
  EXPECT_EQ(qkv[2].first_row, 64 + 32);
  const auto mlp = hf_llama_pieces(c, GptTensor::fc_weight, 0);
  EXPECT_EQ(mlp[1].name, "model.layers.0.mlp.up_proj.weight");
  EXPECT_EQ(mlp[1].first_row, 176);
  expect_user_error([&] { hf_llama_pieces(c, GptTensor::attn_bias, 0); }, "has no tensor attn.c_attn.bias");
}

TEST(HfLlama, WrittenFolderReadsBackAsItsConfig) {
  for (const bool tied : {false, true}) {
    GptConfig c = tiny_llama();
    c.tied_embeddings = tied;
    c.rope_scaling.factor = tied ? 0.0 : 8.0;
    const std::string dir = write_folder(tied ? "tiny-tied" : "tiny", hf_llama_config_json(c, ElementType::bf16), entries_of(c));
    const HfFolder folder(dir);
    EXPECT_TRUE(hf_llama_config(folder) == c) << hf_llama_config(folder).str();
    EXPECT_EQ(folder.config_string("torch_dtype"), "bfloat16");
    check_hf_llama_tensors(folder, c);
  }
}

TEST(HfLlama, FoldersThatAreNoFourfoldLlamaAreRefused) {
  const auto edited = [](const std::string& from, const std::string& to) {
    std::string text = llama3_8b;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  const std::vector<std::pair<std::string, std::string>> bad{
      {edited("\"model_type\": \"llama\"", "\"model_type\": \"gpt2\""), "model_type 'gpt2'; expected 'llama'"},
      {edited("\"hidden_act\": \"silu\"", "\"hidden_act\": \"gelu\""), "hidden_act 'gelu'"},
      {edited("\"attention_bias\": false", "\"attention_bias\": true"), "fourfold's Llama has no biases"},
      {edited("\"rope_scaling\": null", "\"rope_scaling\": {\"rope_type\": \"yarn\", \"factor\": 4.0}"),
       "rope_scaling of type 'yarn'"},
      {edited("\"num_key_value_heads\": 8", "\"num_key_value_heads\": 5"), "num_kv_heads = 5 must divide num_heads = 32"},
      {edited("\"hidden_size\": 4096", "\"hidden_size\": 4096.5"), "'hidden_size' is 4096.5; expected an integer"},
  };
  for (const auto& [text, fragment] : bad) {
    SCOPED_TRACE(fragment);
    const std::string dir = write_folder("bad-config", text);
    expect_user_error([&] { hf_llama_config(HfFolder(dir)); }, fragment);
    expect_user_error([&] { hf_llama_config(HfFolder(dir)); }, dir);
  }

  const GptConfig c = tiny_llama();
  auto entries = entries_of(c);
  for (auto& e : entries)
    if (e.name == "model.layers.1.self_attn.k_proj.weight") e.shape = {64, 64};  // as if no GQA
  const std::string wrong = write_folder("bad-shape", hf_llama_config_json(c, ElementType::f32), entries);
  expect_user_error([&] { check_hf_llama_tensors(HfFolder(wrong), c); },
                    "tensor 'model.layers.1.self_attn.k_proj.weight'");
  expect_user_error([&] { check_hf_llama_tensors(HfFolder(wrong), c); }, "has shape [64, 64]");
  auto extra = entries_of(c);
  extra.push_back({"model.layers.0.self_attn.q_proj.bias", ElementType::f32, {64}});
  extra.push_back({"model.layers.0.self_attn.rotary_emb.inv_freq", ElementType::f32, {8}});  // ignored
  const std::string unexpected = write_folder("bad-extra", hf_llama_config_json(c, ElementType::f32), extra);
  expect_user_error([&] { check_hf_llama_tensors(HfFolder(unexpected), c); },
                    "unexpected tensor 'model.layers.0.self_attn.q_proj.bias'");
  auto missing = entries_of(c);
  missing.pop_back();  // lm_head.weight of the untied model
  const std::string absent = write_folder("bad-missing", hf_llama_config_json(c, ElementType::f32), missing);
  expect_user_error([&] { check_hf_llama_tensors(HfFolder(absent), c); }, "holds no tensor 'lm_head.weight'");
}

}  // namespace
}  // namespace fourfold::checkpoint
