// The published-peak table behind MFU (drivers/common/device_peak.hpp): device names as the
// CUDA and HIP runtimes report them find their entry, the more specific name wins, and unknown
// devices get no peak rather than a guess.
#include "drivers/common/device_peak.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fourfold {
namespace {

double fp32(const std::string& name) { return device_peak_gflops(name, GemmPrecision::fp32).value_or(-1.0); }
double bf16(const std::string& name) { return device_peak_gflops(name, GemmPrecision::bf16).value_or(-1.0); }

TEST(DevicePeak, RuntimeNamesFindTheirDataSheetFigures) {
  EXPECT_DOUBLE_EQ(fp32("NVIDIA A100-SXM4-40GB"), 19500.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA A100-SXM4-40GB"), 312000.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA A100 80GB PCIe"), 312000.0);
  EXPECT_DOUBLE_EQ(fp32("NVIDIA H100 80GB HBM3"), 67000.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA H100 80GB HBM3"), 989000.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA H100 PCIe"), 756000.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA H100 NVL"), 835000.0);
  EXPECT_DOUBLE_EQ(bf16("NVIDIA H200"), 989000.0);
  EXPECT_DOUBLE_EQ(fp32("AMD Instinct MI250X"), 47900.0);
  EXPECT_DOUBLE_EQ(bf16("AMD Instinct MI250X/MI250"), 191500.0);
}

TEST(DevicePeak, TheMostSpecificNameWinsWhateverTheCase) {
  ASSERT_TRUE(find_device_peak("NVIDIA GH200 480GB").has_value());
  EXPECT_STREQ(find_device_peak("NVIDIA GH200 480GB")->name, "GH200");
  EXPECT_STREQ(find_device_peak("nvidia h100 pcie")->name, "H100 PCIe");
  EXPECT_STREQ(find_device_peak("NVIDIA H200 NVL")->name, "H200 NVL");
  EXPECT_STREQ(find_device_peak("NVIDIA H200")->name, "H200");
}

// The planner's presets look their device up by the table's own name (drivers/plan/machines.cpp):
// every name finds its own entry, not a less specific one.
TEST(DevicePeak, EveryTableNameFindsItsOwnEntry) {
  const std::vector<std::string> names = device_peak_names();
  ASSERT_EQ(names, (std::vector<std::string>{"GH200", "H200 NVL", "H200", "H100 PCIe", "H100 NVL", "H100", "A100",
                                             "MI250X"}));
  for (const std::string& name : names) {
    ASSERT_TRUE(find_device_peak(name).has_value()) << name;
    EXPECT_EQ(find_device_peak(name)->name, name);
  }
}

TEST(DevicePeak, UnknownDevicesHaveNoPeak) {
  EXPECT_FALSE(find_device_peak("").has_value());
  EXPECT_FALSE(find_device_peak("NVIDIA GeForce RTX 4090").has_value());
  EXPECT_FALSE(device_peak_gflops("AMD Instinct MI300X", GemmPrecision::bf16).has_value());
  EXPECT_FALSE(device_peak_gflops("AMD Instinct MI250", GemmPrecision::fp32).has_value());  // not the X part
}

}  // namespace
}  // namespace fourfold
