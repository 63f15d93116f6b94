#include "layers/gelu.hpp"

#include "core/math.hpp"

namespace fourfold {
namespace {
constexpr float sqrt_2_over_pi = 0.7978845608028654f;
constexpr float cubic = 0.044715f;
}  // namespace

void gelu_forward(const ExecSpace& exec, const Vector& out, const ConstVector& in) {
  Kokkos::parallel_for(
      "fourfold::gelu::forward", Kokkos::RangePolicy<ExecSpace>(exec, 0, in.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i) {
        const float x = in(i);
        out(i) = 0.5f * x * (1.0f + kmath::tanh(sqrt_2_over_pi * (x + cubic * x * x * x)));
      });
}

void gelu_backward(const ExecSpace& exec, const Vector& din, const ConstVector& dout,
                   const ConstVector& in) {
  Kokkos::parallel_for(
      "fourfold::gelu::backward", Kokkos::RangePolicy<ExecSpace>(exec, 0, in.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i) {
        const float x = in(i);
        const float u = sqrt_2_over_pi * (x + cubic * x * x * x);
        const float t = kmath::tanh(u);
        const float sech2 = 1.0f - t * t;
        const float grad = 0.5f * (1.0f + t) +
                           0.5f * x * sech2 * sqrt_2_over_pi * (1.0f + 3.0f * cubic * x * x);
        din(i) = grad * dout(i);
      });
}

}  // namespace fourfold
