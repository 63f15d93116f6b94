// HDF5 checkpoints through the trainer: 10 steps uninterrupted equal 5 + resume + 5 bit for
// bit on several grids (losses, parameters and moments), a resharding matrix of save grid ->
// resume grid pairs (world sizes 1, 2 and 4) continues within float rounding, and damaged or
// mismatched checkpoints are rejected with clear errors on every rank.
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/h5_check.hpp"
#include "checkpoint/h5_handle.hpp"
#include "checkpoint/tensor_io.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/train/trainer.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <filesystem>
#include <fstream>

namespace fourfold {
namespace {

std::string fresh_dir(const std::string& name) {
  static int counter = 0;
  return test::scratch_dir() + "/" + name + "_" + std::to_string(counter++);
}

TrainConfig run_config(const comm::GridShape& grid, long steps, const std::string& out, bool shard = false) {
  TrainConfig c = test::tiny_train_config(grid, steps, out);
  c.order = DataOrder::shuffled;
  c.seed = 21;
  c.memory.shard_optimizer = shard;
  return c;
}

// Runs `body(grid)` on the first `ranks` ranks of the world (a sub-communicator); the others
// wait. Returns the losses the body produced (on the participating ranks; broadcast to all).
std::vector<double> on_ranks(int ranks, const comm::GridShape& shape,
                             const std::function<TrainResult(const comm::Grid&)>& body) {
  const int me = test::runtime().world_rank();
  MPI_Comm sub = MPI_COMM_NULL;
  MPI_Comm_split(test::world(), me < ranks ? 0 : MPI_UNDEFINED, me, &sub);
  std::vector<double> losses(64, 0.0);
  int count = 0;
  if (sub != MPI_COMM_NULL) {
    {
      const comm::Grid grid(shape, sub);
      const TrainResult r = body(grid);
      count = static_cast<int>(r.steps.size());
      for (int i = 0; i < count; ++i) losses[i] = r.steps[i].loss;
    }
    MPI_Comm_free(&sub);
  }
  MPI_Bcast(&count, 1, MPI_INT, 0, test::world());
  MPI_Bcast(losses.data(), count, MPI_DOUBLE, 0, test::world());
  losses.resize(count);
  return losses;
}

std::map<std::string, std::vector<float>> all_datasets(const std::string& path) {
  std::map<std::string, std::vector<float>> out;
  const checkpoint::CheckpointMeta meta = checkpoint::read_checkpoint_meta(path);
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  checkpoint::H5Handle handle(file, H5Fclose);
  for (const auto& t : meta.tensors) {
    std::vector<std::size_t> shape;
    for (const std::string& ds : {checkpoint::model_dataset(t.name), checkpoint::moment_dataset("m", t.name),
                                 checkpoint::moment_dataset("v", t.name)})
      out[ds] = checkpoint::read_whole(handle, ds, shape);
  }
  return out;
}

std::vector<double> losses_of(const TrainResult& r) {
  std::vector<double> out;
  for (const auto& s : r.steps) out.push_back(s.loss);
  return out;
}

TEST(Checkpoint, ResumeOnTheSameGridIsBitIdentical) {
  const int world = test::runtime().world_size();
  // (grid, optimizer sharded over data)
  std::vector<std::pair<comm::GridShape, bool>> grids;
  if (world == 1) grids = {{{1, 1, 1, 1}, false}};
  if (world == 2) grids = {{{1, 2, 1, 1}, false}, {{2, 1, 1, 1}, false}, {{1, 1, 2, 1}, false}, {{1, 1, 1, 2}, true}};
  if (world == 4) grids = {{{2, 1, 2, 1}, false}, {{1, 2, 1, 2}, false}, {{1, 1, 1, 4}, false}, {{1, 1, 1, 4}, true}};
  for (const auto& [shape, shard] : grids) {
    SCOPED_TRACE("grid " + shape.str() + (shard ? ", optimizer sharded" : ""));
    const comm::Grid grid(shape, test::world());
    const std::string whole = fresh_dir("whole"), split = fresh_dir("split");
    const auto uninterrupted = losses_of(train(run_config(shape, 10, whole, shard), grid));
    TrainConfig first = run_config(shape, 10, split, shard);
    first.steps_this_run = 5;  // the job ends after 5 steps, with a checkpoint
    const auto part1 = losses_of(train(first, grid));
    TrainConfig second = run_config(shape, 10, split, shard);
    second.resume = "latest";
    const auto part2 = losses_of(train(second, grid));
    ASSERT_EQ(part1.size(), 5u);
    ASSERT_EQ(part2.size(), 5u);
    for (int i = 0; i < 5; ++i) {
      EXPECT_EQ(part1[i], uninterrupted[i]) << "step " << i + 1;
      EXPECT_EQ(part2[i], uninterrupted[i + 5]) << "step " << i + 6;
    }
    if (grid.world_rank() == 0) {
      const auto a = all_datasets(whole + "/checkpoints/step_00000010.h5");
      const auto b = all_datasets(split + "/checkpoints/step_00000010.h5");
      ASSERT_EQ(a.size(), b.size());
      for (const auto& [name, values] : a) EXPECT_TRUE(values == b.at(name)) << name << " differs after resume";
    }
  }
}

struct ReshardCase {
  comm::GridShape save;
  comm::GridShape resume;
  bool shard_save = false, shard_resume = false;  // the optimizer sharded over data
};

TEST(Checkpoint, ResumeOnAnotherGridAndWorldSize) {
  if (test::runtime().world_size() != 4) GTEST_SKIP() << "the resharding matrix runs at 4 ranks";
  const std::vector<ReshardCase> cases = {
      {{2, 1, 2, 1}, {1, 2, 1, 1}},  // 4 -> 2
      {{1, 1, 1, 2}, {2, 1, 2, 1}},  // 2 -> 4
      {{1, 1, 1, 1}, {1, 2, 2, 1}},  // 1 -> 4
      {{1, 2, 1, 2}, {1, 1, 1, 1}},  // 4 -> 1
      {{1, 1, 4, 1}, {4, 1, 1, 1}},  // 4 -> 4, Z-sharded weights -> X-split
      {{2, 1, 1, 1}, {1, 1, 2, 1}},  // 2 -> 2
      {{2, 1, 2, 1}, {1, 2, 1, 2}},  // 4 -> 4
      {{1, 1, 1, 4}, {1, 1, 1, 2}, true, false},  // sharded -> unsharded
      {{1, 1, 1, 2}, {2, 1, 1, 2}, false, true},  // unsharded -> sharded
      {{1, 1, 2, 2}, {1, 1, 1, 4}, true, true},   // sharded two ways -> four ways
  };
  const std::string reference_dir = fresh_dir("reference");  // the same name on every rank
  const auto reference = on_ranks(1, {1, 1, 1, 1}, [&](const comm::Grid& g) {
    return train(run_config(g.shape(), 10, reference_dir), g);
  });
  ASSERT_EQ(reference.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.save.str() + (c.shard_save ? " sharded" : "") + " -> " + c.resume.str() +
                 (c.shard_resume ? " sharded" : ""));
    std::string dir = fresh_dir("reshard");
    on_ranks(static_cast<int>(c.save.size()), c.save, [&](const comm::Grid& g) {
      TrainConfig first = run_config(g.shape(), 10, dir, c.shard_save);
      first.steps_this_run = 5;
      return train(first, g);
    });
    const auto resumed = on_ranks(static_cast<int>(c.resume.size()), c.resume, [&](const comm::Grid& g) {
      TrainConfig second = run_config(g.shape(), 10, dir, c.shard_resume);
      second.resume = "latest";
      return train(second, g);
    });
    ASSERT_EQ(resumed.size(), 5u);
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(resumed[i], reference[i + 5], 1e-4 * reference[i + 5]) << "step " << i + 6;
  }
}

// Checkpoints hold fp32 masters whatever the GEMM precision: a run saved in one precision
// resumes in the other and continues the loss curve (within the bf16 tolerance the training
// tests measure), and a bf16 run's checkpoint holds weights that are not bf16-rounded.
TEST(Checkpoint, ResumeSwitchesPrecisionBothWays) {
  const int world = test::runtime().world_size();
  // Data, and Z, where bf16 gathers weights from a bf16 copy that a resumed run must remake.
  for (const comm::GridShape& shape : {comm::GridShape{1, 1, 1, world}, comm::GridShape{1, 1, world, 1}}) {
    const comm::Grid grid(shape, test::world());
    for (const GemmPrecision saved : {GemmPrecision::fp32, GemmPrecision::bf16}) {
      const GemmPrecision resumed_in = saved == GemmPrecision::fp32 ? GemmPrecision::bf16 : GemmPrecision::fp32;
      SCOPED_TRACE("grid " + shape.str() + ", saved in " + std::string(precision_name(saved)) + ", resumed in " +
                   precision_name(resumed_in));
      TrainConfig whole = run_config(shape, 10, fresh_dir("precision_whole"));
      whole.precision = saved;
      const auto uninterrupted = losses_of(train(whole, grid));
      const std::string dir = fresh_dir("precision_split");
      TrainConfig first = run_config(shape, 10, dir);
      first.precision = saved;
      first.steps_this_run = 5;
      train(first, grid);
      TrainConfig second = run_config(shape, 10, dir);
      second.precision = resumed_in;
      second.resume = "latest";
      const auto resumed = losses_of(train(second, grid));
      ASSERT_EQ(resumed.size(), 5u);
      for (int i = 0; i < 5; ++i)
        EXPECT_NEAR(resumed[i], uninterrupted[i + 5], 1e-2 * uninterrupted[i + 5]) << "step " << i + 6;
      if (grid.world_rank() == 0) {
        std::size_t unrounded = 0, total = 0;
        for (const auto& [name, values] : all_datasets(dir + "/checkpoints/step_00000005.h5")) {
          if (name.rfind("/model/", 0) != 0) continue;
          for (const float v : values) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            unrounded += (bits & 0xffffu) != 0;
            ++total;
          }
        }
        EXPECT_GT(unrounded, total / 2) << "the checkpoint's weights look bf16-rounded: masters must stay fp32";
      }
    }
    if (world == 1) break;  // one rank: both shapes are 1x1x1x1
  }
}

// One small valid checkpoint (weights and moments) of the run config, saved on this world.
std::string saved_checkpoint() {
  static const std::string path = [] {
    const std::string dir = fresh_dir("damage");
    const comm::GridShape shape{1, 1, 1, test::runtime().world_size()};
    const comm::Grid grid(shape, test::world());
    TrainConfig c = run_config(shape, 2, dir);
    train(c, grid);
    return dir + "/checkpoints/step_00000002.h5";
  }();
  return path;
}

void expect_resume_rejected(const std::string& path, const std::string& fragment,
                            const std::function<void(TrainConfig&)>& adjust = {}) {
  const comm::GridShape shape{1, 1, 1, test::runtime().world_size()};
  const comm::Grid grid(shape, test::world());
  TrainConfig c = run_config(shape, 4, fresh_dir("rejected"));
  c.resume = path;
  if (adjust) adjust(c);
  try {
    train(c, grid);
    ADD_FAILURE() << "resumed from " << path;
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

std::string damaged_copy(const std::string& name, const std::function<void(const std::string&)>& damage) {
  const std::string copy = test::scratch_dir() + "/" + name;
  if (test::runtime().world_rank() == 0) {
    std::filesystem::copy_file(saved_checkpoint(), copy, std::filesystem::copy_options::overwrite_existing);
    damage(copy);
  }
  MPI_Barrier(test::world());
  return copy;
}

TEST(Checkpoint, DamagedOrMismatchedCheckpointsAreRejected) {
  const std::string good = saved_checkpoint();
  // Flipped bytes inside the data of one tensor: found by its checksum.
  const std::string flipped = damaged_copy("flipped.h5", [](const std::string& p) {
    haddr_t offset = 0;
    {
      checkpoint::H5Handle file(H5Fopen(p.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
      checkpoint::H5Handle data(H5Dopen2(file, "/model/h.1.mlp.c_fc.weight", H5P_DEFAULT), H5Dclose);
      offset = H5Dget_offset(data);
    }
    std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(offset) + 100);
    f.write("\x5a\xa5", 2);
  });
  expect_resume_rejected(flipped, "checksum mismatch in 1 tensor(s): h.1.mlp.c_fc.weight");
  const std::string truncated = damaged_copy("truncated.h5", [](const std::string& p) {
    std::filesystem::resize_file(p, std::filesystem::file_size(p) / 2);
  });
  expect_resume_rejected(truncated, "truncated.h5");
  expect_resume_rejected(test::scratch_dir() + "/nowhere.h5", "cannot open checkpoint");
  expect_resume_rejected(good, "but the run's model is", [](TrainConfig& c) { c.model.num_layers = 3; });
  // The intact file still resumes.
  const comm::GridShape shape{1, 1, 1, test::runtime().world_size()};
  const comm::Grid grid(shape, test::world());
  TrainConfig c = run_config(shape, 4, fresh_dir("intact"));
  c.resume = good;
  EXPECT_EQ(train(c, grid).steps.size(), 2u);
}

}  // namespace
}  // namespace fourfold
