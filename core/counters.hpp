// What one execution context counts: the host's waits on the device, and communication time and
// traffic per grid axis. Host-only (no Kokkos), thread-safe: the progress engine's thread adds
// communication time while the compute thread counts its waits, and two contexts in one process
// (two models, two Trainers) never share a count.
//
// Host synchronisations, by kind, so the count per step means the same thing on every backend:
//   value    the host reads a result computed on the device (loss, norm, checkpoint data), or
//            waits until the device has taken data from host memory it is about to reuse
//   wait     the host waits for a device-side collective (Request::wait() without an instance)
//   backend  a host-side route needs the data complete: MPI reading host (or staged) memory,
//            Kokkos Kernels 3.4's GEMM without execution-space instances; a device build with
//            NCCL and Kokkos Kernels 4 has none
//   timing   benchmarks fencing around what they time
//
// Communication time, per grid axis, as two clocks:
//   busy     how long collectives took: from start to observed completion on the progress
//            engine's thread (host builds), between events on the communication streams (NCCL),
//            or the whole call for collectives run on the calling thread
//   exposed  how long the compute side stood still for them: the host blocked in a wait or a
//            blocking collective, or a compute stream stalled on a communication event
// hidden fraction = 1 - exposed / busy: the share overlap took off the critical path.
// Traffic per axis and collective kind: calls, and bytes of the full buffer as nccl-tests count
// them (all-reduce and broadcast: the data; all-gather: the gathered result; reduce-scatter: the
// input), so that bytes x the algorithm's factor (ring all-reduce 2(p-1)/p, all-gather and
// reduce-scatter (p-1)/p) is what each rank sends. Groups of one rank communicate nothing and
// count nothing.
//
// The ledger of device work, by kind: launches (kernels and library calls enqueued) and the bytes
// each reads and writes in device memory, as the launching code states them:
//   gemm         matrix products (operands read once, C written; read too when beta != 0)
//   conversion   passes that only change precision (fp32 -> bf16 operand copies)
//   norm, softmax, elementwise, optimizer   the layers' own kernels
//   wire         packing and unpacking collective buffers
//   copy         device copies that change nothing
// Counted on the thread that enqueues the work; read between steps. Launches are of two sorts:
// kernels fourfold launches itself through Kokkos (labelled "fourfold::..."), and library calls
// (a vendor GEMM, a Kokkos deep copy or fill), which LedgerTotals::library_launches counts apart so
// that the kernels can be checked against Kokkos' own count of its dispatches.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <mutex>

namespace fourfold {

enum class SyncKind { value, wait, backend, timing };
inline constexpr int sync_kind_count = 4;
const char* sync_kind_name(SyncKind kind);

struct HostSyncCounts {
  std::array<long, sync_kind_count> by_kind{};
  long operator[](SyncKind kind) const { return by_kind[static_cast<int>(kind)]; }
  /// What a step costs in waits on the device whatever the backend: every kind but backend
  /// (host-side routes' own fences) and timing (benchmarks).
  long step_syncs() const { return (*this)[SyncKind::value] + (*this)[SyncKind::wait]; }
  long total() const;
  friend HostSyncCounts operator-(HostSyncCounts a, const HostSyncCounts& b) {
    for (int i = 0; i < sync_kind_count; ++i) a.by_kind[i] -= b.by_kind[i];
    return a;
  }
};

/// The grid axis a communicator spans, for communication telemetry (time per axis).
enum class CommAxis { x, y, z, data, xy, other };
inline constexpr int comm_axis_count = 6;

/// The part of a training step communication happens in, for telemetry: the forward (a model's
/// forward pass, and the forward a block recomputation re-runs counts as backward), the backward,
/// and the rest (gradient synchronisation, the optimizer, checkpoints). The model sets it
/// (Counters::set_phase); a collective's time counts in the phase current when it is counted.
enum class StepPhase { forward, backward, other };
inline constexpr int step_phase_count = 3;
const char* step_phase_name(StepPhase phase);

/// The collectives fourfold issues, for traffic counts per kind and axis.
/// ring_exchange: one point-to-point step of a ring (each rank sends its buffer to the next rank
/// and receives the previous one's; comm::ring_exchange), counted with the buffer's bytes.
enum class CollectiveKind { all_reduce, all_gather, reduce_scatter, broadcast, ring_exchange };
inline constexpr int collective_kind_count = 5;

/// The kinds of device work the ledger counts (see above).
enum class WorkKind { gemm, conversion, norm, softmax, elementwise, optimizer, wire, copy };
inline constexpr int work_kind_count = 8;
const char* work_kind_name(WorkKind kind);
/// How a launch is made: a Kokkos kernel of fourfold's, or a library call (see above).
enum class Launch { kernel, library };

struct LedgerTotals {
  std::array<long, work_kind_count> launches{};
  std::array<double, work_kind_count> bytes{};  // read + written
  long library_launches = 0;                     // of all the launches, those that were library calls
  long launches_of(WorkKind kind) const { return launches[static_cast<int>(kind)]; }
  double bytes_of(WorkKind kind) const { return bytes[static_cast<int>(kind)]; }
  long total_launches() const;
  double total_bytes() const;
  LedgerTotals operator-(const LedgerTotals& earlier) const;
};

struct CommTotals {
  std::array<double, comm_axis_count> busy{};     // seconds per CommAxis
  std::array<double, comm_axis_count> exposed{};  // seconds per CommAxis
  std::array<double, step_phase_count> busy_phase{};     // the same seconds per StepPhase
  std::array<double, step_phase_count> exposed_phase{};
  long operations = 0;
  std::array<std::array<double, collective_kind_count>, comm_axis_count> bytes{};  // [axis][kind]
  std::array<std::array<long, collective_kind_count>, comm_axis_count> calls{};    // [axis][kind]

  double busy_total() const;
  double exposed_total() const;
  /// 1 - exposed / busy (0 when nothing was communicated). Below 0 would mean the compute side
  /// waited longer than the collectives took, which the two clocks rule out up to their
  /// resolution; it is clamped at 0 so rounding never reads as negative overlap.
  double hidden_fraction() const;
  CommTotals operator-(const CommTotals& earlier) const;
};

class Counters {
 public:
  Counters() = default;
  Counters(const Counters&) = delete;
  Counters& operator=(const Counters&) = delete;

  /// One host synchronisation of `kind`.
  void count_host_sync(SyncKind kind) { host_syncs_[static_cast<int>(kind)].fetch_add(1, std::memory_order_relaxed); }
  HostSyncCounts host_syncs() const;

  /// Communication time on `axis`, in the current phase (set_phase), or in `phase` for time
  /// counted after its phase ended (device events read back later).
  void add_comm_busy(CommAxis axis, double seconds) { add_comm_busy(axis, seconds, phase()); }
  void add_comm_exposed(CommAxis axis, double seconds) { add_comm_exposed(axis, seconds, phase()); }
  void add_comm_busy(CommAxis axis, double seconds, StepPhase phase);
  void add_comm_exposed(CommAxis axis, double seconds, StepPhase phase);
  void set_phase(StepPhase phase) { phase_.store(static_cast<int>(phase), std::memory_order_relaxed); }
  StepPhase phase() const { return static_cast<StepPhase>(phase_.load(std::memory_order_relaxed)); }
  /// One collective of `bytes` (the full buffer, see above) on a group spanning `axis`.
  void add_comm_traffic(CommAxis axis, CollectiveKind kind, std::size_t bytes);
  /// A consistent snapshot of the communication totals.
  CommTotals comm_totals() const;

  /// `launches` launches of `kind` that read and write `bytes` in all.
  void add_work(WorkKind kind, double bytes, long launches = 1, Launch how = Launch::kernel) {
    const int k = static_cast<int>(kind);
    launches_[k].fetch_add(launches, std::memory_order_relaxed);
    bytes_[k].fetch_add(static_cast<long long>(bytes), std::memory_order_relaxed);
    if (how == Launch::library) library_launches_.fetch_add(launches, std::memory_order_relaxed);
  }
  LedgerTotals ledger() const;

  /// A started collective's request destroyed without a wait (its destructor completed it).
  void count_unwaited_request() { unwaited_requests_.fetch_add(1, std::memory_order_relaxed); }
  long unwaited_requests() const { return unwaited_requests_.load(std::memory_order_relaxed); }

 private:
  std::array<std::atomic<long>, sync_kind_count> host_syncs_{};
  std::atomic<long> unwaited_requests_{0};
  std::array<std::atomic<long>, work_kind_count> launches_{};
  std::array<std::atomic<long long>, work_kind_count> bytes_{};
  std::atomic<long> library_launches_{0};
  std::atomic<int> phase_{static_cast<int>(StepPhase::other)};
  mutable std::mutex comm_mutex_;  // guards comm_
  CommTotals comm_;
};

/// The phase of `counters` from construction to destruction, then the one before (destructor
/// does not throw).
class StepPhaseScope {
 public:
  StepPhaseScope(Counters& counters, StepPhase phase) : counters_(counters), before_(counters.phase()) {
    counters.set_phase(phase);
  }
  ~StepPhaseScope() { counters_.set_phase(before_); }
  StepPhaseScope(const StepPhaseScope&) = delete;
  StepPhaseScope& operator=(const StepPhaseScope&) = delete;

 private:
  Counters& counters_;
  StepPhase before_;
};

}  // namespace fourfold
