#include "drivers/plan/machines.hpp"

#include "core/error.hpp"
#include "drivers/common/device_peak.hpp"
#include "drivers/plan/calibration.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <filesystem>
#include <optional>

namespace fourfold::plan {
namespace {

// Per-GPU figures. Bandwidths are NCCL/RCCL bus bandwidths a ring reaches, not link peaks.
// Peaks per precision are the device's entry in the table behind MFU
// (drivers/common/device_peak.cpp: the vendor data sheets' dense figures; fp32 is plain FP32, not
// TF32, since fourfold's fp32 GEMMs run in cuBLAS's default math mode, and on MI250X rocBLAS'
// SGEMM uses the FP32 matrix cores). GEMM rates are the peak derated as each machine's bf16 rate
// always was (~70%: 220 of 312, 130 of 191.5, 700 of 989), the same factor at both precisions,
// until a calibration replaces them. Latencies are per
// ring step, typical of NVLink/Infinity Fabric inside a node and Slingshot-11 across nodes.
// Launch latencies are the gap a stream of back-to-back small kernels leaves per kernel (not the
// host's enqueue, which runs ahead): about 2-3 us on A100 and H100 with CUDA, about twice that
// with HIP on MI250X; no fourfold measurement yet (scripts/gpu/check.sh reports launches per step).
Machine preset(const char* name, const char* device, int gpus_per_node, double intra_gbps, double inter_gbps,
               double intra_us, double inter_us, double bf16_gemm, double memory_gbps, double memory_gib,
               double launch_us, GemmRoute route) {
  const DevicePeak peak = find_device_peak(device).value();  // every preset's device is in the table
  const double bf16_peak = peak.bf16_tflops, fp32_peak = peak.fp32_tflops;
  Machine m;
  m.name = name;
  m.device = device;
  m.gpus_per_node = gpus_per_node;
  m.intra_node_gbps = intra_gbps;
  m.inter_node_gbps = inter_gbps;
  m.intra_node_latency_us = intra_us;
  m.inter_node_latency_us = inter_us;
  m.peak_tflops.bf16 = bf16_peak;
  m.peak_tflops.fp32 = fp32_peak;
  m.gemm_tflops.bf16 = bf16_gemm;
  m.gemm_tflops.fp32 = fp32_peak * (bf16_gemm / bf16_peak);
  m.memory_gbps = memory_gbps;
  m.memory_gib = memory_gib;
  m.launch_latency_us = launch_us;
  m.gemm_route = route;
  return m;
}

std::vector<Machine> presets() {
  return {
      // NERSC Perlmutter GPU nodes (docs.nersc.gov/systems/perlmutter/architecture/): 4 NVIDIA
      // A100-SXM4-40GB (HBM2 1555 GB/s) joined by NVLink 3, and 4 Slingshot-11 NICs of 200 Gb/s
      // per node (25 GB/s per GPU).
      preset("perlmutter", "A100", 4, 230.0, 25.0, 5.0, 10.0, 220.0, 1555.0, 40.0, 3.0, GemmRoute::cuda),
      // OLCF Frontier (docs.olcf.ornl.gov/systems/frontier_user_guide.html): 4 AMD MI250X per
      // node = 8 GCDs, each 64 GB HBM2e at 1.6 TB/s; GCDs joined by Infinity Fabric (50-100 GB/s
      // per direction); 4 Slingshot-11 NICs of 25 GB/s per node (12.5 GB/s per GCD). The peaks
      // are one GCD's.
      preset("frontier", "MI250X", 8, 50.0, 12.5, 8.0, 12.0, 130.0, 1600.0, 64.0, 6.0, GemmRoute::rocm),
      // CSCS Alps (docs.cscs.ch/alps/hardware/): 4 NVIDIA GH200 per node, each an H100 with
      // 96 GB HBM3 at 4 TB/s, joined by NVLink 4; one Slingshot-11 NIC of 25 GB/s per GH200.
      preset("alps", "GH200", 4, 150.0, 25.0, 5.0, 10.0, 700.0, 4000.0, 96.0, 2.5, GemmRoute::cuda),
  };
}

double number(const toml::table& t, const std::string& path, const char* key) {
  const toml::node* n = t["machine"][key].node();
  FF_REQUIRE(n != nullptr, "machine file '{}': [machine] {} is missing", path, key);
  if (const auto v = n->value<double>()) return *v;
  FF_REQUIRE(false, "machine file '{}': [machine] {} must be a number", path, key);
  return 0.0;
}

// [machine] gemm_tflops / peak_tflops: a table with a rate per precision, e.g.
// gemm_tflops = { fp32 = 13.7, bf16 = 220 }. One number for both would cost an fp32 run at the
// bf16 rate (or the reverse), so it is refused.
PrecisionRates rates(const toml::table& t, const std::string& path, const char* key) {
  const toml::node* n = t["machine"][key].node();
  FF_REQUIRE(n != nullptr, "machine file '{}': [machine] {} is missing", path, key);
  const toml::table* table = n->as_table();
  FF_REQUIRE(table != nullptr,
             "machine file '{}': [machine] {} must be a table of rates per precision, e.g. {} = {{ fp32 = 19.5, "
             "bf16 = 312 }} (TFLOP/s; either may be left out)",
             path, key, key);
  PrecisionRates out;
  for (const auto& [name, value] : *table) {
    GemmPrecision precision = GemmPrecision::fp32;
    try {
      precision = parse_gemm_precision(std::string(name.str()));
    } catch (const UserError&) {
      FF_REQUIRE(false, "machine file '{}': [machine] {}.{}: unknown precision; expected fp32 or bf16", path, key,
                 name.str());
    }
    const auto v = value.value<double>();
    FF_REQUIRE(v.has_value(), "machine file '{}': [machine] {}.{} must be a number", path, key, name.str());
    out.at(precision) = *v;
  }
  return out;
}

}  // namespace

std::vector<std::string> machine_preset_names() {
  std::vector<std::string> names;
  for (const Machine& m : presets()) names.push_back(m.name);
  return names;
}

Machine load_machine(const std::string& name_or_path, const std::string& calibration) {
  if (name_or_path == "local") {
    FF_REQUIRE(!calibration.empty(),
               "machine 'local' is built from a calibration file (the JSON lines of fourfold-bench comm and "
               "fourfold-bench gemm); none was given");
    return machine_from_calibration(read_calibration(calibration));
  }
  FF_REQUIRE(calibration.empty(), "a calibration file ('{}') describes machine 'local', not '{}'", calibration,
             name_or_path);
  for (const Machine& m : presets())
    if (m.name == name_or_path) return m;
  FF_REQUIRE(std::filesystem::is_regular_file(name_or_path),
             "machine '{}' is neither a preset ({}, or local with a calibration) nor a readable file", name_or_path,
             fmt::join(machine_preset_names(), ", "));
  toml::table t;
  try {
    t = toml::parse_file(name_or_path);
  } catch (const toml::parse_error& e) {
    FF_REQUIRE(false, "machine file '{}': {} (line {})", name_or_path, e.description(), e.source().begin.line);
  }
  FF_REQUIRE(t["machine"].is_table(), "machine file '{}': no [machine] table", name_or_path);
  static const char* const known[] = {"name", "device", "gpus_per_node", "intra_node_gbps", "inter_node_gbps",
                                      "intra_node_latency_us", "inter_node_latency_us", "gemm_tflops",
                                      "peak_tflops", "memory_gbps", "memory_gib", "launch_latency_us", "gemm_route"};
  for (const auto& [key, value] : *t["machine"].as_table()) {
    bool ok = false;
    for (const char* k : known) ok |= key.str() == k;
    FF_REQUIRE(ok, "machine file '{}': unknown key [machine] {}; expected one of {}", name_or_path, key.str(),
               fmt::join(known, ", "));
  }
  Machine m;
  m.name = t["machine"]["name"].value_or(std::filesystem::path(name_or_path).stem().string());
  const auto gpus = t["machine"]["gpus_per_node"].value<long long>();
  FF_REQUIRE(gpus.has_value() && *gpus >= 1 && *gpus <= (1 << 20),
             "machine file '{}': [machine] gpus_per_node must be an integer from 1 to 2^20", name_or_path);
  m.gpus_per_node = static_cast<int>(*gpus);
  m.intra_node_gbps = number(t, name_or_path, "intra_node_gbps");
  m.inter_node_gbps = number(t, name_or_path, "inter_node_gbps");
  m.intra_node_latency_us = number(t, name_or_path, "intra_node_latency_us");
  m.inter_node_latency_us = number(t, name_or_path, "inter_node_latency_us");
  m.gemm_tflops = rates(t, name_or_path, "gemm_tflops");
  // Optional: the GPU, by a name in the peak table behind MFU (device_peak.hpp), whose dense
  // peaks stand in for a missing peak_tflops; peak_tflops, where given, is the machine's.
  std::optional<DevicePeak> table_peak;
  if (const toml::node* device = t["machine"]["device"].node()) {
    const std::optional<std::string> text = device->value<std::string>();
    FF_REQUIRE(text.has_value() && !text->empty(), "machine file '{}': [machine] device must be a GPU's name, e.g. \"A100\"",
               name_or_path);
    m.device = *text;
    table_peak = find_device_peak(m.device);
  }
  if (t["machine"]["peak_tflops"] || !table_peak) {
    FF_REQUIRE(t["machine"]["peak_tflops"] || m.device.empty(),
               "machine file '{}': [machine] peak_tflops is missing, and device '{}' is not in the peak table ({})",
               name_or_path, m.device, fmt::join(device_peak_names(), ", "));
    m.peak_tflops = rates(t, name_or_path, "peak_tflops");
  } else {
    m.peak_tflops.fp32 = table_peak->fp32_tflops;
    m.peak_tflops.bf16 = table_peak->bf16_tflops;
  }
  m.memory_gbps = number(t, name_or_path, "memory_gbps");
  m.memory_gib = number(t, name_or_path, "memory_gib");
  // Optional: a machine file written before launches were counted costs none.
  if (t["machine"]["launch_latency_us"]) m.launch_latency_us = number(t, name_or_path, "launch_latency_us");
  // Optional: what the GEMM library enqueues (cuda by default; rocm and host launch fp32 batches
  // matrix by matrix and fuse no epilogues).
  if (const toml::node* route = t["machine"]["gemm_route"].node()) {
    const std::optional<std::string> name = route->value<std::string>();
    const std::string given = name ? *name : std::string("(not a string)");
    FF_REQUIRE(given == "cuda" || given == "rocm" || given == "host",
               "machine file '{}': [machine] gemm_route = {}: expected \"cuda\", \"rocm\" or \"host\"", name_or_path,
               given);
    m.gemm_route = given == "cuda" ? GemmRoute::cuda : given == "rocm" ? GemmRoute::rocm : GemmRoute::host;
  }
  validate(m);
  return m;
}

namespace {

// A TOML float that reads back as the same double: the shortest round-trip digits, with a point
// where they would read as an integer.
std::string toml_number(double v) {
  std::string text = fmt::format("{}", v);
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

std::string toml_rates(const PrecisionRates& r) {
  std::vector<std::string> parts;
  for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16})
    if (r.at(p) != 0.0) parts.push_back(fmt::format("{} = {}", precision_name(p), toml_number(r.at(p))));
  return fmt::format("{{ {} }}", fmt::join(parts, ", "));
}

}  // namespace

std::string machine_toml(const Machine& m) {
  std::string out = "[machine]\n";
  // Names are written as TOML basic strings; the ones fourfold gives need no escapes.
  out += fmt::format("name = \"{}\"\n", m.name);
  if (!m.device.empty()) out += fmt::format("device = \"{}\"\n", m.device);
  out += fmt::format("gpus_per_node = {}\n", m.gpus_per_node);
  out += fmt::format("intra_node_gbps = {}\n", toml_number(m.intra_node_gbps));
  out += fmt::format("inter_node_gbps = {}\n", toml_number(m.inter_node_gbps));
  out += fmt::format("intra_node_latency_us = {}\n", toml_number(m.intra_node_latency_us));
  out += fmt::format("inter_node_latency_us = {}\n", toml_number(m.inter_node_latency_us));
  out += fmt::format("gemm_tflops = {}\n", toml_rates(m.gemm_tflops));
  out += fmt::format("peak_tflops = {}\n", toml_rates(m.peak_tflops));
  out += fmt::format("memory_gbps = {}\n", toml_number(m.memory_gbps));
  out += fmt::format("memory_gib = {}\n", toml_number(m.memory_gib));
  out += fmt::format("launch_latency_us = {}\n", toml_number(m.launch_latency_us));
  out += fmt::format("gemm_route = \"{}\"\n", m.gemm_route == GemmRoute::cuda   ? "cuda"
                                                 : m.gemm_route == GemmRoute::rocm ? "rocm"
                                                                                   : "host");
  return out;
}

}  // namespace fourfold::plan
