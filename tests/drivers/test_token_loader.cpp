// Token shards and the loader: llm.c's sequential positions, the shuffled order as a
// permutation per epoch, the split of a batch over data x Z ranks, wrap-around, multiple
// shards, and bad files.
#include "core/error.hpp"
#include "drivers/train/token_loader.hpp"
#include "drivers/train/train_config.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>

namespace fourfold {
namespace {

// Token at stream position p is p % 251: positions can be read back from the tokens.
std::string make_shard(const std::string& name, std::size_t n, std::uint32_t offset = 0) {
  std::vector<std::uint32_t> tokens(n);
  for (std::size_t i = 0; i < n; ++i) tokens[i] = static_cast<std::uint32_t>((i + offset) % 251);
  const std::string path = test::scratch_dir() + "/" + name;
  write_token_shard(path, tokens);
  return path;
}

using test::expect_user_error;

TEST(TokenLoader, SequentialIsLlmcOrderWithWrapAround) {
  const int T = 8, B = 3;
  const TokenDataset data(make_shard("seq.bin", 100));
  const TokenLoader loader(data, T, B, DataOrder::sequential, 1, 256);
  EXPECT_EQ(loader.batches_per_epoch(), 4u);  // floor(99 / 24)
  std::vector<int> tokens(T), targets(T);
  for (long s = 0; s < 9; ++s) {
    for (int i = 0; i < B; ++i) {
      loader.sequence(s, i, tokens.data(), targets.data());
      const int start = static_cast<int>(((s % 4) * B + i) * T);  // (s*B + i)*T, wrapping
      for (int t = 0; t < T; ++t) {
        EXPECT_EQ(tokens[t], (start + t) % 251);
        EXPECT_EQ(targets[t], (start + t + 1) % 251);
      }
    }
  }
}

TEST(TokenLoader, ShardsFollowEachOtherInNameOrder) {
  make_shard("multi_b.bin", 50, 1000);
  make_shard("multi_a.bin", 60, 0);
  const TokenDataset data(test::scratch_dir() + "/multi_*.bin");
  ASSERT_EQ(data.shards().size(), 2u);
  EXPECT_NE(data.shards()[0].path().find("multi_a"), std::string::npos);
  const int T = 4, B = 2;  // 8 tokens a batch: a holds 7 batches, b holds 6
  const TokenLoader loader(data, T, B, DataOrder::sequential, 1, 256);
  EXPECT_EQ(loader.batches_per_epoch(), 13u);
  std::vector<int> tokens(T), targets(T);
  loader.sequence(7, 1, tokens.data(), targets.data());  // first batch of shard b, sequence 1
  EXPECT_EQ(tokens[0], (1000 + 4) % 251);
  loader.sequence(13, 0, tokens.data(), targets.data());  // wrapped to shard a
  EXPECT_EQ(tokens[0], 0);
}

TEST(TokenLoader, ShuffledVisitsEveryWindowOncePerEpoch) {
  const int T = 5, B = 4;
  const TokenDataset data(make_shard("shuffle.bin", 1001));
  const TokenLoader loader(data, T, B, DataOrder::shuffled, 42, 256);
  const std::size_t windows = loader.windows();
  EXPECT_EQ(windows, 200u);
  std::vector<int> tokens(T), targets(T);
  for (int epoch = 0; epoch < 2; ++epoch) {
    std::set<int> starts;
    std::vector<int> order;
    for (std::size_t g = epoch * windows; g < (epoch + 1) * windows; ++g) {
      loader.sequence(static_cast<long>(g / B), static_cast<int>(g % B), tokens.data(), targets.data());
      starts.insert(tokens[0] + 251 * 0);
      order.push_back(tokens[0]);
    }
    // 200 windows at stride 5 over tokens i % 251: the start tokens are all distinct mod 251
    // only within 251, so check coverage through the window count instead.
    EXPECT_GT(starts.size(), 150u);
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_NE(order, sorted);  // not the sequential order
  }
  // The same seed gives the same order; another seed another.
  const TokenLoader again(data, T, B, DataOrder::shuffled, 42, 256);
  const TokenLoader other(data, T, B, DataOrder::shuffled, 43, 256);
  std::vector<int> a(T), b(T), c(T), dummy(T);
  int differ = 0;
  for (int i = 0; i < 20; ++i) {
    loader.sequence(i, 0, a.data(), dummy.data());
    again.sequence(i, 0, b.data(), dummy.data());
    other.sequence(i, 0, c.data(), dummy.data());
    EXPECT_EQ(a, b);
    differ += a != c;
  }
  EXPECT_GT(differ, 10);
}

TEST(TokenLoader, ShuffledIsAPermutationOfWindows) {
  // Tokens equal to their position / 5 make each window's first token its window index.
  const int T = 5;
  std::vector<std::uint32_t> tokens(5 * 97 + 1);
  for (std::size_t i = 0; i < tokens.size(); ++i) tokens[i] = static_cast<std::uint32_t>(i / 5);
  const std::string path = test::scratch_dir() + "/perm.bin";
  write_token_shard(path, tokens);
  const TokenDataset data(path);
  const TokenLoader loader(data, T, 1, DataOrder::shuffled, 9, 1000);
  ASSERT_EQ(loader.windows(), 97u);
  std::set<int> seen;
  std::vector<int> t(T), g(T);
  for (long s = 0; s < 97; ++s) {
    loader.sequence(s, 0, t.data(), g.data());
    seen.insert(t[0]);
  }
  EXPECT_EQ(seen.size(), 97u);
}

TEST(TokenLoader, BatchIsSplitOverDataAndZRanks) {
  const int T = 4, B = 8, micro = 4;
  const TokenDataset data(make_shard("split.bin", 1000));
  const TokenLoader loader(data, T, B, DataOrder::sequential, 1, 256);
  // 2 row groups (e.g. G_data * G_z = 2), 2 micro-steps: group r of micro-step k reads
  // sequences k*4 + r*2 + {0, 1}.
  std::vector<int> tokens(2 * T), targets(2 * T), expected(T), dummy(T);
  for (int k = 0; k < 2; ++k)
    for (int r = 0; r < 2; ++r) {
      loader.fill(3, k, micro, r, 2, tokens.data(), targets.data());
      for (int j = 0; j < 2; ++j) {
        loader.sequence(3, k * micro + r * 2 + j, expected.data(), dummy.data());
        EXPECT_TRUE(std::equal(expected.begin(), expected.end(), tokens.begin() + j * T));
      }
    }
}

TEST(TokenShard, Uint32ShardsAndVocabularyBounds) {
  std::vector<std::uint32_t> big = {1, 70000, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::string path = test::scratch_dir() + "/u32.bin";
  write_token_shard(path, big);
  const TokenDataset data(path);
  EXPECT_EQ(data.shards()[0].token_bytes(), 4);
  EXPECT_EQ(data.shards()[0][1], 70000u);
  const TokenLoader loader(data, 4, 1, DataOrder::sequential, 1, 50257);
  std::vector<int> t(4), g(4);
  expect_user_error([&] { loader.sequence(0, 0, t.data(), g.data()); }, "token 70000 at position 1");
}

TEST(TokenShard, BadFilesAreRejected) {
  const std::string dir = test::scratch_dir();
  std::vector<std::int32_t> header(256, 0);
  header[0] = 20240520;
  header[1] = 1;
  header[2] = 100;  // declares 100 tokens, holds 10
  {
    std::ofstream f(dir + "/short.bin", std::ios::binary);
    f.write(reinterpret_cast<const char*>(header.data()), 1024);
    f.write("01234567890123456789", 20);
  }
  expect_user_error([&] { TokenDataset d(dir + "/short.bin"); }, "truncated");
  header[0] = 20240326;  // a model magic, not a shard
  {
    std::ofstream f(dir + "/magic.bin", std::ios::binary);
    f.write(reinterpret_cast<const char*>(header.data()), 1024);
  }
  expect_user_error([&] { TokenDataset d(dir + "/magic.bin"); }, "magic 20240326");
  std::ofstream(dir + "/tiny.bin") << "abc";
  expect_user_error([&] { TokenDataset d(dir + "/tiny.bin"); }, "less than its 1024-byte header");
  expect_user_error([&] { TokenDataset d(dir + "/nothing_*.bin"); }, "no token shard matches");
  const TokenDataset small(make_shard("small.bin", 10));
  expect_user_error([&] { TokenLoader l(small, 8, 2, DataOrder::sequential, 1, 256); }, "no shard holds one batch");
}

long count_mappings() {
  std::ifstream maps("/proc/self/maps");
  long lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

TEST(TokenShard, RejectedFilesLeaveNoMapping) {
  // A shard whose size passes the first check is mapped before its header is read: the
  // rejection must unmap it (the destructor of a throwing constructor never runs).
  const std::string path = test::scratch_dir() + "/rejected.bin";
  std::vector<std::int32_t> header(256, 0);
  header[0] = 20240326;  // not a shard magic
  {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(header.data()), 1024);
  }
  expect_user_error([&] { TokenShard s(path); }, "not an llm.c token shard");
  const long before = count_mappings();
  for (int i = 0; i < 200; ++i) expect_user_error([&] { TokenShard s(path); }, "not an llm.c token shard");
  EXPECT_LT(count_mappings(), before + 20);  // 200 leaked maps before the fix
}

}  // namespace
}  // namespace fourfold
