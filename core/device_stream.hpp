// The native stream behind an execution-space instance, for the few places that hand work to a
// vendor library directly (NCCL/RCCL collectives, events). Opaque, so callers need no CUDA or
// HIP headers; nullptr on host backends.
#pragma once

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace fourfold {

template <class Exec>
void* native_stream([[maybe_unused]] const Exec& exec) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Exec, Kokkos::Cuda>) return exec.cuda_stream();
#endif
#if defined(KOKKOS_ENABLE_HIP)
  if constexpr (std::is_same_v<Exec, Kokkos::HIP>) return exec.hip_stream();
#endif
  return nullptr;
}

}  // namespace fourfold
