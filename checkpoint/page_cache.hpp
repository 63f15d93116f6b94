// Evicting a file from the operating system's page cache, so that a read measures the storage
// rather than memory (fourfold-bench checkpoint's load figures).
#pragma once

#include <string>

namespace fourfold::checkpoint {

/// What evict_from_page_cache achieved.
struct CacheEviction {
  double bytes = 0.0;             // the file's size
  double resident_fraction = 0.0; // of its pages still in memory afterwards (mincore), 0..1
};

/// Writes back the file's dirty pages (fdatasync) and asks the kernel to drop its cached pages
/// (posix_fadvise DONTNEED), then counts what stayed resident. Pages another process has mapped,
/// or a file system that ignores the advice, keep some resident; the fraction says how much.
/// A file that cannot be opened, synced or advised is a UserError naming it and the errno text.
CacheEviction evict_from_page_cache(const std::string& path);

}  // namespace fourfold::checkpoint
