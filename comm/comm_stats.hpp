// Communication time of this process, per grid axis, as two clocks:
//   busy     how long collectives took: from start to completion on the progress engine's
//            thread (host builds), between events on the communication streams (NCCL), or the
//            whole call for collectives run on the calling thread
//   exposed  how long the compute side stood still for them: the host blocked in a wait or a
//            blocking collective, or a compute stream stalled on a communication event
// hidden fraction = 1 - exposed / busy: the share overlap took off the critical path.
// Traffic per axis and collective kind: calls, and bytes of the full buffer as nccl-tests count
// them (all-reduce and broadcast: the data; all-gather: the gathered result; reduce-scatter: the
// input), so that bytes x the algorithm's factor (ring all-reduce 2(p-1)/p, all-gather and
// reduce-scatter (p-1)/p) is what each rank sends. Groups of one rank communicate nothing and
// count nothing.
#pragma once

#include "comm/types.hpp"

#include <array>
#include <cstddef>

namespace fourfold::comm {

struct CommTotals {
  std::array<double, comm_axis_count> busy{};     // seconds per CommAxis
  std::array<double, comm_axis_count> exposed{};  // seconds per CommAxis
  long operations = 0;
  std::array<std::array<double, collective_kind_count>, comm_axis_count> bytes{};  // [axis][kind]
  std::array<std::array<long, collective_kind_count>, comm_axis_count> calls{};    // [axis][kind]

  double busy_total() const;
  double exposed_total() const;
  /// 1 - exposed / busy (0 when nothing was communicated; never below 0).
  double hidden_fraction() const;
  CommTotals operator-(const CommTotals& earlier) const;
};

/// Adds to the process totals; safe from any thread (the progress engine adds busy time).
void add_comm_busy(CommAxis axis, double seconds);
void add_comm_exposed(CommAxis axis, double seconds);
/// One collective of `bytes` (the full buffer, see above) on a group spanning `axis`.
void add_comm_traffic(CommAxis axis, CollectiveKind kind, std::size_t bytes);
/// A consistent snapshot of the process totals since start-up.
CommTotals comm_totals();

}  // namespace fourfold::comm
