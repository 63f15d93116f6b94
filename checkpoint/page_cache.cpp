#include "checkpoint/page_cache.hpp"

#include "core/error.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace fourfold::checkpoint {
namespace {

// Closes a descriptor on every path out; a failed close of a read-only descriptor loses nothing.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

CacheEviction evict_from_page_cache(const std::string& path) {
  Descriptor file;
  file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  FF_REQUIRE(file.fd >= 0, "cannot open '{}' to drop it from the page cache: {}", path, std::strerror(errno));
  struct stat info {};
  FF_REQUIRE(::fstat(file.fd, &info) == 0, "cannot stat '{}': {}", path, std::strerror(errno));
  // Dirty pages cannot be dropped: write them back first.
  FF_REQUIRE(::fdatasync(file.fd) == 0, "fdatasync of '{}' failed: {}", path, std::strerror(errno));
  const int advice = ::posix_fadvise(file.fd, 0, 0, POSIX_FADV_DONTNEED);  // returns the error number
  FF_REQUIRE(advice == 0, "posix_fadvise(DONTNEED) on '{}' failed: {}", path, std::strerror(advice));
  CacheEviction result;
  result.bytes = static_cast<double>(info.st_size);
  if (info.st_size == 0) return result;
  // Count resident pages: map the file (no read happens) and ask mincore.
  const long page = ::sysconf(_SC_PAGESIZE);
  const std::size_t length = static_cast<std::size_t>(info.st_size);
  void* mapping = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, file.fd, 0);
  FF_REQUIRE(mapping != MAP_FAILED, "cannot map '{}' ({} bytes) to count its cached pages: {}", path, length,
             std::strerror(errno));
  std::vector<unsigned char> resident((length + page - 1) / page);
  const int counted = ::mincore(mapping, length, resident.data());
  const int counted_errno = errno;
  ::munmap(mapping, length);
  FF_REQUIRE(counted == 0, "mincore on '{}' failed: {}", path, std::strerror(counted_errno));
  std::size_t in_memory = 0;
  for (unsigned char r : resident) in_memory += r & 1u;
  result.resident_fraction = static_cast<double>(in_memory) / static_cast<double>(resident.size());
  return result;
}

}  // namespace fourfold::checkpoint
