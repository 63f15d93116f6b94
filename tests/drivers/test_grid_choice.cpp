// --grid auto and --dry-run applied to a job (drivers/train/grid_choice.hpp): the calibration
// every rank measures is the same on every rank and makes a valid local machine; it is written
// once beside the run and read back afterwards (never overwritten); the grid chosen is the
// planner's best and meets the trainer's rules; nothing fitting is an error naming the reasons.
#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "core/error.hpp"
#include "drivers/common/calibrate.hpp"
#include "drivers/plan/calibration.hpp"
#include "drivers/train/grid_choice.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <set>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

namespace fourfold {
namespace {

comm::Communicator world_comm() { return comm::Communicator::duplicate(test::world(), "world", std::make_shared<Counters>()); }

// The same text on every rank of `world`.
bool same_everywhere(const comm::Communicator& world, const std::string& text) {
  const double h = static_cast<double>(std::hash<std::string>{}(text) % 1000000007ULL);
  return comm::all_reduce_value(world, h, comm::ReduceOp::max) == comm::all_reduce_value(world, h, comm::ReduceOp::min);
}

TEST(GridChoice, CalibrationIsTheSameOnEveryRankAndMakesAMachine) {
  const auto world = world_comm();
  if (world.size() < 2) GTEST_SKIP() << "a one-rank job has no collectives to calibrate";
  ExecutionContext context;
  const std::vector<std::string> lines = calibrate(context, world, comm::Backend::automatic, comm::ProgressMode::automatic,
                                                   test::runtime().local_size(),
                                                   test::runtime().memory_bytes_per_rank(), GemmPrecision::bf16);
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  EXPECT_TRUE(same_everywhere(world, text));
  std::istringstream in(text);
  const plan::Calibration c = plan::parse_calibration(in, "measured");
  EXPECT_EQ(c.ranks, world.size());
  EXPECT_EQ(c.ranks_per_node, world.size());  // the tests run on one node
  EXPECT_GE(c.collectives.size(), 12u);       // three collectives x four sizes on at least one group
  EXPECT_EQ(c.gemm_bf16_gflops_per_rank.size(), 3u);  // measured at the precision asked for
  EXPECT_TRUE(c.gemm_fp32_gflops_per_rank.empty());
  const plan::Machine m = plan::machine_from_calibration(c);
  EXPECT_GT(m.intra_node_gbps, 0.0);
  EXPECT_GT(m.gemm_tflops.bf16, 0.0);
  EXPECT_EQ(m.gemm_tflops.fp32, 0.0);
  EXPECT_GT(m.memory_gib, 0.0);
}

TEST(GridChoice, LocalCalibrationIsWrittenOnceThenReadBack) {
  const auto world = world_comm();
  if (world.size() < 2) GTEST_SKIP() << "a one-rank job has no collectives to calibrate";
  const std::string out = testing::TempDir() + "/grid_choice_" + std::to_string(world.size());
  if (world.rank() == 0) std::filesystem::remove_all(out);
  world.barrier();
  TrainConfig config = test::tiny_train_config({1, 1, 1, world.size()}, 1, out);
  config.machine = "local";
  const std::string path = calibration_path(config, world.size());
  EXPECT_EQ(path, out + "/calibration-" + std::to_string(world.size()) + "ranks-fp32.jsonl");

  const PlannedMachine first = resolve_machine(config, world, test::runtime().local_size(),
                                               test::runtime().memory_bytes_per_rank());
  EXPECT_NE(first.origin.find("measured now"), std::string::npos) << first.origin;
  ASSERT_TRUE(std::filesystem::is_regular_file(path));
  std::ifstream in(path);
  std::stringstream written;
  written << in.rdbuf();
  world.barrier();

  const PlannedMachine second = resolve_machine(config, world, test::runtime().local_size(),
                                                test::runtime().memory_bytes_per_rank());
  EXPECT_NE(second.origin.find("cached"), std::string::npos) << second.origin;
  EXPECT_EQ(second.machine.intra_node_gbps, first.machine.intra_node_gbps);
  EXPECT_EQ(second.machine.gemm_tflops.fp32, first.machine.gemm_tflops.fp32);
  EXPECT_GT(first.machine.gemm_tflops.fp32, 0.0);
  std::ifstream again(path);
  std::stringstream reread;
  reread << again.rdbuf();
  EXPECT_EQ(reread.str(), written.str());  // not overwritten
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));

  // A bf16 job keeps its own file (its GEMM lines are measured in bf16); pointed at the fp32 one,
  // it is told which precision the file lacks, on every rank.
  TrainConfig bf16_config = config;
  bf16_config.precision = GemmPrecision::bf16;
  EXPECT_EQ(calibration_path(bf16_config, world.size()),
            out + "/calibration-" + std::to_string(world.size()) + "ranks-bf16.jsonl");
  bf16_config.calibration = path;
  try {
    resolve_machine(bf16_config, world, test::runtime().local_size(), test::runtime().memory_bytes_per_rank());
    ADD_FAILURE() << "an fp32 calibration was taken for a bf16 job";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no GEMM lines at train.precision \"bf16\""), std::string::npos)
        << e.what();
  }

  // A broken cached calibration is an error on every rank, naming the file; it stays as it is.
  world.barrier();
  if (world.rank() == 0) std::ofstream(path, std::ios::app) << "{broken\n";
  world.barrier();
  try {
    resolve_machine(config, world, test::runtime().local_size(), test::runtime().memory_bytes_per_rank());
    ADD_FAILURE() << "a broken calibration was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("not JSON"), std::string::npos) << e.what();
  }
}

TEST(GridChoice, TheChosenGridIsThePlannersBestAndMeetsTheTrainersRules) {
  const auto world = world_comm();
  TrainConfig config = test::tiny_train_config({1, 1, 1, world.size()}, 1, "");
  config.machine = "perlmutter";
  const PlannedMachine machine = resolve_machine(config, world, 1, 1.0);
  EXPECT_EQ(machine.machine.name, "perlmutter");
  const auto ranked = rank_job_grids(config, machine.machine, world.size());
  EXPECT_EQ(ranked.size(), comm::all_grid_shapes(world.size()).size());
  const plan::StepCost& best = best_grid(ranked, config, machine.machine);
  for (const auto& c : ranked)
    if (c.feasible) {
      EXPECT_LE(best.step_s, c.step_s);
    }
  config.grid = best.grid;
  EXPECT_NO_THROW(check_grid(config, world.size()));
  EXPECT_NE(describe(best).find(best.grid.str() + " predicted"), std::string::npos);
}

// With the options left to it, --grid auto takes the planner's best configuration: its grid,
// micro-batch, recompute mode, sharding and sequence sharding, which the trainer accepts.
TEST(GridChoice, TheSearchChoosesMicroBatchRecomputeAndSharding) {
  const auto world = world_comm();
  TrainConfig config = test::tiny_train_config({1, 1, 1, world.size()}, 1, "");
  config.machine = "perlmutter";
  config.batch_size = 8;
  config.micro_batch_size = 8;
  config.search_micro_batch = config.search_recompute = config.search_shard_optimizer = true;
  config.search_sequence_shard = true;
  const PlannedMachine machine = resolve_machine(config, world, 1, 1.0);
  const auto ranked = rank_job_grids(config, machine.machine, world.size());
  std::set<int> micro_batches;
  std::set<Recompute> modes;
  for (const auto& c : ranked) {
    micro_batches.insert(c.step.micro_batch_size);
    modes.insert(c.step.memory.recompute);
    EXPECT_EQ(config.batch_size % c.step.micro_batch_size, 0);
    if (c.step.memory.shard_optimizer) {
      EXPECT_GT(c.grid.data, 1);
    }
    if (c.step.memory.sequence_shard) {
      EXPECT_GT(c.grid.y, 1);
    }
  }
  EXPECT_GT(micro_batches.size(), 1u);
  EXPECT_EQ(modes.size(), 4u);
  const plan::StepCost& best = best_grid(ranked, config, machine.machine);
  for (const auto& c : ranked)
    if (c.feasible) {
      EXPECT_LE(best.step_s, c.step_s);
    }
  apply_plan(config, best);
  EXPECT_EQ(config.grid, best.grid);
  EXPECT_EQ(config.micro_batch_size, best.step.micro_batch_size);
  EXPECT_EQ(config.memory.recompute, best.step.memory.recompute);
  EXPECT_EQ(config.memory.shard_optimizer, best.step.memory.shard_optimizer);
  EXPECT_EQ(config.memory.sequence_shard, best.step.memory.sequence_shard);
  EXPECT_NO_THROW(check_grid(config, world.size()));
  EXPECT_NE(describe(best).find("micro-batch " + std::to_string(best.step.micro_batch_size)), std::string::npos)
      << describe(best);
}

TEST(GridChoice, NothingFittingIsAnErrorWithTheReasons) {
  const auto world = world_comm();
  TrainConfig config = test::tiny_train_config({1, 1, 1, world.size()}, 1, "");
  plan::Machine tiny;
  tiny.name = "tiny";
  tiny.gpus_per_node = 1;
  tiny.intra_node_gbps = tiny.inter_node_gbps = 1.0;
  tiny.gemm_tflops.fp32 = tiny.peak_tflops.fp32 = tiny.memory_gbps = 1.0;
  tiny.memory_gib = 1e-6;
  const auto ranked = rank_job_grids(config, tiny, world.size());
  try {
    best_grid(ranked, config, tiny);
    ADD_FAILURE() << "a machine without memory fitted a grid";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("none of the"), std::string::npos) << what;
    EXPECT_NE(what.find("GiB per GPU"), std::string::npos) << what;
  }
  config.machine = "no-such-machine";
  EXPECT_THROW(resolve_machine(config, world, 1, 1.0), UserError);
}

}  // namespace
}  // namespace fourfold
