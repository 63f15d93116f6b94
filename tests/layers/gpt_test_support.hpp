// Helpers for model tests: a small GPT-2 config, deterministic global batches, gathering a
// parameter or gradient tensor to its global shape, conversion to the serial reference's
// parameter layout, and the relative error metrics of the acceptance criteria.
#pragma once

#include "layers/gpt.hpp"
#include "reference/gpt2_reference.hpp"
#include "reference/llama_reference.hpp"

#include <string>
#include <vector>

namespace fourfold::test {

/// L=2, NH=4, C=32, V=61 padded to 64, maxT=16: divisible by every grid of up to 8 ranks
/// with G_y <= 4.
GptConfig small_config();
reference::Config to_reference(const GptConfig& config);
/// The small Llama: L=2, NH=8 sharing KV=4 (hs 4), C=32, I=48, V=61 padded to 64, maxT=16,
/// untied (tied: its tied twin); every grid of up to 8 ranks with G_y <= 4 divides it.
GptConfig small_llama_config(bool tied = false);
reference::LlamaConfig to_llama_reference(const GptConfig& config);
/// The small model of `family`.
GptConfig small_config_of(ModelFamily family);

/// Global batch (B, T+1) of token ids in [0, V), the same on every rank.
std::vector<int> global_token_rows(int batch, int seq_len, int vocab, unsigned seed);

/// This rank's (tokens, targets), each (local_batch * T): sequences
/// [(d * G_z + z) * local_batch, ... + local_batch) of the global batch.
std::pair<std::vector<int>, std::vector<int>> local_batch_of(const Gpt& model,
                                                             const std::vector<int>& rows);

/// The global (rows * cols) values of `info` held in `arena`, assembled on every rank.
std::vector<double> gather_global(const Gpt& model, const ParamInfo& info, const Vector& arena);

/// Where tensor `name` lives in the reference's llm.c-layout parameters.
std::pair<std::vector<double>*, std::size_t> reference_slot(const GptConfig& config,
                                                            reference::Params& params,
                                                            const std::string& name);

/// Where tensor `name` lives in the Llama reference's parameters.
std::pair<std::vector<double>*, std::size_t> llama_reference_slot(const GptConfig& config,
                                                                  reference::LlamaParams& params,
                                                                  const std::string& name);

/// max |a - b| / max |b| (0 when b is all zero and a == b).
double relative_max_error(const std::vector<double>& a, const std::vector<double>& b);

/// A short training run of the small model: 3 (or `steps`) optimizer steps of 2 micro-batches of 4 sequences
/// of small_run_seq_len tokens (the same batches each step, so it learns), AdamW at lr 1e-2.
inline constexpr int small_run_seq_len = 8;
struct TrainedRun {
  std::vector<double> losses;     // per optimizer step, the same on every rank
  std::vector<float> parameters;  // this rank's arena after the last step
};
/// delay_us > 0: every collective starts after a random delay of up to that, drawn per rank.
/// config: small_config() or small_llama_config().
TrainedRun train_small(const comm::Grid& grid, const OverlapOptions& overlap, const MemoryOptions& memory,
                       double bucket_mb = default_bucket_mb, int delay_us = 0,
                       const GptConfig& config = small_config(), int steps = 3);
/// Whether the small run's batch, heads (key/value heads included) and channels divide over `shape`.
bool fits_small_run(const comm::GridShape& shape, const GptConfig& config = small_config());
/// Equal losses and parameters, bit for bit (gtest expectations naming `what`).
void expect_bit_identical(const TrainedRun& got, const TrainedRun& want, const std::string& what);

}  // namespace fourfold::test
