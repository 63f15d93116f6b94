// Machine descriptions (drivers/plan/machines.hpp): the presets are valid and take their peaks
// from MFU's device table, a TOML file loads, a machine written as a file reads back the same,
// and bad files are rejected naming the file, the key and what was expected.
#include "core/error.hpp"
#include "drivers/common/device_peak.hpp"
#include "drivers/plan/machines.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fourfold {
namespace {

std::string write(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

std::string error_of(const std::string& what) {
  try {
    plan::load_machine(what);
  } catch (const UserError& e) {
    return e.what();
  }
  return "accepted";
}

const char* const good = R"([machine]
name = "lab"
gpus_per_node = 8
intra_node_gbps = 200
inter_node_gbps = 40.5
intra_node_latency_us = 3
inter_node_latency_us = 9
gemm_tflops = { fp32 = 47, bf16 = 600 }
peak_tflops = { fp32 = 67, bf16 = 989 }
memory_gbps = 3350
memory_gib = 80
)";

TEST(Machines, PresetsAreValid) {
  ASSERT_EQ(plan::machine_preset_names(), (std::vector<std::string>{"perlmutter", "frontier", "alps"}));
  for (const std::string& name : plan::machine_preset_names()) {
    const plan::Machine m = plan::load_machine(name);
    EXPECT_EQ(m.name, name);
    EXPECT_NO_THROW(plan::validate(m));
    for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16}) {
      EXPECT_GT(m.gemm_tflops.at(p), 0.0) << name << " " << precision_name(p);
      EXPECT_LT(m.gemm_tflops.at(p), m.peak_tflops.at(p)) << name << " " << precision_name(p);
    }
    // The fp32 path is plain SGEMM: far below the bf16 tensor-core rate on every preset.
    EXPECT_LT(m.gemm_tflops.fp32, 0.3 * m.gemm_tflops.bf16) << name;
  }
  EXPECT_EQ(plan::load_machine("frontier").gpus_per_node, 8);
  // The data sheets' dense peaks (device_peak.cpp's table).
  EXPECT_DOUBLE_EQ(plan::load_machine("perlmutter").peak_tflops.fp32, 19.5);
  EXPECT_DOUBLE_EQ(plan::load_machine("perlmutter").peak_tflops.bf16, 312.0);
  EXPECT_DOUBLE_EQ(plan::load_machine("perlmutter").gemm_tflops.bf16, 220.0);
  for (const std::string& name : plan::machine_preset_names())
    EXPECT_GT(plan::load_machine(name).launch_latency_us, 0.0) << name;  // every GPU preset costs its launches
}

// The presets' peaks are the device table's, the one the trainer's MFU reads.
TEST(Machines, PresetPeaksAreTheDeviceTables) {
  const std::vector<std::pair<std::string, std::string>> devices = {
      {"perlmutter", "A100"}, {"frontier", "MI250X"}, {"alps", "GH200"}};
  for (const auto& [name, device] : devices) {
    const plan::Machine m = plan::load_machine(name);
    EXPECT_EQ(m.device, device) << name;
    const std::optional<DevicePeak> peak = find_device_peak(m.device);
    ASSERT_TRUE(peak.has_value()) << name;
    EXPECT_STREQ(peak->name, device.c_str());
    EXPECT_EQ(m.peak_tflops.fp32, peak->fp32_tflops) << name;
    EXPECT_EQ(m.peak_tflops.bf16, peak->bf16_tflops) << name;
    for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16})
      EXPECT_EQ(1e3 * m.peak_tflops.at(p), device_peak_gflops(device, p).value()) << name;
  }
}

void expect_same(const plan::Machine& a, const plan::Machine& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.device, b.device);
  EXPECT_EQ(a.gpus_per_node, b.gpus_per_node);
  EXPECT_EQ(a.intra_node_gbps, b.intra_node_gbps);
  EXPECT_EQ(a.inter_node_gbps, b.inter_node_gbps);
  EXPECT_EQ(a.intra_node_latency_us, b.intra_node_latency_us);
  EXPECT_EQ(a.inter_node_latency_us, b.inter_node_latency_us);
  for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16}) {
    EXPECT_EQ(a.gemm_tflops.at(p), b.gemm_tflops.at(p)) << precision_name(p);  // bit for bit
    EXPECT_EQ(a.peak_tflops.at(p), b.peak_tflops.at(p)) << precision_name(p);
  }
  EXPECT_EQ(a.memory_gbps, b.memory_gbps);
  EXPECT_EQ(a.memory_gib, b.memory_gib);
  EXPECT_EQ(a.launch_latency_us, b.launch_latency_us);
  EXPECT_EQ(a.gemm_route, b.gemm_route);
}

// fourfold-plan --print-machine: a preset (or any machine) written as a machine file reads back
// as the same machine, every figure bit for bit, so variants can start from the printed preset.
TEST(Machines, WrittenMachinesReadBackTheSame) {
  for (const std::string& name : plan::machine_preset_names()) {
    const plan::Machine m = plan::load_machine(name);
    const std::string text = plan::machine_toml(m);
    EXPECT_NE(text.find("device = \"" + m.device + "\""), std::string::npos) << text;
    expect_same(plan::load_machine(write(name + "-printed.toml", text)), m);
  }
  std::string bf16_only = good;  // a precision left out stays left out
  bf16_only.replace(bf16_only.find("{ fp32 = 47, bf16 = 600 }"), 25, "{ bf16 = 600 }");
  bf16_only.replace(bf16_only.find("{ fp32 = 67, bf16 = 989 }"), 25, "{ bf16 = 989 }");
  const plan::Machine lab = plan::load_machine(write("lab-bf16.toml", bf16_only + "gemm_route = \"host\"\n"));
  expect_same(plan::load_machine(write("lab-printed.toml", plan::machine_toml(lab))), lab);
}

// A machine file may name its device instead of giving peak_tflops; given, peak_tflops wins.
TEST(Machines, AFileMayNameItsDeviceForThePeaks) {
  std::string named = good;
  named.replace(named.find("peak_tflops = { fp32 = 67, bf16 = 989 }\n"), 40, "device = \"H100 PCIe\"\n");
  const plan::Machine m = plan::load_machine(write("named.toml", named));
  EXPECT_EQ(m.device, "H100 PCIe");
  EXPECT_EQ(m.peak_tflops.fp32, 51.0);
  EXPECT_EQ(m.peak_tflops.bf16, 756.0);
  const plan::Machine both = plan::load_machine(write("both.toml", good + std::string("device = \"A100\"\n")));
  EXPECT_EQ(both.device, "A100");
  EXPECT_EQ(both.peak_tflops.bf16, 989.0);
  std::string unknown = good;
  unknown.replace(unknown.find("peak_tflops = { fp32 = 67, bf16 = 989 }\n"), 40, "device = \"TPU v5p\"\n");
  EXPECT_NE(error_of(write("tpu.toml", unknown))
                .find("peak_tflops is missing, and device 'TPU v5p' is not in the peak table (GH200, H200 NVL"),
            std::string::npos)
      << error_of(write("tpu.toml", unknown));
  EXPECT_NE(error_of(write("number-device.toml", good + std::string("device = 3\n"))).find("device must be a GPU's name"),
            std::string::npos);
}

TEST(Machines, LoadsAFile) {
  const plan::Machine m = plan::load_machine(write("lab.toml", good));
  EXPECT_EQ(m.name, "lab");
  EXPECT_EQ(m.gpus_per_node, 8);
  EXPECT_DOUBLE_EQ(m.inter_node_gbps, 40.5);
  EXPECT_DOUBLE_EQ(m.memory_gib, 80.0);
  EXPECT_DOUBLE_EQ(m.gemm_tflops.fp32, 47.0);
  EXPECT_DOUBLE_EQ(m.gemm_tflops.bf16, 600.0);
  EXPECT_DOUBLE_EQ(m.peak_tflops.bf16, 989.0);
  EXPECT_DOUBLE_EQ(m.launch_latency_us, 0.0);  // optional: a file without it costs no launches
  EXPECT_EQ(m.gemm_route, plan::GemmRoute::cuda);
  EXPECT_EQ(plan::load_machine(write("rocm.toml", good + std::string("gemm_route = \"rocm\"\n"))).gemm_route,
            plan::GemmRoute::rocm);
  EXPECT_EQ(plan::load_machine("frontier").gemm_route, plan::GemmRoute::rocm);
  EXPECT_DOUBLE_EQ(plan::load_machine(write("launch.toml", good + std::string("launch_latency_us = 2.5\n"))).launch_latency_us,
                   2.5);

  // A machine that gives one precision only plans runs at that precision.
  std::string bf16_only = good;
  bf16_only.replace(bf16_only.find("{ fp32 = 47, bf16 = 600 }"), 25, "{ bf16 = 600 }");
  bf16_only.replace(bf16_only.find("{ fp32 = 67, bf16 = 989 }"), 25, "{ bf16 = 989 }");
  const plan::Machine b = plan::load_machine(write("bf16only.toml", bf16_only));
  EXPECT_NO_THROW(plan::require_precision(b, GemmPrecision::bf16));
  try {
    plan::require_precision(b, GemmPrecision::fp32);
    ADD_FAILURE() << "fp32 planned on a machine without an fp32 rate";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("machine 'lab' has no fp32 GEMM rate (it gives bf16)"), std::string::npos)
        << e.what();
  }
}

TEST(Machines, RejectsBadInput) {
  EXPECT_NE(error_of("summit").find("machine 'summit' is neither a preset (perlmutter, frontier, alps, or local with a calibration)"),
            std::string::npos);
  std::string text = good;
  EXPECT_NE(error_of(write("typo.toml", text + "gemm_tflop = 3\n")).find("unknown key [machine] gemm_tflop"),
            std::string::npos);
  std::string missing = good;
  missing.replace(missing.find("memory_gib = 80\n"), 16, "");
  EXPECT_NE(error_of(write("missing.toml", missing)).find("[machine] memory_gib is missing"), std::string::npos);
  std::string negative = good;
  negative.replace(negative.find("inter_node_gbps = 40.5"), 22, "inter_node_gbps = -1");
  EXPECT_NE(error_of(write("negative.toml", negative)).find("inter_node_gbps = -1 must be a positive number"),
            std::string::npos);
  EXPECT_NE(error_of(write("route.toml", text + "gemm_route = \"mkl\"\n"))
                .find("[machine] gemm_route = mkl: expected \"cuda\", \"rocm\" or \"host\""),
            std::string::npos);
  EXPECT_NE(error_of(write("launch.toml", text + "launch_latency_us = -2\n"))
                .find("launch_latency_us = -2 must be a number of at least 0"),
            std::string::npos);
  std::string text_value = good;
  text_value.replace(text_value.find("bf16 = 600"), 10, "bf16 = \"fast\"");
  EXPECT_NE(error_of(write("text.toml", text_value)).find("[machine] gemm_tflops.bf16 must be a number"),
            std::string::npos);
  // One number for both precisions would cost fp32 at the bf16 rate: refused, with the form.
  std::string one_number = good;
  one_number.replace(one_number.find("gemm_tflops = { fp32 = 47, bf16 = 600 }"), 39, "gemm_tflops = 600");
  EXPECT_NE(error_of(write("number.toml", one_number))
                .find("[machine] gemm_tflops must be a table of rates per precision, e.g. gemm_tflops = { fp32"),
            std::string::npos);
  std::string unknown = good;
  unknown.replace(unknown.find("fp32 = 47"), 9, "fp16 = 47");
  EXPECT_NE(error_of(write("unknown.toml", unknown)).find("gemm_tflops.fp16: unknown precision; expected fp32 or bf16"),
            std::string::npos);
  std::string half = good;  // a rate without its peak
  half.replace(half.find("{ fp32 = 67, bf16 = 989 }"), 25, "{ bf16 = 989 }");
  EXPECT_NE(error_of(write("half.toml", half)).find("peak_tflops.fp32 = 0 must be a positive number"),
            std::string::npos);
  EXPECT_NE(error_of(write("broken.toml", "[machine\n")).find("broken.toml"), std::string::npos);
  EXPECT_NE(error_of(write("empty.toml", "x = 1\n")).find("no [machine] table"), std::string::npos);
}

}  // namespace
}  // namespace fourfold
