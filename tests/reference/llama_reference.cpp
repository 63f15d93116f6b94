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

void rotary(double* x, int N, int stride, int heads, int d, int T, double theta, int first_position, bool inverse) {
  const int half = d / 2;
  for (int r = 0; r < N; ++r) {
    const double p = first_position + r % T;
    for (int h = 0; h < heads; ++h) {
      double* v = x + static_cast<long>(r) * stride + static_cast<long>(h) * d;
      for (int k = 0; k < half; ++k) {
        const double angle = (inverse ? -p : p) * std::pow(theta, -2.0 * k / d);
        const double a = v[k], b = v[k + half];
        v[k] = a * std::cos(angle) - b * std::sin(angle);
        v[k + half] = b * std::cos(angle) + a * std::sin(angle);
      }
    }
  }
}

void swiglu_forward(double* out, const double* gate_up, int N, int n) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < n; ++j) {
      const double g = gate_up[static_cast<long>(i) * 2 * n + j], u = gate_up[static_cast<long>(i) * 2 * n + n + j];
      out[static_cast<long>(i) * n + j] = g / (1.0 + std::exp(-g)) * u;
    }
}

void swiglu_backward(double* d_gate_up, const double* dout, const double* gate_up, int N, int n) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < n; ++j) {
      const long gi = static_cast<long>(i) * 2 * n + j, ui = gi + n;
      const double g = gate_up[gi], u = gate_up[ui], dy = dout[static_cast<long>(i) * n + j];
      const double s = 1.0 / (1.0 + std::exp(-g));
      d_gate_up[gi] += dy * u * (s + g * s * (1.0 - s));
      d_gate_up[ui] += dy * g * s;
    }
}

}  // namespace fourfold::reference
