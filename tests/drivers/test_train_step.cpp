// One optimizer step (TrainStep): the host waits for the device exactly once per step whatever
// the grid and the number of micro-batches, the step computed on the device (loss, norm,
// clipping scale, AdamW) equals the same step assembled from the layer calls with the clipping
// scale applied on the host, and the ledger counts every kernel the step launches.
#include "comm/grid.hpp"
#include "core/bf16.hpp"
#include "core/sync.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/gpt_test_support.hpp"
#include "layers/grad_norm.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

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

// bf16 mode: the update rounds the parameters into the model's bf16 copy, so a step's first
// forward reads it as it is. The same steps with the copy made afresh by every forward give the
// same parameters bit for bit, and the rounding pass that remains (6 bytes per arena element) is
// gone from the step's conversions; sharded over data, the gathered shares are rounded afresh.
TEST(TrainStep, Bf16CopyRoundedByTheUpdateEqualsAFreshRounding) {
  for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
    if (!test::fits_small_run(shape, test::small_config()) || batch % (shape.z * shape.data)) continue;
    const comm::Grid grid(shape, test::world());
    for (const bool shard : {false, true}) {
      if (shard && shape.data == 1) continue;
      SCOPED_TRACE("grid " + shape.str() + (shard ? ", sharded" : ""));
      const MemoryOptions memory{Recompute::none, 0, shard, GemmPrecision::bf16, GemmPrecision::bf16};
      const int local = batch / (shape.z * shape.data);
      Gpt stepped(test::small_config(), grid, local, seq_len, OverlapOptions::all(), default_bucket_mb, memory);
      Gpt fresh(test::small_config(), grid, local, seq_len, OverlapOptions::all(), default_bucket_mb, memory);
      for (Gpt* m : {&stepped, &fresh}) {
        m->init_parameters(7);
        m->zero_gradients();
      }
      AdamW stepped_opt(stepped.params(), stepped.parameters().extent(0), AdamWSettings{}, stepped.data_shards(),
                        grid.coords().data);
      AdamW fresh_opt(fresh.params(), fresh.parameters().extent(0), AdamWSettings{}, fresh.data_shards(),
                      grid.coords().data);
      TrainStep step(stepped, stepped_opt, 1, 0.0);
      test::fill_distinct_tokens(step.batches(), grid, stepped.rows());
      const double arena = static_cast<double>(stepped.parameters().extent(0));
      for (long t = 1; t <= 3; ++t) {
        grid.context().compute().fence();
        LedgerTotals before = grid.context().counters().ledger();
        const StepValues got = step.run(1e-2, t);
        const LedgerTotals stepped_work = grid.context().counters().ledger() - before;

        before = grid.context().counters().ledger();
        const double loss = fresh.forward(step.batches().tokens(0), step.batches().targets(0));  // rounds afresh
        fresh.backward(1.0 / fresh.global_tokens());
        fresh.sync_gradients();
        fresh_opt.step(ExecSpace(), fresh.parameters(), fresh.gradients(), 1e-2f, 1.0f, t);
        fresh.gather_parameters();
        grid.context().compute().fence();
        const LedgerTotals fresh_work = grid.context().counters().ledger() - before;

        EXPECT_NEAR(got.loss, loss, 1e-12 * loss) << "step " << t;
        const auto a = Kokkos::create_mirror_view_and_copy(HostSpace(), stepped.parameters());
        const auto b = Kokkos::create_mirror_view_and_copy(HostSpace(), fresh.parameters());
        const auto a16 = Kokkos::create_mirror_view_and_copy(HostSpace(), stepped.bf16_parameters());
        std::size_t differing = 0, stale = 0;
        for (std::size_t i = 0; i < a.extent(0); ++i) {
          differing += a(i) != b(i);
          stale += bf16_bits(a(i)) != a16(i).bits;
        }
        EXPECT_EQ(differing, 0u) << "parameters after step " << t;
        // The first step's forward rounds (nothing has updated the copy yet); later ones read the
        // copy the update wrote, unless sharded.
        const double saved = t == 1 || shard ? 0.0 : 6.0 * arena;
        EXPECT_DOUBLE_EQ(fresh_work.bytes_of(WorkKind::conversion) - stepped_work.bytes_of(WorkKind::conversion), saved)
            << "step " << t;
        if (!shard) {
          EXPECT_EQ(stale, 0u) << "the bf16 copy after step " << t << " is not the parameters rounded";
        }
      }
    }
  }
}

// Kokkos' own count of the kernels fourfold dispatches (labels "fourfold::..."), through the
// profiling hooks that every Kokkos build has.
long kokkos_dispatches = 0;
void count_dispatch(const char* name, uint32_t, uint64_t* id) {
  *id = 0;
  if (std::strncmp(name, "fourfold::", 10) == 0) ++kokkos_dispatches;
}
struct DispatchCounter {
  DispatchCounter() {
    namespace tools = Kokkos::Tools::Experimental;
    kokkos_dispatches = 0;
    tools::set_begin_parallel_for_callback(count_dispatch);
    tools::set_begin_parallel_reduce_callback(count_dispatch);
    tools::set_begin_parallel_scan_callback(count_dispatch);
  }
  ~DispatchCounter() {
    namespace tools = Kokkos::Tools::Experimental;
    tools::set_begin_parallel_for_callback(nullptr);
    tools::set_begin_parallel_reduce_callback(nullptr);
    tools::set_begin_parallel_scan_callback(nullptr);
  }
  DispatchCounter(const DispatchCounter&) = delete;
  DispatchCounter& operator=(const DispatchCounter&) = delete;
};

// Every kernel a step launches is in the ledger: its kernel launches (all launches but library
// calls) are exactly the kernels Kokkos dispatched, for both precisions, every recompute mode
// (GPT-2; Llama without recomputation), sharded or not, on every grid.
TEST(TrainStep, LedgerCountsEveryKernelOfAStep) {
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama}) {
    const GptConfig config = test::small_config_of(family);
    for (const auto& shape : comm::all_grid_shapes(test::runtime().world_size())) {
      if (!test::fits_small_run(shape, config) || batch % (shape.z * shape.data)) continue;
      const comm::Grid grid(shape, test::world());
      for (const Recompute recompute : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block}) {
        if (family == ModelFamily::llama && recompute != Recompute::none) continue;
        for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16}) {
          const bool shard = shape.data > 1 && recompute == Recompute::none;
          SCOPED_TRACE(std::string(family_name(family)) + ", grid " + shape.str() + ", recompute " +
                       recompute_name(recompute) + ", " + precision_name(precision) + (shard ? ", sharded" : ""));
          Gpt model(config, grid, batch / (shape.z * shape.data), seq_len, OverlapOptions::all(), default_bucket_mb,
                    MemoryOptions{recompute, 0, shard, precision, precision});
          model.init_parameters(5);
          model.zero_gradients();
          AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{}, model.data_shards(),
                          grid.coords().data);
          TrainStep step(model, optimizer, 2, 1.0);
          test::fill_distinct_tokens(step.batches(), grid, model.rows());
          step.run(1e-3, 1);  // first-use work (operand copies, primitives) is not a step's
          grid.context().compute().fence();
          const LedgerTotals before = grid.context().counters().ledger();
          long dispatched = 0;
          {
            const DispatchCounter counter;
            step.run(1e-3, 2);
            dispatched = kokkos_dispatches;
          }
          const LedgerTotals work = grid.context().counters().ledger() - before;
          EXPECT_EQ(work.total_launches() - work.library_launches, dispatched);
          EXPECT_GT(work.launches_of(WorkKind::gemm), 0);
          EXPECT_GT(work.bytes_of(WorkKind::norm), 0.0);
          EXPECT_GT(work.bytes_of(WorkKind::optimizer), 0.0);
          if (precision == GemmPrecision::fp32) {
            EXPECT_EQ(work.bytes_of(WorkKind::conversion), 0.0);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace fourfold
