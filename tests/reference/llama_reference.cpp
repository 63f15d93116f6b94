#include "reference/llama_reference.hpp"

#include "reference/gpt2_reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

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

// ---- the whole model ----------------------------------------------------------------------

namespace fourfold::reference {
namespace {

double* block(std::vector<double>& v, int l, std::size_t size) { return v.data() + static_cast<std::size_t>(l) * size; }
const double* block(const std::vector<double>& v, int l, std::size_t size) {
  return v.data() + static_cast<std::size_t>(l) * size;
}

// The fused q/k/v rows (N, (NH + 2 KV) hs) as GPT-2's attention reads them, (N, 3 C): each query
// head h next to key/value head h / (NH / KV) (transformers' repeat_kv).
void expand_kv(double* out, const double* qkv, int N, int NH, int KV, int hs) {
  const int width = (NH + 2 * KV) * hs, C = NH * hs, group = NH / KV;
  for (int i = 0; i < N; ++i) {
    const double* row = qkv + static_cast<std::size_t>(i) * width;
    double* o = out + static_cast<std::size_t>(i) * 3 * C;
    for (int j = 0; j < C; ++j) o[j] = row[j];
    for (int h = 0; h < NH; ++h)
      for (int k = 0; k < hs; ++k) {
        o[C + h * hs + k] = row[C + (h / group) * hs + k];
        o[2 * C + h * hs + k] = row[C + KV * hs + (h / group) * hs + k];
      }
  }
}

// The gradient of expand_kv: d_qkv (N, (NH + 2 KV) hs) += d_expanded (N, 3 C), the shared heads' summed.
void collapse_kv(double* d_qkv, const double* d_expanded, int N, int NH, int KV, int hs) {
  const int width = (NH + 2 * KV) * hs, C = NH * hs, group = NH / KV;
  for (int i = 0; i < N; ++i) {
    double* row = d_qkv + static_cast<std::size_t>(i) * width;
    const double* d = d_expanded + static_cast<std::size_t>(i) * 3 * C;
    for (int j = 0; j < C; ++j) row[j] += d[j];
    for (int h = 0; h < NH; ++h)
      for (int k = 0; k < hs; ++k) {
        row[C + (h / group) * hs + k] += d[C + h * hs + k];
        row[C + KV * hs + (h / group) * hs + k] += d[2 * C + h * hs + k];
      }
  }
}

}  // namespace

std::vector<std::pair<const char*, std::vector<double>*>> LlamaParams::tensors() {
  return {{"wte", &wte},   {"ln1w", &ln1w},       {"qkvw", &qkvw}, {"attprojw", &attprojw}, {"ln2w", &ln2w},
          {"fcw", &fcw},   {"fcprojw", &fcprojw}, {"lnfw", &lnfw}, {"lm_head", &lm_head}};
}

LlamaParams zero_llama_params(const LlamaConfig& c) {
  const std::size_t C = c.channels, L = c.num_layers, I = c.intermediate_size, hs = C / c.num_heads;
  const std::size_t qkv = (c.num_heads + 2 * c.num_kv_heads) * hs;
  LlamaParams p;
  p.wte.assign(c.padded_vocab_size * C, 0.0);
  p.ln1w.assign(L * C, 0.0);
  p.qkvw.assign(L * qkv * C, 0.0);
  p.attprojw.assign(L * C * C, 0.0);
  p.ln2w.assign(L * C, 0.0);
  p.fcw.assign(L * 2 * I * C, 0.0);
  p.fcprojw.assign(L * C * I, 0.0);
  p.lnfw.assign(C, 0.0);
  if (!c.tied) p.lm_head.assign(c.padded_vocab_size * C, 0.0);
  return p;
}

double llama_forward_backward(const LlamaConfig& c, const LlamaParams& p, const std::vector<int>& tokens,
                              const std::vector<int>& targets, int B, int T, LlamaParams* grads) {
  const int C = c.channels, NH = c.num_heads, KV = c.num_kv_heads, hs = C / NH, I = c.intermediate_size;
  const int L = c.num_layers, V = c.vocab_size, Vp = c.padded_vocab_size, W = (NH + 2 * KV) * hs;
  const int N = B * T;
  const std::size_t nc = static_cast<std::size_t>(N) * C, nw = static_cast<std::size_t>(N) * W,
                    n3c = 3 * nc, ni = static_cast<std::size_t>(N) * I, ntt = static_cast<std::size_t>(B) * NH * T * T;
  const std::size_t cc = static_cast<std::size_t>(C) * C, wc = static_cast<std::size_t>(W) * C,
                    ic = static_cast<std::size_t>(I) * C;
  const std::vector<double>& head = c.tied ? p.wte : p.lm_head;

  // Forward, keeping every block's values for the backward.
  std::vector<double> x((L + 1) * nc), ln1(L * nc), rstd1(L * N), qkv(L * nw), expanded(L * n3c), att(L * ntt),
      atty(L * nc), res2(L * nc), ln2(L * nc), rstd2(L * N), gate_up(L * 2 * ni), act(L * ni), lnf(nc), rstdf(N),
      logits(static_cast<std::size_t>(N) * Vp), probs(static_cast<std::size_t>(N) * Vp), losses(N), tmp(nc);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j) x[static_cast<std::size_t>(i) * C + j] = p.wte[static_cast<std::size_t>(tokens[i]) * C + j];
  for (int l = 0; l < L; ++l) {
    const double* in = block(x, l, nc);
    rmsnorm_forward(block(ln1, l, nc), block(rstd1, l, N), in, block(p.ln1w, l, C), N, C, c.norm_eps);
    matmul_forward(block(qkv, l, nw), block(ln1, l, nc), block(p.qkvw, l, wc), nullptr, B, T, C, W);
    rotary(block(qkv, l, nw), N, W, NH + KV, hs, T, c.rope_theta, 0, false);
    expand_kv(block(expanded, l, n3c), block(qkv, l, nw), N, NH, KV, hs);
    attention_forward(block(atty, l, nc), block(att, l, ntt), block(expanded, l, n3c), B, T, C, NH);
    matmul_forward(tmp.data(), block(atty, l, nc), block(p.attprojw, l, cc), nullptr, B, T, C, C);
    residual_forward(block(res2, l, nc), in, tmp.data(), static_cast<int>(nc));
    rmsnorm_forward(block(ln2, l, nc), block(rstd2, l, N), block(res2, l, nc), block(p.ln2w, l, C), N, C, c.norm_eps);
    matmul_forward(block(gate_up, l, 2 * ni), block(ln2, l, nc), block(p.fcw, l, 2 * ic), nullptr, B, T, C, 2 * I);
    swiglu_forward(block(act, l, ni), block(gate_up, l, 2 * ni), N, I);
    matmul_forward(tmp.data(), block(act, l, ni), block(p.fcprojw, l, ic), nullptr, B, T, I, C);
    residual_forward(block(x, l + 1, nc), block(res2, l, nc), tmp.data(), static_cast<int>(nc));
  }
  rmsnorm_forward(lnf.data(), rstdf.data(), block(x, L, nc), p.lnfw.data(), N, C, c.norm_eps);
  matmul_forward(logits.data(), lnf.data(), head.data(), nullptr, B, T, C, Vp);
  crossentropy_softmax_forward(losses.data(), probs.data(), logits.data(), targets.data(), B, T, V, Vp);
  double loss = 0.0;
  for (const double v : losses) loss += v;
  loss /= N;
  if (grads == nullptr) return loss;

  LlamaParams& g = *grads;
  g = zero_llama_params(c);
  std::vector<double>& dhead = c.tied ? g.wte : g.lm_head;
  std::vector<double> dlosses(N, 1.0 / N), dlogits(static_cast<std::size_t>(N) * Vp, 0.0), dlnf(nc, 0.0),
      dx(nc, 0.0), dres2(nc), dact(ni), dgate_up(2 * ni), dln2(nc), datty(nc), dexpanded(n3c), dqkv(nw), dln1(nc),
      dblock_input(nc);
  crossentropy_softmax_backward(dlogits.data(), dlosses.data(), probs.data(), targets.data(), B, T, V, Vp);
  matmul_backward(dlnf.data(), dhead.data(), nullptr, dlogits.data(), lnf.data(), head.data(), B, T, C, Vp);
  rmsnorm_backward(dx.data(), g.lnfw.data(), dlnf.data(), block(x, L, nc), p.lnfw.data(), rstdf.data(), N, C);
  for (int l = L - 1; l >= 0; --l) {
    for (auto* buffer : {&dres2, &dact, &dgate_up, &dln2, &datty, &dexpanded, &dqkv, &dln1, &dblock_input})
      std::fill(buffer->begin(), buffer->end(), 0.0);
    // x[l+1] = res2 + down(swiglu(gate_up(ln2(res2))))
    matmul_backward(dact.data(), block(g.fcprojw, l, ic), nullptr, dx.data(), block(act, l, ni),
                    block(p.fcprojw, l, ic), B, T, I, C);
    swiglu_backward(dgate_up.data(), dact.data(), block(gate_up, l, 2 * ni), N, I);
    matmul_backward(dln2.data(), block(g.fcw, l, 2 * ic), nullptr, dgate_up.data(), block(ln2, l, nc),
                    block(p.fcw, l, 2 * ic), B, T, C, 2 * I);
    dres2 = dx;  // skip connection
    rmsnorm_backward(dres2.data(), block(g.ln2w, l, C), dln2.data(), block(res2, l, nc), block(p.ln2w, l, C),
                     block(rstd2, l, N), N, C);
    // res2 = x[l] + o(attention(rotary(qkv(ln1(x[l])))))
    matmul_backward(datty.data(), block(g.attprojw, l, cc), nullptr, dres2.data(), block(atty, l, nc),
                    block(p.attprojw, l, cc), B, T, C, C);
    attention_backward(dexpanded.data(), datty.data(), block(expanded, l, n3c), block(att, l, ntt), B, T, C, NH);
    collapse_kv(dqkv.data(), dexpanded.data(), N, NH, KV, hs);
    rotary(dqkv.data(), N, W, NH + KV, hs, T, c.rope_theta, 0, true);
    matmul_backward(dln1.data(), block(g.qkvw, l, wc), nullptr, dqkv.data(), block(ln1, l, nc),
                    block(p.qkvw, l, wc), B, T, C, W);
    dblock_input = dres2;  // skip connection
    rmsnorm_backward(dblock_input.data(), block(g.ln1w, l, C), dln1.data(), block(x, l, nc), block(p.ln1w, l, C),
                     block(rstd1, l, N), N, C);
    dx.swap(dblock_input);
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j) g.wte[static_cast<std::size_t>(tokens[i]) * C + j] += dx[static_cast<std::size_t>(i) * C + j];
  return loss;
}

}  // namespace fourfold::reference
