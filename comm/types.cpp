#include "comm/types.hpp"

#include "comm/comm_stats.hpp"
#include "core/error.hpp"

namespace fourfold::comm {

CommStats& comm_stats() {
  static CommStats stats;
  return stats;
}

const char* dtype_name(DType type) {
  switch (type) {
    case DType::f32: return "f32";
    case DType::f64: return "f64";
    case DType::i32: return "i32";
    case DType::i64: return "i64";
    case DType::u32: return "u32";
    case DType::u64: return "u64";
  }
  return "?";
}

const char* reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return "sum";
    case ReduceOp::max: return "max";
    case ReduceOp::min: return "min";
  }
  return "?";
}

const char* backend_name(Backend backend) {
  switch (backend) {
    case Backend::automatic: return "auto";
    case Backend::nccl: return "nccl";
    case Backend::mpi: return "mpi";
  }
  return "?";
}

Backend parse_backend(const std::string& text) {
  if (text == "auto") return Backend::automatic;
  if (text == "nccl") return Backend::nccl;
  if (text == "mpi") return Backend::mpi;
  FF_REQUIRE(false, "communication backend '{}' is not one of \"auto\", \"nccl\", \"mpi\"", text);
  return Backend::automatic;
}

const char* device_route_name(DeviceRoute route) {
  switch (route) {
    case DeviceRoute::nccl: return "NCCL";
    case DeviceRoute::mpi_direct: return "MPI";
    case DeviceRoute::mpi_staged: return "MPI staged through pinned host memory";
  }
  return "?";
}

std::size_t dtype_bytes(DType type) {
  switch (type) {
    case DType::f32:
    case DType::i32:
    case DType::u32: return 4;
    case DType::f64:
    case DType::i64:
    case DType::u64: return 8;
  }
  return 0;
}

}  // namespace fourfold::comm
