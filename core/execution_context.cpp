#include "core/execution_context.hpp"

#include "core/error.hpp"
#include "core/sync.hpp"

namespace fourfold {
namespace {

// A Kokkos instance on `stream` (GPU backends), or a new host instance where Kokkos makes one.
ExecSpace instance_on([[maybe_unused]] const device::OwnedStream& stream) {
#if defined(KOKKOS_ENABLE_CUDA)
  return Kokkos::Cuda(static_cast<cudaStream_t>(stream.get()));
#elif defined(KOKKOS_ENABLE_HIP)
  return Kokkos::HIP(static_cast<hipStream_t>(stream.get()));
#elif KOKKOS_VERSION >= 40000
  return Kokkos::Experimental::partition_space(ExecSpace(), 1)[0];
#else
  return ExecSpace();  // Kokkos 3.4's host backends have one instance
#endif
}

device::OwnedStream new_stream() {
  const device::Runtime* runtime = device::platform_runtime();
  return runtime != nullptr ? device::OwnedStream(*runtime) : device::OwnedStream();
}

}  // namespace

ExecutionContext::ExecutionContext()
    : compute_stream_(new_stream()),
      compute_(instance_on(compute_stream_)),
      counters_(std::make_shared<Counters>()),
      gemm_(std::make_unique<GemmEngine>(compute_, *counters_)) {}

ExecutionContext::~ExecutionContext() {
  // Nothing may still run on the streams destroyed after this.
  try {
    for (const ExecSpace& instance : communication_)
      fence(*counters_, instance, SyncKind::backend, "fourfold::ExecutionContext: destroyed");
    fence(*counters_, compute_, SyncKind::backend, "fourfold::ExecutionContext: destroyed");
    gemm_.reset();  // its handle and operand copies, once nothing uses them
  } catch (const std::exception& e) {
    report_in_destructor(e.what());
  }
}

const ExecSpace& ExecutionContext::add_communication_instance() {
  if (device::platform_runtime() == nullptr) {
    communication_.push_back(compute_);
  } else {
    communication_streams_.push_back(new_stream());
    communication_.push_back(instance_on(communication_streams_.back()));
  }
  return communication_.back();
}

}  // namespace fourfold
