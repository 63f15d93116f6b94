// What every fourfold test can reach: the runtime and the world communicator.
#pragma once

#include "core/runtime.hpp"

#include <mpi.h>

namespace fourfold::test {

/// The runtime started by the test main (MPI + Kokkos).
Runtime& runtime();
/// The world communicator tests build grids from.
inline MPI_Comm world() { return runtime().world(); }

}  // namespace fourfold::test
