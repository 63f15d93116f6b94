// Where a fourfold tensor's rows live in a Hugging Face folder: one stored tensor per piece.
// Host-only; shared by the GPT-2 and Llama mappings (hf_gpt2.hpp, hf_llama.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::checkpoint {

/// Rows [first_row, first_row + rows) of a fourfold tensor (rows, cols) stored as the Hugging Face
/// tensor `name`, whose shape is `shape`: row r of the piece is fourfold's row first_row + r, or
/// with `transposed` (GPT-2's Conv1D, stored (in, out)) its column.
struct HfPiece {
  std::string name;                 // "model.layers.3.self_attn.k_proj.weight"
  std::vector<std::int64_t> shape;  // as stored
  std::int64_t first_row = 0, rows = 0;
  bool transposed = false;
};

}  // namespace fourfold::checkpoint
