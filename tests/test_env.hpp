// What every fourfold test can reach: the runtime and the world communicator.
#pragma once

#include "core/error.hpp"
#include "core/runtime.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <string>

namespace fourfold::test {

/// The runtime started by the test main (MPI + Kokkos).
Runtime& runtime();
/// The world communicator tests build grids from.
inline MPI_Comm world() { return runtime().world(); }

/// A scratch directory unique to this test run and the same on every rank (made by rank 0,
/// removed when the run ends).
const std::string& scratch_dir();

/// `f` throws a UserError whose message contains `fragment`.
inline void expect_user_error(const std::function<void()>& f, const std::string& fragment) {
  try {
    f();
    ADD_FAILURE() << "accepted; expected an error containing '" << fragment << "'";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

}  // namespace fourfold::test
