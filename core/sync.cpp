#include "core/sync.hpp"

namespace fourfold {
namespace {
HostSyncCounts counts;
}

const char* sync_kind_name(SyncKind kind) {
  switch (kind) {
    case SyncKind::value: return "value";
    case SyncKind::wait: return "wait";
    case SyncKind::backend: return "backend";
    case SyncKind::timing: return "timing";
  }
  return "?";
}

long HostSyncCounts::total() const {
  long sum = 0;
  for (long n : by_kind) sum += n;
  return sum;
}

HostSyncCounts host_sync_counts() { return counts; }

void count_host_sync(SyncKind kind) { ++counts.by_kind[static_cast<int>(kind)]; }

}  // namespace fourfold
