// Published dense peaks of the GPUs fourfold is run on: the MFU denominator, for the trainer and
// fourfold-bench (by the runtime's device name) and the planner's machine presets (by the device
// each names). A peak is the hardware's, not a rate anything achieved, so MFU compares runs
// across machines and codes. The numerator is model_flops.hpp's.
#pragma once

#include "core/precision.hpp"

#include <optional>
#include <string>
#include <vector>

namespace fourfold {

/// One device's dense (no sparsity) matrix peak for fourfold's GEMM precisions.
struct DevicePeak {
  const char* name;         // the device, as its vendor names it
  double fp32_tflops;       // the fp32 GEMM path fourfold takes (see device_peak.cpp)
  double bf16_tflops;       // bf16 operands, fp32 accumulation
};

/// The table entry whose name the runtime's device name contains (case-insensitive; longer,
/// more specific names first, so "GH200" is not taken for "H200"), or nothing.
std::optional<DevicePeak> find_device_peak(const std::string& device_name);

/// The table's names, most specific first ("GH200", "H200 NVL", ...).
std::vector<std::string> device_peak_names();

/// GFLOP/s of one device at `precision`, or nothing when the device is not in the table.
std::optional<double> device_peak_gflops(const std::string& device_name, GemmPrecision precision);

}  // namespace fourfold
