// Counter-based random numbers keyed by (seed, tensor id, global element index): the bits of
// core/hash.hpp, and normal variates (which need Kokkos's device-callable math).
#pragma once

#include <Kokkos_Core.hpp>

#include "core/hash.hpp"
#include "core/math.hpp"

#include <cstdint>

namespace fourfold::rng {

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
