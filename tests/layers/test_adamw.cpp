// AdamW against hand-computed updates: bias correction, decoupled weight decay only on the
// tensors marked for it, gradient scaling (clipping), and gradients left zero afterwards.
#include "layers/adamw.hpp"

#include "core/bf16.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace fourfold {
namespace {

TEST(AdamW, MatchesHandComputedSteps) {
  std::vector<ParamInfo> params(2);
  params[0].name = "decayed";
  params[0].offset = 0;
  params[0].size = 2;
  params[0].weight_decay = true;
  params[1].name = "not_decayed";
  params[1].offset = 2;
  params[1].size = 1;
  AdamWSettings s;
  s.beta1 = 0.9f;
  s.beta2 = 0.99f;
  s.eps = 1e-8f;
  s.weight_decay = 0.5f;
  AdamW opt(params, 3, s);
  Vector p(std::string("p"), 3), g(std::string("g"), 3);
  auto hp = Kokkos::create_mirror_view(p);
  auto hg = Kokkos::create_mirror_view(g);
  const double p0[3] = {1.0, -2.0, 3.0};
  const double grads[2][3] = {{0.5, -1.0, 2.0}, {-0.25, 0.75, 1.0}};
  for (int i = 0; i < 3; ++i) hp(i) = static_cast<float>(p0[i]);
  Kokkos::deep_copy(p, hp);

  double ref_p[3] = {p0[0], p0[1], p0[2]}, m[3] = {}, v[3] = {};
  const double lr = 0.1, scale = 0.5;
  for (int t = 1; t <= 2; ++t) {
    for (int i = 0; i < 3; ++i) hg(i) = static_cast<float>(grads[t - 1][i]);
    Kokkos::deep_copy(g, hg);
    opt.step(ExecSpace(), p, g, static_cast<float>(lr), static_cast<float>(scale), t);
    for (int i = 0; i < 3; ++i) {
      const double gi = grads[t - 1][i] * scale;
      m[i] = 0.9 * m[i] + 0.1 * gi;
      v[i] = 0.99 * v[i] + 0.01 * gi * gi;
      const double m_hat = m[i] / (1 - std::pow(0.9, t));
      const double v_hat = v[i] / (1 - std::pow(0.99, t));
      const double wd = i < 2 ? 0.5 : 0.0;
      ref_p[i] -= lr * (m_hat / (std::sqrt(v_hat) + 1e-8) + wd * ref_p[i]);
    }
    Kokkos::deep_copy(hp, p);
    Kokkos::deep_copy(hg, g);
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(hp(i), ref_p[i], 1e-6) << "step " << t << " element " << i;
      EXPECT_EQ(hg(i), 0.0f) << "gradients are consumed";
    }
  }
  auto hm = Kokkos::create_mirror_view_and_copy(HostSpace(), opt.first_moment());
  EXPECT_NEAR(hm(2), m[2], 1e-7);
}

// bf16 mode: the update rounds each parameter it writes into the bf16 copy, bit for bit the
// rounding of the new value; sharded, only this rank's segments (the rest is left as it was). A
// copy of the wrong size is refused, naming both sizes.
TEST(AdamW, RoundsTheUpdatedParametersIntoTheBf16Copy) {
  const std::size_t n = 1000;
  std::vector<ParamInfo> params(1);
  params[0].name = "w";
  params[0].offset = 0;
  params[0].size = n;
  params[0].weight_decay = true;
  DataShards shards;
  shards.parts = 2;
  shards.buckets = {{0, n}};
  for (const int parts : {1, 2}) {
    SCOPED_TRACE(std::to_string(parts) + " shares");
    AdamW opt = parts == 1 ? AdamW(params, n, AdamWSettings{}) : AdamW(params, n, AdamWSettings{}, shards, 1);
    Vector p(std::string("p"), n), g(std::string("g"), n);
    Bf16Vector p16(std::string("p16"), n);
    auto hp = Kokkos::create_mirror_view(p);
    auto hg = Kokkos::create_mirror_view(g);
    for (std::size_t i = 0; i < n; ++i) {
      hp(i) = 1.0f + 0.001f * static_cast<float>(i);
      hg(i) = 0.01f * static_cast<float>(i % 7) - 0.03f;
    }
    Kokkos::deep_copy(p, hp);
    Kokkos::deep_copy(g, hg);
    Kokkos::deep_copy(p16, to_bf16(-7.0f));  // what an element the update does not own keeps
    opt.step(ExecSpace(), p, g, 1e-2f, 1.0f, 1, p16);
    Kokkos::deep_copy(hp, p);
    const auto h16 = Kokkos::create_mirror_view_and_copy(HostSpace(), p16);
    std::size_t owned = 0, wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
      bool mine = false;
      for (const ArenaSegment& s : opt.segments()) mine = mine || (i >= s.first && i < s.second);
      owned += mine;
      wrong += h16(i).bits != (mine ? bf16_bits(hp(i)) : bf16_bits(-7.0f));
    }
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(owned, parts == 1 ? n : n / 2);
  }
  AdamW opt(params, n, AdamWSettings{});
  Vector p(std::string("p"), n), g(std::string("g"), n);
  Bf16Vector short_copy(std::string("p16"), n - 1);
  try {
    opt.step(ExecSpace(), p, g, 1e-2f, 1.0f, 1, short_copy);
    ADD_FAILURE() << "a bf16 copy of the wrong size was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("a bf16 copy of 999 parameters"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fourfold
