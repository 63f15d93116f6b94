#include "comm/types.hpp"

#include "core/error.hpp"

namespace fourfold::comm {

const char* comm_axis_name(CommAxis axis) {
  switch (axis) {
    case CommAxis::x: return "x";
    case CommAxis::y: return "y";
    case CommAxis::z: return "z";
    case CommAxis::data: return "data";
    case CommAxis::xy: return "xy";
    case CommAxis::other: return "other";
  }
  return "?";
}

bool parse_collective_kind(const std::string& name, CollectiveKind& kind) {
  for (int k = 0; k < collective_kind_count; ++k) {
    if (name == collective_kind_name(static_cast<CollectiveKind>(k))) {
      kind = static_cast<CollectiveKind>(k);
      return true;
    }
  }
  return false;
}

const char* collective_kind_name(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::all_reduce: return "all_reduce";
    case CollectiveKind::all_gather: return "all_gather";
    case CollectiveKind::reduce_scatter: return "reduce_scatter";
    case CollectiveKind::broadcast: return "broadcast";
    case CollectiveKind::ring_exchange: return "ring_exchange";
  }
  return "?";
}

const char* progress_mode_name(ProgressMode mode) {
  switch (mode) {
    case ProgressMode::automatic: return "auto";
    case ProgressMode::thread: return "thread";
    case ProgressMode::inline_calls: return "inline";
  }
  return "?";
}

ProgressMode parse_progress_mode(const std::string& text) {
  if (text == "auto") return ProgressMode::automatic;
  if (text == "thread") return ProgressMode::thread;
  if (text == "inline") return ProgressMode::inline_calls;
  FF_REQUIRE(false, "communication progress '{}' is not one of \"auto\", \"thread\", \"inline\"", text);
  return ProgressMode::thread;
}

const char* dtype_name(DType type) {
  switch (type) {
    case DType::f32: return "f32";
    case DType::f64: return "f64";
    case DType::i32: return "i32";
    case DType::i64: return "i64";
    case DType::u32: return "u32";
    case DType::u64: return "u64";
    case DType::bf16: return "bf16";
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
    case DType::bf16: return 2;
    case DType::f32:
    case DType::i32:
    case DType::u32: return 4;
    case DType::f64:
    case DType::i64:
    case DType::u64: return 8;
  }
  return 0;
}

Hierarchical parse_hierarchical(const std::string& text) {
  if (text == "auto") return Hierarchical::automatic;
  if (text == "true") return Hierarchical::on;
  if (text == "false") return Hierarchical::off;
  FF_REQUIRE(false, "hierarchical \"{}\": expected auto, true or false", text);
  return Hierarchical::off;
}

const char* hierarchical_name(Hierarchical mode) {
  switch (mode) {
    case Hierarchical::automatic: return "auto";
    case Hierarchical::on: return "true";
    case Hierarchical::off: return "false";
  }
  return "?";
}

}  // namespace fourfold::comm
