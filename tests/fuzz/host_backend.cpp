// The one answer the config reader needs from the device library (comm/communicator.cpp, which
// needs Kokkos and MPI): whether a collective backend exists in this build. The harnesses link
// host code only, and answer as a host build does: NCCL is unavailable, MPI always is.
#include "comm/types.hpp"

namespace fourfold::comm {

std::string backend_unavailable(Backend backend) {
  if (backend != Backend::nccl) return {};
  return "NCCL needs a GPU build of fourfold (fuzz harness: host build)";
}

}  // namespace fourfold::comm
