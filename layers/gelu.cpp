#include "layers/gelu.hpp"

#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "layers/elementwise.hpp"

namespace fourfold {
namespace {
constexpr float sqrt_2_over_pi = 0.7978845608028654f;
constexpr float cubic = 0.044715f;

// 1 + tanh(u) and 1 - tanh(u)^2 from a single a = exp(-2|u|) (no overflow, no library tanh,
// which is several times slower): with t = tanh(u),
//   u >= 0: 1 + t = 2 / (1 + a)        u < 0: 1 + t = 2a / (1 + a)
//   1 - t^2 = (1 + t)(1 - t) = 4a / (1 + a)^2
// Both stay accurate in the tails, where forming t first would round 1 + t to zero.
// Branch-free with fast_exp, so the loops below vectorise on CPUs.
KOKKOS_INLINE_FUNCTION void tanh_parts(float u, float& one_plus_t, float& sech2) {
  const float a = fast_exp(-2.0f * (u < 0.0f ? -u : u));
  const float inv = 1.0f / (1.0f + a);
  one_plus_t = (u >= 0.0f ? 2.0f : 2.0f * a) * inv;
  sech2 = 4.0f * a * inv * inv;
}

KOKKOS_INLINE_FUNCTION float gelu(float x) {
  float one_plus_t, sech2;
  tanh_parts(sqrt_2_over_pi * (x + cubic * x * x * x), one_plus_t, sech2);
  return 0.5f * x * one_plus_t;
}

KOKKOS_INLINE_FUNCTION float gelu_grad(float x) {
  float one_plus_t, sech2;
  tanh_parts(sqrt_2_over_pi * (x + cubic * x * x * x), one_plus_t, sech2);
  return 0.5f * one_plus_t + 0.5f * x * sech2 * sqrt_2_over_pi * (1.0f + 3.0f * cubic * x * x);
}

// A contiguous run of elementwise_chunk elements per work item (1 on GPUs), through restrict
// pointers so host compilers vectorise the run.
template <class Body>
void for_each_run(const ExecSpace& exec, const char* name, std::size_t n, const Body& body) {
  constexpr std::size_t chunk = elementwise_chunk;
  Kokkos::parallel_for(
      name, Kokkos::RangePolicy<ExecSpace>(exec, 0, (n + chunk - 1) / chunk), KOKKOS_LAMBDA(const std::size_t c) {
        const std::size_t first = c * chunk;
        body(first, first + chunk < n ? chunk : n - first);
      });
}

}  // namespace

void gelu_forward(const ExecSpace& exec, const Vector& out, const ConstVector& in) {
  float* const out_data = out.data();
  const float* const in_data = in.data();
  count_work(WorkKind::elementwise, bytes_of<float>(2.0 * in.extent(0)));
  for_each_run(exec, "fourfold::gelu::forward", in.extent(0), KOKKOS_LAMBDA(std::size_t first, std::size_t count) {
    float* KOKKOS_RESTRICT y = out_data + first;
    const float* KOKKOS_RESTRICT x = in_data + first;
    for (std::size_t i = 0; i < count; ++i) y[i] = gelu(x[i]);
  });
}

namespace {

template <class OutView>
void bias_gelu_into(const ExecSpace& exec, const OutView& out, const Matrix& pre, const ConstVector& bias,
                    const Bf16Matrix& pre_copy) {
  const std::size_t n = pre.extent(1);
  const bool copy = pre_copy.data() != nullptr;
  const double elements = static_cast<double>(pre.extent(0)) * n;
  // pre read, the biased value written back (4 bytes) or to its bf16 copy (2), out written, the
  // bias read.
  count_work(WorkKind::elementwise, bytes_of<float>(elements + n) + (copy ? 2.0 : 4.0) * elements +
                                        static_cast<double>(sizeof(typename OutView::value_type)) * elements);
  Kokkos::parallel_for(
      "fourfold::gelu::bias_forward", row_teams(exec, pre.extent(0)), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) {
          const float x = pre(i, j) + bias(j);
          if (copy) {
            pre_copy(i, j) = to_bf16(x);
          } else {
            pre(i, j) = x;
          }
          store(out(i, j), gelu(x));
        });
      });
}

}  // namespace

void bias_gelu_forward(const ExecSpace& exec, const OutputMatrix& out, const Matrix& pre, const ConstVector& bias,
                       const Bf16Matrix& pre_copy) {
  FF_ASSERT(pre.extent(1) == bias.extent(0) && out.rows() == pre.extent(0) && out.cols() == pre.extent(1),
            "bias_gelu: pre {}x{}, out {}x{}, bias {}", pre.extent(0), pre.extent(1), out.rows(), out.cols(),
            bias.extent(0));
  FF_ASSERT(pre_copy.data() == nullptr || (pre_copy.extent(0) == pre.extent(0) && pre_copy.extent(1) == pre.extent(1)),
            "bias_gelu: pre {}x{} with a bf16 copy of {}x{}", pre.extent(0), pre.extent(1), pre_copy.extent(0),
            pre_copy.extent(1));
  if (out.is_bf16()) {
    bias_gelu_into(exec, out.bf16, pre, bias, pre_copy);
  } else {
    bias_gelu_into(exec, out.fp32, pre, bias, pre_copy);
  }
}

namespace {

// din = gelu'(in) * dout over n contiguous elements; In: float or bf16, read through as_float.
template <class In>
void gelu_backward_from(const ExecSpace& exec, float* din_data, const float* dout_data, const In* in_data,
                        std::size_t n) {
  count_work(WorkKind::elementwise, bytes_of<float>(2.0 * n) + static_cast<double>(sizeof(In)) * n);
  for_each_run(exec, "fourfold::gelu::backward", n, KOKKOS_LAMBDA(std::size_t first, std::size_t count) {
    float* KOKKOS_RESTRICT dx = din_data + first;
    const float* KOKKOS_RESTRICT dy = dout_data + first;
    const In* KOKKOS_RESTRICT x = in_data + first;
    for (std::size_t i = 0; i < count; ++i) dx[i] = gelu_grad(as_float(x[i])) * dy[i];
  });
}

}  // namespace

void gelu_backward(const ExecSpace& exec, const Vector& din, const ConstVector& dout, const ConstVector& in) {
  FF_ASSERT(din.extent(0) == in.extent(0) && dout.extent(0) == in.extent(0), "gelu_backward: din {}, dout {}, in {}",
            din.extent(0), dout.extent(0), in.extent(0));
  gelu_backward_from(exec, din.data(), dout.data(), in.data(), in.extent(0));
}

void gelu_backward(const ExecSpace& exec, const Matrix& din, const ConstMatrix& dout, const HeldMatrix& in) {
  FF_ASSERT(in.rows() == dout.extent(0) && in.cols() == dout.extent(1) && din.extent(0) == dout.extent(0) &&
                din.extent(1) == dout.extent(1),
            "gelu_backward: in {}x{}, dout {}x{}, din {}x{}", in.rows(), in.cols(), dout.extent(0), dout.extent(1),
            din.extent(0), din.extent(1));
  const std::size_t n = dout.size();
  if (in.is_bf16()) {
    gelu_backward_from(exec, din.data(), dout.data(), in.bf16.data(), n);
  } else {
    gelu_backward_from(exec, din.data(), dout.data(), in.fp32.data(), n);
  }
}

}  // namespace fourfold
