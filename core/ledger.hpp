// Where the layers' kernels count their work: the ledger (core/counters.hpp) of the context
// whose step this thread is enqueuing. A kernel function takes only its execution-space
// instance, which on host backends with Kokkos 3.4 is shared by every context in the process,
// so the instance cannot name the context; instead the code that drives a context's step (the
// model's passes, the optimizer step) opens a LedgerScope on its thread, and every kernel
// enqueued from that thread while it is open counts into that context's ledger. Outside any
// scope (unit tests of one kernel, set-up, generation) nothing is counted. The GEMM engine
// counts into its own context's counters directly.
//
// Each launch states its kind and the bytes it reads and writes in device memory, as a
// roofline counts them: every element of every operand it touches once (a value read twice
// through the cache counts once), outputs written once, read-modify-write outputs twice.
#pragma once

#include "core/counters.hpp"

namespace fourfold {

/// While alive, kernels enqueued by this thread count into `counters`. Scopes nest: the
/// innermost counts, and closing it restores the one around it. Neither copied nor moved.
class LedgerScope {
 public:
  explicit LedgerScope(Counters& counters) noexcept;
  ~LedgerScope();
  LedgerScope(const LedgerScope&) = delete;
  LedgerScope& operator=(const LedgerScope&) = delete;

 private:
  Counters* previous_;
};

/// `launches` launches of `kind` that read and write `bytes` in all, into the current scope's
/// ledger (nothing outside a scope); Launch::library for deep copies and fills.
void count_work(WorkKind kind, double bytes, long launches = 1, Launch how = Launch::kernel) noexcept;

/// The ledger the current scope counts into (null outside any scope); for tests.
Counters* current_ledger() noexcept;

}  // namespace fourfold

namespace fourfold {

/// Bytes of `elements` values of T, as the ledger counts them.
template <class T>
constexpr double bytes_of(double elements) {
  return elements * static_cast<double>(sizeof(T));
}

}  // namespace fourfold
