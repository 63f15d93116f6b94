// Counter-based random numbers keyed by (seed, tensor id, global element index).
//
// A value depends only on its key, never on which rank draws it or in which order, so a tensor
// initialised on any grid holds the same global values, and no generator state needs to be
// saved or sharded. The mixer is SplitMix64's finaliser applied to a combined 64-bit key,
// chained twice so that nearby seeds and ids decorrelate.
#pragma once

#include <Kokkos_Core.hpp>

#include "core/math.hpp"

#include <cstdint>

namespace fourfold::rng {

KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// 64 random bits for (seed, stream, counter).
KOKKOS_INLINE_FUNCTION std::uint64_t bits(std::uint64_t seed, std::uint64_t stream,
                                          std::uint64_t counter) {
  return mix64(mix64(mix64(seed) ^ stream) ^ counter);
}

/// Uniform in (0, 1): 24 random bits centred in their bin, so never exactly 0 or 1.
KOKKOS_INLINE_FUNCTION float uniform(std::uint64_t seed, std::uint64_t stream,
                                     std::uint64_t counter) {
  const std::uint64_t b = bits(seed, stream, counter) >> 40;  // 24 bits
  return (static_cast<float>(b) + 0.5f) * (1.0f / 16777216.0f);
}

/// Standard normal by Box-Muller from two independent uniforms (53-bit precision).
KOKKOS_INLINE_FUNCTION float normal(std::uint64_t seed, std::uint64_t stream,
                                    std::uint64_t counter) {
  const std::uint64_t b = bits(seed, stream, counter);
  const std::uint64_t c = mix64(b ^ 0xD1B54A32D192ED03ULL);
  const double u1 = (static_cast<double>(b >> 11) + 0.5) * (1.0 / 9007199254740992.0);
  const double u2 = (static_cast<double>(c >> 11) + 0.5) * (1.0 / 9007199254740992.0);
  const double r = kmath::sqrt(-2.0 * kmath::log(u1));
  return static_cast<float>(r * kmath::cos(6.283185307179586 * u2));
}

}  // namespace fourfold::rng
