// fourfold-train's configuration: defaults, TOML files, flag and --set overrides, and the
// rejection of unknown keys, wrong types and impossible combinations with the key, the value
// and the rule in the message.
#include "core/error.hpp"
#include "drivers/train/train_config.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fourfold {
namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = test::scratch_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

ConfigValues with_data() {
  ConfigValues v;
  v.set("data.train", "x.bin", "test");
  return v;
}

void expect_error(const std::function<void()>& f, const std::vector<std::string>& fragments) {
  try {
    f();
    ADD_FAILURE() << "accepted";
  } catch (const UserError& e) {
    for (const auto& fragment : fragments)
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(TrainConfig, DefaultsAreGpt2SmallDataParallel) {
  const TrainConfig c = make_train_config(with_data(), 4, nullptr);
  EXPECT_EQ(c.model.num_layers, 12);
  EXPECT_EQ(c.model.padded_vocab_size, 50304);  // 50257 rounded up to 128
  EXPECT_EQ(c.grid, (comm::GridShape{1, 1, 1, 4}));
  EXPECT_EQ(c.micro_batch_size, c.batch_size);
  EXPECT_EQ(c.schedule, Schedule::cosine);
  EXPECT_EQ(c.order, DataOrder::sequential);
  EXPECT_EQ(c.memory.grad_reduce, GemmPrecision::fp32);  // gradient collectives in fp32 unless asked
}

TEST(TrainConfig, FileThenOverrides) {
  ConfigValues v;
  v.merge_file(write_file("run.toml", R"(
[model]
num_layers = 2
channels = 64
num_heads = 4
vocab_size = 256
[parallel]
grid = "2x1x1x2"
[train]
batch_size = 8
micro_batch_size = 4
lr = 1
schedule = "linear"
[data]
train = "a.bin"
order = "shuffled"
)"));
  v.set("train.lr", "0.003", "--lr");
  v.set("train.seed=7", "--set");
  const TrainConfig c = make_train_config(v, 4, nullptr);
  EXPECT_EQ(c.model.num_layers, 2);
  EXPECT_EQ(c.model.padded_vocab_size, 256);
  EXPECT_EQ(c.grid, (comm::GridShape{2, 1, 1, 2}));
  EXPECT_EQ(c.micro_steps(), 2);
  EXPECT_EQ(c.local_micro_batch(), 2);
  EXPECT_DOUBLE_EQ(c.lr, 0.003);  // integer 1 in the file was accepted as a number, then overridden
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.schedule, Schedule::linear);
  EXPECT_EQ(c.order, DataOrder::shuffled);
  EXPECT_TRUE(v.given("train.lr"));
  EXPECT_FALSE(v.given("train.beta1"));
}

TEST(TrainConfig, UnknownKeysAndWrongTypesNameTheKey) {
  ConfigValues v;
  expect_error([&] { v.merge_file(write_file("typo.toml", "[train]\nstpes = 3\n")); },
               {"unknown key 'train.stpes'", "steps"});
  expect_error([&] { v.merge_file(write_file("section.toml", "[optim]\nlr = 3\n")); },
               {"unknown key 'optim.lr'", "sections are"});
  expect_error([&] { v.merge_file(write_file("type.toml", "[train]\nsteps = \"ten\"\n")); },
               {"train.steps", "'ten'", "an integer"});
  expect_error([&] { v.merge_file(write_file("syntax.toml", "[train\nsteps = 3\n")); }, {"line 1"});
  expect_error([&] { v.set("train.steps", "12x", "--steps"); }, {"--steps", "12x", "integer"});
  expect_error([&] { v.set("no_equals_sign", "--set"); }, {"section.key=value"});
  expect_error([&] { v.merge_file(test::scratch_dir() + "/missing.toml"); }, {"missing.toml"});
}

TEST(TrainConfig, ImpossibleCombinationsAreRejectedBeforeWork) {
  auto make = [](std::initializer_list<std::pair<const char*, const char*>> sets, int world) {
    ConfigValues v = with_data();
    for (const auto& [k, val] : sets) v.set(k, val, "test");
    return make_train_config(v, world, nullptr);
  };
  expect_error([&] { make({{"train.batch_size", "6"}, {"parallel.grid", "1x1x2x2"}}, 4); },
               {"micro_batch_size = 6", "G_data * G_z = 2 * 2 = 4"});
  expect_error([&] { make({{"train.batch_size", "8"}, {"train.micro_batch_size", "3"}}, 1); },
               {"batch_size = 8", "micro_batch_size = 3"});
  expect_error([&] { make({{"parallel.grid", "1x5x1x1"}}, 5); }, {"num_heads = 12", "G_y = 5"});
  expect_error([&] { make({{"parallel.grid", "2x2x1x1"}}, 8); }, {"2x2x1x1", "8 MPI ranks"});
  expect_error([&] { make({{"train.seq_len", "2048"}}, 1); }, {"seq_len = 2048", "max_seq_len = 1024"});
  expect_error([&] { make({{"train.schedule", "\"exponential\""}}, 1); }, {"train.schedule = \"exponential\"", "cosine, linear or constant"});
  expect_error([&] { make({{"train.min_lr", "1.0"}}, 1); }, {"min_lr = 1"});
  expect_error([&] { make({{"train.grad_clip", "-1"}}, 1); }, {"grad_clip = -1"});
  expect_error([&] { make({{"data.order", "random"}}, 1); }, {"data.order = \"random\""});
  expect_error([&] { make({{"train.steps", "0"}}, 1); }, {"train.steps = 0"});
  expect_error([&] { make({{"train.grad_reduce", "\"fp16\""}}, 1); }, {"train.grad_reduce", "fp16"});
  expect_error([&] { make_train_config(ConfigValues(), 1, nullptr); }, {"data.train", "--data"});
  expect_error([&] { make({{"parallel.comm", "gloo"}}, 1); }, {"parallel.comm", "'gloo'", "\"auto\", \"nccl\", \"mpi\""});
  if (!comm::backend_unavailable(comm::Backend::nccl).empty()) {
    expect_error([&] { make({{"parallel.comm", "nccl"}}, 1); }, {"parallel.comm = \"nccl\"", "GPU build"});
  }
}

// [model] family = "llama" with its keys; GPT-2 refuses them; the grid rules Llama adds.
TEST(TrainConfig, LlamaFamilyAndItsKeys) {
  ConfigValues v = with_data();
  v.merge_file(write_file("llama.toml", R"(
[model]
family = "llama"
num_layers = 2
num_heads = 4
num_kv_heads = 2
channels = 64
intermediate_size = 176
vocab_size = 256
max_seq_len = 128
norm_eps = 1e-6
rope_theta = 500000.0
[parallel]
grid = "1x2x1x1"
)"));
  const TrainConfig c = make_train_config(v, 2, nullptr);
  EXPECT_EQ(c.model.family, ModelFamily::llama);
  EXPECT_EQ(c.model.kv_heads(), 2);
  EXPECT_EQ(c.model.mlp_hidden(), 176);
  EXPECT_EQ(c.model.norm_eps, 1e-6f);
  EXPECT_EQ(c.model.rope_theta, 500000.0);
  EXPECT_FALSE(c.model.tied_embeddings);  // Llama's default: an untied head
  EXPECT_EQ(c.model.rope_scaling.factor, 0.0);

  ConfigValues four_y = v;
  four_y.set("parallel.grid", "\"1x4x1x1\"", "test");
  expect_error([&] { make_train_config(four_y, 4, nullptr); }, {"num_kv_heads = 2", "G_y = 4"});
  ConfigValues odd_mlp = v;
  odd_mlp.set("model.intermediate_size", "175", "test");
  expect_error([&] { make_train_config(odd_mlp, 2, nullptr); }, {"intermediate_size = 175", "G_y = 2"});
  ConfigValues bad_family = v;
  bad_family.set("model.family", "\"mistral\"", "test");
  expect_error([&] { make_train_config(bad_family, 2, nullptr); }, {"model.family", "'mistral'", "\"llama\""});
  ConfigValues gpt2 = with_data();
  gpt2.set("model.num_kv_heads", "4", "test");
  expect_error([&] { make_train_config(gpt2, 1, nullptr); }, {"model.num_kv_heads is set", "\"gpt2\""});
  ConfigValues gpt2_eps = with_data();
  gpt2_eps.set("model.norm_eps", "1e-6", "test");
  expect_error([&] { make_train_config(gpt2_eps, 1, nullptr); }, {"GPT-2", "eps 1e-5"});
  ConfigValues scaled = v;
  scaled.set("model.rope_scaling_factor", "0.5", "test");
  expect_error([&] { make_train_config(scaled, 2, nullptr); }, {"rope_scaling", "factor 0.5"});
}

// --grid auto also searches what the configuration leaves unset, and only that.
TEST(TrainConfig, GridAutoSearchesTheOptionsLeftUnset) {
  const TrainConfig fixed = make_train_config(with_data(), 4, nullptr);
  EXPECT_FALSE(fixed.search_micro_batch || fixed.search_recompute || fixed.search_shard_optimizer);
  ConfigValues v = with_data();
  v.set("parallel.grid", "auto", "--grid");
  const TrainConfig open = make_train_config(v, 4, nullptr);
  EXPECT_TRUE(open.search_micro_batch && open.search_recompute && open.search_shard_optimizer);
  v.set("train.micro_batch_size", "2", "--micro-batch-size");
  v.set("train.recompute", "block", "--set");
  const TrainConfig pinned = make_train_config(v, 4, nullptr);
  EXPECT_FALSE(pinned.search_micro_batch || pinned.search_recompute);
  EXPECT_TRUE(pinned.search_shard_optimizer);
  EXPECT_EQ(pinned.memory.recompute, Recompute::block);
}

TEST(TrainConfig, CommunicationBackend) {
  EXPECT_EQ(make_train_config(with_data(), 1, nullptr).backend, comm::Backend::automatic);
  ConfigValues v = with_data();
  v.set("parallel.comm", "mpi", "--comm");
  EXPECT_EQ(make_train_config(v, 1, nullptr).backend, comm::Backend::mpi);
}

TEST(TrainConfig, OverlapBucketAndProgress) {
  const TrainConfig defaults = make_train_config(with_data(), 1, nullptr);
  EXPECT_EQ(defaults.overlap, OverlapOptions::all());
  EXPECT_EQ(defaults.bucket_mb, default_bucket_mb);
  EXPECT_EQ(defaults.progress, comm::ProgressMode::automatic);
  ConfigValues v = with_data();
  v.set("parallel.overlap", "oag,dp", "--overlap");
  v.set("parallel.bucket_mb", "2.5", "test");
  v.set("parallel.progress", "inline", "test");
  const TrainConfig c = make_train_config(v, 1, nullptr);
  EXPECT_EQ(c.overlap.str(), "oag,dp");
  EXPECT_EQ(c.bucket_mb, 2.5);
  EXPECT_EQ(c.progress, comm::ProgressMode::inline_calls);
  auto with = [](const char* key, const char* value) {
    ConfigValues bad = with_data();
    bad.set(key, value, "test");
    return make_train_config(bad, 1, nullptr);
  };
  expect_error([&] { with("parallel.overlap", "oag,prefetch"); }, {"parallel", "\"prefetch\"", "oar, ors, oag, dp"});
  expect_error([&] { with("parallel.bucket_mb", "0"); }, {"parallel.bucket_mb = 0", "positive"});
  expect_error([&] { with("parallel.progress", "async"); }, {"parallel", "'async'", "\"thread\""});
}

TEST(TrainConfig, WatchdogTimeoutAndFigures) {
  const TrainConfig defaults = make_train_config(with_data(), 1, nullptr);
  EXPECT_EQ(defaults.timeout_s, 300.0);
  EXPECT_TRUE(defaults.gemm_efficiency);
  ConfigValues v = with_data();
  v.set("parallel.timeout_s", "0", "test");  // no watchdog
  v.set("log.gemm_efficiency", "false", "test");
  const TrainConfig c = make_train_config(v, 1, nullptr);
  EXPECT_EQ(c.timeout_s, 0.0);
  EXPECT_FALSE(c.gemm_efficiency);
  ConfigValues bad = with_data();
  bad.set("parallel.timeout_s", "-5", "test");
  expect_error([&] { make_train_config(bad, 1, nullptr); }, {"parallel.timeout_s = -5", "seconds"});
}

TEST(TrainConfig, ShippedConfigsAreValid) {
  int checked = 0;
  // The checkout the tests were built from, or (a test program that travelled to another machine,
  // scripts/gpu/check.sh) the checkout named by FOURFOLD_SOURCE_DIR.
  const char* moved = std::getenv("FOURFOLD_SOURCE_DIR");
  const std::string source = moved != nullptr && *moved != '\0' ? moved : FOURFOLD_SOURCE_DIR;
  for (const auto& entry : std::filesystem::directory_iterator(source + "/configs")) {
    if (entry.path().extension() != ".toml") continue;
    SCOPED_TRACE(entry.path().string());
    ConfigValues v;
    v.merge_file(entry.path().string());
    v.set("data.train", "x.bin", "test");
    const std::string grid = v.string("parallel.grid");
    const int world = grid.empty() ? 1 : static_cast<int>(comm::GridShape::parse(grid).size());
    const TrainConfig c = make_train_config(v, world, nullptr);
    EXPECT_EQ(c.batch_size % c.micro_batch_size, 0);
    ++checked;
  }
  EXPECT_GE(checked, 16);  // tiny, gpt2-124m, overlap-bench, the nine AxoNN sizes, llama-tiny and three Llama 3s
}

TEST(TrainConfig, HelpListsEveryKeyAndFlagWithDefaults) {
  const std::string help = config_help();
  for (const ConfigKey& k : config_schema()) {
    EXPECT_NE(help.find(k.key), std::string::npos) << k.name();
    if (!k.flag.empty()) {
      EXPECT_NE(help.find(k.flag), std::string::npos) << k.flag;
    }
  }
  EXPECT_NE(help.find("--set section.key=value"), std::string::npos);
  EXPECT_NE(help.find("0.0006"), std::string::npos);  // lr default
}

}  // namespace
}  // namespace fourfold
