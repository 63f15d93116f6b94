#include "comm/staging.hpp"

#include "core/error.hpp"
#include "core/types.hpp"

namespace fourfold::comm {
namespace {

// Rounded up to a power of two (at least 4 KiB) so that slowly growing messages do not make a
// new allocation each time.
std::size_t rounded(std::size_t bytes) {
  std::size_t size = 4096;
  while (size < bytes) size *= 2;
  return size;
}

}  // namespace

StagingPool::~StagingPool() {
  for (Buffer& b : buffers_) {
    if (b.busy) report_in_destructor("a staging buffer was still held by an unfinished collective");
    if (b.data != nullptr && Kokkos::is_initialized()) Kokkos::kokkos_free<HostPinnedSpace>(b.data);
  }
}

void* StagingPool::acquire(std::size_t bytes) {
  Buffer* best = nullptr;
  Buffer* free_small = nullptr;
  for (Buffer& b : buffers_) {
    if (b.busy) continue;
    if (b.bytes >= bytes && (best == nullptr || b.bytes < best->bytes)) best = &b;
    if (b.bytes < bytes) free_small = &b;
  }
  if (best == nullptr) {
    const std::size_t size = rounded(bytes);
    void* data = Kokkos::kokkos_malloc<HostPinnedSpace>("fourfold::comm::staging", size);
    if (free_small != nullptr) {  // grow a buffer that is too small rather than keep both
      Kokkos::kokkos_free<HostPinnedSpace>(free_small->data);
      *free_small = Buffer{data, size, false};
      best = free_small;
    } else {
      buffers_.push_back(Buffer{data, size, false});
      best = &buffers_.back();
    }
  }
  best->busy = true;
  return best->data;
}

void StagingPool::release(void* buffer) noexcept {
  for (Buffer& b : buffers_) {
    if (b.data == buffer) {
      b.busy = false;
      return;
    }
  }
  report_in_destructor("StagingPool::release of a buffer the pool does not own");
}

std::size_t StagingPool::bytes_held() const {
  std::size_t total = 0;
  for (const Buffer& b : buffers_) total += b.bytes;
  return total;
}

}  // namespace fourfold::comm
