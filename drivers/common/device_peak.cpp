#include "drivers/common/device_peak.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace fourfold {
namespace {

// Dense peaks per device (one GCD for MI250X, which the runtime sees as one device), TFLOP/s.
// fp32: fourfold's fp32 GEMMs run as plain SGEMM (cuBLAS's default math mode, no TF32; rocBLAS's
// SGEMM on the MI200 matrix cores), so the fp32 figure is the FP32 (non-tensor) peak on NVIDIA
// and the FP32 matrix peak on MI250X. bf16: the dense tensor/matrix-core peak.
// Sources (vendor data sheets, SXM/OAM parts unless named):
//   A100:   NVIDIA A100 Tensor Core GPU data sheet: FP32 19.5, BF16 312 (PCIe and SXM alike).
//   H100:   NVIDIA H100 Tensor Core GPU data sheet: SXM FP32 67, BF16 989 (1979 with sparsity);
//           PCIe FP32 51, BF16 756; NVL FP32 60, BF16 835.
//   H200:   NVIDIA H200 Tensor Core GPU data sheet: SXM FP32 67, BF16 989; NVL FP32 60, BF16 835.
//   GH200:  NVIDIA GH200 Grace Hopper Superchip data sheet: FP32 67, BF16 989.
//   MI250X: AMD Instinct MI250X specifications: FP32 matrix 95.7, BF16 383 per module of two
//           GCDs, i.e. 47.9 and 191.5 per GCD.
// The most specific names come first: a device name is matched by the first entry it contains.
constexpr DevicePeak table[] = {
    {"GH200", 67.0, 989.0},      {"H200 NVL", 60.0, 835.0},  {"H200", 67.0, 989.0},      {"H100 PCIe", 51.0, 756.0},
    {"H100 NVL", 60.0, 835.0},   {"H100", 67.0, 989.0},      {"A100", 19.5, 312.0},
    {"MI250X", 47.9, 191.5},
};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

std::optional<DevicePeak> find_device_peak(const std::string& device_name) {
  const std::string name = lower(device_name);
  for (const DevicePeak& entry : table)
    if (name.find(lower(entry.name)) != std::string::npos) return entry;
  return std::nullopt;
}

std::vector<std::string> device_peak_names() {
  std::vector<std::string> names;
  for (const DevicePeak& entry : table) names.push_back(entry.name);
  return names;
}

std::optional<double> device_peak_gflops(const std::string& device_name, GemmPrecision precision) {
  const std::optional<DevicePeak> peak = find_device_peak(device_name);
  if (!peak) return std::nullopt;
  return 1e3 * (precision == GemmPrecision::bf16 ? peak->bf16_tflops : peak->fp32_tflops);
}

}  // namespace fourfold
