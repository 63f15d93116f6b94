// bfloat16: the top 16 bits of an IEEE float (8 exponent bits, 7 mantissa bits), the storage
// format of mixed-precision GEMM operands. Rounding is to nearest, ties to even, as cuBLAS,
// oneDNN and OpenBLAS' sbgemm convert; NaN stays NaN. `bf16` is the 2-byte element type of
// buffers that hold bf16 values (collectives in comm/ carry it as DType::bf16).
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>
#include <type_traits>

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

/// One bf16 value in memory: the bit pattern only, no arithmetic (convert with to_float,
/// compute in fp32, store with to_bf16). Value-initialised (`bf16{}`) it is +0.
struct bf16 {
  std::uint16_t bits;
};
static_assert(sizeof(bf16) == 2 && alignof(bf16) == 2, "bf16 is two bytes");
static_assert(std::is_trivially_copyable_v<bf16> && std::is_standard_layout_v<bf16>,
              "bf16 buffers are copied as bytes (MPI, NCCL, deep_copy)");

/// x rounded to the nearest bf16 (ties to even; NaN stays NaN).
KOKKOS_INLINE_FUNCTION bf16 to_bf16(float x) { return bf16{bf16_bits(x)}; }

/// The float a bf16 stands for (exact).
KOKKOS_INLINE_FUNCTION float to_float(bf16 x) { return bf16_to_float(x.bits); }

}  // namespace fourfold
