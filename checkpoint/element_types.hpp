// The element types of weight files read from and written for other frameworks (llm.c's fp32 and
// bf16, Hugging Face safetensors' F32, BF16 and F16), and their exact conversions to and from the
// fp32 masters. Host-only (no Kokkos), so that the readers of outside data are fuzzed without a
// device; the device-side bf16 of GEMM operands and collectives is core/bf16.hpp's.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fourfold::checkpoint {

enum class ElementType { f32, bf16, f16 };

/// Bytes of one stored element.
inline std::size_t element_bytes(ElementType t) { return t == ElementType::f32 ? 4 : 2; }

/// safetensors' spelling: "F32", "BF16", "F16".
inline const char* safetensors_name(ElementType t) {
  return t == ElementType::f32 ? "F32" : t == ElementType::bf16 ? "BF16" : "F16";
}

/// The float a bf16 bit pattern stands for (exact).
inline float bf16_bits_to_float(std::uint16_t bits) {
  const std::uint32_t u = static_cast<std::uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

/// The bf16 bit pattern of f: round to nearest, ties to even; NaN stays a quiet NaN.
inline std::uint16_t float_to_bf16_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0u) return static_cast<std::uint16_t>((u >> 16) | 0x0040u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>(u >> 16);
}

/// The float an IEEE binary16 bit pattern stands for (exact: every half is a float), subnormals,
/// infinities and NaN included.
inline float f16_bits_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu;
  const std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in fp32.
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  std::uint32_t bits = exponent == 0x1fu ? sign | 0x7f800000u | (mantissa << 13)
                                         : sign | ((exponent + 127u - 15u) << 23) | (mantissa << 13);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// Element i of `bytes` (little-endian, type t) as a float.
inline float element_to_float(const unsigned char* bytes, std::size_t i, ElementType t) {
  if (t == ElementType::f32) {
    float f;
    std::memcpy(&f, bytes + 4 * i, 4);
    return f;
  }
  std::uint16_t h;
  std::memcpy(&h, bytes + 2 * i, 2);
  return t == ElementType::bf16 ? bf16_bits_to_float(h) : f16_bits_to_float(h);
}

}  // namespace fourfold::checkpoint
