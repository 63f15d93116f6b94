// Machine descriptions for the planner: presets built from public figures (sources cited in
// machines.cpp), `local` from a calibration (calibration.hpp), or a TOML file with the fields:
//   [machine]
//   name = "mycluster"   device = "A100"   gpus_per_node = 4
//   intra_node_gbps = 230   inter_node_gbps = 25   intra_node_latency_us = 5   inter_node_latency_us = 10
//   gemm_tflops = { fp32 = 13.7, bf16 = 220 }   peak_tflops = { fp32 = 19.5, bf16 = 312 }
//   memory_gbps = 1555   memory_gib = 40   launch_latency_us = 3   gemm_route = "cuda"
// (rates per GEMM precision, TFLOP/s; a precision left out cannot be planned for). device,
// launch_latency_us and gemm_route are optional; peak_tflops may be left out where device names a
// GPU of the peak table behind MFU (drivers/common/device_peak.hpp), which the presets' peaks
// come from too. `fourfold-plan --print-machine NAME` writes any machine in this form.
#pragma once

#include "drivers/plan/cost_model.hpp"

#include <string>
#include <vector>

namespace fourfold::plan {

/// The preset names: perlmutter, frontier, alps.
std::vector<std::string> machine_preset_names();
/// A preset by name, a TOML file by path, or `local`: the machine of `calibration` (a file of
/// calibration lines, calibration.hpp); anything else is a UserError listing the choices.
Machine load_machine(const std::string& name_or_path, const std::string& calibration = "");
/// `machine` as a machine file (the form above, every field written) that load_machine reads
/// back as the same Machine.
std::string machine_toml(const Machine& machine);

}  // namespace fourfold::plan
