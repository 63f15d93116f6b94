#include "core/precision.hpp"

#include "core/error.hpp"

namespace fourfold {

const char* precision_name(GemmPrecision p) { return p == GemmPrecision::fp32 ? "fp32" : "bf16"; }

GemmPrecision parse_gemm_precision(const std::string& text) {
  if (text == "fp32") return GemmPrecision::fp32;
  FF_REQUIRE(text == "bf16", "precision '{}' is not one of fp32, bf16", text);
  return GemmPrecision::bf16;
}

}  // namespace fourfold
