#include "layers/param_layout.hpp"

#include "core/error.hpp"

namespace fourfold {

std::size_t MatrixShard::global_row(std::size_t local_row) const {
  const std::size_t per_group_local = local_rows / row_groups;
  const std::size_t per_group_global = rows / row_groups;
  const std::size_t group = local_row / per_group_local;
  return group * per_group_global + row_shard * per_group_local + local_row % per_group_local;
}

std::vector<ParamRun> block_runs(const MatrixShard& shard, std::size_t chunk_begin,
                                 std::size_t chunk_end) {
  FF_ASSERT(shard.local_rows % shard.row_groups == 0, "rows {} not divisible into {} groups",
            shard.local_rows, shard.row_groups);
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
