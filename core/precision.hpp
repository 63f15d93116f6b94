// The precision of GEMM operands, as configured (`[train] precision`). Host-only: the config
// code that parses it builds without Kokkos; core/gemm.hpp applies it.
#pragma once

#include <string>

namespace fourfold {

/// fp32, or bf16 operands with fp32 accumulation and an fp32 result (mixed precision).
enum class GemmPrecision { fp32, bf16 };

const char* precision_name(GemmPrecision precision);
/// "fp32" or "bf16"; anything else is an error naming the value.
GemmPrecision parse_gemm_precision(const std::string& text);

}  // namespace fourfold
