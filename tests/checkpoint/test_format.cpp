// Checkpoint metadata (checkpoint/format.hpp): what a writer produces reads back unchanged, and
// metadata from a damaged or forged file is rejected with a UserError naming the field: floats
// or out-of-range numbers where integers belong (nlohmann would cast them, which is undefined
// behaviour), and models too large to count (found by fuzz_checkpoint_meta).
#include "checkpoint/format.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace fourfold::checkpoint {
namespace {

CheckpointMeta sample() {
  CheckpointMeta m;
  m.model.num_layers = 2;
  m.model.num_heads = 2;
  m.model.channels = 8;
  m.model.vocab_size = 10;
  m.model.padded_vocab_size = 16;
  m.model.max_seq_len = 4;
  m.state.step = 7;
  m.state.seed = 0xffffffffffffffffull;  // the whole uint64 range survives
  m.state.schedule = "cosine";
  m.has_optimizer = true;
  m.grid = comm::GridShape{1, 2, 1, 1};
  m.world_size = 2;
  m.tensors.push_back({"wte", {16, 8}, 1, 2, 3});
  m.tensors.push_back({"ln_f.bias", {8}, 4, 5, 6});
  return m;
}

std::string rejection(const std::string& text) {
  try {
    CheckpointMeta::from_json(text, "forged.h5");
  } catch (const UserError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(CheckpointMeta, WrittenMetadataReadsBackUnchanged) {
  const CheckpointMeta m = sample();
  const CheckpointMeta back = CheckpointMeta::from_json(m.to_json(), "sample");
  EXPECT_TRUE(back.model == m.model);
  EXPECT_EQ(back.state.step, 7);
  EXPECT_EQ(back.state.seed, m.state.seed);
  ASSERT_EQ(back.tensors.size(), 2u);
  EXPECT_EQ(back.tensors[0].shape, (std::vector<std::size_t>{16, 8}));
  EXPECT_EQ(back.tensors[1].checksum_v, 6u);
}

TEST(CheckpointMeta, LlamaModelsReadBackAndOlderFilesAreGpt2) {
  CheckpointMeta m = sample();
  m.model.family = ModelFamily::llama;
  m.model.num_kv_heads = 1;
  m.model.intermediate_size = 44;
  m.model.norm_eps = 1e-6f;
  m.model.rope_theta = 500000.0;
  m.model.tied_embeddings = false;
  m.model.rope_scaling.factor = 8.0;
  const CheckpointMeta back = CheckpointMeta::from_json(m.to_json(), "llama");
  EXPECT_TRUE(back.model == m.model) << back.model.str();
  EXPECT_EQ(back.model.rope_scaling.original_max_position, 8192);
  nlohmann::json old = nlohmann::json::parse(sample().to_json());
  old["model"].erase("family");  // written before the family existed
  EXPECT_EQ(CheckpointMeta::from_json(old.dump(), "old").model.family, ModelFamily::gpt2);
  old["model"]["family"] = "bert";
  EXPECT_NE(rejection(old.dump()).find("model family 'bert'"), std::string::npos);
}

TEST(CheckpointMeta, NumbersThatAreNotIntegersInRangeAreRejected) {
  auto with = [](auto&& edit) {
    nlohmann::json j = nlohmann::json::parse(sample().to_json());
    edit(j);
    return j.dump();
  };
  EXPECT_NE(rejection(with([](auto& j) { j["tensors"][0]["shape"][0] = 5.1e26; })).find("extent 5.1e+26"),
            std::string::npos);
  EXPECT_NE(rejection(with([](auto& j) { j["tensors"][0]["shape"][1] = -3; })).find("extent -3"), std::string::npos);
  EXPECT_NE(rejection(with([](auto& j) { j["state"]["step"] = 1e30; })).find("\"step\" = 1e+30"), std::string::npos);
  EXPECT_NE(rejection(with([](auto& j) { j["model"]["channels"] = 4294967296LL; })).find("\"channels\" = 4294967296"),
            std::string::npos);
  EXPECT_NE(rejection(with([](auto& j) { j["world_size"] = "two"; })).find("world_size"), std::string::npos);
}

TEST(CheckpointMeta, ModelsTooLargeToCountAreRejected) {
  nlohmann::json j = nlohmann::json::parse(sample().to_json());
  j["model"]["channels"] = 2000000000;
  j["model"]["num_heads"] = 1;
  j["model"]["num_layers"] = 2000000000;
  EXPECT_NE(rejection(j.dump()).find("at most 2^50"), std::string::npos) << rejection(j.dump());
}

}  // namespace
}  // namespace fourfold::checkpoint
