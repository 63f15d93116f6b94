// ExecutionContext: everything one model (one Trainer) runs with, so that two models in one
// process, or a library user's thread beside fourfold's, share nothing mutable:
//   - the compute instance every layer kernel and GEMM is enqueued on;
//   - one instance per communication stream (device collectives started off the compute stream);
//   - the GEMM engine: precision, timing switch, statistics, mixed-precision operand copies and
//     the vendor BLAS handle bound to the compute stream (core/gemm_engine.hpp);
//   - the counters: host synchronisations and communication time and traffic (core/counters.hpp).
//
// Instances. On GPUs each instance is a Kokkos instance made on a stream this context creates
// and destroys (Kokkos::Cuda(stream) / Kokkos::HIP(stream)). On host backends with Kokkos 4 the
// compute instance is a new instance (Kokkos::Experimental::partition_space), so two contexts'
// kernels do not queue on one instance; Kokkos 3.4 has only the default host instance. Host
// builds enqueue nothing on communication instances (MPI collectives run on the calling or the
// progress engine's thread), so there they are the compute instance.
//
// A context is built at set-up, outlives everything that uses it, and is neither copied nor
// moved (the engine and the communicators keep references into it). Its methods are called
// from the thread that drives its model; the counters alone are safe from any thread.
#pragma once

#include "core/counters.hpp"
#include "core/device_runtime.hpp"
#include "core/gemm_engine.hpp"
#include "core/types.hpp"

#include <deque>
#include <memory>

namespace fourfold {

class ExecutionContext {
 public:
  ExecutionContext();
  ~ExecutionContext();
  ExecutionContext(const ExecutionContext&) = delete;
  ExecutionContext& operator=(const ExecutionContext&) = delete;
  ExecutionContext(ExecutionContext&&) = delete;
  ExecutionContext& operator=(ExecutionContext&&) = delete;

  /// The instance every step's computation is enqueued on.
  const ExecSpace& compute() const { return compute_; }
  /// A new instance for one communication stream, valid as long as the context (set-up only).
  /// Its native stream is what NCCL/RCCL collectives started off the compute stream run on.
  const ExecSpace& add_communication_instance();

  GemmEngine& gemm() const { return *gemm_; }
  Counters& counters() const { return *counters_; }
  /// The counters as a shared handle: communicators and requests keep it, so that a request
  /// outliving its model still has somewhere to count.
  const std::shared_ptr<Counters>& counters_handle() const { return counters_; }

 private:
  // Declared before the instances made on them, so they are destroyed after them.
  device::OwnedStream compute_stream_;
  std::deque<device::OwnedStream> communication_streams_;
  ExecSpace compute_;
  std::deque<ExecSpace> communication_;  // deque: references stay valid as it grows
  std::shared_ptr<Counters> counters_;
  std::unique_ptr<GemmEngine> gemm_;
};

}  // namespace fourfold
