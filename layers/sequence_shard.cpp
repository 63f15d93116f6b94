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

}  // namespace

comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstMatrix& shard,
                          const Matrix& full, bool start) {
  return gather(exec, group, shard, full, start);
}

comm::Request gather_rows(const ExecSpace& exec, const comm::Communicator& group, const ConstBf16Matrix& shard,
                          const Bf16Matrix& full, bool start) {
  return gather(exec, group, shard, full, start);
}

}  // namespace fourfold
