// The model's tensor table: GPT-2's parameter count, llm.c's offsets (each tensor right after
// the previous one, the whole file covered), names that round-trip and bad names rejected.
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
    for (int l = 0; l < (s.per_block ? c.num_layers : 1); ++l) {
      EXPECT_EQ(llmc_element_offset(c, s.tensor, l), expected) << tensor_name(s.tensor, l);
      expected += tensor_elements(s, c);
    }
  }
  EXPECT_EQ(static_cast<long long>(expected), c.num_parameters());
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::attn_weight), c), 3u * 32 * 32);
  EXPECT_EQ(tensor_elements(spec_of(GptTensor::wte), c), 64u * 32);
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
