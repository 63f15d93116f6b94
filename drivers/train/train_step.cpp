#include "drivers/train/train_step.hpp"

#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

#include <cstdio>
#include <cstdlib>

namespace fourfold {

TokenBatches::TokenBatches(int batches, std::size_t rows)
    : tokens_(Kokkos::view_alloc(std::string("fourfold::tokens"), Kokkos::WithoutInitializing), batches, rows),
      targets_(Kokkos::view_alloc(std::string("fourfold::targets"), Kokkos::WithoutInitializing), batches, rows) {}

TrainStep::TrainStep(Gpt& model, AdamW& optimizer, int micro_steps, double grad_clip)
    : model_(model),
      optimizer_(optimizer),
      grad_clip_(grad_clip),
      loss_scale_(1.0 / (static_cast<double>(micro_steps) * model.global_tokens())),
      batches_(micro_steps, model.rows()),
      norm_(model.params(), model.grid().coords(), model.data_shards()),
      values_("fourfold::step_values", 2),
      values_host_(Kokkos::create_mirror_view(values_)),
      clip_scale_("fourfold::clip_scale") {
  FF_REQUIRE(micro_steps >= 1, "{} micro-steps per optimizer step: need at least one", micro_steps);
  FF_REQUIRE(optimizer.sharded() == (model.data_shards().parts > 1) &&
                 (!optimizer.sharded() || optimizer.segments() == model.data_shards().owned(model.grid().coords().data)),
             "the optimizer is {} but the model's gradients are {}: build AdamW from model.data_shards()",
             optimizer.sharded() ? "sharded over data" : "not sharded",
             model.data_shards().parts > 1 ? "reduce-scattered over data" : "all-reduced");
  // Failure testing: FOURFOLD_STEP_FAULT=RANK:STEP throws on that rank after the backward of
  // that step, while its gradient collectives are in flight.
  if (const char* spec = std::getenv("FOURFOLD_STEP_FAULT"); spec != nullptr && *spec != '\0') {
    char tail = 0;
    FF_REQUIRE(std::sscanf(spec, "%d:%ld%c", &fault_rank_, &fault_step_, &tail) == 2 && fault_rank_ >= 0 &&
                   fault_step_ >= 1,
               "FOURFOLD_STEP_FAULT='{}' is not RANK:STEP (e.g. 1:3)", spec);
  }
}

StepValues TrainStep::run(double lr, long t) {
  ScopedRegion region("fourfold::train_step");
  ExecutionContext& ctx = model_.grid().context();
  const LedgerScope ledger(ctx.counters());
  const ExecSpace& exec = ctx.compute();
  const DeviceScalar<double> loss = Kokkos::subview(values_, 0);
  const DeviceScalar<double> norm = Kokkos::subview(values_, 1);
  count_work(WorkKind::elementwise, bytes_of<double>(1.0), 1, Launch::library);
  Kokkos::deep_copy(exec, loss, 0.0);
  const int micro_steps = batches_.batches();
  for (int k = 0; k < micro_steps; ++k) {
    model_.forward(batches_.tokens(k), batches_.targets(k), loss, bf16_parameters_current_);
    bf16_parameters_current_ = true;
    model_.backward(loss_scale_, k == micro_steps - 1);
  }
  if (fault_step_ == t && fault_rank_ == model_.grid().world_rank()) {
    // With gradient collectives in flight: the other ranks must not hang on them.
    FF_REQUIRE(false, "injected fault on rank {} in step {} (FOURFOLD_STEP_FAULT)", fault_rank_, t);
  }
  model_.sync_gradients();
  model_.complete_loss(loss);
  norm_.compute(exec, norm, model_.gradients(), model_.grid().world());
  const DeviceScalar<float> clip_scale = clip_scale_;
  const double clip = grad_clip_;
  count_work(WorkKind::optimizer, bytes_of<double>(1.0) + bytes_of<float>(1.0));
  Kokkos::parallel_for(
      "fourfold::train_step::clip_scale", Kokkos::RangePolicy<ExecSpace>(exec, 0, 1), KOKKOS_LAMBDA(const int) {
        clip_scale() = static_cast<float>(clip > 0.0 && norm() > clip ? clip / norm() : 1.0);
      });
  // bf16 mode: the update rounds the parameters into the model's bf16 copy, unless the optimizer is
  // sharded over data (it updates only this rank's share; the rest arrives in fp32 from the
  // gather, and the next forward rounds the whole arena).
  const bool round_in_update = !optimizer_.sharded();
  optimizer_.step(exec, model_.parameters(), model_.gradients(), static_cast<float>(lr), clip_scale, t,
                  round_in_update ? model_.bf16_parameters() : Bf16Vector());
  bf16_parameters_current_ = round_in_update;
  model_.gather_parameters();  // with the optimizer sharded over data: every rank's updated share
  count_work(WorkKind::copy, bytes_of<double>(2.0), 1, Launch::library);
  copy_to_host(ctx.counters(), exec, values_host_, values_, "fourfold::train_step: loss and gradient norm");
  model_.grid().collect_device_timings();  // the step is complete: its event spans can be read
  return StepValues{values_host_(0) / micro_steps, values_host_(1)};
}

double TrainStep::evaluate(TokenBatches& batches, int count) {
  FF_REQUIRE(count >= 1 && count <= batches.batches(), "evaluate {} of {} micro-batches", count,
             batches.batches());
  ExecutionContext& ctx = model_.grid().context();
  const ExecSpace& exec = ctx.compute();
  const DeviceScalar<double> loss = Kokkos::subview(values_, 0);
  Kokkos::deep_copy(exec, loss, 0.0);
  for (int k = 0; k < count; ++k) {
    model_.forward(batches.tokens(k), batches.targets(k), loss, bf16_parameters_current_);
    bf16_parameters_current_ = true;
  }
  model_.complete_loss(loss);
  copy_to_host(ctx.counters(), exec, values_host_, values_, "fourfold::train_step::evaluate: loss");
  model_.grid().collect_device_timings();
  return values_host_(0) / count;
}

}  // namespace fourfold
