// The main() wrapper every fourfold executable uses: runtime guard, then the program body;
// any error is printed on every rank that has it, and the job ends with a non-zero exit and
// no hang (a clean exit when all ranks failed alike, MPI_Abort when some rank is elsewhere).
#pragma once

#include "core/runtime.hpp"

#include <functional>

namespace fourfold {

/// Exit code of a program whose input was rejected or whose run failed.
inline constexpr int exit_failure = 1;

/// Runs `body(runtime)` and returns its exit code. On an exception, prints
/// "fourfold-<program> [rank r/N]: error: <message>" on stderr and ends the job with exit_failure.
int run_guarded(int& argc, char**& argv, const char* program,
                const std::function<int(Runtime&)>& body);

}  // namespace fourfold
