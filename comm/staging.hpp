// Pinned host buffers that MPI collectives on device memory are staged through when the MPI
// library cannot read device memory itself. A buffer is handed to one operation at a time and
// returned when it completes; buffers are kept and reused, so once a step has run with its
// largest messages and its most operations in flight, staging allocates nothing more.
#pragma once

#include <cstddef>
#include <vector>

namespace fourfold::comm {

class StagingPool {
 public:
  StagingPool() = default;
  ~StagingPool();
  StagingPool(const StagingPool&) = delete;
  StagingPool& operator=(const StagingPool&) = delete;

  /// A pinned buffer of at least `bytes` that no other operation holds until release().
  void* acquire(std::size_t bytes);
  /// Hands a buffer from acquire() back for reuse.
  void release(void* buffer) noexcept;

  /// Buffers allocated so far and bytes held (tests check that reuse stops allocation).
  std::size_t buffers() const { return buffers_.size(); }
  std::size_t bytes_held() const;

 private:
  struct Buffer {
    void* data = nullptr;
    std::size_t bytes = 0;
    bool busy = false;
  };
  std::vector<Buffer> buffers_;
};

}  // namespace fourfold::comm
