// Failure agreement for a fallible action on every rank (checkpoint I/O, opening a run's output,
// reading a calibration): the action runs on every rank, and if any rank failed, every rank
// throws, naming the first failure, so no rank goes on to a collective call the others skip (no
// hang). Used by the checkpoint store and the Trainer alike.
#pragma once

#include "comm/collectives.hpp"
#include "core/error.hpp"

#include <string>

namespace fourfold::comm {

template <class F>
void together(const Communicator& world, const std::string& what, F&& body) {
  std::string message;
  try {
    body();
  } catch (const std::exception& e) {
    message = e.what();
    if (message.empty()) message = "unknown error";
  }
  const int failed_rank = all_reduce_value(world, message.empty() ? world.size() : world.rank(),
                                                 ReduceOp::min);
  if (failed_rank == world.size()) return;
  FF_REQUIRE(false, "{}: {}", what,
             message.empty() ? fmt::format("failed on rank {} (see its message)", failed_rank) : message);
}

}  // namespace fourfold::comm
