// Spaces and View aliases shared by every folder.
//
// Tensors are row-major (LayoutRight) so that a row range of a matrix is again a contiguous
// matrix, which the GEMM wrapper hands to the vendor BLAS without copies. Shapes are written
// in comments as (rows, cols) with the global meaning of each extent.
#pragma once

#include "core/bf16.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace fourfold {

using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
using HostExecSpace = Kokkos::DefaultHostExecutionSpace;
using HostSpace = Kokkos::HostSpace;

/// Page-locked host memory: device copies from it are truly asynchronous, and MPI can stage
/// device data through it. Plain host memory on host-only backends.
#if defined(KOKKOS_ENABLE_CUDA)
using HostPinnedSpace = Kokkos::CudaHostPinnedSpace;
#elif defined(KOKKOS_ENABLE_HIP)
using HostPinnedSpace = Kokkos::HIPHostPinnedSpace;
#else
using HostPinnedSpace = Kokkos::HostSpace;
#endif

template <class T>
using Tensor1 = Kokkos::View<T*, Kokkos::LayoutRight, MemSpace>;
template <class T>
using Tensor2 = Kokkos::View<T**, Kokkos::LayoutRight, MemSpace>;
template <class T>
using Tensor3 = Kokkos::View<T***, Kokkos::LayoutRight, MemSpace>;
template <class T>
using Tensor4 = Kokkos::View<T****, Kokkos::LayoutRight, MemSpace>;

template <class T>
using HostTensor1 = Kokkos::View<T*, Kokkos::LayoutRight, HostSpace>;
template <class T>
using HostTensor2 = Kokkos::View<T**, Kokkos::LayoutRight, HostSpace>;

/// fp32 matrices: the model's working precision.
using Matrix = Tensor2<float>;
using ConstMatrix = Tensor2<const float>;
using Vector = Tensor1<float>;
using ConstVector = Tensor1<const float>;
/// bf16 buffers (core/bf16.hpp): what crosses a collective in bf16 mode.
using Bf16Vector = Tensor1<bf16>;
using ConstBf16Vector = Tensor1<const bf16>;
using Bf16Matrix = Tensor2<bf16>;
using ConstBf16Matrix = Tensor2<const bf16>;

/// One value in device memory: results a step keeps on the device until the host needs them.
template <class T>
using DeviceScalar = Kokkos::View<T, Kokkos::LayoutRight, MemSpace>;

/// True when host code may dereference memory of space M (MPI without GPU awareness needs it).
template <class M>
inline constexpr bool host_accessible_v =
    Kokkos::SpaceAccessibility<Kokkos::HostSpace, M>::accessible;

/// Elements one work item handles in memory-bound element-wise kernels: a run the host
/// compiler vectorises on CPU backends, 1 on GPUs (where neighbouring threads must touch
/// neighbouring elements).
inline constexpr std::size_t elementwise_chunk = host_accessible_v<MemSpace> ? 512 : 1;

}  // namespace fourfold
