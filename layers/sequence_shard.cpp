#include "layers/sequence_shard.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "layers/overlap.hpp"

namespace fourfold {

SequenceShard make_sequence_shard(bool requested, std::size_t rows, const comm::Grid& grid) {
  SequenceShard shard;
  shard.rows = rows;
  shard.shard_rows = rows;
  const int g = grid.shape().y;
  if (!requested || g == 1) return shard;
  const std::size_t pieces = sequence_scatter_pieces(g);
  FF_REQUIRE(rows % pieces == 0,
             "sequence_shard: the {} rows of a micro-batch on this rank (sequences x sequence length) must be a "
             "multiple of {} to split over G_y = {} (grid {}): each rank's rows are {} GEMM pieces of equal size",
             rows, pieces, g, grid.shape().str(), pieces / static_cast<std::size_t>(g));
  shard.group = &grid.y();
  shard.shard_rows = rows / static_cast<std::size_t>(g);
  shard.row_begin = shard.shard_rows * static_cast<std::size_t>(grid.y().rank());
  return shard;
}

namespace {

// Either element type: the shards' rows, flat, all-gathered in rank order.
template <class Shard, class Full>
comm::Request gather(const ExecSpace& exec, const comm::Communicator& group, const Shard& shard, const Full& full,
                     bool start) {
  FF_ASSERT(shard.extent(1) == full.extent(1) &&
                shard.extent(0) * static_cast<std::size_t>(group.size()) == full.extent(0),
            "gather_rows: {}x{} over {} ranks into {}x{}", shard.extent(0), shard.extent(1), group.size(),
            full.extent(0), full.extent(1));
  using T = typename Full::value_type;
  const Tensor1<const T> send(shard.data(), shard.size());
  const Tensor1<T> recv(full.data(), full.size());
  if (start) return comm::all_gather_start(exec, group, send, recv);
  comm::all_gather(exec, group, send, recv);
  return comm::Request();
}

template <class View>
View rows_of(const View& v, std::size_t begin, std::size_t end) {
  return View(v.data() + begin * v.extent(1), end - begin, v.extent(1));
}

}  // namespace

RowChunkGather::RowChunkGather(const ExecSpace& exec, const comm::Communicator& group, const HeldMatrix& shard,
                               const Matrix& full, const Bf16Matrix& full_bf16, std::size_t chunks)
    : group_(group),
      shard_rows_(shard.rows()),
      cols_(shard.cols()),
      chunks_(chunks),
      bf16_(shard.is_bf16()),
      full_(full),
      full_bf16_(full_bf16) {
  const std::size_t g = static_cast<std::size_t>(group.size());
  FF_ASSERT(chunks >= 1 && chunks <= static_cast<std::size_t>(max_row_chunks) && shard_rows_ % chunks == 0,
            "row-chunk gather of {} rows in {} chunks", shard_rows_, chunks);
  const std::size_t rows = shard_rows_ / chunks;
  for (std::size_t c = 0; c < chunks; ++c) {
    // Chunk c: this rank's rows [c rows, (c + 1) rows) to every rank, at rows [c g rows, ...) in rank order.
    if (bf16_) {
      pending_[c] = gather(exec, group, rows_of(shard.bf16, c * rows, (c + 1) * rows),
                           rows_of(full_bf16_, c * g * rows, (c + 1) * g * rows), chunks > 1);
    } else {
      pending_[c] = gather(exec, group, rows_of(shard.fp32, c * rows, (c + 1) * rows),
                           rows_of(full_, c * g * rows, (c + 1) * g * rows), chunks > 1);
    }
  }
}

HeldMatrix RowChunkGather::full() const {
  const std::size_t m = shard_rows_ * static_cast<std::size_t>(group_.size());
  if (bf16_) return ConstBf16Matrix(full_bf16_.data(), m, cols_);
  return ConstMatrix(full_.data(), m, cols_);
}

void RowChunkGather::wait(const ExecSpace& exec, std::size_t c) {
  if (pending_[c].active()) pending_[c].wait(exec);
}

HeldMatrix RowChunkGather::shard_rows(std::size_t r, std::size_t begin, std::size_t end) const {
  const std::size_t rows = shard_rows_ / chunks_, c = begin / rows;
  FF_ASSERT(end > begin && (end - 1) / rows == c && r < static_cast<std::size_t>(group_.size()),
            "rows [{}, {}) of shard {} cross a chunk of {} rows", begin, end, r, rows);
  const std::size_t at = c * rows * static_cast<std::size_t>(group_.size()) + r * rows + (begin - c * rows);
  if (bf16_) return ConstBf16Matrix(full_bf16_.data() + at * cols_, end - begin, cols_);
  return ConstMatrix(full_.data() + at * cols_, end - begin, cols_);
}

comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstMatrix& shard,
                          const Matrix& full, bool start) {
  return gather(exec, group, shard, full, start);
}

comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstBf16Matrix& shard,
                          const Bf16Matrix& full, bool start) {
  return gather(exec, group, shard, full, start);
}

}  // namespace fourfold
