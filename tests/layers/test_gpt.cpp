// The whole model, GPT-2 and Llama. On one rank it matches the serial double-precision
// reference of its family; on every grid of this world size (all factor orderings; chosen 8-rank
// grids) its loss and every gathered parameter gradient match the single-rank model; bad shapes
// are rejected by name.
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "gpt_test_support.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace fourfold {
namespace {

constexpr int global_batch = 4;
constexpr int seq_len = 8;
constexpr std::uint64_t seed = 1234;

struct RunResult {
  double loss = 0.0;
  std::map<std::string, std::vector<double>> params, grads;  // global shapes
};

RunResult run_step(const comm::Grid& grid, const GptConfig& config, const std::vector<int>& rows,
                   const MemoryOptions& memory = MemoryOptions()) {
  const int local = global_batch / (grid.shape().z * grid.shape().data);
  Gpt model(config, grid, local, seq_len, OverlapOptions::all(), default_bucket_mb, memory);
  model.init_parameters(seed);
  const auto [tokens, targets] = test::local_batch_of(model, rows);
  model.zero_gradients();
  RunResult r;
  r.loss = model.forward(tokens.data(), targets.data());
  model.backward(1.0 / model.global_tokens());
  model.sync_gradients();
  for (const ParamInfo& p : model.params()) {
    r.params[p.name] = test::gather_global(model, p, model.parameters());
    r.grads[p.name] = test::gather_global(model, p, model.gradients());
  }
  return r;
}

const std::vector<int>& batch_rows() {
  static const auto rows = test::global_token_rows(global_batch, seq_len, test::small_config().vocab_size, 7);
  return rows;
}

const RunResult& single_rank_result(ModelFamily family) {
  static const RunResult gpt2 = [] {
    const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
    return run_step(self, test::small_config(), batch_rows());
  }();
  static const RunResult llama = [] {
    const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
    return run_step(self, test::small_llama_config(), batch_rows());
  }();
  return family == ModelFamily::llama ? llama : gpt2;
}

void batch_of_reference(std::vector<int>& tokens, std::vector<int>& targets) {
  for (int b = 0; b < global_batch; ++b)
    for (int t = 0; t < seq_len; ++t) {
      tokens.push_back(batch_rows()[b * (seq_len + 1) + t]);
      targets.push_back(batch_rows()[b * (seq_len + 1) + t + 1]);
    }
}

TEST(Gpt, OneRankMatchesTheDoubleReference) {
  const GptConfig config = test::small_config();
  const RunResult& ours = single_rank_result(ModelFamily::gpt2);
  auto ref_params = reference::zero_params(test::to_reference(config));
  for (const auto& [name, values] : ours.params) {
    auto [tensor, offset] = test::reference_slot(config, ref_params, name);
    std::copy(values.begin(), values.end(), tensor->begin() + offset);
  }
  std::vector<int> tokens, targets;
  batch_of_reference(tokens, targets);
  reference::Params ref_grads;
  const double ref_loss = reference::forward_backward(test::to_reference(config), ref_params, tokens,
                                                      targets, global_batch, seq_len, ref_grads);
  EXPECT_NEAR(ours.loss, ref_loss, 1e-5 * ref_loss);
  EXPECT_NEAR(ref_loss, std::log(61.0), 0.2);  // small init: close to uniform
  for (const auto& [name, grad] : ours.grads) {
    auto [tensor, offset] = test::reference_slot(config, ref_grads, name);
    const std::vector<double> expected(tensor->begin() + offset, tensor->begin() + offset + grad.size());
    EXPECT_LT(test::relative_max_error(grad, expected), 1e-4) << name;
  }
}

// Llama: the model's own initial parameters, scaled up (0.02 leaves attention and SwiGLU close to
// linear; 0.3 makes every nonlinearity and the rotation count) and copied into the reference.
void expect_llama_matches_reference(const GptConfig& config) {
  SCOPED_TRACE(config.str());
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  Gpt model(config, self, global_batch, seq_len);
  model.init_parameters(seed);
  {
    auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), model.parameters());
    for (const ParamInfo& p : model.params())
      if (p.init == InitKind::normal)
        for (std::size_t i = 0; i < p.size; ++i) host(p.offset + i) *= 15.0f;
    Kokkos::deep_copy(model.parameters(), host);
  }
  const auto [tokens, targets] = test::local_batch_of(model, batch_rows());
  model.zero_gradients();
  const double loss = model.forward(tokens.data(), targets.data());
  model.backward(1.0 / model.global_tokens());
  model.sync_gradients();

  auto ref_params = reference::zero_llama_params(test::to_llama_reference(config));
  for (const ParamInfo& p : model.params()) {
    const std::vector<double> values = test::gather_global(model, p, model.parameters());
    auto [tensor, offset] = test::llama_reference_slot(config, ref_params, p.name);
    std::copy(values.begin(), values.end(), tensor->begin() + offset);
  }
  reference::LlamaParams ref_grads;
  const double ref_loss = reference::llama_forward_backward(test::to_llama_reference(config), ref_params, tokens,
                                                            targets, global_batch, seq_len, &ref_grads);
  EXPECT_NEAR(loss, ref_loss, 1e-5 * ref_loss);
  EXPECT_GT(std::abs(ref_loss - std::log(61.0)), 0.05);  // far enough from uniform to test something
  for (const ParamInfo& p : model.params()) {
    const std::vector<double> grad = test::gather_global(model, p, model.gradients());
    auto [tensor, offset] = test::llama_reference_slot(config, ref_grads, p.name);
    const std::vector<double> expected(tensor->begin() + offset, tensor->begin() + offset + grad.size());
    EXPECT_LT(test::relative_max_error(grad, expected), 1e-4) << p.name;
  }
}

TEST(Gpt, LlamaOneRankMatchesTheDoubleReference) {
  expect_llama_matches_reference(test::small_llama_config(false));
  expect_llama_matches_reference(test::small_llama_config(true));
  GptConfig scaled = test::small_llama_config(false);  // Llama 3's theta
  scaled.rope_theta = 500000.0;
  expect_llama_matches_reference(scaled);
}

void expect_matches_single_rank(const comm::GridShape& shape, ModelFamily family,
                                int hierarchical_ranks_per_node = 0, const MemoryOptions& memory = MemoryOptions()) {
  SCOPED_TRACE(std::string("grid ") + shape.str() + ", " + family_name(family) +
               (hierarchical_ranks_per_node > 0
                    ? ", hierarchical on nodes of " + std::to_string(hierarchical_ranks_per_node) + " ranks"
                    : std::string()) +
               (memory.sequence_shard ? ", sequence-sharded" : ""));
  const comm::Grid grid(shape, test::world(), comm::Backend::automatic, comm::ProgressMode::automatic,
                        hierarchical_ranks_per_node > 0 ? comm::Hierarchical::on : comm::Hierarchical::off,
                        hierarchical_ranks_per_node);
  if (hierarchical_ranks_per_node > 0) {
    ASSERT_TRUE(grid.hierarchical(comm::GroupKind::z) || grid.hierarchical(comm::GroupKind::data)) << "nothing split";
  }
  const RunResult got = run_step(grid, test::small_config_of(family), batch_rows(), memory);
  const RunResult& want = single_rank_result(family);
  EXPECT_NEAR(got.loss, want.loss, 1e-5 * std::abs(want.loss));
  for (const auto& [name, values] : want.params)
    EXPECT_EQ(got.params.at(name), values) << "initial " << name << " differs from one rank";
  for (const auto& [name, grad] : want.grads)
    EXPECT_LT(test::relative_max_error(got.grads.at(name), grad), 1e-4) << name;
}


// Every grid of this world size up to 4 ranks, else `eight` (8 ranks on a 2-core machine).
std::vector<comm::GridShape> grids_of_this_world(const std::vector<comm::GridShape>& eight) {
  const int world = test::runtime().world_size();
  return world <= 4 ? comm::all_grid_shapes(world) : eight;
}

// Both families on each of `shapes` that has this world's size, fits the small run and, with
// sequence sharding, splits Y: expect_matches_single_rank with `memory`. Returns the runs checked.
int expect_grids_match_single_rank(const std::vector<comm::GridShape>& shapes, const MemoryOptions& memory) {
  const int world = test::runtime().world_size();
  int checked = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
    for (const auto& shape : shapes) {
      if (world != shape.size() || (memory.sequence_shard && shape.y == 1) ||
          !test::fits_small_run(shape, test::small_config_of(family)))
        continue;
      expect_matches_single_rank(shape, family, 0, memory);
      ++checked;
    }
  return checked;
}

TEST(Gpt, EveryGridMatchesOneRank) {
  // At 8 ranks, the grids that put every axis > 1 somewhere.
  EXPECT_GT(expect_grids_match_single_rank(
                grids_of_this_world({{2, 2, 2, 1}, {2, 1, 2, 2}, {1, 2, 2, 2}, {2, 2, 1, 2}}), MemoryOptions()),
            1);
}

// Z and data groups split by node (comm/node_split.hpp; nodes of 2 ranks on 4, of 4 on 8): the
// same losses and gradients as one rank, for GPT-2 and Llama.
TEST(Gpt, HierarchicalGroupsMatchOneRank) {
  const int world = test::runtime().world_size();
  std::vector<comm::GridShape> shapes;
  int ranks_per_node = 2;
  if (world == 4) shapes = {{1, 1, 4, 1}, {1, 1, 1, 4}};
  if (world == 8) {
    shapes = {{1, 2, 4, 1}, {2, 1, 1, 4}};
    ranks_per_node = 4;
  }
  if (shapes.empty()) GTEST_SKIP() << "grids of 4 and 8 ranks";
  int checked = 0;
  for (const ModelFamily family : {ModelFamily::gpt2, ModelFamily::llama})
    for (const auto& shape : shapes) {
      if (!test::fits_small_run(shape, test::small_config_of(family))) continue;
      expect_matches_single_rank(shape, family, ranks_per_node);
      ++checked;
    }
  EXPECT_EQ(checked, 4);
}

// Sequence sharding (layers/sequence_shard.hpp) on every grid of this world size where Y splits
// the rows (chosen 8-rank grids): GPT-2 and Llama match one rank, so the double-precision
// references too (OneRankMatchesTheDoubleReference).
TEST(Gpt, SequenceShardedGridsMatchOneRank) {
  if (test::runtime().world_size() == 1) GTEST_SKIP() << "no grid of one rank splits Y";
  MemoryOptions sharded;
  sharded.sequence_shard = true;
  EXPECT_GT(expect_grids_match_single_rank(grids_of_this_world({{2, 2, 2, 1}, {1, 2, 2, 2}, {1, 4, 2, 1}}), sharded),
            1);
}

TEST(Gpt, RejectsShapesThatDoNotDivideNamingThem) {
  const comm::Grid self({1, 1, 1, 1}, MPI_COMM_SELF);
  GptConfig bad = test::small_config();
  bad.num_heads = 5;  // 32 channels are not a multiple of 5 heads
  try {
    Gpt model(bad, self, 1, seq_len);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("num_heads = 5"), std::string::npos) << e.what();
  }
  try {
    Gpt model(test::small_config(), self, 1, 17);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("max_seq_len 16"), std::string::npos) << e.what();
  }
  if (test::runtime().world_size() == 4) {
    GptConfig three_heads = test::small_config();
    three_heads.num_heads = 2;
    const comm::Grid grid({1, 4, 1, 1}, test::world());
    try {
      Gpt model(three_heads, grid, 4, seq_len);
      FAIL();
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("num_heads = 2 is not divisible by G_y = 4"), std::string::npos)
          << e.what();
    }
    GptConfig two_kv_heads = test::small_llama_config();
    two_kv_heads.num_kv_heads = 2;
    try {
      Gpt model(two_kv_heads, grid, 4, seq_len);
      FAIL();
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("num_kv_heads = 2 is not divisible by G_y = 4"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace fourfold

namespace fourfold {
namespace {

// Nothing of size T x T or B T x V lives between forward and backward: in every recompute mode
// the activations are exactly linear in T (twice the tokens, twice the bytes), attention's
// scratch is one block of queries against the keys, and the LM head holds one chunk of logits.
// Checked from the sizes of the allocations, on every grid of this world size.
TEST(Gpt, ActivationsGrowLinearlyWithTheSequence) {
  const int world = test::runtime().world_size();
  GptConfig config = test::small_config();
  config.max_seq_len = 26;
  const int global_batch = 4;
  for (const Recompute recompute : {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block}) {
    for (const auto& shape : comm::all_grid_shapes(world)) {
      if (global_batch % (shape.z * shape.data) != 0 || config.num_heads % shape.y != 0 ||
          config.channels % shape.x != 0 || world > 4)
        continue;
      SCOPED_TRACE("grid " + shape.str() + ", recompute " + recompute_name(recompute));
      const comm::Grid grid(shape, test::world());
      const int local_batch = global_batch / (shape.z * shape.data);
      const MemoryOptions memory{recompute, 7};
      const Gpt short_model(config, grid, local_batch, 13, OverlapOptions::all(), default_bucket_mb, memory);
      const Gpt long_model(config, grid, local_batch, 26, OverlapOptions::all(), default_bucket_mb, memory);
      const MemoryPlan a = short_model.memory(), b = long_model.memory();
      EXPECT_EQ(b.activations, 2 * a.activations);
      EXPECT_EQ(b.recompute_buffers, 2 * a.recompute_buffers);
      // 7 rows of V_loc logits, whatever T.
      const std::size_t v_loc = (config.padded_vocab_size + shape.x * shape.y - 1) / (shape.x * shape.y);
      EXPECT_EQ(a.loss_chunk, sizeof(float) * 7 * v_loc);
      EXPECT_EQ(b.loss_chunk, a.loss_chunk);
      EXPECT_EQ(long_model.loss_chunks(), static_cast<std::size_t>((local_batch * 26 + 6) / 7));
      // Attention: 7 head-major (m, C_y) operands, a statistic per query, two (B NH_y, T, T)
      // score blocks while T is below the causal block of 128.
      const std::size_t rows = static_cast<std::size_t>(local_batch) * 26, c_y = config.channels / shape.y,
                        heads = config.num_heads / shape.y;
      EXPECT_EQ(b.attention_scratch, sizeof(float) * (7 * rows * c_y + local_batch * heads * 26 * (1 + 2 * 26)));
      EXPECT_EQ(b.total(), b.parameters + b.gradients + b.activations + b.workspaces);
      EXPECT_EQ(b.parameters, sizeof(float) * long_model.parameters().extent(0));
    }
  }
}

}  // namespace
}  // namespace fourfold
