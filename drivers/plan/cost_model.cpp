#include "drivers/plan/cost_model.hpp"

#include "drivers/plan/step_work.hpp"

#include "core/error.hpp"
#include "drivers/common/model_flops.hpp"
#include "drivers/plan/calibration.hpp"
#include "drivers/plan/step_volume.hpp"
#include "layers/attention_blocking.hpp"
#include "layers/overlap.hpp"

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
  bool any_precision = false;
  for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16}) {
    const double gemm = m.gemm_tflops.at(p), peak = m.peak_tflops.at(p);
    if (gemm == 0.0 && peak == 0.0) continue;  // the machine says nothing of this precision
    const std::string name = precision_name(p);
    positive(gemm, ("gemm_tflops." + name).c_str());
    positive(peak, ("peak_tflops." + name).c_str());
    any_precision = true;
  }
  FF_REQUIRE(any_precision,
             "machine '{}': no GEMM rate; give gemm_tflops and peak_tflops for fp32, bf16 or both "
             "(e.g. gemm_tflops = {{ fp32 = 13.7, bf16 = 220 }})",
             m.name);
  positive(m.memory_gbps, "memory_gbps");
  FF_REQUIRE(std::isfinite(m.launch_latency_us) && m.launch_latency_us >= 0.0,
             "machine '{}': launch_latency_us = {} must be a number of at least 0", m.name, m.launch_latency_us);
  positive(m.memory_gib, "memory_gib");
  FF_REQUIRE(std::isfinite(m.intra_node_latency_us) && m.intra_node_latency_us >= 0.0 &&
                 std::isfinite(m.inter_node_latency_us) && m.inter_node_latency_us >= 0.0,
             "machine '{}': latencies {} / {} us must be non-negative", m.name, m.intra_node_latency_us,
             m.inter_node_latency_us);
}

void require_precision(const Machine& m, GemmPrecision precision) {
  if (m.gemm_tflops.at(precision) > 0.0) return;
  std::vector<std::string> has;
  for (const GemmPrecision p : {GemmPrecision::fp32, GemmPrecision::bf16})
    if (m.gemm_tflops.at(p) > 0.0) has.emplace_back(precision_name(p));
  FF_REQUIRE(false,
             "machine '{}' has no {} GEMM rate (it gives {}); a run at train.precision \"{}\" needs "
             "gemm_tflops.{} and peak_tflops.{} (for the local machine: a calibration at that precision)",
             m.name, precision_name(precision), fmt::join(has, ", "), precision_name(precision),
             precision_name(precision), precision_name(precision));
}

double ring_steps(CollectiveKind kind, int group_size) {
  const double p = group_size;
  if (kind == CollectiveKind::ring_exchange) return 1.0;  // one point-to-point step
  return kind == CollectiveKind::all_reduce ? 2.0 * (p - 1) : p - 1;
}

double ring_moved_fraction(CollectiveKind kind, int group_size) {
  const double p = group_size;
  return kind == CollectiveKind::all_reduce ? 2.0 * (p - 1) / p
         : kind == CollectiveKind::broadcast || kind == CollectiveKind::ring_exchange ? 1.0
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

NodeSplitShape node_split_shape(CommAxis axis, const comm::GridShape& grid, int gpus_per_node) {
  if (axis != CommAxis::z && axis != CommAxis::data) return {};
  const Placement p = placement(axis, grid);
  const long per_node = gpus_per_node;
  if (p.stride >= per_node || per_node % p.stride != 0) return {};  // one member per node at most
  const long local = per_node / p.stride;
  if (local < 2 || p.size <= local || p.size % local != 0) return {};  // inside one node, or uneven
  return {static_cast<int>(local), static_cast<int>(p.size / local)};
}

double hierarchical_seconds(CollectiveKind kind, double bytes, long calls, const NodeSplitShape& split,
                            const Machine& machine) {
  // comm/node_split.hpp's stages (full-buffer bytes: all-reduce and broadcast the data, all-gather
  // the result, reduce-scatter the input). Across nodes each member has its own GPU's share of
  // the node's NICs.
  Machine across = machine;
  across.inter_node_gbps = across_node_gbps(machine.gpus_per_node, machine);
  const int L = split.local, N = split.nodes;
  switch (kind) {
    case CollectiveKind::all_reduce:
      return collective_seconds(CollectiveKind::reduce_scatter, bytes, calls, L, true, machine) +
             collective_seconds(CollectiveKind::all_reduce, bytes / L, calls, N, false, across) +
             collective_seconds(CollectiveKind::all_gather, bytes, calls, L, true, machine);
    case CollectiveKind::all_gather:
      return collective_seconds(CollectiveKind::all_gather, bytes / N, calls, L, true, machine) +
             collective_seconds(CollectiveKind::all_gather, bytes, calls, N, false, across);
    case CollectiveKind::reduce_scatter:
      return collective_seconds(CollectiveKind::reduce_scatter, bytes, calls, L, true, machine) +
             collective_seconds(CollectiveKind::reduce_scatter, bytes / L, calls, N, false, across);
    case CollectiveKind::broadcast:
    case CollectiveKind::ring_exchange: break;
  }
  return collective_seconds(kind, bytes, calls, L * N, false, machine);
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

StepCost predict_step(const ModelDims& model, const comm::GridShape& grid, const StepDims& requested,
                      const Machine& machine, const Overlap& overlap) {
  // Without the forward overlap the linear layers multiply in one chunk (OverlapOptions).
  StepDims step = requested;
  if (!overlap.fwd) step.tp_chunks = 1;
  validate(machine);
  require_precision(machine, step.memory.precision);
  StepCost cost;
  cost.grid = grid;
  cost.step = step;
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
  const double c = model.channels, cx = c / grid.x, cy = c / grid.y;
  const double local_batch = static_cast<double>(step.micro_batch_size) / (grid.z * grid.data);
  const double T = step.seq_len, m = local_batch * T, L = model.layers;
  const double heads_local = static_cast<double>(model.heads) / grid.y, hs = c / model.heads;
  const HeadChunks head = head_chunks(model, grid, step);
  const double vocab_local = head.vocab_local;
  const long micro_steps = step.batch_size / step.micro_batch_size;
  const double chunks = std::min(static_cast<double>(std::max(step.tp_chunks, 1)), m);  // forward row chunks
  const double rate = 1e12 * machine.gemm_tflops.at(step.memory.precision);
  const Recompute recompute = step.memory.recompute;
  // This rank's widths over Y (step_volume.hpp): fused q/k/v, the MLP's first output and its
  // activation (3, 4 and 4 C_y for GPT-2), and all that the head width of a block sums to (12 C_y).
  const double qkv_y = model.qkv_width() / grid.y, in_y = model.mlp_in_width() / grid.y,
               hid_y = model.mlp_hidden() / grid.y, head_widths = qkv_y + cy + in_y + hid_y;
  // Linear layers: forward, input and weight gradients; block recomputation runs QKV, attention
  // projection and FC forward again (8 of a GPT-2 block's 12 C^2 per token).
  const double linear_flops = 6.0 * m * head_widths * cx * L;
  const double recompute_linear_flops = recompute == Recompute::block ? 2.0 * m * (qkv_y + cy + in_y) * cx * L : 0.0;
  // Attention's blocked GEMMs (attention_blocking.hpp), and once more forward when recomputed, by
  // the block or by attention recomputation (key/value heads shared under grouped-query attention
  // are computed with for every query head).
  const bool attention_recomputed = recompute == Recompute::block || recompute == Recompute::attention;
  const double attention_gemms =
      attention_forward_gemms * (attention_recomputed ? 2 : 1) + attention_backward_gemms;
  const double attention_gemm_flops = 2.0 * local_batch * heads_local * attention_scores_computed(step.seq_len) * hs * L;
  const double attention_flops = attention_gemms * attention_gemm_flops;
  const double recompute_flops =
      recompute_linear_flops + (attention_recomputed ? attention_forward_gemms * attention_gemm_flops : 0.0);
  // LM head: forward, input and weight gradients, and the logits of every chunk but the last
  // recomputed in backward.
  const double head_flops = (6.0 + 2.0 * (head.chunks - 1) * head.chunk_rows / m) * m * vocab_local * c;
  const double linear_s = linear_flops / rate;
  const double micro_gemm_s = (linear_flops + recompute_linear_flops + attention_flops + head_flops) / rate;
  // Memory-bound work: every kernel and copy of the step but the GEMMs (timed by their FLOPs
  // above), at the memory bandwidth, from the bytes each moves (step_work.hpp, the formulas the
  // kernels count into the ledger), plus one launch latency per kernel and library call, GEMMs
  // included.
  const StepWork work = step_work(model, grid, step, machine.gemm_route);
  cost.memory_bound_bytes = work.total_bytes() - work.bytes_of(WorkKind::gemm);
  cost.conversion_bytes = work.bytes_of(WorkKind::conversion);
  cost.launches = work.total_launches();
  cost.launch_s = static_cast<double>(cost.launches) * machine.launch_latency_us * 1e-6;
  cost.gemm_s = micro_steps * micro_gemm_s;
  cost.other_compute_s = cost.memory_bound_bytes / (1e9 * machine.memory_gbps) + cost.launch_s;
  // One micro-batch's forward is about a third of its GEMMs without recomputation; the backward
  // (input and weight gradients, and a recomputed forward) is the rest.
  const double forward_gemm_s = (micro_gemm_s - recompute_flops / rate) / 3.0;
  // The memory-bound kernels of the passes (all but the optimizer's, once per step) run on the
  // compute instance too, and the collectives on the communication instance run behind them as
  // behind the GEMMs: their time joins the windows, shared between forward and backward as the
  // GEMMs are (recomputation's kernels with the backward).
  const double pass_memory_s =
      (cost.memory_bound_bytes - work.bytes_of(WorkKind::optimizer)) / (1e9 * machine.memory_gbps) / micro_steps;
  const double forward_s = forward_gemm_s + pass_memory_s * forward_gemm_s / micro_gemm_s;
  const double backward_s = micro_gemm_s + pass_memory_s - forward_s;

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
    // Hierarchical collectives where the engine splits the group by node: all-reduces and
    // all-gathers on every route, reduce-scatters on the host's (MPI) route only.
    const NodeSplitShape split = step.hierarchical ? node_split_shape(v.axis, grid, machine.gpus_per_node)
                                                   : NodeSplitShape{};
    const bool by_node = split.local > 0 && v.kind != CollectiveKind::broadcast &&
                         v.kind != CollectiveKind::ring_exchange &&
                         (v.kind != CollectiveKind::reduce_scatter || machine.gemm_route == GemmRoute::host);
    const double seconds = by_node ? hierarchical_seconds(v.kind, v.bytes, v.calls, split, machine)
                                   : collective_seconds(v.kind, v.bytes, v.calls, v.group_size, inside, link);
    cost.comm_s[axis_index(v.axis)] += seconds;
    cost.comm_bytes[axis_index(v.axis)] += v.bytes;
    cost.comm_calls[axis_index(v.axis)] += v.calls;
    double exposed = seconds;
    if (v.hidden_by == HiddenBy::oag && overlap.oag) {
      // The first gather of each pass waits; the rest run behind the previous linear layer. Each
      // pass gathers 4 L times.
      const double per_call = seconds / static_cast<double>(v.calls);
      const double forward_gathers_s = per_call * 4.0 * L * micro_steps,
                   backward_pass_s = (seconds - forward_gathers_s) / micro_steps;
      exposed = 2.0 * micro_steps * per_call;
      forward_hideable.add(v.axis, forward_gathers_s / micro_steps - per_call);
      backward_hideable.add(v.axis, backward_pass_s - per_call);
    } else if (v.hidden_by == HiddenBy::ors && overlap.ors) {
      exposed = 0.0;
      backward_hideable.add(v.axis, seconds / micro_steps);
    } else if (v.hidden_by == HiddenBy::oar && overlap.oar) {
      exposed = 0.0;
      input_gradient_hideable.add(v.axis, seconds / micro_steps);
    } else if ((v.hidden_by == HiddenBy::fwd || v.hidden_by == HiddenBy::fwd_recomputed ||
                v.hidden_by == HiddenBy::bwd) &&
               static_cast<double>(v.row_chunks) > 1) {
      // Forward overlap by row chunks: chunk c's all-reduce behind chunk c + 1's GEMM; each
      // call's last chunk waits (its layer's output is needed next); a gather's first chunk waits
      // (its GEMMs need it), the rest arrive behind the chunks before. Every chunk pays the
      // latency.
      exposed = seconds / static_cast<double>(v.row_chunks);
      Share& window = v.hidden_by == HiddenBy::fwd ? forward_hideable : backward_hideable;
      window.add(v.axis, (seconds - exposed) / micro_steps);
    } else if (v.hidden_by == HiddenBy::dp && overlap.dp) {
      const double last_bucket = seconds / std::max<long>(1, v.calls);
      exposed = last_bucket;
      data_hideable.add(v.axis, seconds - last_bucket);
    }
    cost.exposed_s[axis_index(v.axis)] += exposed;
  }
  // What overflows a window is exposed. The links inside a node and the node's network links
  // carry their collectives at the same time (each group's own communicator and stream), so each
  // kind of link has the whole window, and the step waits for the longer of the two overflows;
  // it is shared among the axes in proportion to what each put into its link's overflow. (A
  // window shorter by d so exposes at most d more: a faster GEMM never makes a step slower.)
  std::array<bool, comm::comm_axis_count> inside{};
  for (int a = 0; a < comm::comm_axis_count; ++a)
    inside[a] = group_inside_node(static_cast<CommAxis>(a), grid, machine.gpus_per_node);
  // Windows per kind of link: {inside a node, across nodes}.
  using Windows = std::array<double, 2>;
  auto on_link = [&](const Share& share, bool link_inside) {
    double total = 0.0;
    for (int a = 0; a < comm::comm_axis_count; ++a)
      if (inside[a] == link_inside) total += share.seconds[a];
    return total;
  };
  auto overflow = [&](const Share& share, const Windows& windows, double times) {
    std::array<double, comm::comm_axis_count> spilled{};
    double longest = 0.0, spilled_total = 0.0;
    for (const bool link_inside : {true, false}) {
      const double total = on_link(share, link_inside), window = windows[link_inside ? 0 : 1];
      if (total <= window || total <= 0.0) continue;
      const double spill = (total - window) / total;
      for (int a = 0; a < comm::comm_axis_count; ++a)
        if (inside[a] == link_inside) spilled[a] = spill * share.seconds[a];
      longest = std::max(longest, total - window);
      spilled_total += total - window;
    }
    if (spilled_total <= 0.0) return;
    for (int a = 0; a < comm::comm_axis_count; ++a) cost.exposed_s[a] += times * spilled[a] * longest / spilled_total;
  };
  // The input-gradient all-reduces run behind the weight-gradient GEMMs (oar) and, by row
  // chunks, behind all but the last chunk of their own input-gradient GEMMs.
  const double forward_window = forward_s,
               weight_gradient_window = linear_s / 3.0 * (1.0 + (chunks - 1.0) / chunks);
  overflow(forward_hideable, {forward_window, forward_window}, static_cast<double>(micro_steps));
  // A backward, per kind of link: the input-gradient all-reduces hide only in their window
  // (what overflows it is exposed), and what they hide there shares the backward with the Z and
  // data collectives (what overflows the backward is exposed); the step waits for the longer
  // link. (A backward shorter by d exposes at most d more.)
  auto backward_overflow = [&](const Share& share, double times) {
    std::array<double, comm::comm_axis_count> spilled{};
    double longest = 0.0, spilled_total = 0.0;
    for (const bool link_inside : {true, false}) {
      const double input_gradients = on_link(input_gradient_hideable, link_inside), rest = on_link(share, link_inside);
      const double exposed = std::max(0.0, input_gradients - weight_gradient_window) +
                             std::max(0.0, std::min(input_gradients, weight_gradient_window) + rest - backward_s);
      if (exposed <= 0.0) continue;
      for (int a = 0; a < comm::comm_axis_count; ++a)
        if (inside[a] == link_inside)
          spilled[a] = exposed * (input_gradient_hideable.seconds[a] + share.seconds[a]) / (input_gradients + rest);
      longest = std::max(longest, exposed);
      spilled_total += exposed;
    }
    if (spilled_total <= 0.0) return;
    for (int a = 0; a < comm::comm_axis_count; ++a) cost.exposed_s[a] += times * spilled[a] * longest / spilled_total;
  };
  backward_overflow(backward_hideable, static_cast<double>(micro_steps - 1));
  Share last_backward = backward_hideable;  // the last micro-batch's backward also hides the data all-reduce
  for (int a = 0; a < comm::comm_axis_count; ++a) last_backward.seconds[a] += data_hideable.seconds[a];
  backward_overflow(last_backward, 1.0);
  cost.step_s = cost.compute_s() + cost.exposed_total();

  // Model FLOPs: MFU's one numerator (drivers/common/model_flops.hpp, the trainer's and
  // fourfold-bench's), N the whole model's parameters (its arena on one rank).
  const ArenaSizes whole = arena_sizes(model, {1, 1, 1, 1});
  const double n = whole.z_replicated + whole.z_sharded;
  const double tokens = static_cast<double>(step.batch_size) * T;
  cost.model_flops = tokens * model_flops_per_token(n, model.layers, model.channels, step.seq_len);
  cost.mfu = cost.model_flops / (cost.step_s * static_cast<double>(grid.size()) * 1e12 * machine.peak_tflops.at(step.memory.precision));
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

std::vector<int> micro_batch_divisors(int batch_size) {
  FF_REQUIRE(batch_size >= 1, "batch of {} sequences: expected at least 1", batch_size);
  std::vector<int> out;
  for (int m = 1; m <= batch_size; ++m)
    if (batch_size % m == 0) out.push_back(m);
  return out;
}

std::vector<StepCost> rank_plans(const ModelDims& model, int gpus, const StepDims& step, const Machine& machine,
                                 const Overlap& overlap, const SearchSpace& space) {
  const std::vector<int> micro = space.micro_batch_sizes.empty() ? std::vector<int>{step.micro_batch_size}
                                                                 : space.micro_batch_sizes;
  const std::vector<Recompute> modes =
      space.recompute_modes.empty() ? std::vector<Recompute>{step.memory.recompute} : space.recompute_modes;
  const std::vector<bool> shards =
      space.shard_optimizer.empty() ? std::vector<bool>{step.memory.shard_optimizer} : space.shard_optimizer;
  const std::vector<bool> splits = space.hierarchical.empty() ? std::vector<bool>{step.hierarchical} : space.hierarchical;
  const std::vector<bool> sequence_shards =
      space.sequence_shard.empty() ? std::vector<bool>{step.memory.sequence_shard} : space.sequence_shard;
  const std::vector<int> chunk_counts =
      space.tp_chunks.empty() || !overlap.fwd ? std::vector<int>{step.tp_chunks} : space.tp_chunks;
  std::vector<StepCost> feasible, infeasible;
  for (const comm::GridShape& g : factorizations(gpus)) {
    std::vector<StepCost> rejected;
    bool any = false;
    for (const int m : micro) {
      if (m % (g.z * g.data) != 0 && micro.size() > 1) continue;  // cannot split over this grid's rows
      for (const Recompute r : modes) {
        for (const bool shard : shards) {
          if (shard && g.data == 1 && shards.size() > 1) continue;  // nothing to shard over
          for (const int chunks : chunk_counts) {
            // Row chunks change nothing where no linear layer's group sums over several ranks.
            if (chunks != chunk_counts.front() && g.x == 1 && g.y == 1) continue;
            for (const bool split : splits) {
              // Hierarchical collectives change nothing where no Z or data group splits by node.
              if (split != splits.front() && node_split_shape(CommAxis::z, g, machine.gpus_per_node).local == 0 &&
                  node_split_shape(CommAxis::data, g, machine.gpus_per_node).local == 0)
                continue;
              for (const bool sequence : sequence_shards) {
                // Sequence sharding changes nothing where Y is one rank.
                if (sequence && g.y == 1 && sequence_shards.size() > 1) continue;
                StepDims s = step;
                s.micro_batch_size = m;
                s.memory.recompute = r;
                s.memory.shard_optimizer = shard;
                s.memory.sequence_shard = sequence;
                s.tp_chunks = chunks;
                s.hierarchical = split;
                StepCost c = predict_step(model, g, s, machine, overlap);
                if (c.feasible) {
                  any = true;
                  feasible.push_back(std::move(c));
                } else {
                  rejected.push_back(std::move(c));
                }
              }
            }
          }
        }
      }
    }
    if (!any && !rejected.empty()) {
      // The attempt that came closest: the smallest memory among those that broke no other rule.
      const auto closest = std::min_element(rejected.begin(), rejected.end(), [](const StepCost& a, const StepCost& b) {
        const double ma = a.memory.total() > 0 ? a.memory.total() : 1e300, mb = b.memory.total() > 0 ? b.memory.total() : 1e300;
        return ma < mb;
      });
      infeasible.push_back(*closest);
    }
  }
  std::stable_sort(feasible.begin(), feasible.end(), [](const StepCost& a, const StepCost& b) {
    if (a.step_s != b.step_s) return a.step_s < b.step_s;
    if (a.step.micro_batch_size != b.step.micro_batch_size) return a.step.micro_batch_size > b.step.micro_batch_size;
    if (a.step.memory.recompute != b.step.memory.recompute)
      return static_cast<int>(a.step.memory.recompute) < static_cast<int>(b.step.memory.recompute);
    if (a.step.memory.shard_optimizer != b.step.memory.shard_optimizer) return !a.step.memory.shard_optimizer;
    if (a.step.tp_chunks != b.step.tp_chunks) return a.step.tp_chunks < b.step.tp_chunks;
    if (a.step.hierarchical != b.step.hierarchical) return !a.step.hierarchical;
    return !a.step.memory.sequence_shard && b.step.memory.sequence_shard;
  });
  feasible.insert(feasible.end(), infeasible.begin(), infeasible.end());
  return feasible;
}

}  // namespace fourfold::plan
