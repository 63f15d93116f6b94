#include "layers/param_layout.hpp"

#include "core/error.hpp"

namespace fourfold {

std::size_t MatrixShard::global_row(std::size_t local_row) const {
  if (row_groups.empty()) return row_shard * local_rows + local_row;
  std::size_t global_before = 0, local_before = 0;
  for (const std::size_t group : row_groups) {
    const std::size_t share = group * local_rows / rows;  // this group's block rows
    if (local_row < local_before + share) return global_before + row_shard * share + (local_row - local_before);
    global_before += group;
    local_before += share;
  }
  return rows + local_row;  // beyond every group: no row of the tensor
}

std::vector<ParamRun> block_runs(const MatrixShard& shard, std::size_t chunk_begin,
                                 std::size_t chunk_end) {
  std::vector<ParamRun> runs;
  if (shard.local_cols == 0 || chunk_begin >= chunk_end) return runs;
  for (std::size_t r = chunk_begin / shard.local_cols;
       r < shard.local_rows && r * shard.local_cols < chunk_end; ++r) {
    const std::size_t row = shard.global_row(r);
    if (row >= shard.rows) continue;  // padded vocab rows are not part of the global tensor
    const std::size_t begin = std::max(chunk_begin, r * shard.local_cols);
    const std::size_t end = std::min(chunk_end, (r + 1) * shard.local_cols);
    ParamRun run{begin - chunk_begin,
                 row * shard.cols + shard.col_begin + (begin - r * shard.local_cols), end - begin};
    if (!runs.empty()) {
      ParamRun& last = runs.back();
      if (last.local_offset + last.length == run.local_offset &&
          last.global_offset + last.length == run.global_offset) {
        last.length += run.length;
        continue;
      }
    }
    runs.push_back(run);
  }
  return runs;
}

std::uint64_t tensor_id_of(const std::string& name) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace fourfold
