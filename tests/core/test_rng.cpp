// The counter-based generator: values depend only on (seed, stream, index), cover (0,1)
// without the end points, and have the right first two moments.
#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace fourfold {
namespace {

TEST(Rng, SameKeySameValueAnyOrder) {
  // Drawn forwards and backwards (as two ranks owning different slices would): identical.
  std::vector<float> forward(1000), backward(1000);
  for (int i = 0; i < 1000; ++i) forward[i] = rng::normal(42, 3, i);
  for (int i = 999; i >= 0; --i) backward[i] = rng::normal(42, 3, i);
  EXPECT_EQ(forward, backward);
}

TEST(Rng, SeedStreamAndIndexAllMatter) {
  EXPECT_NE(rng::bits(1, 0, 0), rng::bits(2, 0, 0));
  EXPECT_NE(rng::bits(1, 0, 0), rng::bits(1, 1, 0));
  EXPECT_NE(rng::bits(1, 0, 0), rng::bits(1, 0, 1));
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < 10000; ++i) seen.insert(rng::bits(5, 9, i));
  EXPECT_EQ(seen.size(), 10000u);
}

TEST(Rng, UniformIsOpenInterval) {
  for (std::uint64_t i = 0; i < 100000; ++i) {
    const float u = rng::uniform(1, 2, i);
    ASSERT_GT(u, 0.0f);
    ASSERT_LT(u, 1.0f);
  }
}

TEST(Rng, MomentsOfUniformAndNormal) {
  const int n = 200000;
  double su = 0, su2 = 0, sn = 0, sn2 = 0;
  for (int i = 0; i < n; ++i) {
    const double u = rng::uniform(11, 0, i), z = rng::normal(11, 1, i);
    su += u;
    su2 += u * u;
    sn += z;
    sn2 += z * z;
  }
  EXPECT_NEAR(su / n, 0.5, 0.005);
  EXPECT_NEAR(su2 / n - (su / n) * (su / n), 1.0 / 12.0, 0.002);
  EXPECT_NEAR(sn / n, 0.0, 0.01);
  EXPECT_NEAR(sn2 / n, 1.0, 0.015);
}

}  // namespace
}  // namespace fourfold
