#include "layers/sequence_shard.hpp"

#include "comm/collectives.hpp"
#include "core/bf16.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
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
  return comm::all_gather_start(exec, group, send, recv, start);
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

RowChunkGather::RowChunkGather(const ExecSpace& exec, const comm::Communicator& group, const ConstMatrix& shard,
                               const Matrix& staging, const Matrix& natural, const Bf16Vector& rounded,
                               std::size_t chunks)
    : RowChunkGather(exec, group, HeldMatrix(shard), staging, Bf16Matrix(), chunks) {
  FF_ASSERT(natural.extent(0) == staging.extent(0) && natural.extent(1) == cols_ &&
                (rounded.extent(0) == 0 || rounded.extent(0) == natural.size()),
            "row-order gather: {}x{} staging, {}x{} rows, {} rounded", staging.extent(0), staging.extent(1),
            natural.extent(0), natural.extent(1), rounded.extent(0));
  natural_ = natural;
  rounded_ = rounded;
}

HeldMatrix RowChunkGather::full() const {
  const std::size_t m = shard_rows_ * static_cast<std::size_t>(group_.size());
  if (rounded_.extent(0) != 0) return ConstBf16Matrix(rounded_.data(), m, cols_);
  if (natural_.data() != nullptr) return ConstMatrix(natural_);
  if (bf16_) return ConstBf16Matrix(full_bf16_.data(), m, cols_);
  return ConstMatrix(full_.data(), m, cols_);
}

void RowChunkGather::wait(const ExecSpace& exec, std::size_t c) {
  if (pending_[c].active()) pending_[c].wait(exec);
  if (natural_.data() == nullptr) return;
  // Chunk c's rows, rank r's at [c g rows + r rows, ...) of the staging, to [r m_s + c rows, ...)
  // in row order (and rounded there): one work item per element.
  const std::size_t g = static_cast<std::size_t>(group_.size()), rows = shard_rows_ / chunks_, w = cols_,
                    m_s = shard_rows_, n = g * rows * w;
  const bool round = rounded_.extent(0) != 0;
  count_work(WorkKind::copy, bytes_of<float>(2.0 * static_cast<double>(n)) + (round ? bytes_of<bf16>(static_cast<double>(n)) : 0.0));
  const float* const from = full_.data() + c * g * rows * w;
  float* const to = natural_.data();
  bf16* const copy = round ? rounded_.data() : nullptr;
  Kokkos::parallel_for(
      "fourfold::sequence_shard::chunk_to_rows", Kokkos::RangePolicy<ExecSpace>(exec, 0, n),
      KOKKOS_LAMBDA(const std::size_t i) {
        const std::size_t r = i / (rows * w), at = (r * m_s + c * rows) * w + i % (rows * w);
        to[at] = from[i];
        if (copy != nullptr) copy[at] = to_bf16(from[i]);
      });
}

HeldMatrix RowChunkGather::shard_rows(std::size_t r, std::size_t begin, std::size_t end) const {
  const std::size_t rows = shard_rows_ / chunks_, c = begin / rows;
  FF_ASSERT(end > begin && (end - 1) / rows == c && r < static_cast<std::size_t>(group_.size()),
            "rows [{}, {}) of shard {} cross a chunk of {} rows", begin, end, r, rows);
  if (natural_.data() != nullptr) {
    const std::size_t row = r * shard_rows_ + begin;
    if (rounded_.extent(0) != 0) return ConstBf16Matrix(rounded_.data() + row * cols_, end - begin, cols_);
    return ConstMatrix(natural_.data() + row * cols_, end - begin, cols_);
  }
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
