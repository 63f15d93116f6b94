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
gemm_tflops = 600
peak_tflops = 989
memory_gbps = 3350
memory_gib = 80
)";

TEST(Machines, PresetsAreValid) {
  ASSERT_EQ(plan::machine_preset_names(), (std::vector<std::string>{"perlmutter", "frontier", "alps"}));
  for (const std::string& name : plan::machine_preset_names()) {
    const plan::Machine m = plan::load_machine(name);
    EXPECT_EQ(m.name, name);
    EXPECT_NO_THROW(plan::validate(m));
    EXPECT_LT(m.gemm_tflops, m.peak_tflops);
  }
  EXPECT_EQ(plan::load_machine("frontier").gpus_per_node, 8);
}

TEST(Machines, LoadsAFile) {
  const plan::Machine m = plan::load_machine(write("lab.toml", good));
  EXPECT_EQ(m.name, "lab");
  EXPECT_EQ(m.gpus_per_node, 8);
  EXPECT_DOUBLE_EQ(m.inter_node_gbps, 40.5);
  EXPECT_DOUBLE_EQ(m.memory_gib, 80.0);
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
  std::string text_value = good;
  text_value.replace(text_value.find("gemm_tflops = 600"), 17, "gemm_tflops = \"fast\"");
  EXPECT_NE(error_of(write("text.toml", text_value)).find("[machine] gemm_tflops must be a number"), std::string::npos);
  EXPECT_NE(error_of(write("broken.toml", "[machine\n")).find("broken.toml"), std::string::npos);
  EXPECT_NE(error_of(write("empty.toml", "x = 1\n")).find("no [machine] table"), std::string::npos);
}

}  // namespace
}  // namespace fourfold
