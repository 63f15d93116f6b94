// The step cost model (drivers/plan/cost_model.hpp): ring collective costs by hand, which
// groups stay inside a node, the enumeration of every factorisation (not only powers of two),
// infeasible configurations with their reasons, overlap never making a step slower, a ranking
// that only improves with more bandwidth or a faster GEMM, the forward overlap's row chunks and
// hierarchical collectives.
#include "core/error.hpp"
#include "drivers/plan/cost_model.hpp"
#include "drivers/plan/step_work.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

namespace fourfold {
namespace {

using comm::CollectiveKind;
using comm::CommAxis;

plan::Machine test_machine() {
  plan::Machine m;
  m.name = "test";
  m.gpus_per_node = 4;
  m.intra_node_gbps = 100.0;
  m.inter_node_gbps = 20.0;
  m.intra_node_latency_us = 5.0;
  m.inter_node_latency_us = 20.0;
  m.gemm_tflops.fp32 = 100.0;
  m.peak_tflops.fp32 = 150.0;
  m.memory_gbps = 1500.0;
  m.memory_gib = 40.0;
  return m;
}

TEST(CostModel, RingCollectivesByHand) {
  const plan::Machine m = test_machine();
  // 1 GB all-reduce on 4 ranks inside a node: 2 * 3 / 4 of it at 100 GB/s, plus 6 steps of 5 us.
  EXPECT_NEAR(plan::collective_seconds(CollectiveKind::all_reduce, 1e9, 1, 4, true, m), 0.015 + 6 * 5e-6, 1e-12);
  // All-gather of 1 GB (gathered) on 8 ranks across nodes, in 2 calls: 7/8 at 20 GB/s + 2 * 7 * 20 us.
  EXPECT_NEAR(plan::collective_seconds(CollectiveKind::all_gather, 1e9, 2, 8, false, m), 7.0 / 8 / 20 + 14 * 20e-6,
              1e-12);
  EXPECT_EQ(plan::collective_seconds(CollectiveKind::all_reduce, 1e9, 1, 1, false, m), 0.0);
  // 1000 all-reduces of 1 KB on 1024 ranks across nodes: the ring pays 2046 latencies per call,
  // the tree 2 log2(1024) = 20 and twice the bytes; the tree is taken.
  const double ring = 1000 * 2046 * 20e-6 + 1e6 * 2 * 1023.0 / 1024 / 20e9;
  const double tree = 1000 * 20 * 20e-6 + 2 * 1e6 / 20e9;
  EXPECT_NEAR(plan::collective_seconds(CollectiveKind::all_reduce, 1e6, 1000, 1024, false, m), tree, 1e-12);
  EXPECT_LT(tree, ring);
}

// The memory-bound time is the step's non-GEMM bytes (step_work.hpp, held to the ledger by
// test_step_work) at the memory bandwidth, plus one launch latency per kernel and library call.
TEST(CostModel, MemoryBoundTimeIsTheStepWorkPlusLaunches) {
  plan::Machine m = test_machine();
  const plan::ModelDims model;  // GPT-2 124M
  const comm::GridShape grid{2, 2, 1, 1};
  plan::StepDims step(8, 4, 256);
  for (const GemmPrecision precision : {GemmPrecision::fp32, GemmPrecision::bf16}) {
    step.memory.precision = precision;
    m.gemm_tflops.bf16 = m.peak_tflops.bf16 = precision == GemmPrecision::bf16 ? 300.0 : 0.0;
    const plan::StepWork work = plan::step_work(model, grid, step);
    m.launch_latency_us = 0.0;
    const plan::StepCost none = plan::predict_step(model, grid, step, m);
    m.launch_latency_us = 4.0;
    const plan::StepCost some = plan::predict_step(model, grid, step, m);
    ASSERT_TRUE(none.feasible && some.feasible) << none.reason << some.reason;
    EXPECT_DOUBLE_EQ(none.memory_bound_bytes, work.total_bytes() - work.bytes_of(WorkKind::gemm));
    EXPECT_EQ(none.launches, work.total_launches());
    EXPECT_GT(none.launches, 2 * 12 * 10);  // tens of kernels per block and micro-batch
    EXPECT_DOUBLE_EQ(none.other_compute_s, none.memory_bound_bytes / 1.5e12);
    EXPECT_DOUBLE_EQ(some.launch_s, static_cast<double>(some.launches) * 4e-6);
    EXPECT_NEAR(some.other_compute_s - none.other_compute_s, some.launch_s, 1e-15);
    if (precision == GemmPrecision::fp32) {
      EXPECT_EQ(none.conversion_bytes, 0.0);
    } else {
      EXPECT_GT(none.conversion_bytes, 0.0);
    }
  }
}

// The routes differ only where the GEMM library enqueues differently: CUDA launches attention's
// fp32 batches once per call (the host per matrix) and, in fp32 mode, fuses the linear layers'
// bias (forward groups of one rank) and bias gradient into cuBLASLt epilogues; in bf16 mode they
// launch alike.
TEST(CostModel, StepWorkFollowsTheGemmRoute) {
  const plan::ModelDims model;
  plan::StepDims step(4, 4, 256);
  for (const comm::GridShape grid : {comm::GridShape{1, 1, 1, 1}, comm::GridShape{2, 1, 1, 1}}) {
    step.memory.precision = GemmPrecision::fp32;
    const plan::StepWork cuda = plan::step_work(model, grid, step, plan::GemmRoute::cuda);
    const plan::StepWork host = plan::step_work(model, grid, step, plan::GemmRoute::host);
    const plan::StepWork rocm = plan::step_work(model, grid, step, plan::GemmRoute::rocm);
    EXPECT_LT(cuda.total_launches(), host.total_launches());
    EXPECT_LT(cuda.bytes_of(WorkKind::elementwise), host.bytes_of(WorkKind::elementwise));
    EXPECT_EQ(rocm.total_launches(), host.total_launches());
    EXPECT_EQ(rocm.total_bytes(), host.total_bytes());
    step.memory.precision = GemmPrecision::bf16;
    EXPECT_EQ(plan::step_work(model, grid, step, plan::GemmRoute::cuda).launches,
              plan::step_work(model, grid, step, plan::GemmRoute::host).launches);
  }
}

TEST(CostModel, GroupsInsideANode) {
  // Ranks X fastest; 4 GPUs per node.
  const comm::GridShape g{2, 2, 2, 2};
  EXPECT_TRUE(plan::group_inside_node(CommAxis::x, g, 4));      // ranks r, r+1
  EXPECT_TRUE(plan::group_inside_node(CommAxis::y, g, 4));      // r, r+2
  EXPECT_TRUE(plan::group_inside_node(CommAxis::xy, g, 4));     // 4 consecutive ranks
  EXPECT_FALSE(plan::group_inside_node(CommAxis::z, g, 4));     // r, r+4: the next node
  EXPECT_FALSE(plan::group_inside_node(CommAxis::data, g, 4));  // r, r+8
  EXPECT_FALSE(plan::group_inside_node(CommAxis::x, {3, 1, 1, 4}, 4));  // groups of 3 straddle nodes of 4
  EXPECT_TRUE(plan::group_inside_node(CommAxis::z, {1, 1, 4, 2}, 8));
}

TEST(CostModel, GroupsAcrossNodesShareTheNodesNics) {
  plan::Machine m = test_machine();
  m.gpus_per_node = 4;
  m.intra_node_gbps = 200.0;
  m.inter_node_gbps = 25.0;
  EXPECT_DOUBLE_EQ(plan::across_node_gbps(1, m), 100.0);  // contiguous: all four NICs of each node
  EXPECT_DOUBLE_EQ(plan::across_node_gbps(2, m), 50.0);   // two groups cross from each node
  EXPECT_DOUBLE_EQ(plan::across_node_gbps(4, m), 25.0);   // one member per node: one GPU's NIC
  EXPECT_DOUBLE_EQ(plan::across_node_gbps(64, m), 25.0);
  m.inter_node_gbps = 100.0;
  EXPECT_DOUBLE_EQ(plan::across_node_gbps(1, m), 200.0);  // never faster than the node's links
  // A contiguous X group of 8 over two nodes of 4 runs at all four NICs of a node (100 GB/s),
  // not at one GPU's share (25 GB/s).
  m.inter_node_gbps = 25.0;
  const plan::ModelDims gpt2;
  const plan::StepDims step{8, 8, 1024, 8.0};
  const auto x8 = plan::predict_step(gpt2, {8, 1, 1, 1}, step, m);
  plan::Machine four_nics = m;
  four_nics.inter_node_gbps = 100.0;
  double by_hand = 0.0;
  for (const auto& v : plan::step_collectives(gpt2, {8, 1, 1, 1}, step))
    if (v.axis == CommAxis::x) by_hand += plan::collective_seconds(v.kind, v.bytes, v.calls, v.group_size, false, four_nics);
  EXPECT_GT(by_hand, 0.0);
  EXPECT_NEAR(x8.comm_s[static_cast<int>(CommAxis::x)], by_hand, 1e-12 * by_hand);
}

TEST(CostModel, EveryFactorisation) {
  // Ordered 4-factorisations of 2^a 3^b: C(a+3, 3) C(b+3, 3).
  EXPECT_EQ(plan::factorizations(1).size(), 1u);
  EXPECT_EQ(plan::factorizations(16).size(), 35u);
  EXPECT_EQ(plan::factorizations(12).size(), 40u);
  EXPECT_EQ(plan::factorizations(6).size(), 16u);
  std::set<std::tuple<int, int, int, int>> seen;
  for (const auto& g : plan::factorizations(12)) {
    EXPECT_EQ(g.size(), 12);
    EXPECT_TRUE(seen.insert({g.x, g.y, g.z, g.data}).second) << "repeated " << g.str();
  }
  EXPECT_THROW(plan::factorizations(0), UserError);
}

TEST(CostModel, InfeasibleConfigurationsSayWhy) {
  const plan::ModelDims gpt2;  // 12 heads, 768 channels
  const plan::StepDims step{8, 8, 1024, 8.0};
  plan::Machine m = test_machine();
  const auto ranked = plan::rank_grids(gpt2, 10, step, m);  // G_y = 5 or G_z G_data = 5 cannot work
  ASSERT_EQ(ranked.size(), 16u);
  bool saw_heads = false, saw_batch = false;
  for (const auto& c : ranked) {
    if (c.feasible) continue;
    saw_heads |= c.reason.find("heads are not divisible") != std::string::npos;
    saw_batch |= c.reason.find("not divisible by G_z * G_data") != std::string::npos;
  }
  EXPECT_TRUE(saw_heads);
  EXPECT_TRUE(saw_batch);
  // Feasible first, by step time.
  for (std::size_t i = 1; i < ranked.size(); ++i) {
    if (ranked[i].feasible) {
      EXPECT_TRUE(ranked[i - 1].feasible);
      EXPECT_LE(ranked[i - 1].step_s, ranked[i].step_s);
    }
  }
  // A GPU too small for anything: every configuration infeasible, naming the memory.
  m.memory_gib = 0.5;
  for (const auto& c : plan::rank_grids(gpt2, 4, {4, 4, 1024, 8.0}, m)) {
    EXPECT_FALSE(c.feasible) << c.grid.str();
    if (c.reason.find("heads") == std::string::npos && c.reason.find("G_z") == std::string::npos) {
      EXPECT_NE(c.reason.find("GiB per GPU, the GPU has 0.5 (90% usable)"), std::string::npos) << c.reason;
    }
  }
}

TEST(CostModel, OverlapNeverSlowsAStep) {
  const plan::ModelDims gpt2;
  const plan::Machine m = test_machine();
  for (const auto& g : plan::factorizations(16)) {
    const auto all = plan::predict_step(gpt2, g, {32, 16, 1024, 8.0}, m, plan::Overlap::all());
    const auto none = plan::predict_step(gpt2, g, {32, 16, 1024, 8.0}, m, plan::Overlap::none());
    if (!all.feasible) continue;
    EXPECT_LE(all.step_s, none.step_s) << g.str();
    EXPECT_DOUBLE_EQ(all.compute_s(), none.compute_s()) << g.str();
    EXPECT_DOUBLE_EQ(none.exposed_total(), [&] {
      double s = 0;
      for (double c : none.comm_s) s += c;
      return s;
    }()) << g.str();
  }
}

TEST(CostModel, MoreBandwidthOrAFasterGemmNeverSlowsAnyConfiguration) {
  const plan::ModelDims gpt2;
  const plan::StepDims step{64, 32, 1024, 8.0};
  const plan::Machine base = test_machine();
  for (const auto& g : plan::factorizations(32)) {
    const auto b = plan::predict_step(gpt2, g, step, base);
    if (!b.feasible) continue;
    plan::Machine faster_net = base, faster_gemm = base;
    faster_net.inter_node_gbps *= 2;
    faster_net.intra_node_gbps *= 2;
    faster_gemm.gemm_tflops.fp32 *= 2;
    // (equal where the GEMM time saved is exactly what stops hiding communication)
    EXPECT_LE(plan::predict_step(gpt2, g, step, faster_net).step_s, b.step_s * (1 + 1e-12)) << g.str();
    EXPECT_LE(plan::predict_step(gpt2, g, step, faster_gemm).step_s, b.step_s * (1 + 1e-12)) << g.str();
    EXPECT_GT(b.mfu, 0.0);
    EXPECT_LT(b.mfu, 1.0);
  }
}

// The search over micro-batch and recompute mode: every choice it returns divides the batch and
// splits over its grid, the ranking is by step time, block recomputation makes GPT-2 124M at
// T = 1024 fit where keeping every activation does not, and recomputation costs time.
TEST(CostModel, SearchesMicroBatchAndRecompute) {
  plan::Machine m = test_machine();
  m.memory_gib = 4.0;
  const plan::ModelDims gpt2;
  plan::StepDims step(64, 64, 1024, 8.0);
  plan::SearchSpace space;
  space.micro_batch_sizes = plan::micro_batch_divisors(64);
  EXPECT_EQ(space.micro_batch_sizes, (std::vector<int>{1, 2, 4, 8, 16, 32, 64}));
  space.recompute_modes = {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block};
  const auto ranked = plan::rank_plans(gpt2, 8, step, m, plan::Overlap::all(), space);
  std::set<Recompute> modes;
  double last = 0.0;
  for (const auto& c : ranked) {
    if (!c.feasible) continue;
    EXPECT_EQ(64 % c.step.micro_batch_size, 0);
    EXPECT_EQ(c.step.micro_batch_size % (c.grid.z * c.grid.data), 0);
    EXPECT_GE(c.step_s, last);
    last = c.step_s;
    modes.insert(c.step.memory.recompute);
  }
  EXPECT_EQ(modes.size(), 4u);
  // One grid, one micro-batch: with a GPU between the two footprints, keeping every activation
  // does not fit and block recomputation does; recomputation costs GEMM time and saves memory.
  const comm::GridShape g{1, 1, 1, 8};
  m.memory_gib = 400.0;
  const plan::StepDims keep(64, 64, 1024, 8.0, {Recompute::none, 0});
  const plan::StepDims recompute(64, 64, 1024, 8.0, {Recompute::block, 0});
  const plan::StepCost roomy_none = plan::predict_step(gpt2, g, keep, m);
  const plan::StepCost roomy_block = plan::predict_step(gpt2, g, recompute, m);
  EXPECT_GT(roomy_block.gemm_s, roomy_none.gemm_s);
  EXPECT_LT(roomy_block.memory.activations, roomy_none.memory.activations / 4);
  const double gib = 1024.0 * 1024.0 * 1024.0;
  m.memory_gib = (roomy_none.memory.total() + roomy_block.memory.total()) / 2 / plan::usable_memory_fraction / gib;
  EXPECT_FALSE(plan::predict_step(gpt2, g, keep, m).feasible);
  EXPECT_TRUE(plan::predict_step(gpt2, g, recompute, m).feasible);
}

// The forward overlap: row chunks hide all but each call's last chunk of the X and Y forward
// all-reduces (never slower, less exposed on X and Y); without fwd, tp_chunks is ignored; the
// search tries each count where a tensor-parallel group sums, and the table's row carries it.
TEST(CostModel, ForwardOverlapHidesAllButTheLastChunk) {
  const plan::ModelDims gpt2;
  // Without latency, chunks cost nothing but the wait for the last (with it, each chunk pays its
  // steps' latency: the search weighs that).
  plan::Machine m = test_machine();
  m.intra_node_latency_us = m.inter_node_latency_us = 0.0;
  plan::StepDims one{32, 16, 1024, 8.0};
  plan::StepDims eight = one;
  eight.tp_chunks = 8;
  int compared = 0;
  for (const auto& g : plan::factorizations(16)) {
    const auto flat = plan::predict_step(gpt2, g, one, m);
    const auto chunked = plan::predict_step(gpt2, g, eight, m);
    if (!flat.feasible || (g.x == 1 && g.y == 1)) continue;
    EXPECT_LE(chunked.exposed_s[0] + chunked.exposed_s[1], flat.exposed_s[0] + flat.exposed_s[1]) << g.str();
    EXPECT_LE(chunked.step_s, flat.step_s + 1e-12) << g.str();
    EXPECT_EQ(chunked.launches, flat.launches) << g.str() << ": 8 GEMM pieces per call in every mode (fp32: no wire)";
    plan::Overlap no_fwd = plan::Overlap::all();
    no_fwd.fwd = false;
    EXPECT_DOUBLE_EQ(plan::predict_step(gpt2, g, eight, m, no_fwd).step_s,
                     plan::predict_step(gpt2, g, one, m, no_fwd).step_s)
        << g.str();
    ++compared;
  }
  EXPECT_GT(compared, 3);
  plan::SearchSpace space;
  space.tp_chunks = {1, 2, 4, 8};
  std::set<int> seen;
  for (const auto& c : plan::rank_plans(gpt2, 16, one, test_machine(), plan::Overlap::all(), space)) {
    if (!c.feasible) continue;
    seen.insert(c.step.tp_chunks);
    if (c.grid.x == 1 && c.grid.y == 1) {
      EXPECT_EQ(c.step.tp_chunks, 1) << c.grid.str() << ": nothing to chunk";
    }
  }
  EXPECT_EQ(seen, (std::set<int>{1, 2, 4, 8}));
}

// Hierarchical collectives: which Z and data groups split by node (4 GPUs per node, ranks X
// fastest), their stage costs by hand, and the search trying both where a group splits.
TEST(CostModel, HierarchicalCollectivesSplitByNode) {
  const plan::Machine m = test_machine();
  const auto shape = [&](CommAxis axis, comm::GridShape g) {
    const plan::NodeSplitShape s = plan::node_split_shape(axis, g, m.gpus_per_node);
    return std::pair{s.local, s.nodes};
  };
  EXPECT_EQ(shape(CommAxis::z, {1, 2, 8, 1}), (std::pair{2, 4}));   // Z stride 2: 2 per node, 4 nodes
  EXPECT_EQ(shape(CommAxis::z, {1, 1, 16, 1}), (std::pair{4, 4}));
  EXPECT_EQ(shape(CommAxis::data, {1, 1, 2, 8}), (std::pair{2, 4}));
  EXPECT_EQ(shape(CommAxis::z, {4, 1, 4, 1}), (std::pair{0, 0}));   // one member per node
  EXPECT_EQ(shape(CommAxis::z, {1, 1, 4, 4}), (std::pair{0, 0}));   // inside one node
  EXPECT_EQ(shape(CommAxis::z, {1, 3, 4, 1}), (std::pair{0, 0}));   // stride 3 does not divide a node
  EXPECT_EQ(shape(CommAxis::x, {8, 1, 1, 1}), (std::pair{0, 0}));   // X and Y never split
  // 1 GB all-reduce on 2 x 4: node reduce-scatter (1/2 of it at 100 GB/s, 1 step of 5 us), across
  // nodes the half each keeps (2 * 3/4 of 0.5 GB at 20 GB/s, 6 steps of 20 us; a tree is slower),
  // node all-gather (as the reduce-scatter).
  const plan::NodeSplitShape two_by_four{2, 4};
  const double node_stage = 0.5e9 / 100e9 + 5e-6, across = 2 * 0.75 * 0.5e9 / 20e9 + 6 * 20e-6;
  EXPECT_NEAR(plan::hierarchical_seconds(CollectiveKind::all_reduce, 1e9, 1, two_by_four, m),
              2 * node_stage + across, 1e-12);
  // All-gather of 1 GB: the node part (1/4 of it, half received) inside, then 3/4 of 1 GB across.
  EXPECT_NEAR(plan::hierarchical_seconds(CollectiveKind::all_gather, 1e9, 1, two_by_four, m),
              0.5 * 0.25e9 / 100e9 + 5e-6 + 0.75 * 1e9 / 20e9 + 3 * 20e-6, 1e-12);
  // Many small all-reduces over 16 ranks on 4 nodes: latency-bound, fewer steps across nodes.
  EXPECT_LT(plan::hierarchical_seconds(CollectiveKind::all_reduce, 1e5, 1000, {4, 4}, m),
            plan::collective_seconds(CollectiveKind::all_reduce, 1e5, 1000, 16, false, m));
  // The search tries both only where a group splits.
  const plan::ModelDims gpt2;
  plan::SearchSpace space;
  space.hierarchical = {false, true};
  int split_rows = 0;
  for (const auto& c : plan::rank_plans(gpt2, 16, {32, 16, 1024, 8.0}, m, plan::Overlap::all(), space)) {
    const bool splits = plan::node_split_shape(CommAxis::z, c.grid, m.gpus_per_node).local > 0 ||
                        plan::node_split_shape(CommAxis::data, c.grid, m.gpus_per_node).local > 0;
    if (!splits) {
      EXPECT_FALSE(c.step.hierarchical) << c.grid.str();
    }
    split_rows += c.step.hierarchical;
  }
  EXPECT_GT(split_rows, 0);
}

TEST(CostModel, RejectsABadMachine) {
  plan::Machine m = test_machine();
  m.inter_node_gbps = 0.0;
  try {
    plan::validate(m);
    FAIL() << "accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("inter_node_gbps = 0 must be a positive number"), std::string::npos) << e.what();
  }
  m = test_machine();
  m.gpus_per_node = 0;
  EXPECT_THROW(plan::validate(m), UserError);
}

}  // namespace
}  // namespace fourfold
