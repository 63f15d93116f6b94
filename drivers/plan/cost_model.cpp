#include "drivers/plan/cost_model.hpp"

#include "core/error.hpp"
#include "drivers/plan/calibration.hpp"
#include "drivers/plan/step_volume.hpp"
#include "layers/attention_blocking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace fourfold::plan {
namespace {

using comm::CollectiveKind;
using comm::CommAxis;

constexpr double f32 = 4.0;

int axis_index(CommAxis axis) { return static_cast<int>(axis); }

// Ranks between consecutive members of a group along `axis`, and the group's size.
struct Placement {
  long stride, size;
};
Placement placement(CommAxis axis, const comm::GridShape& g) {
  switch (axis) {
    case CommAxis::x: return {1, g.x};
    case CommAxis::y: return {g.x, g.y};
    case CommAxis::z: return {static_cast<long>(g.x) * g.y, g.z};
    case CommAxis::data: return {static_cast<long>(g.x) * g.y * g.z, g.data};
    case CommAxis::xy: return {1, static_cast<long>(g.x) * g.y};
    case CommAxis::other: return {1, g.size()};
  }
  return {1, g.size()};
}

}  // namespace

void validate(const Machine& m) {
  auto positive = [&](double v, const char* field) {
    FF_REQUIRE(std::isfinite(v) && v > 0.0, "machine '{}': {} = {} must be a positive number", m.name, field, v);
  };
  FF_REQUIRE(m.gpus_per_node >= 1, "machine '{}': gpus_per_node = {} must be at least 1", m.name, m.gpus_per_node);
  positive(m.intra_node_gbps, "intra_node_gbps");
  positive(m.inter_node_gbps, "inter_node_gbps");
  positive(m.gemm_tflops, "gemm_tflops");
  positive(m.peak_tflops, "peak_tflops");
  positive(m.memory_gbps, "memory_gbps");
  positive(m.memory_gib, "memory_gib");
  FF_REQUIRE(std::isfinite(m.intra_node_latency_us) && m.intra_node_latency_us >= 0.0 &&
                 std::isfinite(m.inter_node_latency_us) && m.inter_node_latency_us >= 0.0,
             "machine '{}': latencies {} / {} us must be non-negative", m.name, m.intra_node_latency_us,
             m.inter_node_latency_us);
}

double ring_steps(CollectiveKind kind, int group_size) {
  const double p = group_size;
  return kind == CollectiveKind::all_reduce ? 2.0 * (p - 1) : p - 1;
}

double ring_moved_fraction(CollectiveKind kind, int group_size) {
  const double p = group_size;
  return kind == CollectiveKind::all_reduce ? 2.0 * (p - 1) / p
         : kind == CollectiveKind::broadcast ? 1.0
                                             : (p - 1) / p;
}

double collective_seconds(CollectiveKind kind, double bytes, long calls, int group_size, bool inside_node,
                          const Machine& machine) {
  if (group_size <= 1 || calls <= 0) return 0.0;
  const double bandwidth = 1e9 * (inside_node ? machine.intra_node_gbps : machine.inter_node_gbps);
  const double latency = 1e-6 * (inside_node ? machine.intra_node_latency_us : machine.inter_node_latency_us);
  const double ring = static_cast<double>(calls) * ring_steps(kind, group_size) * latency +
                     bytes * ring_moved_fraction(kind, group_size) / bandwidth;
  if (kind != CollectiveKind::all_reduce) return ring;
  // NCCL also runs all-reduce on a (double binary) tree and takes the faster: 2 log2(p) steps
  // (reduce up, broadcast down), each rank sending the whole buffer twice. It wins on small
  // messages over many ranks, where the ring's 2(p - 1) latencies dominate.
  const double tree = static_cast<double>(calls) * 2.0 * std::ceil(std::log2(static_cast<double>(group_size))) *
                          latency +
                      2.0 * bytes / bandwidth;
  return std::min(ring, tree);
}

double across_node_gbps(long stride, const Machine& machine) {
  const long sharing = std::min<long>(std::max<long>(stride, 1), machine.gpus_per_node);
  return std::min(machine.intra_node_gbps,
                  machine.inter_node_gbps * machine.gpus_per_node / static_cast<double>(sharing));
}

bool group_inside_node(CommAxis axis, const comm::GridShape& grid, int gpus_per_node) {
  const Placement p = placement(axis, grid);
  return span_inside_node(p.stride, p.size, gpus_per_node);
}

double StepCost::exposed_total() const {
  double s = 0.0;
  for (double e : exposed_s) s += e;
  return s;
}

StepCost predict_step(const ModelDims& model, const comm::GridShape& grid, const StepDims& step,
                      const Machine& machine, const Overlap& overlap) {
  validate(machine);
  StepCost cost;
  cost.grid = grid;
  std::vector<CollectiveVolume> volumes;
  try {
    volumes = step_collectives(model, grid, step);
    cost.memory = rank_memory(model, grid, step);
  } catch (const UserError& e) {
    cost.feasible = false;
    cost.reason = e.what();
    return cost;
  }
  const double gib = 1024.0 * 1024.0 * 1024.0;
  if (cost.memory.total() > usable_memory_fraction * machine.memory_gib * gib) {
    cost.feasible = false;
    cost.reason = fmt::format("needs {:.1f} GiB per GPU, the GPU has {:.1f} ({:.0f}% usable)", cost.memory.total() / gib,
                              machine.memory_gib, 100.0 * usable_memory_fraction);
  }

  // Compute of one micro-batch on this rank.
  const double c = model.channels, cx = c / grid.x, cy = c / grid.y, xy = static_cast<double>(grid.x) * grid.y;
  const double local_batch = static_cast<double>(step.micro_batch_size) / (grid.z * grid.data);
  const double T = step.seq_len, m = local_batch * T, L = model.layers;
  const double heads_local = static_cast<double>(model.heads) / grid.y, hs = c / model.heads;
  const double vocab_local = std::ceil(model.padded_vocab / xy);
  const long micro_steps = step.batch_size / step.micro_batch_size;
  const double rate = 1e12 * machine.gemm_tflops;
  const double linear_flops = 6.0 * m * 12.0 * cx * cy * L;  // forward, input and weight gradients
  const double attention_flops = 12.0 * local_batch * heads_local * attention_scores_computed(step.seq_len) * hs * L;
  const double head_flops = 6.0 * m * vocab_local * c;
  const double linear_s = linear_flops / rate;
  const double micro_gemm_s = (linear_flops + attention_flops + head_flops) / rate;
  // Memory-bound kernels: each activation written once forward and read and written once
  // backward (3 passes) over the residual-stream (C_x) and head (C_y) widths, the softmax over
  // the attention probabilities and over the vocabulary shard; AdamW reads and writes the
  // arena and both moments and reads the gradient once per step.
  const double square = local_batch * heads_local * T * T;
  const double micro_traffic = 3.0 * f32 * (L * (m * (12.0 * cx + 24.0 * cy) + 3.0 * square) + 3.0 * m * vocab_local);
  const double arena = cost.memory.parameters / f32;
  const double memory_rate = 1e9 * machine.memory_gbps;
  cost.gemm_s = micro_steps * micro_gemm_s;
  cost.other_compute_s = (micro_steps * micro_traffic + 28.0 * arena) / memory_rate;
  const double backward_s = micro_gemm_s * 2.0 / 3.0;  // input and weight gradients of one micro-batch

  // Communication, and what of it each overlap can hide. Hidden communication shares its
  // compute window: a window hides at most its own length, whatever runs behind it, so a faster
  // GEMM never makes a step slower.
  struct Share {
    std::array<double, comm::comm_axis_count> seconds{};
    double total() const {
      double t = 0.0;
      for (double v : seconds) t += v;
      return t;
    }
    void add(CommAxis axis, double v) { seconds[axis_index(axis)] += v; }
  };
  // Per micro-batch: behind the forward (oag), behind the weight-gradient GEMMs (oar), behind
  // the backward (oag, ors); per step: behind the last backward (dp).
  Share forward_hideable, input_gradient_hideable, backward_hideable, data_hideable;
  for (const CollectiveVolume& v : volumes) {
    const bool inside = group_inside_node(v.axis, grid, machine.gpus_per_node);
    Machine link = machine;
    if (!inside) link.inter_node_gbps = across_node_gbps(placement(v.axis, grid).stride, machine);
    const double seconds = collective_seconds(v.kind, v.bytes, v.calls, v.group_size, inside, link);
    cost.comm_s[axis_index(v.axis)] += seconds;
    cost.comm_bytes[axis_index(v.axis)] += v.bytes;
    cost.comm_calls[axis_index(v.axis)] += v.calls;
    double exposed = seconds;
    if (v.what == "weight all-gather (forward and backward)" && overlap.oag) {
      // The first gather of each pass waits; the rest run behind the previous linear layer.
      const double per_pass = seconds / (2.0 * micro_steps), first = per_pass / (4.0 * L);
      exposed = 2.0 * micro_steps * first;
      forward_hideable.add(v.axis, (per_pass - first));
      backward_hideable.add(v.axis, (per_pass - first));
    } else if (v.what == "weight-gradient reduce-scatter" && overlap.ors) {
      exposed = 0.0;
      backward_hideable.add(v.axis, seconds / micro_steps);
    } else if (v.what.rfind("linear input gradient", 0) == 0 && overlap.oar) {
      exposed = 0.0;
      input_gradient_hideable.add(v.axis, seconds / micro_steps);
    } else if (v.what == "gradients over data" && overlap.dp) {
      const double last_bucket = seconds / std::max<long>(1, v.calls);
      exposed = last_bucket;
      data_hideable.add(v.axis, seconds - last_bucket);
    }
    cost.exposed_s[axis_index(v.axis)] += exposed;
  }
  // What overflows a window is exposed, shared among the axes in proportion to what they put in it.
  auto overflow = [&](const Share& share, double window, double times) {
    const double total = share.total();
    if (total <= window || total <= 0.0) return;
    const double spill = (total - window) / total;
    for (int a = 0; a < comm::comm_axis_count; ++a) cost.exposed_s[a] += times * spill * share.seconds[a];
  };
  const double forward_window = micro_gemm_s / 3.0, weight_gradient_window = linear_s / 3.0;
  overflow(forward_hideable, forward_window, static_cast<double>(micro_steps));
  overflow(input_gradient_hideable, weight_gradient_window, static_cast<double>(micro_steps));
  const double backward_left = backward_s - std::min(input_gradient_hideable.total(), weight_gradient_window);
  overflow(backward_hideable, backward_left, static_cast<double>(micro_steps - 1));
  Share last_backward = backward_hideable;  // the last micro-batch's backward also hides the data all-reduce
  for (int a = 0; a < comm::comm_axis_count; ++a) last_backward.seconds[a] += data_hideable.seconds[a];
  overflow(last_backward, backward_left, 1.0);
  cost.step_s = cost.compute_s() + cost.exposed_total();

  // Model FLOPs: 6 N per token plus attention's 12 L C T (as the trainer's MFU counts them).
  const ArenaSizes whole = arena_sizes(model, {1, 1, 1, 1});
  const double n = whole.z_replicated + whole.z_sharded;
  const double tokens = static_cast<double>(step.batch_size) * T;
  cost.model_flops = tokens * (6.0 * n + 12.0 * L * c * T);
  cost.mfu = cost.model_flops / (cost.step_s * static_cast<double>(grid.size()) * 1e12 * machine.peak_tflops);
  return cost;
}

std::vector<comm::GridShape> factorizations(int gpus) {
  FF_REQUIRE(gpus >= 1, "{} GPUs: expected at least 1", gpus);
  return comm::all_grid_shapes(gpus);
}

std::vector<StepCost> rank_grids(const ModelDims& model, int gpus, const StepDims& step, const Machine& machine,
                                 const Overlap& overlap) {
  std::vector<StepCost> out;
  for (const comm::GridShape& g : factorizations(gpus)) out.push_back(predict_step(model, g, step, machine, overlap));
  std::stable_sort(out.begin(), out.end(), [](const StepCost& a, const StepCost& b) {
    if (a.feasible != b.feasible) return a.feasible;
    return a.feasible && a.step_s < b.step_s;
  });
  return out;
}

}  // namespace fourfold::plan
