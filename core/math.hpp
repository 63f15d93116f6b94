// Device-callable math functions: Kokkos 3.4 keeps them in Kokkos::Experimental, 4.x in Kokkos.
#pragma once

#include <Kokkos_Core.hpp>

namespace fourfold {
#if KOKKOS_VERSION >= 40000
namespace kmath = ::Kokkos;
#else
namespace kmath = ::Kokkos::Experimental;
#endif
}  // namespace fourfold

#include <cstdint>
#include <cstring>

namespace fourfold {

/// exp(x) in float with at most about 2 ulp error, written so that host compilers vectorise
/// loops that call it (no library call, no branch, no float-to-int conversion): a library expf
/// call per element keeps GELU, softmax and the loss scalar on CPUs. On GPUs the hardware exp
/// is as fast, and this is as accurate. Cody-Waite reduction x = n ln2 + r, |r| <= ln2 / 2, and
/// Cephes' minimax polynomial for exp(r). Inputs below -87.3 give about 1e-38 instead of a
/// denormal or 0; above 88.37, about 2.4e38 instead of inf or more; NaN stays NaN.
KOKKOS_INLINE_FUNCTION float fast_exp(float x) {
  constexpr float log2e = 1.44269504088896341f;
  constexpr float ln2_hi = 0.693359375f, ln2_lo = -2.12194440e-4f;
  constexpr float round_magic = 12582912.0f;  // 1.5 * 2^23: adding it rounds to an integer
  x = x < -87.3f ? -87.3f : x;
  x = x > 88.37f ? 88.37f : x;
  const float shifted = x * log2e + round_magic;
  const float n = shifted - round_magic;
  std::int32_t n_bits;
  memcpy(&n_bits, &shifted, sizeof n_bits);
  const float r = (x - n * ln2_hi) - n * ln2_lo;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  // 2^n from the low mantissa bits of `shifted`, which hold n (two's complement, |n| <= 127).
  const std::int32_t exponent_bits = ((n_bits - 0x4B400000) + 127) << 23;
  float scale;
  memcpy(&scale, &exponent_bits, sizeof scale);
  return p * scale;
}

}  // namespace fourfold
