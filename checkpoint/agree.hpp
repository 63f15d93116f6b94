// Failure agreement for collective I/O: a step runs on every rank, and if any rank failed,
// every rank throws, so no rank goes on to a collective call the others skip (no hang).
#pragma once

#include "comm/collectives.hpp"
#include "core/error.hpp"

#include <string>

namespace fourfold::checkpoint {

template <class F>
void together(const comm::Communicator& world, const std::string& what, F&& body) {
  std::string message;
  try {
    body();
  } catch (const std::exception& e) {
    message = e.what();
    if (message.empty()) message = "unknown error";
  }
  const int failed_rank = comm::all_reduce_value(world, message.empty() ? world.size() : world.rank(),
                                                 comm::ReduceOp::min);
  if (failed_rank == world.size()) return;
  FF_REQUIRE(false, "{}: {}", what,
             message.empty() ? fmt::format("failed on rank {} (see its message)", failed_rank) : message);
}

}  // namespace fourfold::checkpoint
