// Helpers for model tests: a small GPT-2 config, deterministic global batches, gathering a
// parameter or gradient tensor to its global shape, conversion to the serial reference's
// parameter layout, and the relative error metrics of the acceptance criteria.
#pragma once

#include "layers/gpt.hpp"
#include "reference/gpt2_reference.hpp"

#include <string>
#include <vector>

namespace fourfold::test {

/// L=2, NH=4, C=32, V=61 padded to 64, maxT=16: divisible by every grid of up to 8 ranks
/// with G_y <= 4.
GptConfig small_config();
reference::Config to_reference(const GptConfig& config);

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

/// max |a - b| / max |b| (0 when b is all zero and a == b).
double relative_max_error(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace fourfold::test
