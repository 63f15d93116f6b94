// One optimizer step as fourfold-train runs it, with the host out of the way: every micro-
// batch's forward and backward, gradient synchronisation, the global gradient norm, the clipping
// scale and the AdamW update are enqueued on the device; the host waits once, at the end, to
// read the two values the step reports (the loss and the gradient norm).
#pragma once

#include "core/types.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"
#include "layers/grad_norm.hpp"

namespace fourfold {

/// Token ids of `batches` micro-batches of m rows each, in pinned host memory: filled by the
/// host, copied to the device asynchronously by Gpt::forward. A buffer is filled again only
/// after the host has waited for the step (or evaluation) that read it.
class TokenBatches {
 public:
  TokenBatches(int batches, std::size_t rows);
  int batches() const { return static_cast<int>(tokens_.extent(0)); }
  int* tokens(int batch) const { return &tokens_(batch, 0); }
  int* targets(int batch) const { return &targets_(batch, 0); }

 private:
  Kokkos::View<int**, Kokkos::LayoutRight, HostPinnedSpace> tokens_, targets_;  // (batches, m)
};

struct StepValues {
  double loss = 0.0;       // mean over the step's tokens
  double grad_norm = 0.0;  // before clipping
};

class TrainStep {
 public:
  /// grad_clip: the global norm gradients are scaled down to when above it (0: off).
  TrainStep(Gpt& model, AdamW& optimizer, int micro_steps, double grad_clip);

  /// Where the host puts this step's micro-batches before run().
  TokenBatches& batches() { return batches_; }

  /// The t-th update (t from 1) at learning rate lr, on the micro-batches in batches().
  StepValues run(double lr, long t);

  /// Mean loss of the model (forward only) over the first `count` micro-batches of `batches`,
  /// read with one host wait.
  double evaluate(TokenBatches& batches, int count);

  /// The model's parameters were changed outside run() (a checkpoint loaded): the next forward
  /// rounds them into their bf16 copy again (bf16 mode).
  void parameters_changed() { bf16_parameters_current_ = false; }

 private:
  Gpt& model_;
  AdamW& optimizer_;
  double grad_clip_;
  double loss_scale_;  // 1 / (micro-steps x tokens of one micro-batch)
  TokenBatches batches_;
  GradientNorm norm_;
  Kokkos::View<double*, MemSpace> values_;  // (2) loss accumulator, gradient norm
  Kokkos::View<double*, MemSpace>::HostMirror values_host_;
  DeviceScalar<float> clip_scale_;          // () factor AdamW applies to the gradients
  // bf16 mode: the model's bf16 copy of the parameters holds them (a forward rounded them, or the
  // last update did), so a step's first forward reads it as it is.
  bool bf16_parameters_current_ = false;
  int fault_rank_ = -1;                     // FOURFOLD_STEP_FAULT (failure tests)
  long fault_step_ = -1;
};

}  // namespace fourfold
