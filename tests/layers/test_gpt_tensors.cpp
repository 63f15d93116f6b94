// The model's tensor table: GPT-2's and Llama 3's published parameter counts, llm.c's offsets
// (each tensor right after the previous one, the whole file covered), names that round-trip and
// bad names rejected, and the configuration rules of each family.
#include "layers/gpt_tensors.hpp"

#include "gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

namespace fourfold {
namespace {

TEST(GptTensors, CountsGpt2Parameters) {
  // llm.c's GPT-2 124M with the vocabulary padded to 50304.
  EXPECT_EQ(GptConfig::gpt2(12).num_parameters(), 124475904);
  EXPECT_EQ(gpt_parameter_count<long long>(GptConfig::gpt2(48)), GptConfig::gpt2(48).num_parameters());
  EXPECT_EQ(static_cast<int>(gpt_tensors().size()), gpt_tensor_count);
  for (int i = 0; i < gpt_tensor_count; ++i) EXPECT_EQ(static_cast<int>(gpt_tensors()[i].tensor), i);
}

TEST(GptTensors, LlmcOffsetsFollowTheTableAndCoverTheFile) {
  GptConfig c = test::small_config();
  c.num_layers = 3;
  std::size_t expected = 0;
  for (const GptTensorSpec& s : gpt_tensors()) {
    if (!tensor_present(s, c)) continue;
    for (int l = 0; l < (s.per_block ? c.num_layers : 1); ++l) {
      EXPECT_EQ(llmc_element_offset(c, s.tensor, l), expected) << tensor_name(s.tensor, l);
      expected += tensor_elements(s, c);
    }
  }
  EXPECT_EQ(static_cast<long long>(expected), c.num_parameters());
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::attn_weight), c), 3u * 32 * 32);
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::wte), c), 64u * 32);
}

GptConfig llama3(int layers, int channels, int heads, int intermediate) {
  GptConfig c;
  c.family = ModelFamily::llama;
  c.vocab_size = c.padded_vocab_size = 128256;
  c.max_seq_len = 8192;
  c.num_layers = layers;
  c.channels = channels;
  c.num_heads = heads;
  c.num_kv_heads = 8;
  c.intermediate_size = intermediate;
  c.rope_theta = 500000.0;
  c.tied_embeddings = false;
  return c;
}

TEST(GptTensors, CountsLlama3Parameters) {
  // Meta's Llama 3 8B and 70B as transformers counts them (untied head, no biases, GQA with 8
  // key/value heads): 8,030,261,248 and 70,553,706,496.
  const GptConfig l8 = llama3(32, 4096, 32, 14336), l70 = llama3(80, 8192, 64, 28672);
  l8.validate();
  l70.validate();
  EXPECT_EQ(l8.num_parameters(), 8030261248LL);
  EXPECT_EQ(l70.num_parameters(), 70553706496LL);
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::attn_weight), l8), (32u + 2 * 8) * 128 * 4096);
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::fc_weight), l8), 2u * 14336 * 4096);
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::fc_proj_weight), l8), 4096u * 14336);
  EXPECT_FALSE(tensor_present(spec_of(GptTensor::wpe), l8));
  EXPECT_FALSE(tensor_present(spec_of(GptTensor::attn_bias), l8));
  EXPECT_TRUE(tensor_present(spec_of(GptTensor::lm_head), l8));
  GptConfig tied = l8;
  tied.tied_embeddings = true;
  EXPECT_EQ(tied.num_parameters(), 8030261248LL - 128256LL * 4096);
  EXPECT_FALSE(tensor_present(spec_of(GptTensor::lm_head), GptConfig::gpt2(12)));
  EXPECT_EQ(l8.str(), "Llama L=32 NH=32 KV=8 C=4096 I=14336 V=128256 (padded 128256) maxT=8192");
}

TEST(GptTensors, FamilyRulesAreChecked) {
  GptConfig g = GptConfig::gpt2(12);
  g.num_kv_heads = 4;
  test::expect_user_error([&] { g.validate(); }, "GPT-2 has num_kv_heads = num_heads");
  GptConfig l = llama3(2, 64, 4, 176);
  l.num_kv_heads = 3;
  test::expect_user_error([&] { l.validate(); }, "num_kv_heads = 3 must divide num_heads = 4");
  l.num_kv_heads = 2;
  l.channels = 36;  // head size 9: no rotary pairs
  test::expect_user_error([&] { l.validate(); }, "must be even");
  l.channels = 64;
  l.rope_theta = 0.5;
  test::expect_user_error([&] { l.validate(); }, "rope_theta = 0.5");
  test::expect_user_error([] { parse_family("mistral"); }, "model family 'mistral'");
  EXPECT_EQ(parse_family(family_name(ModelFamily::llama)), ModelFamily::llama);
}

TEST(GptTensors, NamesRoundTripAndBadNamesAreRejected) {
  for (const GptTensorSpec& s : gpt_tensors()) {
    const int layer = s.per_block ? 2 : 0;
    const auto [tensor, parsed_layer] = parse_tensor_name(tensor_name(s.tensor, layer), 3);
    EXPECT_EQ(tensor, s.tensor);
    EXPECT_EQ(parsed_layer, layer);
  }
  EXPECT_EQ(tensor_name(GptTensor::fc_bias, 7), "h.7.mlp.c_fc.bias");
  test::expect_user_error([] { parse_tensor_name("h.3.ln_1.weight", 3); }, "block in [0, 3)");
  test::expect_user_error([] { parse_tensor_name("h.x.ln_1.weight", 3); }, "expected h.<block>.<name>");
  test::expect_user_error([] { parse_tensor_name("h.1.wte", 3); }, "'h.1.wte' is no GPT-2 parameter");
  test::expect_user_error([] { parse_tensor_name("ln_1.weight", 3); }, "is no GPT-2 parameter");
  test::expect_user_error([] { parse_tensor_name("h.-1.ln_1.weight", 3); }, "block in [0, 3)");
}

}  // namespace
}  // namespace fourfold
