// Counter-based random bits keyed by (seed, stream, counter), usable on the host and in device
// kernels, with no Kokkos (host-only code such as checkpoint checksums includes it).
//
// A value depends only on its key, never on which rank draws it or in which order, so a tensor
// initialised on any grid holds the same global values, and no generator state needs to be
// saved or sharded. The mixer is SplitMix64's finaliser applied to a combined 64-bit key,
// chained so that nearby seeds and streams decorrelate.
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FF_HOST_DEVICE __host__ __device__ inline
#else
#define FF_HOST_DEVICE inline
#endif

namespace fourfold::rng {

FF_HOST_DEVICE std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// 64 random bits for (seed, stream, counter).
FF_HOST_DEVICE std::uint64_t bits(std::uint64_t seed, std::uint64_t stream, std::uint64_t counter) {
  return mix64(mix64(mix64(seed) ^ stream) ^ counter);
}

/// Uniform in (0, 1): 24 random bits centred in their bin, so never exactly 0 or 1.
FF_HOST_DEVICE float uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t counter) {
  const std::uint64_t b = bits(seed, stream, counter) >> 40;  // 24 bits
  return (static_cast<float>(b) + 0.5f) * (1.0f / 16777216.0f);
}

}  // namespace fourfold::rng
