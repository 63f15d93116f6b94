// Hugging Face model folders (checkpoint/hf_folder.hpp): the writer shards in order as Hugging
// Face's does (a new shard when the next tensor would pass the limit), names the shards and
// writes the index as transformers expects them; the reader agrees; nothing saved is overwritten
// and an abandoned export leaves nothing behind; an index and shards that disagree are refused
// naming the folder, the file and the tensor.
#include "checkpoint/hf_folder.hpp"
#include "core/error.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace fourfold::checkpoint {
namespace {

namespace fs = std::filesystem;
using test::expect_user_error;

std::string fresh_dir(const std::string& name) {
  const std::string dir = test::scratch_dir() + "/" + name;
  fs::remove_all(dir);
  return dir;
}

// Tensors a (100 floats, 400 bytes), b (50 bf16, 100 bytes), c (200 floats, 800 bytes), d (1 float).
std::vector<SafetensorsEntry> sample() {
  return {{"a", ElementType::f32, {10, 10}}, {"b", ElementType::bf16, {50}}, {"c", ElementType::f32, {200}},
          {"d", ElementType::f32, {1}}};
}

// bf16 values for b (1 + i/64 has at most 7 significant bits).
float value(std::size_t tensor, std::size_t i) { return static_cast<float>(tensor) + static_cast<float>(i) / 64.0f; }

void write_sample(const std::string& dir, std::uint64_t shard_bytes) {
  HfFolderWriter writer(dir, R"({"model_type": "test", "hidden": 10})", sample(), shard_bytes);
  std::vector<float> v;
  for (std::size_t t = 0; t < writer.entries().size(); ++t) {
    v.resize(static_cast<std::size_t>(writer.entries()[t].elements()));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = value(t, i);
    writer.write(v.data());
  }
  writer.finish();
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(HfFolder, OneShardIsModelSafetensorsWithoutAnIndex) {
  const std::string dir = fresh_dir("single");
  write_sample(dir, hf_default_shard_bytes);
  EXPECT_TRUE(fs::exists(dir + "/model.safetensors"));
  EXPECT_FALSE(fs::exists(dir + "/model.safetensors.index.json"));
  const HfFolder folder(dir);
  EXPECT_EQ(folder.names(), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(folder.config_string("model_type"), "test");
  EXPECT_EQ(folder.config_int("hidden"), 10);
  EXPECT_EQ(folder.config_int("absent", 7), 7);
  expect_user_error([&] { folder.config_int("model_type"); }, "config.json's 'model_type' is \"test\"; expected an integer");
  expect_user_error([&] { folder.config_string("absent"); }, "'absent' is missing");
  std::vector<float> c(200);
  const HfTensor t = folder.tensor("c");
  t.file->read_all(*t.tensor, c.data());
  EXPECT_EQ(c[199], value(2, 199));
}

TEST(HfFolder, ShardsInOrderWithHuggingFacesNamesAndIndex) {
  const std::string dir = fresh_dir("sharded");
  // Limit 500 bytes: {a 400} then b (100) fits exactly, c (800) alone (over the limit), d.
  write_sample(dir, 500);
  const auto index = nlohmann::json::parse(read_text(dir + "/model.safetensors.index.json"));
  EXPECT_EQ(index["metadata"]["total_size"], 1304);
  EXPECT_EQ(index["weight_map"]["a"], "model-00001-of-00003.safetensors");
  EXPECT_EQ(index["weight_map"]["b"], "model-00001-of-00003.safetensors");
  EXPECT_EQ(index["weight_map"]["c"], "model-00002-of-00003.safetensors");
  EXPECT_EQ(index["weight_map"]["d"], "model-00003-of-00003.safetensors");
  EXPECT_FALSE(fs::exists(dir + "/model.safetensors"));
  const HfFolder folder(dir);
  ASSERT_EQ(folder.files().size(), 3u);
  EXPECT_EQ(folder.names(), (std::vector<std::string>{"a", "b", "c", "d"})) << "shards in order";
  std::vector<float> b(50);
  const HfTensor t = folder.tensor("b");
  EXPECT_EQ(fs::path(t.file->path()).filename(), "model-00001-of-00003.safetensors");
  t.file->read_all(*t.tensor, b.data());
  EXPECT_EQ(b[49], value(1, 49));
}

TEST(HfFolder, NothingSavedIsOverwrittenAndAnAbandonedExportLeavesNothing) {
  const std::string dir = fresh_dir("kept");
  write_sample(dir, 500);
  expect_user_error([&] { write_sample(dir, 500); }, "already holds a model");
  const std::string other = fresh_dir("abandoned");
  {
    HfFolderWriter writer(other, "{}", sample(), 500);
    std::vector<float> v(200, 1.0f);
    writer.write(v.data());
    writer.write(v.data());
    writer.write(v.data());  // the first shard is complete, the second being written
  }
  ASSERT_TRUE(fs::is_directory(other));
  EXPECT_TRUE(fs::is_empty(other)) << "an unfinished export left files";
}

TEST(HfFolder, IndexAndShardsThatDisagreeAreRefused) {
  const std::string dir = fresh_dir("forged");
  write_sample(dir, 500);
  const std::string index_path = dir + "/model.safetensors.index.json";
  const std::string original = read_text(index_path);
  const auto forge = [&](const std::function<void(nlohmann::json&)>& edit) {
    auto index = nlohmann::json::parse(original);
    edit(index);
    std::ofstream(index_path, std::ios::trunc) << index.dump();
  };
  forge([](nlohmann::json& j) { j["weight_map"]["a"] = "../model-00001-of-00003.safetensors"; });
  expect_user_error([&] { HfFolder f(dir); }, "maps tensor 'a' to '../model-00001-of-00003.safetensors', which is not a file");
  forge([](nlohmann::json& j) { j["weight_map"]["a"] = "model-00002-of-00003.safetensors"; });
  expect_user_error([&] { HfFolder f(dir); }, "puts tensor 'a' in 'model-00002-of-00003.safetensors', which does not hold it");
  forge([](nlohmann::json& j) { j["weight_map"].erase("b"); });
  expect_user_error([&] { HfFolder f(dir); },
                    "shard 'model-00001-of-00003.safetensors' holds tensor 'b', which 'model.safetensors.index.json' does not list");
  forge([](nlohmann::json& j) { j["weight_map"]["e"] = "model-00004-of-00003.safetensors"; });
  expect_user_error([&] { HfFolder f(dir); }, "cannot open safetensors file");
  forge([](nlohmann::json& j) { j.erase("weight_map"); });
  expect_user_error([&] { HfFolder f(dir); }, "has no weight_map object");

  const std::string empty = fresh_dir("empty");
  fs::create_directories(empty);
  expect_user_error([&] { HfFolder f(empty); }, "cannot read '" + empty + "/config.json'");
  std::ofstream(empty + "/config.json") << "{\"model_type\": \"gpt2\"}";
  expect_user_error([&] { HfFolder f(empty); }, "holds neither model.safetensors nor model.safetensors.index.json");
  std::ofstream(empty + "/config.json", std::ios::trunc) << "[1]";
  expect_user_error([&] { HfFolder f(empty); }, "config.json' is not a JSON object");
  expect_user_error([&] { HfFolder f(empty + "/absent"); }, "is not a directory");
}

}  // namespace
}  // namespace fourfold::checkpoint
