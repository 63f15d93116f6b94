#include "reference/llama_reference.hpp"

#include <cmath>

namespace fourfold::reference {

void rmsnorm_forward(double* out, double* rstd, const double* inp, const double* weight, int N, int C, double eps) {
  for (int i = 0; i < N; ++i) {
    const double* x = inp + static_cast<long>(i) * C;
    double ms = 0.0;
    for (int j = 0; j < C; ++j) ms += x[j] * x[j];
    ms /= C;
    const double r = 1.0 / std::sqrt(ms + eps);
    for (int j = 0; j < C; ++j) out[static_cast<long>(i) * C + j] = x[j] * r * weight[j];
    rstd[i] = r;
  }
}

void rmsnorm_backward(double* dinp, double* dweight, const double* dout, const double* inp, const double* weight,
                      const double* rstd, int N, int C) {
  for (int i = 0; i < N; ++i) {
    const double* x = inp + static_cast<long>(i) * C;
    const double* dy = dout + static_cast<long>(i) * C;
    const double r = rstd[i];
    // y = w * xhat, xhat = x * r(x): dxhat = dy * w; dx = r * (dxhat - xhat * mean(dxhat * xhat)).
    double mean_dxhat_xhat = 0.0;
    for (int j = 0; j < C; ++j) mean_dxhat_xhat += dy[j] * weight[j] * x[j] * r;
    mean_dxhat_xhat /= C;
    for (int j = 0; j < C; ++j) {
      const double xhat = x[j] * r;
      dweight[j] += dy[j] * xhat;
      dinp[static_cast<long>(i) * C + j] += r * (dy[j] * weight[j] - xhat * mean_dxhat_xhat);
    }
  }
}

}  // namespace fourfold::reference
