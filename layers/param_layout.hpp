// Where each element of each global parameter tensor lives on this rank.
//
// Every parameter is a global row-major matrix (rows, cols) (vectors are (1, n) or (n, 1)).
// A rank holds a block of it: a set of global rows (possibly permuted, e.g. the q/k/v rows of
// its heads) times a contiguous column range; a Z-sharded block is further flattened and cut
// into G_z equal chunks. The mapping is described as runs: contiguous local elements that are
// contiguous in the global flat index too. Initialisation, gathering to global shape,
// checkpoints and llm.c import all work from the runs, so none of them depends on the grid.
#pragma once

#include "comm/grid_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold {

/// A block of a global (rows, cols) matrix held by one rank, before Z chunking.
struct MatrixShard {
  std::size_t rows = 0;            // global rows R
  std::size_t cols = 0;            // global cols K
  std::size_t local_rows = 0;      // block rows held (may run past R for padded vocab rows)
  std::size_t local_cols = 0;      // block cols held
  std::size_t row_shard = 0;       // index of this rank's row shard
  std::size_t col_begin = 0;       // first global column held
  std::vector<std::size_t> row_groups;  // global rows of each group of rows, in order (empty: one
                                        // group, all R rows); each group is split over the shards

  /// Global row of block row r. Group g of G_g global rows holds G_g * local_rows / R block rows
  /// (its share); block row r of group g, the i-th of them, is global row (rows of the groups
  /// before g) + row_shard * (its share) + i.
  std::size_t global_row(std::size_t local_row) const;
};

/// Local elements [local_offset, local_offset + length) hold global flat indices
/// [global_offset, global_offset + length).
struct ParamRun {
  std::size_t local_offset = 0;
  std::size_t global_offset = 0;
  std::size_t length = 0;
};

/// Runs of the flattened block elements [chunk_begin, chunk_end), local offsets relative to
/// chunk_begin. Rows at or past `rows` (padding) are skipped; adjacent runs are merged.
std::vector<ParamRun> block_runs(const MatrixShard& shard, std::size_t chunk_begin,
                                 std::size_t chunk_end);

enum class InitKind { normal, ones, zeros };

/// Over which grid groups a parameter has identical copies.
struct Replication {
  bool x = false, y = false, z = false, data = true;
};

struct ParamInfo {
  std::string name;                 // "h.3.attn.c_attn.weight" (GPT-2 / Hugging Face naming)
  int tensor = 0;                   // its row of the model's tensor table (GptTensor for GPT-2)
  int layer = 0;                    // its block (0 outside the blocks)
  std::size_t rows = 0, cols = 0;   // global logical shape (rows, cols); vectors are (n, 1)
  bool is_vector = false;           // a bias or LayerNorm vector: global shape (rows)
  std::size_t offset = 0;           // first element in the parameter arena
  std::size_t size = 0;             // elements held on this rank
  std::vector<ParamRun> runs;       // cover the held elements that belong to the global tensor
  Replication replicated;           // identical copies across these groups
  bool z_sharded = false;           // a 1/G_z chunk; its gradient is reduce-scattered over Z
  bool weight_decay = false;        // AdamW decays it (matrices of the blocks)
  InitKind init = InitKind::zeros;
  float init_std = 0.0f;
  std::uint64_t tensor_id = 0;      // RNG stream: hash of the name
};

/// True when this rank holds the copy of `info` that is written, counted and exported: the one
/// at coordinate 0 of every group the tensor is replicated over.
inline bool owns_copy(const ParamInfo& info, const comm::GridCoords& c) {
  return (!info.replicated.x || c.x == 0) && (!info.replicated.y || c.y == 0) &&
         (!info.replicated.z || c.z == 0) && (!info.replicated.data || c.data == 0);
}

/// FNV-1a of the name: the RNG stream of a tensor, the same on every grid.
std::uint64_t tensor_id_of(const std::string& name);

}  // namespace fourfold
