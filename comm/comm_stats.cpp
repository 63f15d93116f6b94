#include "comm/comm_stats.hpp"

#include <algorithm>
#include <mutex>

namespace fourfold::comm {
namespace {
std::mutex totals_mutex;
CommTotals totals;

double sum(const std::array<double, comm_axis_count>& values) {
  double s = 0.0;
  for (double v : values) s += v;
  return s;
}
}  // namespace

double CommTotals::busy_total() const { return sum(busy); }
double CommTotals::exposed_total() const { return sum(exposed); }

double CommTotals::hidden_fraction() const {
  const double b = busy_total();
  return b > 0.0 ? std::clamp(1.0 - exposed_total() / b, 0.0, 1.0) : 0.0;
}

CommTotals CommTotals::operator-(const CommTotals& earlier) const {
  CommTotals d;
  for (int i = 0; i < comm_axis_count; ++i) {
    d.busy[i] = busy[i] - earlier.busy[i];
    d.exposed[i] = exposed[i] - earlier.exposed[i];
  }
  d.operations = operations - earlier.operations;
  for (int a = 0; a < comm_axis_count; ++a)
    for (int k = 0; k < collective_kind_count; ++k) {
      d.bytes[a][k] = bytes[a][k] - earlier.bytes[a][k];
      d.calls[a][k] = calls[a][k] - earlier.calls[a][k];
    }
  return d;
}

void add_comm_busy(CommAxis axis, double seconds) {
  const std::lock_guard<std::mutex> lock(totals_mutex);
  totals.busy[static_cast<int>(axis)] += seconds;
  totals.operations += 1;
}

void add_comm_exposed(CommAxis axis, double seconds) {
  const std::lock_guard<std::mutex> lock(totals_mutex);
  totals.exposed[static_cast<int>(axis)] += seconds;
}

void add_comm_traffic(CommAxis axis, CollectiveKind kind, std::size_t bytes) {
  const std::lock_guard<std::mutex> lock(totals_mutex);
  totals.bytes[static_cast<int>(axis)][static_cast<int>(kind)] += static_cast<double>(bytes);
  totals.calls[static_cast<int>(axis)][static_cast<int>(kind)] += 1;
}

CommTotals comm_totals() {
  const std::lock_guard<std::mutex> lock(totals_mutex);
  return totals;
}

}  // namespace fourfold::comm
