// How the gradient arena is cut into data-parallel buckets, and, with the optimizer sharded over
// the data axis ([parallel] shard_optimizer, ZeRO-1), which part of each bucket a data rank owns.
// Free of Kokkos, so that the planner (drivers/plan) counts the same collectives and bytes.
//
// Buckets (GradientSync): the Z-sharded weight chunks [replicated, total) cut from the end of the
// arena down in pieces of bucket_elements, then the Z-replicated section [0, replicated) from the
// start, in pieces of bucket_elements.
//
// Sharded: bucket_elements is a multiple of G_data. Each bucket of `size` elements is split into
// G_data pieces of size / G_data elements (rank d owns piece d: reduce-scattered to it, updated
// by it, all-gathered from it) and a remainder of size mod G_data elements (only a section's last
// bucket has one) that every rank owns: all-reduced, and updated identically everywhere.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace fourfold {

/// [begin, end) of arena elements.
using ArenaSegment = std::pair<std::size_t, std::size_t>;

/// Elements of one gradient bucket: bucket_mb MiB of fp32, at least 1, a multiple of `parts`
/// (G_data) when the optimizer is sharded.
std::size_t bucket_elements(double bucket_mb, int parts, bool sharded);

/// The buckets (offset, size) of an arena of `total` elements whose first `replicated` are the
/// Z-replicated section, in the order GradientSync runs them.
std::vector<ArenaSegment> gradient_bucket_ranges(std::size_t replicated, std::size_t total, std::size_t bucket_elements);

struct DataShards {
  int parts = 1;                      // G_data
  std::vector<ArenaSegment> buckets;  // (offset, size), as gradient_bucket_ranges gives them

  std::size_t piece(std::size_t b) const { return buckets[b].second / parts; }
  std::size_t divisible(std::size_t b) const { return piece(b) * parts; }
  std::size_t remainder(std::size_t b) const { return buckets[b].second - divisible(b); }
  /// Segments of the arena data rank `part` owns, in the order its optimizer state stores them:
  /// per bucket, its piece, then the bucket's remainder (with_remainders; owned by every rank).
  std::vector<ArenaSegment> owned(int part, bool with_remainders = true) const;
  /// Elements each rank owns (the same for every rank).
  std::size_t owned_size() const;
  /// Elements of all pieces of one rank (the reduce-scatter results it receives).
  std::size_t pieces_size() const;
};

/// The parts of sorted, disjoint `a` that lie in sorted, disjoint `b` (both by begin).
std::vector<ArenaSegment> intersect(const std::vector<ArenaSegment>& a, std::vector<ArenaSegment> b);

}  // namespace fourfold
