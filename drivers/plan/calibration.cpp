#include "drivers/plan/calibration.hpp"

#include "core/error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace fourfold::plan {
namespace {

using comm::CollectiveKind;

// A field of one calibration line: present, of the right type and finite, or a UserError that
// names the source, line and field.
struct Line {
  const nlohmann::json& value;
  const std::string& source;
  long number;

  double real(const char* key, double min_value) const {
    const auto it = value.find(key);
    FF_REQUIRE(it != value.end() && it->is_number(), "calibration '{}' line {}: \"{}\" is missing or not a number",
               source, number, key);
    const double v = it->get<double>();
    FF_REQUIRE(std::isfinite(v) && v >= min_value, "calibration '{}' line {}: \"{}\" = {} must be at least {}",
               source, number, key, v, min_value);
    return v;
  }
  long integer(const char* key, long min_value) const {
    const auto it = value.find(key);
    FF_REQUIRE(it != value.end() && it->is_number_integer(),
               "calibration '{}' line {}: \"{}\" is missing or not an integer", source, number, key);
    const long v = it->get<long>();
    FF_REQUIRE(v >= min_value && v <= (1L << 40), "calibration '{}' line {}: \"{}\" = {} is out of range (>= {})",
               source, number, key, v, min_value);
    return v;
  }
};

// Slows the idle figures of `m` to what the loaded lines of `c` measured (see
// machine_from_calibration). Figures only ever get slower: a loaded run faster than idle is noise.
void apply_load(const Calibration& c, Machine& m) {
  if (c.loaded.empty()) return;
  // The loaded all-reduces run on the whole job; which link they used decides the comparison.
  const CommSample& first = c.loaded.front();
  const bool inside = span_inside_node(first.stride, first.group_size, c.ranks_per_node);
  std::vector<CommSample> timed;  // a zero time (nothing beyond the GEMMs) cannot weigh a fit
  for (const CommSample& s : c.loaded)
    if (s.seconds > 0.0) timed.push_back(s);
  bool sizes_differ = false;
  for (const CommSample& s : timed) sizes_differ |= s.bytes != timed.front().bytes || s.group_size != timed.front().group_size;
  if (sizes_differ) {
    const LinkFit loaded = fit_link(timed, c.source);
    const double idle_latency = inside ? m.intra_node_latency_us : m.inter_node_latency_us;
    const double idle_gbps = inside ? m.intra_node_gbps : m.inter_node_gbps;
    const double extra_latency = std::max(0.0, loaded.latency_us - idle_latency);
    const double slowdown = std::max(1.0, idle_gbps / loaded.gbps);
    m.intra_node_latency_us += extra_latency;
    m.inter_node_latency_us += extra_latency;
    m.intra_node_gbps /= slowdown;
    m.inter_node_gbps /= slowdown;
    return;
  }
  // One size: the whole slowdown of the largest loaded line goes to the bandwidths.
  const CommSample& largest = *std::max_element(c.loaded.begin(), c.loaded.end(),
      [](const CommSample& a, const CommSample& b) { return a.bytes < b.bytes; });
  const double idle = collective_seconds(CollectiveKind::all_reduce, largest.bytes, 1, largest.group_size, inside, m);
  const double slowdown = std::max(1.0, largest.seconds / idle);
  m.intra_node_gbps /= slowdown;
  m.inter_node_gbps /= slowdown;
}

}  // namespace

bool span_inside_node(long stride, long size, int ranks_per_node) {
  const long span = stride * size;  // ranks from a group's first member to past its last
  return span <= ranks_per_node && ranks_per_node % span == 0;
}

Calibration parse_calibration(std::istream& in, const std::string& source) {
  Calibration c;
  c.source = source;
  std::string text;
  long number = 0;
  bool node_seen = false;
  while (std::getline(in, text)) {
    ++number;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json value;
    try {
      value = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
      FF_REQUIRE(false, "calibration '{}' line {}: not JSON ({})", source, number, e.what());
    }
    FF_REQUIRE(value.is_object(), "calibration '{}' line {}: expected a JSON object, got {}", source, number,
               value.type_name());
    const auto op = value.find("op");
    FF_REQUIRE(op != value.end() && op->is_string(), "calibration '{}' line {}: \"op\" is missing or not a string",
               source, number);
    const Line line{value, source, number};
    const std::string name = op->get<std::string>();
    CollectiveKind kind{};
    if (comm::parse_collective_kind(name, kind)) {
      CommSample s;
      s.kind = kind;
      s.group_size = static_cast<int>(line.integer("group_size", 2));
      s.stride = line.integer("stride", 1);
      s.bytes = line.real("bytes", 1.0);
      s.seconds = line.real("seconds", 1e-12);
      c.collectives.push_back(s);
    } else if (name == "gemm") {
      // Lines written before GEMM rates were kept per precision measured fp32.
      GemmPrecision precision = GemmPrecision::fp32;
      const auto field = value.find("precision");
      if (field != value.end()) {
        FF_REQUIRE(field->is_string() && (field->get<std::string>() == "fp32" || field->get<std::string>() == "bf16"),
                   "calibration '{}' line {}: \"precision\" = {} must be \"fp32\" or \"bf16\"", source, number,
                   field->dump());
        precision = parse_gemm_precision(field->get<std::string>());
      }
      c.gemm_gflops_per_rank(precision).push_back(line.real("gflops_per_rank", 1e-9));
      // The route the GEMMs ran on (core/gemm.cpp's gemm_route: "... on Cuda ...", "... on HIP ..."):
      // what the planner's step work counts for this machine. Older lines have none: the host.
      const auto route = value.find("route");
      if (route != value.end() && route->is_string()) {
        const std::string text = route->get<std::string>();
        c.gemm_route = text.find(" on Cuda") != std::string::npos  ? GemmRoute::cuda
                       : text.find(" on HIP") != std::string::npos ? GemmRoute::rocm
                                                                    : GemmRoute::host;
      }
    } else if (name == "triad") {
      c.triad_gbps_per_rank = std::max(c.triad_gbps_per_rank, line.real("gbps_per_rank", 1e-9));
    } else if (name == "loaded") {
      CommSample s;
      s.kind = CollectiveKind::all_reduce;
      s.group_size = static_cast<int>(line.integer("group_size", 2));
      s.stride = 1;
      s.bytes = line.real("bytes", 1.0);
      s.seconds = line.real("seconds", 0.0);
      c.loaded.push_back(s);
    } else if (name == "node") {
      const int ranks = static_cast<int>(line.integer("ranks", 1));
      const int per_node = static_cast<int>(line.integer("ranks_per_node", 1));
      FF_REQUIRE(per_node <= ranks, "calibration '{}' line {}: ranks_per_node = {} exceeds ranks = {}", source,
                 number, per_node, ranks);
      FF_REQUIRE(!node_seen || (ranks == c.ranks && per_node == c.ranks_per_node),
                 "calibration '{}' line {}: node line ({} ranks, {} per node) contradicts an earlier one ({}, {})",
                 source, number, ranks, per_node, c.ranks, c.ranks_per_node);
      c.ranks = ranks;
      c.ranks_per_node = per_node;
      c.memory_bytes_per_rank = line.real("memory_bytes_per_rank", 1.0);
      node_seen = true;
    }
  }
  FF_REQUIRE(!in.bad(), "calibration '{}': read error after line {}", source, number);
  const char* hint = "(fourfold-bench comm and fourfold-bench gemm print them)";
  FF_REQUIRE(!c.collectives.empty(), "calibration '{}': no collective lines {}", source, hint);
  FF_REQUIRE(!c.gemm_fp32_gflops_per_rank.empty() || !c.gemm_bf16_gflops_per_rank.empty(),
             "calibration '{}': no \"gemm\" lines {}", source, hint);
  FF_REQUIRE(c.triad_gbps_per_rank > 0.0, "calibration '{}': no \"triad\" line {}", source, hint);
  FF_REQUIRE(node_seen, "calibration '{}': no \"node\" line {}", source, hint);
  return c;
}

Calibration read_calibration(const std::string& path) {
  std::ifstream in(path);
  FF_REQUIRE(in.good(), "calibration file '{}' cannot be opened", path);
  return parse_calibration(in, path);
}

LinkFit fit_link(const std::vector<CommSample>& samples, const std::string& source) {
  // seconds = latency x steps + moved bytes / bandwidth, fitted on relative error: each row is
  // divided by its measured time so that small messages (latency) count as much as large ones.
  double saa = 0, sab = 0, sbb = 0, say = 0, sby = 0;
  for (const CommSample& s : samples) {
    const double a = ring_steps(s.kind, s.group_size) / s.seconds;
    const double b = s.bytes * ring_moved_fraction(s.kind, s.group_size) / s.seconds;
    saa += a * a;
    sab += a * b;
    sbb += b * b;
    say += a;
    sby += b;
  }
  const double det = saa * sbb - sab * sab;
  FF_REQUIRE(samples.size() >= 2 && det > 1e-12 * saa * sbb,
             "calibration '{}': {} collective sample(s) of one shape cannot separate latency from bandwidth; "
             "time at least two message sizes",
             source, samples.size());
  double latency = (say * sbb - sby * sab) / det;
  double inverse_bandwidth = (saa * sby - sab * say) / det;
  if (latency < 0.0) {  // latency below the noise: bandwidth alone
    latency = 0.0;
    inverse_bandwidth = sby / sbb;
  }
  if (inverse_bandwidth <= 0.0) {
    // Times that do not grow with the message size: noise (a busy node) swamped the bandwidth
    // term. A bandwidth-only fit is positive whatever the noise, and errs on the slow side.
    latency = 0.0;
    inverse_bandwidth = sby / sbb;
  }
  return {1e6 * latency, 1e-9 / inverse_bandwidth, static_cast<int>(samples.size())};
}

Machine machine_from_calibration(const Calibration& c, const std::string& name) {
  std::vector<CommSample> inside, across;
  for (const CommSample& s : c.collectives)
    (span_inside_node(s.stride, s.group_size, c.ranks_per_node) ? inside : across).push_back(s);
  const LinkFit intra = inside.empty() ? fit_link(across, c.source) : fit_link(inside, c.source);
  const LinkFit inter = across.empty() ? intra : fit_link(across, c.source);
  Machine m;
  m.name = name;
  m.gpus_per_node = c.ranks_per_node;
  m.intra_node_gbps = intra.gbps;
  m.intra_node_latency_us = intra.latency_us;
  m.inter_node_gbps = inter.gbps;
  m.inter_node_latency_us = inter.latency_us;
  for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16}) {
    std::vector<double> rates = c.gemm_gflops_per_rank(p);
    if (rates.empty()) continue;  // not measured: the machine has no rate at this precision
    std::sort(rates.begin(), rates.end());
    m.gemm_tflops.at(p) = rates[rates.size() / 2] / 1e3;
    m.peak_tflops.at(p) = rates.back() / 1e3;
  }
  m.memory_gbps = c.triad_gbps_per_rank;
  m.gemm_route = c.gemm_route;
  m.memory_gib = c.memory_bytes_per_rank / (1024.0 * 1024.0 * 1024.0);
  apply_load(c, m);
  validate(m);
  return m;
}

}  // namespace fourfold::plan
