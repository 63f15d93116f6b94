// Communication time of this process, per grid axis, as two clocks:
//   busy     how long collectives took: from start to completion on the progress engine's
//            thread (host builds), between events on the communication streams (NCCL), or the
//            whole call for collectives run on the calling thread
//   exposed  how long the compute side stood still for them: the host blocked in a wait or a
//            blocking collective, or a compute stream stalled on a communication event
// hidden fraction = 1 - exposed / busy: the share overlap took off the critical path.
#pragma once

#include "comm/types.hpp"

#include <array>

namespace fourfold::comm {

struct CommTotals {
  std::array<double, comm_axis_count> busy{};     // seconds per CommAxis
  std::array<double, comm_axis_count> exposed{};  // seconds per CommAxis
  long operations = 0;

  double busy_total() const;
  double exposed_total() const;
  /// 1 - exposed / busy (0 when nothing was communicated; never below 0).
  double hidden_fraction() const;
  CommTotals operator-(const CommTotals& earlier) const;
};

/// Adds to the process totals; safe from any thread (the progress engine adds busy time).
void add_comm_busy(CommAxis axis, double seconds);
void add_comm_exposed(CommAxis axis, double seconds);
/// A consistent snapshot of the process totals since start-up.
CommTotals comm_totals();

}  // namespace fourfold::comm
