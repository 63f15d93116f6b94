#include "layers/adamw.hpp"

#include "core/error.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"

#include <cmath>

namespace fourfold {

AdamW::AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size,
             const AdamWSettings& settings)
    : settings_(settings),
      m_(Kokkos::view_alloc(std::string("fourfold::adamw::m")), arena_size),
      v_(Kokkos::view_alloc(std::string("fourfold::adamw::v")), arena_size) {
  for (const ParamInfo& p : params) {
    if (!ranges_.empty() && ranges_.back().end == p.offset && ranges_.back().decay == p.weight_decay) {
      ranges_.back().end = p.offset + p.size;
    } else {
      ranges_.push_back({p.offset, p.offset + p.size, p.weight_decay});
    }
  }
}

void AdamW::step(const Vector& parameters, const ConstVector& gradients, float lr, float grad_scale,
                 long t) {
  ScopedRegion region("fourfold::adamw::step");
  FF_REQUIRE(t >= 1, "AdamW step number {} must start at 1", t);
  const ExecSpace exec;
  const float b1 = settings_.beta1, b2 = settings_.beta2, eps = settings_.eps;
  const float correction1 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b1), static_cast<double>(t)));
  const float correction2 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b2), static_cast<double>(t)));
  const Vector m = m_, v = v_;
  for (const Range& r : ranges_) {
    const float wd = r.decay ? settings_.weight_decay : 0.0f;
    Kokkos::parallel_for(
        "fourfold::adamw::update", Kokkos::RangePolicy<ExecSpace>(exec, r.begin, r.end),
        KOKKOS_LAMBDA(const std::size_t i) {
          const float g = gradients(i) * grad_scale;
          const float mi = b1 * m(i) + (1.0f - b1) * g;
          const float vi = b2 * v(i) + (1.0f - b2) * g * g;
          m(i) = mi;
          v(i) = vi;
          const float m_hat = mi / correction1;
          const float v_hat = vi / correction2;
          parameters(i) -= lr * (m_hat / (kmath::sqrt(v_hat) + eps) + wd * parameters(i));
        });
  }
  exec.fence();
}

}  // namespace fourfold
