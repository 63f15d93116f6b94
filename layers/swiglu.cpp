#include "layers/swiglu.hpp"

#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "layers/elementwise.hpp"

namespace fourfold {
namespace {

// sigmoid(g) from a = exp(-|g|), which cannot overflow: 1 / (1 + a) for g >= 0, a / (1 + a)
// below. Branch-free with fast_exp, so the row loops vectorise on CPUs.
KOKKOS_INLINE_FUNCTION float sigmoid(float g) {
  const float a = fast_exp(g < 0.0f ? g : -g);
  return (g >= 0.0f ? 1.0f : a) / (1.0f + a);
}

}  // namespace

namespace {

template <class OutView>
void swiglu_into(const ExecSpace& exec, const OutView& out, const ConstMatrix& gate_up) {
  const std::size_t m = out.extent(0), n = out.extent(1);
  count_work(WorkKind::elementwise,
             bytes_of<float>(2.0 * m * n) + static_cast<double>(sizeof(typename OutView::value_type)) * m * n);
  Kokkos::parallel_for(
      "fourfold::swiglu::forward", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) {
          const float g = gate_up(i, j);
          store(out(i, j), g * sigmoid(g) * gate_up(i, n + j));
        });
      });
}

}  // namespace

void swiglu_forward(const ExecSpace& exec, const OutputMatrix& out, const ConstMatrix& gate_up) {
  const std::size_t m = out.rows(), n = out.cols();
  FF_ASSERT(gate_up.extent(0) == m && gate_up.extent(1) == 2 * n, "swiglu_forward: gate_up {}x{} for an output of {}x{}",
            gate_up.extent(0), gate_up.extent(1), m, n);
  if (out.is_bf16()) {
    swiglu_into(exec, out.bf16, gate_up);
  } else {
    swiglu_into(exec, out.fp32, gate_up);
  }
}

void swiglu_backward(const ExecSpace& exec, const Matrix& d_gate_up, const ConstMatrix& dout,
                     const ConstMatrix& gate_up) {
  const std::size_t m = dout.extent(0), n = dout.extent(1);
  FF_ASSERT(gate_up.extent(0) == m && gate_up.extent(1) == 2 * n, "swiglu_backward: gate_up {}x{} for dout {}x{}",
            gate_up.extent(0), gate_up.extent(1), m, n);
  FF_ASSERT(d_gate_up.extent(0) == m && d_gate_up.extent(1) == 2 * n, "swiglu_backward: d_gate_up {}x{} for {}x{}",
            d_gate_up.extent(0), d_gate_up.extent(1), m, n);
  count_work(WorkKind::elementwise, bytes_of<float>(5.0 * m * n));
  Kokkos::parallel_for(
      "fourfold::swiglu::backward", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) {
          const float g = gate_up(i, j), u = gate_up(i, n + j), dy = dout(i, j);
          const float s = sigmoid(g);
          const float silu = g * s;
          // silu'(g) = s + g s (1 - s) = s (1 + g (1 - s)).
          d_gate_up(i, j) = dy * u * s * (1.0f + g * (1.0f - s));
          d_gate_up(i, n + j) = dy * silu;
        });
      });
}

}  // namespace fourfold
