// Which of the four communication overlaps a model runs ([parallel] overlap):
//   oar  a linear layer's input-gradient all-reduce overlaps its weight-gradient GEMM
//   ors  weight-gradient reduce-scatters over Z stay in flight through the backward of
//        earlier layers, completing before the optimizer step
//   oag  the Z all-gather of the next layer's weights is issued before the current layer
//        computes (double-buffered), in forward and backward
//   dp   the data-parallel all-reduce starts per bucket of gradients as soon as they are final
// Switching any of them changes when collectives run, never what they compute: losses and
// parameters are bit-identical with overlap on and off.
#pragma once

#include <cstddef>
#include <string>

namespace fourfold {

struct OverlapOptions {
  bool oar = true, ors = true, oag = true, dp = true;

  static OverlapOptions all() { return {}; }
  static OverlapOptions none() { return {false, false, false, false}; }
  /// "all", "none", or a comma-separated subset of "oar", "ors", "oag", "dp" (each at most
  /// once). Anything else is a UserError naming the bad item and the accepted values.
  static OverlapOptions parse(const std::string& text);
  /// "all", "none" or the subset in canonical order ("oar,dp").
  std::string str() const;
  bool any() const { return oar || ors || oag || dp; }
  friend bool operator==(const OverlapOptions& a, const OverlapOptions& b) {
    return a.oar == b.oar && a.ors == b.ors && a.oag == b.oag && a.dp == b.dp;
  }
};

/// Default size of one data-parallel gradient bucket ([parallel] bucket_mb).
inline constexpr double default_bucket_mb = 8.0;

}  // namespace fourfold
