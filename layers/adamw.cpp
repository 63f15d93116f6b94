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
      v_(Kokkos::view_alloc(std::string("fourfold::adamw::v")), arena_size),
      scale_("fourfold::adamw::scale") {
  for (const ParamInfo& p : params) {
    if (!ranges_.empty() && ranges_.back().end == p.offset && ranges_.back().decay == p.weight_decay) {
      ranges_.back().end = p.offset + p.size;
    } else {
      ranges_.push_back({p.offset, p.offset + p.size, p.weight_decay});
    }
  }
}

void AdamW::step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
                 float grad_scale, long t) {
  Kokkos::deep_copy(exec, scale_, grad_scale);
  step(exec, parameters, gradients, lr, scale_, t);
}

void AdamW::step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
                 const DeviceScalar<const float>& grad_scale, long t) {
  ScopedRegion region("fourfold::adamw::step");
  FF_REQUIRE(t >= 1, "AdamW step number {} must start at 1", t);
  const float b1 = settings_.beta1, b2 = settings_.beta2, eps = settings_.eps;
  const float correction1 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b1), static_cast<double>(t)));
  const float correction2 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b2), static_cast<double>(t)));
  float* const p_data = parameters.data();
  float* const g_data = gradients.data();
  float* const m_data = m_.data();
  float* const v_data = v_.data();
  constexpr std::size_t chunk = elementwise_chunk;
  for (const Range& r : ranges_) {
    const float wd = r.decay ? settings_.weight_decay : 0.0f;
    const std::size_t begin = r.begin, end = r.end;
    Kokkos::parallel_for(
        "fourfold::adamw::update",
        Kokkos::RangePolicy<ExecSpace>(exec, 0, (end - begin + chunk - 1) / chunk),
        KOKKOS_LAMBDA(const std::size_t c) {
          // A contiguous run per work item, written with restrict pointers so the host
          // compiler vectorises it.
          const std::size_t first = begin + c * chunk;
          const std::size_t n = first + chunk < end ? chunk : end - first;
          float* KOKKOS_RESTRICT p = p_data + first;
          float* KOKKOS_RESTRICT g = g_data + first;
          float* KOKKOS_RESTRICT m = m_data + first;
          float* KOKKOS_RESTRICT v = v_data + first;
          const float scale = grad_scale();
          for (std::size_t i = 0; i < n; ++i) {
            const float gi = g[i] * scale;
            g[i] = 0.0f;
            const float mi = b1 * m[i] + (1.0f - b1) * gi;
            const float vi = b2 * v[i] + (1.0f - b2) * gi * gi;
            m[i] = mi;
            v[i] = vi;
            p[i] -= lr * ((mi / correction1) / (kmath::sqrt(vi / correction2) + eps) + wd * p[i]);
          }
        });
  }
}

}  // namespace fourfold
