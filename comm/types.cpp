#include "comm/types.hpp"

#include "comm/comm_stats.hpp"

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
