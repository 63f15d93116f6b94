// One optimizer step (TrainStep): the host waits for the device exactly once per step whatever
// the grid and the number of micro-batches, and the step computed on the device (loss, norm,
// clipping scale, AdamW) equals the same step assembled from the layer calls with the clipping
// scale applied on the host.
#include "comm/grid.hpp"
#include "core/sync.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/gpt_test_support.hpp"
#include "layers/grad_norm.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace fourfold {
namespace {

constexpr int batch = 4, seq_len = 16;

TEST(TrainStep, OneHostWaitPerStepOnEveryGrid) {
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (batch % (shape.z * shape.data) || 4 % shape.y) continue;
    for (int micro_steps : {1, 2}) {
      SCOPED_TRACE("grid " + shape.str() + ", " + std::to_string(micro_steps) + " micro-batches");
      const comm::Grid grid(shape, test::world());
      Gpt model(test::small_config(), grid, batch / (shape.z * shape.data), seq_len);
      model.init_parameters(3);
      model.zero_gradients();
      AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{});
      TrainStep step(model, optimizer, micro_steps, 0.5);
      test::fill_distinct_tokens(step.batches(), grid, model.rows());
      step.run(1e-3, 1);  // warm-up: first-use work is not a step's
      const HostSyncCounts before = grid.context().counters().host_syncs();
      const int steps = 3;
      for (int t = 2; t < 2 + steps; ++t) step.run(1e-3, t);
      const HostSyncCounts counted = grid.context().counters().host_syncs() - before;
      EXPECT_EQ(counted.step_syncs(), steps) << "value " << counted[SyncKind::value] << ", wait "
                                             << counted[SyncKind::wait];
      EXPECT_EQ(counted[SyncKind::timing], 0);
      // Host-side routes fence only for MPI on groups of more than one rank and for Kokkos
      // Kernels 3.4's GEMM; one rank on Kokkos Kernels 4 has none at all.
      if (grid.world_size() == 1 && KOKKOS_VERSION >= 40000) {
        EXPECT_EQ(counted[SyncKind::backend], 0);
      }
      TokenBatches eval(2, model.rows());
      test::fill_distinct_tokens(eval, grid, model.rows());
      const HostSyncCounts before_eval = grid.context().counters().host_syncs();
      step.evaluate(eval, 2);
      EXPECT_EQ((grid.context().counters().host_syncs() - before_eval).step_syncs(), 1);
    }
  }
}

TEST(TrainStep, DeviceClippingEqualsTheHostFormula) {
  const comm::Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  const int local = batch / grid.shape().data;
  for (double clip : {0.0, 0.05, 1e6}) {  // off, active, never reached
    SCOPED_TRACE("grad_clip " + std::to_string(clip));
    Gpt device_model(test::small_config(), grid, local, seq_len), host_model(test::small_config(), grid, local, seq_len);
    for (Gpt* m : {&device_model, &host_model}) {
      m->init_parameters(11);
      m->zero_gradients();
    }
    AdamW device_opt(device_model.params(), device_model.parameters().extent(0), AdamWSettings{});
    AdamW host_opt(host_model.params(), host_model.parameters().extent(0), AdamWSettings{});
    TrainStep step(device_model, device_opt, 1, clip);
    test::fill_distinct_tokens(step.batches(), grid, device_model.rows());
    const StepValues got = step.run(2e-3, 1);

    const double loss = host_model.forward(step.batches().tokens(0), step.batches().targets(0));
    host_model.backward(1.0 / host_model.global_tokens());
    host_model.sync_gradients();
    const double norm = global_gradient_norm(host_model.gradients(), host_model.params(), grid);
    const double scale = clip > 0 && norm > clip ? clip / norm : 1.0;
    host_opt.step(ExecSpace(), host_model.parameters(), host_model.gradients(), 2e-3f, static_cast<float>(scale), 1);

    EXPECT_NEAR(got.loss, loss, 1e-12 * loss);
    EXPECT_EQ(got.grad_norm, norm);
    const auto a = Kokkos::create_mirror_view_and_copy(HostSpace(), device_model.parameters());
    const auto b = Kokkos::create_mirror_view_and_copy(HostSpace(), host_model.parameters());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) differing += a(i) != b(i);
    EXPECT_EQ(differing, 0u) << "parameters after the update";
  }
}

}  // namespace
}  // namespace fourfold
