// The cost of a training step on a 4D grid of a machine: the second half of the performance
// model that picks the configuration. Pure arithmetic, no MPI.
//
//   communication  every collective of step_volume.hpp at latency + bandwidth for a ring
//                  (all-reduce 2(p-1) steps moving 2(p-1)/p of the buffer, all-gather and
//                  reduce-scatter p-1 steps moving (p-1)/p; all-reduce also as a tree, 2 log2 p
//                  steps moving twice the buffer, whichever is faster), at the machine's intra-node figures
//                  when the group's ranks share a node (ranks are numbered X fastest, then Y, Z,
//                  data, and fill nodes in order) and its inter-node figures otherwise, the
//                  node's NICs shared by the groups of the axis that cross from it
//                  (across_node_gbps)
//   compute        GEMM FLOPs of this rank at the machine's GEMM rate for the run's precision
//                  ([train] precision), plus the memory-bound
//                  kernels' traffic at its memory bandwidth
//   overlap        what each overlap hides: oag the Z weight gathers behind the linear layers'
//                  GEMMs (all but each pass's first gather), ors the Z gradient reduce-scatters
//                  behind the backward, oar the input-gradient all-reduces behind the
//                  weight-gradient GEMMs (and with row chunks behind all but the last chunk of
//                  their own input-gradient GEMMs), dp the data-parallel all-reduce behind the last
//                  micro-batch's backward (all but its last bucket), fwd the linear layers'
//                  forward all-reduces over X and Y behind the next row chunk's GEMM (all but
//                  each call's last chunk of step.tp_chunks); the step pays the rest. What a
//                  window cannot hold is exposed; the links inside a node and the network each
//                  have the whole window (they carry their groups' collectives at the same time).
//                  With step.hierarchical, Z and data groups that split by node cost their
//                  stages (hierarchical_seconds); NCCL's reduce-scatters stay flat
//   memory         memory_model.hpp against 90% of the GPU's memory
#pragma once

#include "comm/grid_layout.hpp"
#include "comm/types.hpp"
#include "core/precision.hpp"
#include "drivers/plan/memory_model.hpp"
#include "drivers/plan/step_volume.hpp"
#include "drivers/plan/step_work.hpp"

#include <array>
#include <string>
#include <vector>

namespace fourfold::plan {

/// A rate per GEMM precision, TFLOP/s per GPU; 0 where the machine does not give one.
struct PrecisionRates {
  double fp32 = 0.0;  // fp32 operands (the plain SGEMM path fourfold takes, no TF32)
  double bf16 = 0.0;  // bf16 operands, fp32 accumulation
  double at(GemmPrecision precision) const { return precision == GemmPrecision::bf16 ? bf16 : fp32; }
  double& at(GemmPrecision precision) { return precision == GemmPrecision::bf16 ? bf16 : fp32; }
};

/// One machine: per-GPU figures.
struct Machine {
  std::string name;
  std::string device;                  // the GPU, a name in device_peak.hpp's table ("" when not named)
  int gpus_per_node = 1;
  double intra_node_gbps = 0.0;        // bus bandwidth of a collective inside a node, GB/s
  double inter_node_gbps = 0.0;        // bus bandwidth per GPU of a collective across nodes, GB/s
  double intra_node_latency_us = 0.0;  // per ring step
  double inter_node_latency_us = 0.0;
  PrecisionRates gemm_tflops;          // dense GEMM rate reached at each precision
  PrecisionRates peak_tflops;          // the GPU's dense peak at each precision (MFU's denominator)
  double memory_gbps = 0.0;            // device memory bandwidth, GB/s (memory-bound kernels)
  double launch_latency_us = 0.0;      // per kernel or library call, what back-to-back launches cost
  GemmRoute gemm_route = GemmRoute::cuda;  // what the GEMM library enqueues (step_work.hpp)
  double memory_gib = 0.0;             // device memory, GiB
};

/// Rejects (UserError) a machine with a missing or non-positive figure, naming it. A machine
/// gives a GEMM rate and a peak for at least one precision, and both or neither for each.
void validate(const Machine& machine);
/// Rejects (UserError) planning a run at `precision` on a machine without rates for it, naming
/// the machine, the precision and the precisions it has.
void require_precision(const Machine& machine, GemmPrecision precision);

/// Which communication overlaps computation ([parallel] overlap).
struct Overlap {
  bool oar = true, ors = true, oag = true, dp = true, fwd = true;
  static Overlap all() { return {}; }
  static Overlap none() { return {false, false, false, false, false}; }
};

/// Ring steps of one collective of `kind` on `group_size` ranks (each pays a latency), and the
/// fraction of the full buffer each rank sends (pays bandwidth for).
double ring_steps(comm::CollectiveKind kind, int group_size);
double ring_moved_fraction(comm::CollectiveKind kind, int group_size);

/// Seconds of `calls` collectives of `kind` moving `bytes` in all (full-buffer convention) on a
/// group of `group_size` ranks, inside a node or across nodes: a ring, or for all-reduce the
/// faster of a ring and a tree (2 log2 p latencies, twice the buffer sent).
double collective_seconds(comm::CollectiveKind kind, double bytes, long calls, int group_size, bool inside_node,
                          const Machine& machine);

/// Bus bandwidth (GB/s) of a ring whose members are `stride` ranks apart and span nodes: its
/// node-crossing hops share the node's NICs (gpus_per_node x inter_node_gbps) with the other
/// min(stride, gpus_per_node) groups of its axis on that node, and never beat the node's links.
/// A contiguous group (stride 1) gets all of a node's NICs; one member per node gets one GPU's share.
double across_node_gbps(long stride, const Machine& machine);

/// The fraction of a GPU's memory a plan may fill: the rest is kept for the runtime (CUDA
/// context, communicator and library buffers, allocator fragmentation).
inline constexpr double usable_memory_fraction = 0.9;

/// How a Z or data group of `grid` splits by node for hierarchical collectives
/// (comm/node_split.hpp): `local` members on each of `nodes` nodes; zeros where it does not
/// split (another axis, inside one node, one member per node, or uneven).
struct NodeSplitShape {
  int local = 0, nodes = 0;
};
NodeSplitShape node_split_shape(comm::CommAxis axis, const comm::GridShape& grid, int gpus_per_node);
/// Seconds of `calls` hierarchical collectives of `kind` moving `bytes` in all on a split group:
/// the stages inside the node at the intra-node figures, the stage across nodes at one GPU's
/// share of the NICs on 1/local of the bytes (all-gather: the node parts).
double hierarchical_seconds(comm::CollectiveKind kind, double bytes, long calls, const NodeSplitShape& split,
                            const Machine& machine);

/// Whether every group along `axis` of `grid` has all its ranks on one node.
bool group_inside_node(comm::CommAxis axis, const comm::GridShape& grid, int gpus_per_node);

/// The predicted step of one configuration.
struct StepCost {
  comm::GridShape grid;
  StepDims step;  // the batch, micro-batch and memory options this cost is for
  bool feasible = true;
  std::string reason;  // why not, when infeasible
  double gemm_s = 0.0;
  double other_compute_s = 0.0;      // memory-bound kernels at the memory bandwidth, plus launch_s
  double memory_bound_bytes = 0.0;   // bytes the step's kernels other than GEMMs move (step_work.hpp)
  double conversion_bytes = 0.0;     // of which passes that only change precision
  long launches = 0;                 // kernels and library calls per step, GEMMs included
  double launch_s = 0.0;             // launches x the machine's launch latency
  std::array<double, comm::comm_axis_count> comm_s{};     // all communication per axis
  std::array<double, comm::comm_axis_count> comm_bytes{}; // bytes per axis per step (full-buffer convention)
  std::array<long, comm::comm_axis_count> comm_calls{};   // collective calls per axis per step
  std::array<double, comm::comm_axis_count> exposed_s{};  // what the step waits for, per axis
  double step_s = 0.0;                                    // compute + exposed communication
  double model_flops = 0.0;                               // per step: model_flops_per_token x tokens
  double mfu = 0.0;                                       // model FLOPs / (step_s x GPUs x peak)
  RankMemory memory;
  double compute_s() const { return gemm_s + other_compute_s; }
  double exposed_total() const;
};

/// The cost of `step` on `grid`; infeasible (with the reason) when the grid breaks a rule or the
/// memory does not fit, never an exception for those.
StepCost predict_step(const ModelDims& model, const comm::GridShape& grid, const StepDims& step,
                      const Machine& machine, const Overlap& overlap = Overlap::all());

/// Every (G_x, G_y, G_z, G_data) whose product is `gpus`, powers of two or not.
std::vector<comm::GridShape> factorizations(int gpus);

/// Every factorisation of `gpus`, predicted and ranked: feasible ones by step time, then the
/// infeasible ones.
std::vector<StepCost> rank_grids(const ModelDims& model, int gpus, const StepDims& step, const Machine& machine,
                                 const Overlap& overlap = Overlap::all());

/// What a search may choose besides the grid: micro-batch sizes (empty: step's own; else each
/// that divides the batch and splits over a grid's G_z * G_data), recompute modes and optimizer
/// sharding over data and forward row chunks (empty: step's own).
struct SearchSpace {
  std::vector<int> micro_batch_sizes;
  std::vector<Recompute> recompute_modes;
  std::vector<bool> shard_optimizer;  // empty: step's own; sharding is tried only where G_data > 1
  std::vector<int> tp_chunks;         // forward row chunks (with fwd overlap); empty: step's own
  std::vector<bool> hierarchical;     // Z and data collectives by node; empty: step's own
  std::vector<bool> sequence_shard;   // the norm region's rows over Y; empty: step's own; tried where G_y > 1
};
/// Every micro-batch size from 1 to batch_size that divides it.
std::vector<int> micro_batch_divisors(int batch_size);

/// Every factorisation of `gpus` with every choice of `space`: the feasible configurations
/// ranked by step time (ties: fewer micro-batches, then less recomputation), then, for each grid
/// with no feasible choice, its cheapest-memory infeasible one (with the reason).
std::vector<StepCost> rank_plans(const ModelDims& model, int gpus, const StepDims& step, const Machine& machine,
                                 const Overlap& overlap, const SearchSpace& space);

}  // namespace fourfold::plan
