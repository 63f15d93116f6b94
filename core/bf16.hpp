// bfloat16: the top 16 bits of an IEEE float (8 exponent bits, 7 mantissa bits), the storage
// format of mixed-precision GEMM operands. Rounding is to nearest, ties to even, as cuBLAS,
// oneDNN and OpenBLAS' sbgemm convert; NaN stays NaN.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>

namespace fourfold {

/// The bf16 bit pattern of x (round to nearest even).
KOKKOS_INLINE_FUNCTION std::uint16_t bf16_bits(float x) {
  std::uint32_t u;
  memcpy(&u, &x, sizeof u);
  if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0u) {
    return static_cast<std::uint16_t>((u >> 16) | 0x0040u);  // quiet NaN, sign kept
  }
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>(u >> 16);
}

/// The float a bf16 bit pattern stands for (exact).
KOKKOS_INLINE_FUNCTION float bf16_to_float(std::uint16_t bits) {
  const std::uint32_t u = static_cast<std::uint32_t>(bits) << 16;
  float x;
  memcpy(&x, &u, sizeof x);
  return x;
}

/// x rounded to the nearest bf16 value, kept as a float.
KOKKOS_INLINE_FUNCTION float round_to_bf16(float x) { return bf16_to_float(bf16_bits(x)); }

}  // namespace fourfold
