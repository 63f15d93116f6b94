#include "layers/attention.hpp"

#include "core/error.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"

namespace fourfold {

void attention_forward(const ExecSpace& exec, const Matrix& out, const Tensor4<float>& att,
                       const ConstMatrix& qkv, int heads_local) {
  ScopedRegion region("fourfold::attention::forward");
  const int batch = att.extent(0), T = att.extent(2);
  const int c_loc = out.extent(1), hs = c_loc / heads_local;
  FF_ASSERT(att.extent(1) == static_cast<std::size_t>(heads_local) && qkv.extent(1) == 3u * c_loc &&
                out.extent(0) == static_cast<std::size_t>(batch) * T,
            "attention shapes: att ({},{},{},{}) qkv ({},{}) out ({},{})", att.extent(0),
            att.extent(1), att.extent(2), att.extent(3), qkv.extent(0), qkv.extent(1),
            out.extent(0), out.extent(1));
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  Kokkos::parallel_for(
      "fourfold::attention::forward", Kokkos::RangePolicy<ExecSpace>(exec, 0, batch * heads_local * T),
      KOKKOS_LAMBDA(const int idx) {
        const int t = idx % T, h = (idx / T) % heads_local, b = idx / (T * heads_local);
        const int row = b * T + t;
        const int q_col = h * hs, k_col = c_loc + h * hs, v_col = 2 * c_loc + h * hs;
        float max_score = -3.0e38f;
        for (int t2 = 0; t2 <= t; ++t2) {
          float dot = 0.0f;
          for (int d = 0; d < hs; ++d) dot += qkv(row, q_col + d) * qkv(b * T + t2, k_col + d);
          dot *= scale;
          att(b, h, t, t2) = dot;
          max_score = dot > max_score ? dot : max_score;
        }
        float sum = 0.0f;
        for (int t2 = 0; t2 <= t; ++t2) {
          const float e = kmath::exp(att(b, h, t, t2) - max_score);
          att(b, h, t, t2) = e;
          sum += e;
        }
        const float inv = 1.0f / sum;
        for (int t2 = 0; t2 < T; ++t2) att(b, h, t, t2) = t2 <= t ? att(b, h, t, t2) * inv : 0.0f;
        for (int d = 0; d < hs; ++d) out(row, h * hs + d) = 0.0f;
        for (int t2 = 0; t2 <= t; ++t2) {
          const float p = att(b, h, t, t2);
          for (int d = 0; d < hs; ++d) out(row, h * hs + d) += p * qkv(b * T + t2, v_col + d);
        }
      });
}

void attention_backward(const ExecSpace& exec, const Matrix& dqkv, const Tensor4<float>& datt,
                        const ConstMatrix& dout, const Tensor4<const float>& att,
                        const ConstMatrix& qkv, int heads_local) {
  ScopedRegion region("fourfold::attention::backward");
  const int batch = att.extent(0), T = att.extent(2);
  const int c_loc = dout.extent(1), hs = c_loc / heads_local;
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  // One work item per (batch row, head): dk and dv of a position collect contributions from
  // every later query, so the queries of one head are processed in order by one item.
  Kokkos::parallel_for(
      "fourfold::attention::backward", Kokkos::RangePolicy<ExecSpace>(exec, 0, batch * heads_local),
      KOKKOS_LAMBDA(const int idx) {
        const int h = idx % heads_local, b = idx / heads_local;
        const int q_col = h * hs, k_col = c_loc + h * hs, v_col = 2 * c_loc + h * hs;
        for (int t = 0; t < T; ++t)
          for (int d = 0; d < hs; ++d) {
            dqkv(b * T + t, q_col + d) = 0.0f;
            dqkv(b * T + t, k_col + d) = 0.0f;
            dqkv(b * T + t, v_col + d) = 0.0f;
          }
        for (int t = 0; t < T; ++t) {
          const int row = b * T + t;
          // d(probabilities) and dv.
          float dot_p_dp = 0.0f;
          for (int t2 = 0; t2 <= t; ++t2) {
            float dp = 0.0f;
            const float p = att(b, h, t, t2);
            for (int d = 0; d < hs; ++d) {
              dp += dout(row, h * hs + d) * qkv(b * T + t2, v_col + d);
              dqkv(b * T + t2, v_col + d) += p * dout(row, h * hs + d);
            }
            datt(b, h, t, t2) = dp;
            dot_p_dp += p * dp;
          }
          // Softmax backward, then dq and dk through the scaled dot product.
          for (int t2 = 0; t2 <= t; ++t2) {
            const float dscore = att(b, h, t, t2) * (datt(b, h, t, t2) - dot_p_dp) * scale;
            for (int d = 0; d < hs; ++d) {
              dqkv(row, q_col + d) += dscore * qkv(b * T + t2, k_col + d);
              dqkv(b * T + t2, k_col + d) += dscore * qkv(row, q_col + d);
            }
          }
        }
      });
}

}  // namespace fourfold
