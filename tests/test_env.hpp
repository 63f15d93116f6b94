// What every fourfold test can reach: the runtime and the world communicator.
#pragma once

#include "core/runtime.hpp"

#include <mpi.h>

#include <string>

namespace fourfold::test {

/// The runtime started by the test main (MPI + Kokkos).
Runtime& runtime();
/// The world communicator tests build grids from.
inline MPI_Comm world() { return runtime().world(); }

/// A scratch directory unique to this test run and the same on every rank (made by rank 0,
/// removed when the run ends).
const std::string& scratch_dir();

}  // namespace fourfold::test
