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
void swiglu_into(const ExecSpace& exec, const OutView& out, const ConstMatrix& gate_up, const Bf16Matrix& gate_up_copy) {
  const std::size_t m = out.extent(0), n = out.extent(1);
  const bool copy = gate_up_copy.data() != nullptr;
  count_work(WorkKind::elementwise, bytes_of<float>(2.0 * m * n) + (copy ? 4.0 * m * n : 0.0) +
                                        static_cast<double>(sizeof(typename OutView::value_type)) * m * n);
  Kokkos::parallel_for(
      "fourfold::swiglu::forward", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) {
          const float g = gate_up(i, j), u = gate_up(i, n + j);
          if (copy) {
            gate_up_copy(i, j) = to_bf16(g);
            gate_up_copy(i, n + j) = to_bf16(u);
          }
          store(out(i, j), g * sigmoid(g) * u);
        });
      });
}

}  // namespace

void swiglu_forward(const ExecSpace& exec, const OutputMatrix& out, const ConstMatrix& gate_up,
                    const Bf16Matrix& gate_up_copy) {
  FF_ASSERT(gate_up_copy.data() == nullptr ||
                (gate_up_copy.extent(0) == gate_up.extent(0) && gate_up_copy.extent(1) == gate_up.extent(1)),
            "swiglu_forward: gate_up {}x{} with a bf16 copy of {}x{}", gate_up.extent(0), gate_up.extent(1),
            gate_up_copy.extent(0), gate_up_copy.extent(1));
  FF_ASSERT(gate_up.extent(0) == out.rows() && gate_up.extent(1) == 2 * out.cols(),
            "swiglu_forward: gate_up {}x{} for an output of {}x{}", gate_up.extent(0), gate_up.extent(1), out.rows(),
            out.cols());
  if (out.is_bf16()) {
    swiglu_into(exec, out.bf16, gate_up, gate_up_copy);
  } else {
    swiglu_into(exec, out.fp32, gate_up, gate_up_copy);
  }
}

namespace {

// swiglu_backward on a gate_up view of fp32 or bf16 (InView), each element read through as_float.
template <class InView>
void swiglu_backward_from(const ExecSpace& exec, const Matrix& d_gate_up, const ConstMatrix& dout,
                          const InView& gate_up) {
  const std::size_t m = dout.extent(0), n = dout.extent(1);
  count_work(WorkKind::elementwise,
             bytes_of<float>(3.0 * m * n) + static_cast<double>(sizeof(typename InView::value_type)) * 2.0 * m * n);
  Kokkos::parallel_for(
      "fourfold::swiglu::backward", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) {
          const float g = as_float(gate_up(i, j)), u = as_float(gate_up(i, n + j)), dy = dout(i, j);
          const float s = sigmoid(g);
          const float silu = g * s;
          // silu'(g) = s + g s (1 - s) = s (1 + g (1 - s)).
          d_gate_up(i, j) = dy * u * s * (1.0f + g * (1.0f - s));
          d_gate_up(i, n + j) = dy * silu;
        });
      });
}

}  // namespace

void swiglu_backward(const ExecSpace& exec, const Matrix& d_gate_up, const ConstMatrix& dout,
                     const HeldMatrix& gate_up) {
  FF_ASSERT(gate_up.rows() == dout.extent(0) && gate_up.cols() == 2 * dout.extent(1),
            "swiglu_backward: gate_up {}x{} for dout {}x{}", gate_up.rows(), gate_up.cols(), dout.extent(0),
            dout.extent(1));
  FF_ASSERT(d_gate_up.extent(0) == dout.extent(0) && d_gate_up.extent(1) == 2 * dout.extent(1),
            "swiglu_backward: d_gate_up {}x{} for {}x{}", d_gate_up.extent(0), d_gate_up.extent(1), dout.extent(0),
            dout.extent(1));
  if (gate_up.is_bf16()) {
    swiglu_backward_from(exec, d_gate_up, dout, gate_up.bf16);
  } else {
    swiglu_backward_from(exec, d_gate_up, dout, gate_up.fp32);
  }
}

}  // namespace fourfold
