// The checkpoint format: one HDF5 file per checkpoint.
//
//   /model/<tensor>              every parameter at its global shape (e.g. h.3.attn.c_attn.weight
//                                [3C, C], ln_f.bias [C]), fp32
//   /optimizer/m/<tensor>        AdamW first moment, same shape
//   /optimizer/v/<tensor>        AdamW second moment, same shape
//   attribute "format_version"   integer
//   attribute "metadata"         JSON: format version, model config, training state (step,
//                                tokens seen, data position, seed, schedule, optimizer
//                                settings), grid and world size at save time, code version,
//                                wall time, and per tensor its shape and checksum
//
// Checksums do not depend on the grid: the sum mod 2^64 of a hash of (global index, value
// bits) over the elements, which every rank can contribute to for the elements it owns.
#pragma once

#include "comm/grid_layout.hpp"
#include "layers/gpt_config.hpp"
#include "layers/param_layout.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

inline constexpr int format_version = 1;

/// Everything besides tensors that a resumed run needs to continue exactly.
struct TrainingState {
  long step = 0;                 // optimizer steps completed (the data position follows from it)
  long long tokens_seen = 0;
  std::uint64_t seed = 0;        // initialisation and data-order seed (RNG state: counter-based)
  int batch_size = 0, seq_len = 0;
  std::string data_order, train_data;
  double lr = 0, min_lr = 0;     // schedule
  long warmup_steps = 0, total_steps = 0;
  std::string schedule;
  double beta1 = 0, beta2 = 0, eps = 0, weight_decay = 0;  // optimizer settings
};

struct TensorRecord {
  std::string name;
  std::vector<std::size_t> shape;
  std::uint64_t checksum = 0;     // model tensor
  std::uint64_t checksum_m = 0;   // first moment (when the optimizer is stored)
  std::uint64_t checksum_v = 0;   // second moment
};

struct CheckpointMeta {
  int version = format_version;
  GptConfig model;
  TrainingState state;
  bool has_optimizer = false;
  comm::GridShape grid;          // at save time
  int world_size = 1;
  std::string code_version;
  std::string wall_time;         // ISO 8601, UTC
  double unix_time = 0;
  std::vector<TensorRecord> tensors;

  std::string to_json() const;
  /// Parses and validates; errors name `origin` (the file).
  static CheckpointMeta from_json(const std::string& text, const std::string& origin);
};

std::string model_dataset(const std::string& tensor);
std::string moment_dataset(const char* moment, const std::string& tensor);  // "m" or "v"

/// Contribution of `count` values at global flat indices first.. to a tensor checksum.
std::uint64_t checksum_part(const float* values, std::size_t first_global_index, std::size_t count);

/// Global shape of a parameter as stored: [rows] for vectors, [rows, cols] otherwise.
std::vector<std::size_t> stored_shape(const ParamInfo& info);

}  // namespace fourfold::checkpoint
