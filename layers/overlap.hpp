// Which of the five communication overlaps a model runs ([parallel] overlap):
//   oar  a linear layer's input-gradient all-reduce overlaps its weight-gradient GEMM
//   ors  weight-gradient reduce-scatters over Z stay in flight through the backward of
//        earlier layers, completing before the optimizer step
//   oag  the Z all-gather of the next layer's weights is issued before the current layer
//        computes (double-buffered), in forward and backward
//   dp   the data-parallel all-reduce starts per bucket of gradients as soon as they are final
//   fwd  a linear layer's forward all-reduce (over X, or Y for transposed layers) runs by row
//        chunks ([parallel] tp_chunks): chunk c's sum while chunk c + 1's GEMM computes; so
//        does its backward input-gradient all-reduce (then also behind dW's GEMM with oar)
// Switching any of them changes when collectives run, never what they compute: losses and
// parameters are bit-identical with overlap on and off.
//
// fwd changes the all-reduces' sizes (a chunk's rows instead of all of them). Each element is
// still the sum of the same partial products over the same ranks; a group of two ranks adds the
// two in either order to the same bits, so fwd is bit-identical there on every library. In larger
// groups the summation order of an element is the library's (MPI's algorithm, NCCL's ring) and
// may depend on the message's size: the tests hold fwd bit-identical on every grid they run
// (groups of up to 4 ranks, this MPI); elsewhere it agrees to float rounding.
#pragma once

#include <cstddef>
#include <string>

namespace fourfold {

struct OverlapOptions {
  bool oar = true, ors = true, oag = true, dp = true, fwd = true;
  int tp_chunks = default_tp_chunks;  // row chunks of the forward overlap (with fwd; 1, 2, 4 or 8)

  static constexpr int default_tp_chunks = 4;
  static OverlapOptions all() { return {}; }
  static OverlapOptions none() {
    OverlapOptions o;
    o.oar = o.ors = o.oag = o.dp = o.fwd = false;
    return o;
  }
  /// "all", "none", or a comma-separated subset of "oar", "ors", "oag", "dp", "fwd" (each at
  /// most once). Anything else is a UserError naming the bad item and the accepted values.
  static OverlapOptions parse(const std::string& text);
  /// "all", "none" or the subset in canonical order ("oar,dp"); tp_chunks is not part of it.
  std::string str() const;
  bool any() const { return oar || ors || oag || dp || fwd; }
  /// Row chunks a linear layer's forward runs in: tp_chunks with fwd, else 1.
  int forward_row_chunks() const { return fwd ? tp_chunks : 1; }
  friend bool operator==(const OverlapOptions& a, const OverlapOptions& b) {
    return a.oar == b.oar && a.ors == b.ors && a.oag == b.oag && a.dp == b.dp && a.fwd == b.fwd &&
           a.tp_chunks == b.tp_chunks;
  }
};

/// tp_chunks values [parallel] tp_chunks accepts besides "auto".
bool valid_tp_chunks(int chunks);
/// [parallel] tp_chunks: "auto" (0: the caller decides) or 1, 2, 4 or 8; anything else is a
/// UserError naming it and the accepted values.
int parse_tp_chunks(const std::string& text);

/// The most row chunks a linear layer's forward overlap splits its rows into.
inline constexpr int max_row_chunks = 8;
/// GEMMs a linear layer runs for the m rows of a product its group sums over several ranks (the
/// forward's output, the backward's input gradient; layers/linear.cpp): max_row_chunks pieces
/// whatever the row chunks, so that every mode multiplies the same shapes (a BLAS may round a row
/// differently in a GEMM of other rows).
inline std::size_t summed_gemm_pieces(std::size_t m) {
  return m < static_cast<std::size_t>(max_row_chunks) ? (m == 0 ? 1 : m) : static_cast<std::size_t>(max_row_chunks);
}

/// GEMMs of a product reduce-scattered by rows over g ranks (sequence_shard.hpp): g pieces per
/// rank's shard, times ceil(max_row_chunks / g), so that no piece crosses a shard; the same
/// max_row_chunks pieces as summed_gemm_pieces where g divides max_row_chunks.
inline std::size_t sequence_scatter_pieces(int g) {
  const std::size_t ranks = g < 1 ? 1 : static_cast<std::size_t>(g);
  return ranks * ((static_cast<std::size_t>(max_row_chunks) + ranks - 1) / ranks);
}
/// Row chunks such a reduce-scatter runs for the forward overlap's row_chunks: the most, not
/// above row_chunks, that cut every shard's pieces evenly (each chunk is one reduce-scatter).
inline std::size_t sequence_scatter_chunks(int g, int row_chunks) {
  const std::size_t per_shard = sequence_scatter_pieces(g) / static_cast<std::size_t>(g < 1 ? 1 : g);
  std::size_t chunks = 1;
  for (std::size_t c = 1; c <= per_shard && c <= static_cast<std::size_t>(row_chunks); ++c)
    if (per_shard % c == 0) chunks = c;
  return chunks;
}

/// Default size of one data-parallel gradient bucket ([parallel] bucket_mb).
inline constexpr double default_bucket_mb = 8.0;

}  // namespace fourfold
