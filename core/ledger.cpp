// The thread's current ledger (core/ledger.hpp).
#include "core/ledger.hpp"

namespace fourfold {
namespace {
thread_local Counters* current = nullptr;
}  // namespace

LedgerScope::LedgerScope(Counters& counters) noexcept : previous_(current) { current = &counters; }
LedgerScope::~LedgerScope() { current = previous_; }

void count_work(WorkKind kind, double bytes, long launches, Launch how) noexcept {
  if (current != nullptr) current->add_work(kind, bytes, launches, how);
}

Counters* current_ledger() noexcept { return current; }

}  // namespace fourfold
