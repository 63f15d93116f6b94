#include "drivers/common/guarded_main.hpp"

#include "core/error.hpp"

#include <cstdio>
#include <exception>

namespace fourfold {
namespace {

// How long failing ranks wait for each other before concluding that some rank is not failing
// (it is blocked in a collective) and aborting the job.
constexpr double failure_grace_seconds = 10.0;

}  // namespace

int run_guarded(int& argc, char**& argv, const char* program,
                const std::function<int(Runtime&)>& body) {
  std::unique_ptr<Runtime> runtime;
  try {
    runtime = std::make_unique<Runtime>(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error during start-up: %s\n", program, e.what());
    return exit_failure;
  }
  std::string message;
  try {
    return body(*runtime);
  } catch (const UserError& e) {
    message = e.what();
  } catch (const std::exception& e) {
    message = e.what();
  } catch (...) {
    message = "unknown exception";
  }
  std::fprintf(stderr, "%s [rank %d/%d]: error: %s\n", program, runtime->world_rank(),
               runtime->world_size(), message.c_str());
  std::fflush(stderr);
  if (!runtime->all_ranks_failed(failure_grace_seconds)) runtime->abort(exit_failure);
  return exit_failure;
}

}  // namespace fourfold
