#include "core/counters.hpp"

#include <algorithm>

namespace fourfold {
namespace {
double sum(const std::array<double, comm_axis_count>& values) {
  double s = 0.0;
  for (double v : values) s += v;
  return s;
}
}  // namespace

const char* sync_kind_name(SyncKind kind) {
  switch (kind) {
    case SyncKind::value: return "value";
    case SyncKind::wait: return "wait";
    case SyncKind::backend: return "backend";
    case SyncKind::timing: return "timing";
  }
  return "?";
}

const char* work_kind_name(WorkKind kind) {
  switch (kind) {
    case WorkKind::gemm: return "gemm";
    case WorkKind::conversion: return "conversion";
    case WorkKind::norm: return "norm";
    case WorkKind::softmax: return "softmax";
    case WorkKind::elementwise: return "elementwise";
    case WorkKind::optimizer: return "optimizer";
    case WorkKind::wire: return "wire";
    case WorkKind::copy: return "copy";
  }
  return "?";
}

long LedgerTotals::total_launches() const {
  long total = 0;
  for (long n : launches) total += n;
  return total;
}

double LedgerTotals::total_bytes() const {
  double total = 0.0;
  for (double b : bytes) total += b;
  return total;
}

LedgerTotals LedgerTotals::operator-(const LedgerTotals& earlier) const {
  LedgerTotals d;
  for (int k = 0; k < work_kind_count; ++k) {
    d.launches[k] = launches[k] - earlier.launches[k];
    d.bytes[k] = bytes[k] - earlier.bytes[k];
  }
  d.library_launches = library_launches - earlier.library_launches;
  return d;
}

LedgerTotals Counters::ledger() const {
  LedgerTotals totals;
  for (int k = 0; k < work_kind_count; ++k) {
    totals.launches[k] = launches_[k].load(std::memory_order_relaxed);
    totals.bytes[k] = static_cast<double>(bytes_[k].load(std::memory_order_relaxed));
  }
  totals.library_launches = library_launches_.load(std::memory_order_relaxed);
  return totals;
}

long HostSyncCounts::total() const {
  long total = 0;
  for (long n : by_kind) total += n;
  return total;
}

const char* step_phase_name(StepPhase phase) {
  switch (phase) {
    case StepPhase::forward: return "forward";
    case StepPhase::backward: return "backward";
    case StepPhase::other: return "other";
  }
  return "?";
}

double CommTotals::busy_total() const { return sum(busy); }
double CommTotals::exposed_total() const { return sum(exposed); }

double CommTotals::hidden_fraction() const {
  const double b = busy_total();
  return b > 0.0 ? std::clamp(1.0 - exposed_total() / b, 0.0, 1.0) : 0.0;
}

CommTotals CommTotals::operator-(const CommTotals& earlier) const {
  CommTotals d;
  for (int a = 0; a < comm_axis_count; ++a) {
    d.busy[a] = busy[a] - earlier.busy[a];
    d.exposed[a] = exposed[a] - earlier.exposed[a];
    for (int k = 0; k < collective_kind_count; ++k) {
      d.bytes[a][k] = bytes[a][k] - earlier.bytes[a][k];
      d.calls[a][k] = calls[a][k] - earlier.calls[a][k];
    }
  }
  for (int p = 0; p < step_phase_count; ++p) {
    d.busy_phase[p] = busy_phase[p] - earlier.busy_phase[p];
    d.exposed_phase[p] = exposed_phase[p] - earlier.exposed_phase[p];
  }
  d.operations = operations - earlier.operations;
  return d;
}

HostSyncCounts Counters::host_syncs() const {
  HostSyncCounts counts;
  for (int i = 0; i < sync_kind_count; ++i) counts.by_kind[i] = host_syncs_[i].load(std::memory_order_relaxed);
  return counts;
}

void Counters::add_comm_busy(CommAxis axis, double seconds, StepPhase phase) {
  const std::lock_guard<std::mutex> lock(comm_mutex_);
  comm_.busy[static_cast<int>(axis)] += seconds;
  comm_.busy_phase[static_cast<int>(phase)] += seconds;
  comm_.operations += 1;
}

void Counters::add_comm_exposed(CommAxis axis, double seconds, StepPhase phase) {
  const std::lock_guard<std::mutex> lock(comm_mutex_);
  comm_.exposed[static_cast<int>(axis)] += seconds;
  comm_.exposed_phase[static_cast<int>(phase)] += seconds;
}

void Counters::add_comm_traffic(CommAxis axis, CollectiveKind kind, std::size_t bytes) {
  const std::lock_guard<std::mutex> lock(comm_mutex_);
  comm_.bytes[static_cast<int>(axis)][static_cast<int>(kind)] += static_cast<double>(bytes);
  comm_.calls[static_cast<int>(axis)][static_cast<int>(kind)] += 1;
}

CommTotals Counters::comm_totals() const {
  const std::lock_guard<std::mutex> lock(comm_mutex_);
  return comm_;
}

}  // namespace fourfold
