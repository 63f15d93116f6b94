#include "layers/layernorm.hpp"

#include "comm/collectives.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"

namespace fourfold {

void layernorm_forward(const ExecSpace& exec, const Matrix& out, const Vector& mean,
                       const Vector& rstd, const ConstMatrix& in, const ConstVector& weight,
                       const ConstVector& bias, const Tensor2<double>& row_sums,
                       const comm::Communicator& x_group) {
  ScopedRegion region("fourfold::layernorm::forward");
  const std::size_t m = in.extent(0), c = in.extent(1);
  const double channels = static_cast<double>(c) * x_group.size();
  // Sums of x and x^2 in double over this rank's slice; reduced over X to whole-row sums.
  Kokkos::parallel_for(
      "fourfold::layernorm::forward::sums", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i) {
        double s = 0.0, s2 = 0.0;
        for (std::size_t j = 0; j < c; ++j) {
          const double v = in(i, j);
          s += v;
          s2 += v * v;
        }
        row_sums(i, 0) = s;
        row_sums(i, 1) = s2;
      });
  comm::all_reduce(exec, x_group, row_sums);
  Kokkos::parallel_for(
      "fourfold::layernorm::forward::normalise", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i) {
        const double mu = row_sums(i, 0) / channels;
        const double var = row_sums(i, 1) / channels - mu * mu;
        const float r = static_cast<float>(1.0 / kmath::sqrt((var > 0.0 ? var : 0.0) + layernorm_eps));
        const float mf = static_cast<float>(mu);
        for (std::size_t j = 0; j < c; ++j) out(i, j) = (in(i, j) - mf) * r * weight(j) + bias(j);
        mean(i) = mf;
        rstd(i) = r;
      });
}

void layernorm_backward(const ExecSpace& exec, const Matrix& din, const Vector& dweight,
                        const Vector& dbias, const ConstMatrix& dout, const ConstMatrix& in,
                        const ConstVector& weight, const ConstVector& mean, const ConstVector& rstd,
                        const Tensor2<double>& row_sums, const comm::Communicator& x_group) {
  ScopedRegion region("fourfold::layernorm::backward");
  const std::size_t m = in.extent(0), c = in.extent(1);
  const double channels = static_cast<double>(c) * x_group.size();
  // Whole-row sums of dnorm = dout * w and dnorm * xhat, reduced over X.
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::sums", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i) {
        double a = 0.0, b = 0.0;
        for (std::size_t j = 0; j < c; ++j) {
          const double xhat = (in(i, j) - mean(i)) * rstd(i);
          const double dnorm = dout(i, j) * weight(j);
          a += dnorm;
          b += dnorm * xhat;
        }
        row_sums(i, 0) = a;
        row_sums(i, 1) = b;
      });
  comm::all_reduce(exec, x_group, row_sums);
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::input", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i) {
        const float mean_dnorm = static_cast<float>(row_sums(i, 0) / channels);
        const float mean_dnorm_xhat = static_cast<float>(row_sums(i, 1) / channels);
        for (std::size_t j = 0; j < c; ++j) {
          const float xhat = (in(i, j) - mean(i)) * rstd(i);
          const float dnorm = dout(i, j) * weight(j);
          din(i, j) = (dnorm - mean_dnorm - xhat * mean_dnorm_xhat) * rstd(i);
        }
      });
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::parameters", Kokkos::RangePolicy<ExecSpace>(exec, 0, c),
      KOKKOS_LAMBDA(const std::size_t j) {
        float dw = 0.0f, db = 0.0f;
        for (std::size_t i = 0; i < m; ++i) {
          const float xhat = (in(i, j) - mean(i)) * rstd(i);
          dw += dout(i, j) * xhat;
          db += dout(i, j);
        }
        dweight(j) += dw;
        dbias(j) += db;
      });
}

}  // namespace fourfold
