// How a model trades computation or communication for memory ([train] recompute,
// [train] loss_chunk_tokens, [parallel] shard_optimizer), and
// the sizes that follow from them; free of Kokkos so that the planner (drivers/plan) sizes the
// same buffers the model allocates.
//
// Recomputation (what forward keeps for backward, per transformer block):
//   none       every activation backward reads: ln1, qkv, attention output and statistics, res2,
//              ln2, FC output, GELU output, block output, LayerNorm statistics.
//   selective  the GEMM outputs (qkv, attention output, res2, FC output), the block output and the
//              row statistics; LayerNorm outputs and the GELU output, large and cheap, are
//              recomputed from them just before the block's backward, with no GEMM and no
//              collective.
//   block      the block output (the next block's input) and the LayerNorm row statistics (O(m));
//              backward re-runs the block's forward first (its linear layers gather their weights
//              over Z again), into one set of buffers shared by all blocks.
// Recomputed values repeat the forward's operations on the same inputs, and LayerNorm reuses its
// kept statistics instead of reducing them over X again, so every mode gives bit-identical
// losses and parameters.
#pragma once

#include <cstddef>
#include <string>

namespace fourfold {

enum class Recompute { none, selective, block };

/// "none", "selective" or "block"; anything else is a UserError naming it and the accepted values.
Recompute parse_recompute(const std::string& text);
const char* recompute_name(Recompute recompute);

struct MemoryOptions {
  MemoryOptions(Recompute recompute_mode = Recompute::none, long chunk_tokens = 0, bool shard = false)
      : recompute(recompute_mode), loss_chunk_tokens(chunk_tokens), shard_optimizer(shard) {}
  Recompute recompute;
  /// Rows of logits per chunk of the LM head and loss; 0: as many as fit default_loss_chunk_bytes.
  long loss_chunk_tokens;
  /// [parallel] shard_optimizer: AdamW's moments and update split over the data ranks (ZeRO-1):
  /// gradients reduce-scattered over data, parameters all-gathered after the update.
  bool shard_optimizer;
};

/// The default chunk of logits: 64 MiB of fp32.
inline constexpr double default_loss_chunk_bytes = 64.0 * 1024 * 1024;

/// Rows of one chunk of logits for `rows` rows of V_loc = vocab_local logits: loss_chunk_tokens
/// when positive, else as many rows as fit default_loss_chunk_bytes; at least 1 and at most rows.
inline std::size_t loss_chunk_rows(long loss_chunk_tokens, std::size_t vocab_local, std::size_t rows) {
  std::size_t chunk = loss_chunk_tokens > 0
                          ? static_cast<std::size_t>(loss_chunk_tokens)
                          : static_cast<std::size_t>(default_loss_chunk_bytes / (4.0 * static_cast<double>(vocab_local)));
  if (chunk < 1) chunk = 1;
  return chunk < rows ? chunk : rows;
}

}  // namespace fourfold
