// Model FLOPs, the numerator of MFU: one definition for the trainer's metrics, fourfold-bench
// model and the planner (its denominator, the device's dense peak, is device_peak.hpp's table).
// Host arithmetic only, no MPI or Kokkos.
#pragma once

#include "layers/gpt_config.hpp"

namespace fourfold {

/// FLOPs of training on one token of a `seq_len`-token sequence, forward and backward, counted
/// from the model alone (no recomputation, no optimizer): 6 N for the N parameters' matrix
/// products (2 forward, 4 backward), plus 12 L C T for attention's scores and weighted sums
/// (2 x 2 C T forward per layer, twice that backward; full, not causal, rows). The MFU of a run
/// is this x tokens / (step time x GPUs x the dense peak at the run's precision).
double model_flops_per_token(double parameters, int layers, int channels, int seq_len);

/// The same for `config` (N = config.num_parameters(), the tied embedding counted once). Inline:
/// the parameter count is the layers' (callers link fourfold::layers).
inline double model_flops_per_token(const GptConfig& config, int seq_len) {
  return model_flops_per_token(static_cast<double>(config.num_parameters()), config.num_layers, config.channels,
                               seq_len);
}

}  // namespace fourfold
