// One MFU (drivers/common/model_flops.hpp): the trainer's step FLOPs, fourfold-bench model's and
// the planner's are model_flops_per_token's, 6 N + 12 L C T per token, on GPT-2 and on Llamas
// tied and untied, grouped-query or not; the planner's MFU is against the device table's peak.
#include "drivers/common/device_peak.hpp"
#include "drivers/common/model_flops.hpp"
#include "drivers/plan/cost_model.hpp"
#include "drivers/plan/machines.hpp"
#include "drivers/plan/step_volume.hpp"
#include "drivers/train/trainer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fourfold {
namespace {

GptConfig llama3_405b() {  // configs/llama3-405b.toml
  GptConfig c;
  c.family = ModelFamily::llama;
  c.num_layers = 126;
  c.num_heads = 128;
  c.num_kv_heads = 8;
  c.channels = 16384;
  c.intermediate_size = 53248;
  c.vocab_size = c.padded_vocab_size = 128256;
  c.max_seq_len = 131072;
  c.tied_embeddings = false;
  return c;
}

TEST(ModelFlops, SixNPlusAttention) {
  // GPT-2 124M: N = 124,475,904 (padded vocabulary); at T = 1024, 6 N + 12 x 12 x 768 x 1024.
  const GptConfig gpt2 = GptConfig::gpt2(12);
  ASSERT_EQ(gpt2.num_parameters(), 124475904);
  EXPECT_EQ(model_flops_per_token(gpt2, 1024), 6.0 * 124475904 + 12.0 * 12 * 768 * 1024);
  EXPECT_EQ(model_flops_per_token(1e9, 2, 64, 16), 6e9 + 12.0 * 2 * 64 * 16);
}

TEST(ModelFlops, TrainerBenchAndPlannerCountAlike) {
  GptConfig tied_llama = GptConfig::llama_like_gpt2(12);
  tied_llama.tied_embeddings = true;
  GptConfig mha_llama = GptConfig::llama_like_gpt2(24);
  mha_llama.num_kv_heads = 0;
  const std::vector<GptConfig> models = {GptConfig::gpt2(12), GptConfig::gpt2(48), GptConfig::llama_like_gpt2(12),
                                         tied_llama, mha_llama, llama3_405b()};
  const plan::Machine machine = plan::load_machine("alps");
  for (const GptConfig& model : models) {
    TrainConfig c;
    c.model = model;
    c.batch_size = 8;
    c.micro_batch_size = 8;
    c.seq_len = 512;
    const double tokens = static_cast<double>(c.batch_size) * c.seq_len;
    // The trainer's step, and fourfold-bench model's (model_flops_per_token(config, T) x tokens).
    const double bench = model_flops_per_token(model, c.seq_len) * tokens;
    EXPECT_EQ(flops_per_step(c), bench) << model.str();
    // The planner's: its parameter count (the arena on one rank) is the model's, bit for bit.
    plan::StepDims step;
    step.batch_size = c.batch_size;
    step.micro_batch_size = c.micro_batch_size;
    step.seq_len = c.seq_len;
    step.memory.precision = GemmPrecision::bf16;
    const plan::ModelDims dims = plan::model_dims(model);
    const plan::ArenaSizes whole = plan::arena_sizes(dims, {1, 1, 1, 1});
    EXPECT_EQ(whole.z_replicated + whole.z_sharded, static_cast<double>(model.num_parameters())) << model.str();
    const plan::StepCost cost = plan::predict_step(dims, {1, 1, 1, 8}, step, machine);
    EXPECT_EQ(cost.model_flops, bench) << model.str();
    // MFU: against the GH200's dense bf16 peak in the device table, per GPU.
    const double peak = device_peak_gflops("GH200", GemmPrecision::bf16).value() * 1e9;
    EXPECT_DOUBLE_EQ(cost.mfu, bench / (cost.step_s * 8 * peak)) << model.str();
  }
}

}  // namespace
}  // namespace fourfold
