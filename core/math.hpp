// Device-callable math functions: Kokkos 3.4 keeps them in Kokkos::Experimental, 4.x in Kokkos.
#pragma once

#include <Kokkos_Core.hpp>

namespace fourfold {
#if KOKKOS_VERSION >= 40000
namespace kmath = ::Kokkos;
#else
namespace kmath = ::Kokkos::Experimental;
#endif
}  // namespace fourfold
