// The weights-only model (MemoryOptions::weights_only): on every grid of this world size, for
// both families and both precisions, its loss and per-row losses equal a training model's with the
// same parameters, bit for bit; it allocates exactly its memory plan (counted from Kokkos'
// allocation events), no gradients and less than the training model; training calls are refused
// by name.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>

namespace fourfold {
namespace {

constexpr int global_batch = 4;
constexpr int seq_len = 8;

bool fits(const comm::GridShape& shape, const GptConfig& config) {
  return global_batch % (shape.z * shape.data) == 0 && config.num_heads % shape.y == 0 &&
         config.kv_heads() % shape.y == 0 && config.channels % shape.x == 0 && config.channels % shape.y == 0;
}

std::vector<float> host_copy(const ConstVector& device) {
  std::vector<float> out(device.extent(0));
  Kokkos::deep_copy(Kokkos::View<float*, HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(out.data(), out.size()),
                    device);
  return out;
}

// Live bytes of device allocations (Kokkos' allocation events; MemSpace only).
std::int64_t live_bytes = 0;
void on_allocate(Kokkos::Profiling::SpaceHandle space, const char*, const void*, std::uint64_t size) {
  if (std::strcmp(space.name, MemSpace::name()) == 0) live_bytes += static_cast<std::int64_t>(size);
}
void on_deallocate(Kokkos::Profiling::SpaceHandle space, const char*, const void*, std::uint64_t size) {
  if (std::strcmp(space.name, MemSpace::name()) == 0) live_bytes -= static_cast<std::int64_t>(size);
}

TEST(GptForwardOnly, LossAndRowLossesEqualTheTrainingModel) {
  const auto rows = test::global_token_rows(global_batch, seq_len, test::small_config().vocab_size, 11);
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama}) {
    const GptConfig config = test::small_config_of(family);
    for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16}) {
      for (const bool sequence_shard : {false, true}) {
        for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
          if (!fits(shape, config) || (sequence_shard && shape.y == 1)) continue;
          SCOPED_TRACE(config.str() + " on grid " + shape.str() + (precision == GemmPrecision::bf16 ? ", bf16" : "") +
                       (sequence_shard ? ", sequence-sharded" : ""));
          const comm::Grid grid(shape, test::world());
          const int local = global_batch / (shape.z * shape.data);
          MemoryOptions training_memory(Recompute::none, 0, false, precision);
          training_memory.sequence_shard = sequence_shard;
          Gpt training(config, grid, local, seq_len, OverlapOptions::all(), default_bucket_mb, training_memory);
          training.init_parameters(99);
          MemoryOptions inference_memory = MemoryOptions::weights_only(precision);
          inference_memory.sequence_shard = sequence_shard;
          Gpt inference(config, grid, local, seq_len, OverlapOptions::all(), default_bucket_mb, inference_memory);
          ASSERT_TRUE(inference.forward_only());
          Kokkos::deep_copy(inference.parameters(), training.parameters());
          const auto [tokens, targets] = test::local_batch_of(training, rows);
          const double want = training.forward(tokens.data(), targets.data());
          const double got = inference.forward(tokens.data(), targets.data());
          EXPECT_EQ(got, want);
          EXPECT_EQ(host_copy(inference.row_losses()), host_copy(training.row_losses()));
          EXPECT_EQ(inference.first_sequence(), (grid.coords().data * shape.z + grid.coords().z) * local);
          // A second forward on the same buffers gives the same (nothing left over from the first).
          EXPECT_EQ(inference.forward(tokens.data(), targets.data()), want);
        }
      }
    }
  }
}

TEST(GptForwardOnly, AllocatesItsPlanAndNoGradients) {
  Kokkos::fence();
  Kokkos::Tools::Experimental::set_allocate_data_callback(on_allocate);
  Kokkos::Tools::Experimental::set_deallocate_data_callback(on_deallocate);
  const GptConfig config = test::small_config();
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!fits(shape, config)) continue;
    SCOPED_TRACE("grid " + shape.str());
    const comm::Grid grid(shape, test::world());
    const int local = global_batch / (shape.z * shape.data);
    const Gpt training(config, grid, local, seq_len);
    const std::int64_t before = live_bytes;
    const Gpt inference(config, grid, local, seq_len, OverlapOptions::all(), default_bucket_mb,
                        MemoryOptions::weights_only());
    const MemoryPlan plan = inference.memory(), full = training.memory();
    // The plan leaves out two scalars, the loss accumulator and the head's loss sum (16 bytes),
    // for the training model as for this one (the training model is not counted here: on a GPU
    // its first build also reserves the GEMM engine's bias-gradient scratch).
    const std::int64_t scalars = 2 * sizeof(double);
    EXPECT_EQ(live_bytes - before, static_cast<std::int64_t>(plan.total()) + scalars);
    EXPECT_EQ(plan.gradients, 0u);
    EXPECT_EQ(inference.gradients().extent(0), 0u);
    EXPECT_EQ(plan.parameters, full.parameters);
    EXPECT_LT(plan.activations, full.activations);
    EXPECT_LT(plan.workspaces, full.workspaces);
    EXPECT_EQ(inference.gradient_buckets(), 0);
  }
  Kokkos::Tools::Experimental::set_allocate_data_callback(nullptr);
  Kokkos::Tools::Experimental::set_deallocate_data_callback(nullptr);
}

TEST(GptForwardOnly, TrainingCallsAreRefused) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  Gpt model(test::small_config(), self, 1, seq_len, OverlapOptions::all(), default_bucket_mb,
            MemoryOptions::weights_only());
  const std::string fragment = "is a weights-only model (MemoryOptions::forward_only), which has no gradients";
  test::expect_user_error([&] { model.backward(1.0); }, "Gpt::backward: ");
  test::expect_user_error([&] { model.backward(1.0); }, fragment);
  test::expect_user_error([&] { model.zero_gradients(); }, "Gpt::zero_gradients: ");
  test::expect_user_error([&] { model.sync_gradients(); }, "Gpt::sync_gradients: ");
  test::expect_user_error([&] { model.gather_parameters(); }, "Gpt::gather_parameters: ");
  test::expect_user_error([&] { (void)model.data_shards(); }, "Gpt::data_shards: ");
}

}  // namespace
}  // namespace fourfold
