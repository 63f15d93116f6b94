// Element types and reduction operators understood by every collective backend.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace fourfold::comm {

enum class DType { f32, f64, i32, i64, u32, u64 };
enum class ReduceOp { sum, max, min };

const char* dtype_name(DType type);
const char* reduce_op_name(ReduceOp op);
std::size_t dtype_bytes(DType type);

template <class T>
constexpr DType dtype_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>) return DType::f32;
  else if constexpr (std::is_same_v<U, double>) return DType::f64;
  else if constexpr (std::is_same_v<U, std::int32_t>) return DType::i32;
  else if constexpr (std::is_same_v<U, std::int64_t>) return DType::i64;
  else if constexpr (std::is_same_v<U, std::uint32_t>) return DType::u32;
  else if constexpr (std::is_same_v<U, std::uint64_t>) return DType::u64;
  else static_assert(sizeof(T) == 0, "fourfold collectives support float, double and 32/64-bit integers");
}

}  // namespace fourfold::comm
