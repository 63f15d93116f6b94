// Machine descriptions (drivers/plan/machines.hpp): the presets are valid, a TOML file loads,
// and bad files are rejected naming the file, the key and what was expected.
#include "core/error.hpp"
#include "drivers/plan/machines.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

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
