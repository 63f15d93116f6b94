// Machine descriptions for the planner: presets built from public figures (sources cited in
// machines.cpp), or a TOML file with the same fields:
//   [machine]
//   name = "mycluster"   gpus_per_node = 4
//   intra_node_gbps = 230   inter_node_gbps = 25   intra_node_latency_us = 5   inter_node_latency_us = 10
//   gemm_tflops = 220   peak_tflops = 312   memory_gbps = 1555   memory_gib = 40
#pragma once

#include "drivers/plan/cost_model.hpp"

#include <string>
#include <vector>

namespace fourfold::plan {

/// The preset names: perlmutter, frontier, alps.
std::vector<std::string> machine_preset_names();
/// A preset by name, or a TOML file by path; anything else is a UserError listing the presets.
Machine load_machine(const std::string& name_or_path);

}  // namespace fourfold::plan
