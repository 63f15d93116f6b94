// Plain serial GPT-2 in double precision (see gpt2_reference.hpp): the single layers, then the
// whole model wired the way llm.c's train_gpt2.c wires it.
#include "reference/gpt2_reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace fourfold::reference {

// ---- single layers ------------------------------------------------------------------------

void encoder_forward(double* out, const int* tokens, const double* wte, const double* wpe, int B,
                     int T, int C) {
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      double* out_bt = out + (b * T + t) * C;                  // (C)
      const double* wte_row = wte + tokens[b * T + t] * C;     // (C)
      const double* wpe_row = wpe + t * C;                     // (C)
      for (int i = 0; i < C; ++i) out_bt[i] = wte_row[i] + wpe_row[i];
    }
  }
}

void encoder_backward(double* dwte, double* dwpe, const double* dout, const int* tokens, int B,
                      int T, int C) {
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      const double* dout_bt = dout + (b * T + t) * C;          // (C)
      double* dwte_row = dwte + tokens[b * T + t] * C;         // (C)
      double* dwpe_row = dwpe + t * C;                         // (C)
      for (int i = 0; i < C; ++i) {
        dwte_row[i] += dout_bt[i];
        dwpe_row[i] += dout_bt[i];
      }
    }
  }
}

void layernorm_forward(double* out, double* mean, double* rstd, const double* inp,
                       const double* weight, const double* bias, int B, int T, int C) {
  const double eps = 1e-5;
  for (int bt = 0; bt < B * T; ++bt) {
    const double* x = inp + bt * C;  // (C)
    double* y = out + bt * C;        // (C)
    double sum = 0.0;
    for (int i = 0; i < C; ++i) sum += x[i];
    const double m = sum / C;
    double squared_deviations = 0.0;
    for (int i = 0; i < C; ++i) squared_deviations += (x[i] - m) * (x[i] - m);
    const double variance = squared_deviations / C;  // biased, as in GPT-2
    const double s = 1.0 / std::sqrt(variance + eps);
    for (int i = 0; i < C; ++i) y[i] = (x[i] - m) * s * weight[i] + bias[i];
    mean[bt] = m;
    rstd[bt] = s;
  }
}

void layernorm_backward(double* dinp, double* dweight, double* dbias, const double* dout,
                        const double* inp, const double* weight, const double* mean,
                        const double* rstd, int B, int T, int C) {
  for (int bt = 0; bt < B * T; ++bt) {
    const double* dy = dout + bt * C;  // (C)
    const double* x = inp + bt * C;    // (C)
    double* dx = dinp + bt * C;        // (C)
    const double m = mean[bt];
    const double s = rstd[bt];
    // dnorm = dy * weight; dx = s * (dnorm - mean(dnorm) - norm * mean(dnorm * norm)).
    double dnorm_mean = 0.0;
    double dnorm_norm_mean = 0.0;
    for (int i = 0; i < C; ++i) {
      const double norm = (x[i] - m) * s;
      const double dnorm = dy[i] * weight[i];
      dnorm_mean += dnorm;
      dnorm_norm_mean += dnorm * norm;
    }
    dnorm_mean /= C;
    dnorm_norm_mean /= C;
    for (int i = 0; i < C; ++i) {
      const double norm = (x[i] - m) * s;
      const double dnorm = dy[i] * weight[i];
      dbias[i] += dy[i];
      dweight[i] += norm * dy[i];
      dx[i] += s * (dnorm - dnorm_mean - norm * dnorm_norm_mean);
    }
  }
}

void matmul_forward(double* out, const double* inp, const double* weight, const double* bias,
                    int B, int T, int C, int OC) {
  for (int bt = 0; bt < B * T; ++bt) {
    const double* x = inp + bt * C;  // (C)
    double* y = out + bt * OC;       // (OC)
    for (int o = 0; o < OC; ++o) {
      const double* w_row = weight + static_cast<std::size_t>(o) * C;  // (C)
      double acc = bias != nullptr ? bias[o] : 0.0;
      for (int i = 0; i < C; ++i) acc += x[i] * w_row[i];
      y[o] = acc;
    }
  }
}

void matmul_backward(double* dinp, double* dweight, double* dbias, const double* dout,
                     const double* inp, const double* weight, int B, int T, int C, int OC) {
  for (int bt = 0; bt < B * T; ++bt) {
    const double* dy = dout + bt * OC;  // (OC)
    const double* x = inp + bt * C;     // (C)
    double* dx = dinp + bt * C;         // (C)
    for (int o = 0; o < OC; ++o) {
      const double* w_row = weight + static_cast<std::size_t>(o) * C;  // (C)
      double* dw_row = dweight + static_cast<std::size_t>(o) * C;      // (C)
      for (int i = 0; i < C; ++i) {
        dx[i] += dy[o] * w_row[i];
        dw_row[i] += dy[o] * x[i];
      }
      if (dbias != nullptr) dbias[o] += dy[o];
    }
  }
}

void attention_forward(double* out, double* att, const double* inp, int B, int T, int C, int NH) {
  const int hs = C / NH;
  const double scale = 1.0 / std::sqrt(static_cast<double>(hs));
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      for (int h = 0; h < NH; ++h) {
        const double* q = inp + (b * T + t) * 3 * C + h * hs;  // (hs)
        double* att_row = att + ((b * NH + h) * T + t) * T;    // (T)
        // Scores against keys 0..t, then a numerically stable softmax over them.
        double max_score = -INFINITY;
        for (int t2 = 0; t2 <= t; ++t2) {
          const double* k = inp + (b * T + t2) * 3 * C + C + h * hs;  // (hs)
          double score = 0.0;
          for (int i = 0; i < hs; ++i) score += q[i] * k[i];
          score *= scale;
          att_row[t2] = score;
          max_score = std::max(max_score, score);
        }
        double exp_sum = 0.0;
        for (int t2 = 0; t2 <= t; ++t2) {
          att_row[t2] = std::exp(att_row[t2] - max_score);
          exp_sum += att_row[t2];
        }
        for (int t2 = 0; t2 <= t; ++t2) att_row[t2] /= exp_sum;
        for (int t2 = t + 1; t2 < T; ++t2) att_row[t2] = 0.0;  // causal mask
        // Weighted sum of values 0..t.
        double* y = out + (b * T + t) * C + h * hs;  // (hs)
        for (int i = 0; i < hs; ++i) y[i] = 0.0;
        for (int t2 = 0; t2 <= t; ++t2) {
          const double* v = inp + (b * T + t2) * 3 * C + 2 * C + h * hs;  // (hs)
          for (int i = 0; i < hs; ++i) y[i] += att_row[t2] * v[i];
        }
      }
    }
  }
}

void attention_backward(double* dinp, const double* dout, const double* inp, const double* att,
                        int B, int T, int C, int NH) {
  const int hs = C / NH;
  const double scale = 1.0 / std::sqrt(static_cast<double>(hs));
  std::vector<double> datt_row(T);    // (T) d loss / d softmax probability
  std::vector<double> dscore_row(T);  // (T) d loss / d scaled score (before softmax)
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      for (int h = 0; h < NH; ++h) {
        const double* att_row = att + ((b * NH + h) * T + t) * T;  // (T)
        const double* dy = dout + (b * T + t) * C + h * hs;        // (hs)
        const double* q = inp + (b * T + t) * 3 * C + h * hs;      // (hs)
        double* dq = dinp + (b * T + t) * 3 * C + h * hs;          // (hs)
        // Through the weighted sum of values.
        for (int t2 = 0; t2 <= t; ++t2) {
          const double* v = inp + (b * T + t2) * 3 * C + 2 * C + h * hs;  // (hs)
          double* dv = dinp + (b * T + t2) * 3 * C + 2 * C + h * hs;      // (hs)
          double d = 0.0;
          for (int i = 0; i < hs; ++i) {
            d += dy[i] * v[i];
            dv[i] += att_row[t2] * dy[i];
          }
          datt_row[t2] = d;
        }
        // Through the softmax: dscore = p * (datt - sum(p * datt)).
        double weighted_datt = 0.0;
        for (int t2 = 0; t2 <= t; ++t2) weighted_datt += att_row[t2] * datt_row[t2];
        for (int t2 = 0; t2 <= t; ++t2)
          dscore_row[t2] = att_row[t2] * (datt_row[t2] - weighted_datt);
        // Through the scaled dot products q . k.
        for (int t2 = 0; t2 <= t; ++t2) {
          const double* k = inp + (b * T + t2) * 3 * C + C + h * hs;  // (hs)
          double* dk = dinp + (b * T + t2) * 3 * C + C + h * hs;      // (hs)
          for (int i = 0; i < hs; ++i) {
            dq[i] += dscore_row[t2] * scale * k[i];
            dk[i] += dscore_row[t2] * scale * q[i];
          }
        }
      }
    }
  }
}

namespace {
const double kPi = 3.14159265358979323846;
const double kGeluScale = std::sqrt(2.0 / kPi);  // sqrt(2/pi)
}  // namespace

void gelu_forward(double* out, const double* inp, int N) {
  for (int i = 0; i < N; ++i) {
    const double x = inp[i];
    out[i] = 0.5 * x * (1.0 + std::tanh(kGeluScale * (x + 0.044715 * x * x * x)));
  }
}

void gelu_backward(double* dinp, const double* dout, const double* inp, int N) {
  for (int i = 0; i < N; ++i) {
    const double x = inp[i];
    const double u = kGeluScale * (x + 0.044715 * x * x * x);
    const double du_dx = kGeluScale * (1.0 + 3.0 * 0.044715 * x * x);
    const double tanh_u = std::tanh(u);
    const double sech2_u = 1.0 - tanh_u * tanh_u;
    const double dgelu_dx = 0.5 * (1.0 + tanh_u) + 0.5 * x * sech2_u * du_dx;
    dinp[i] += dgelu_dx * dout[i];
  }
}

void residual_forward(double* out, const double* inp1, const double* inp2, int N) {
  for (int i = 0; i < N; ++i) out[i] = inp1[i] + inp2[i];
}

void residual_backward(double* dinp1, double* dinp2, const double* dout, int N) {
  for (int i = 0; i < N; ++i) {
    dinp1[i] += dout[i];
    dinp2[i] += dout[i];
  }
}

void crossentropy_softmax_forward(double* losses, double* probs, const double* logits,
                                  const int* targets, int B, int T, int V, int Vp) {
  for (int bt = 0; bt < B * T; ++bt) {
    const double* z = logits + static_cast<std::size_t>(bt) * Vp;  // (Vp)
    double* p = probs + static_cast<std::size_t>(bt) * Vp;         // (Vp)
    double max_logit = -INFINITY;
    for (int v = 0; v < V; ++v) max_logit = std::max(max_logit, z[v]);
    double exp_sum = 0.0;
    for (int v = 0; v < V; ++v) {
      p[v] = std::exp(z[v] - max_logit);
      exp_sum += p[v];
    }
    for (int v = 0; v < V; ++v) p[v] /= exp_sum;
    for (int v = V; v < Vp; ++v) p[v] = 0.0;  // padding is not part of the distribution
    // loss = logsumexp(z) - z[target], computed without log(p) so uniform logits give
    // exactly log(V).
    losses[bt] = std::log(exp_sum) + max_logit - z[targets[bt]];
  }
}

void crossentropy_softmax_backward(double* dlogits, const double* dlosses, const double* probs,
                                   const int* targets, int B, int T, int V, int Vp) {
  for (int bt = 0; bt < B * T; ++bt) {
    const double* p = probs + static_cast<std::size_t>(bt) * Vp;  // (Vp)
    double* dz = dlogits + static_cast<std::size_t>(bt) * Vp;     // (Vp)
    for (int v = 0; v < V; ++v) {
      const double indicator = v == targets[bt] ? 1.0 : 0.0;
      dz[v] += (p[v] - indicator) * dlosses[bt];
    }
  }
}

// ---- parameters ---------------------------------------------------------------------------

namespace {
// Both overloads of Params::tensors(): `self` is Params or const Params.
template <typename Self, typename Tensor>
std::vector<std::pair<const char*, Tensor*>> named_tensors(Self& self) {
  return {{"wte", &self.wte},           {"wpe", &self.wpe},           {"ln1w", &self.ln1w},
          {"ln1b", &self.ln1b},         {"qkvw", &self.qkvw},         {"qkvb", &self.qkvb},
          {"attprojw", &self.attprojw}, {"attprojb", &self.attprojb}, {"ln2w", &self.ln2w},
          {"ln2b", &self.ln2b},         {"fcw", &self.fcw},           {"fcb", &self.fcb},
          {"fcprojw", &self.fcprojw},   {"fcprojb", &self.fcprojb},   {"lnfw", &self.lnfw},
          {"lnfb", &self.lnfb}};
}
}  // namespace

std::vector<std::pair<const char*, std::vector<double>*>> Params::tensors() {
  return named_tensors<Params, std::vector<double>>(*this);
}

std::vector<std::pair<const char*, const std::vector<double>*>> Params::tensors() const {
  return named_tensors<const Params, const std::vector<double>>(*this);
}

namespace {

void check_config(const Config& c) {
  if (c.max_seq_len <= 0 || c.vocab_size <= 0 || c.num_layers <= 0 || c.num_heads <= 0 ||
      c.channels <= 0)
    throw std::invalid_argument("reference::Config: every size must be positive");
  if (c.padded_vocab_size < c.vocab_size)
    throw std::invalid_argument("reference::Config: padded_vocab_size " +
                                std::to_string(c.padded_vocab_size) + " < vocab_size " +
                                std::to_string(c.vocab_size));
  if (c.channels % c.num_heads != 0)
    throw std::invalid_argument("reference::Config: channels " + std::to_string(c.channels) +
                                " not divisible by num_heads " + std::to_string(c.num_heads));
}

void check_params(const Config& config, const Params& params) {
  const Params expected = zero_params(config);
  const auto expected_tensors = expected.tensors();
  const auto actual_tensors = params.tensors();
  for (std::size_t i = 0; i < expected_tensors.size(); ++i)
    if (actual_tensors[i].second->size() != expected_tensors[i].second->size())
      throw std::invalid_argument(std::string("reference: params.") + expected_tensors[i].first +
                                  " has " + std::to_string(actual_tensors[i].second->size()) +
                                  " elements, expected " +
                                  std::to_string(expected_tensors[i].second->size()));
}

void check_batch(const Config& config, const std::vector<int>& tokens,
                 const std::vector<int>& targets, int B, int T) {
  if (B <= 0 || T <= 0 || T > config.max_seq_len)
    throw std::invalid_argument("reference: need B > 0 and 0 < T <= max_seq_len, got B " +
                                std::to_string(B) + ", T " + std::to_string(T));
  const std::size_t positions = static_cast<std::size_t>(B) * T;
  if (tokens.size() != positions || targets.size() != positions)
    throw std::invalid_argument("reference: tokens and targets must hold B*T = " +
                                std::to_string(positions) + " values");
  for (std::size_t i = 0; i < positions; ++i)
    if (tokens[i] < 0 || tokens[i] >= config.vocab_size || targets[i] < 0 ||
        targets[i] >= config.vocab_size)
      throw std::invalid_argument("reference: token or target outside [0, vocab_size) at " +
                                  std::to_string(i));
}

// Everything the forward pass computes and the backward pass reads, llm.c's ActivationTensor.
// Per-layer buffers are stacked over layers; `layer(buffer, l, per_layer)` finds layer l.
struct Activations {
  std::vector<double> encoded;    // (B, T, C)
  std::vector<double> ln1;        // (L, B, T, C)
  std::vector<double> ln1_mean;   // (L, B, T)
  std::vector<double> ln1_rstd;   // (L, B, T)
  std::vector<double> qkv;        // (L, B, T, 3C)
  std::vector<double> atty;       // (L, B, T, C)
  std::vector<double> att;        // (L, B, NH, T, T)
  std::vector<double> attproj;    // (L, B, T, C)
  std::vector<double> residual2;  // (L, B, T, C)  block input + attention branch
  std::vector<double> ln2;        // (L, B, T, C)
  std::vector<double> ln2_mean;   // (L, B, T)
  std::vector<double> ln2_rstd;   // (L, B, T)
  std::vector<double> fch;        // (L, B, T, 4C)
  std::vector<double> fch_gelu;   // (L, B, T, 4C)
  std::vector<double> fcproj;     // (L, B, T, C)
  std::vector<double> residual3;  // (L, B, T, C)  block output
  std::vector<double> lnf;        // (B, T, C)
  std::vector<double> lnf_mean;   // (B, T)
  std::vector<double> lnf_rstd;   // (B, T)
  std::vector<double> logits;     // (B, T, Vp)
  std::vector<double> probs;      // (B, T, Vp)
  std::vector<double> losses;     // (B, T)

  Activations(const Config& c, int B, int T) {
    const std::size_t L = c.num_layers, C = c.channels, NH = c.num_heads;
    const std::size_t BT = static_cast<std::size_t>(B) * T;
    encoded.assign(BT * C, 0.0);
    ln1.assign(L * BT * C, 0.0);
    ln1_mean.assign(L * BT, 0.0);
    ln1_rstd.assign(L * BT, 0.0);
    qkv.assign(L * BT * 3 * C, 0.0);
    atty.assign(L * BT * C, 0.0);
    att.assign(L * B * NH * T * T, 0.0);
    attproj.assign(L * BT * C, 0.0);
    residual2.assign(L * BT * C, 0.0);
    ln2.assign(L * BT * C, 0.0);
    ln2_mean.assign(L * BT, 0.0);
    ln2_rstd.assign(L * BT, 0.0);
    fch.assign(L * BT * 4 * C, 0.0);
    fch_gelu.assign(L * BT * 4 * C, 0.0);
    fcproj.assign(L * BT * C, 0.0);
    residual3.assign(L * BT * C, 0.0);
    lnf.assign(BT * C, 0.0);
    lnf_mean.assign(BT, 0.0);
    lnf_rstd.assign(BT, 0.0);
    logits.assign(BT * c.padded_vocab_size, 0.0);
    probs.assign(BT * c.padded_vocab_size, 0.0);
    losses.assign(BT, 0.0);
  }
};

// Start of layer l in a buffer stacked over layers with `per_layer` elements each.
double* layer(std::vector<double>& buffer, int l, std::size_t per_layer) {
  return buffer.data() + l * per_layer;
}
const double* layer(const std::vector<double>& buffer, int l, std::size_t per_layer) {
  return buffer.data() + l * per_layer;
}

// Fills every activation and the per-position losses.
void run_forward(const Config& c, const Params& p, const std::vector<int>& tokens,
                 const std::vector<int>& targets, int B, int T, Activations& a) {
  const int C = c.channels, NH = c.num_heads, Vp = c.padded_vocab_size;
  const std::size_t BT = static_cast<std::size_t>(B) * T;
  const std::size_t btc = BT * C;                                   // one (B,T,C) slice
  const std::size_t bt3c = BT * 3 * C, bt4c = BT * 4 * C;
  const std::size_t btt = static_cast<std::size_t>(B) * NH * T * T;  // one (B,NH,T,T) slice
  const std::size_t cc = static_cast<std::size_t>(C) * C;

  encoder_forward(a.encoded.data(), tokens.data(), p.wte.data(), p.wpe.data(), B, T, C);
  for (int l = 0; l < c.num_layers; ++l) {
    const double* block_input = l == 0 ? a.encoded.data() : layer(a.residual3, l - 1, btc);
    double* ln1 = layer(a.ln1, l, btc);
    double* qkv = layer(a.qkv, l, bt3c);
    double* atty = layer(a.atty, l, btc);
    double* attproj = layer(a.attproj, l, btc);
    double* residual2 = layer(a.residual2, l, btc);
    double* ln2 = layer(a.ln2, l, btc);
    double* fch = layer(a.fch, l, bt4c);
    double* fch_gelu = layer(a.fch_gelu, l, bt4c);
    double* fcproj = layer(a.fcproj, l, btc);

    layernorm_forward(ln1, layer(a.ln1_mean, l, BT), layer(a.ln1_rstd, l, BT), block_input,
                      layer(p.ln1w, l, C), layer(p.ln1b, l, C), B, T, C);
    matmul_forward(qkv, ln1, layer(p.qkvw, l, 3 * cc), layer(p.qkvb, l, 3 * C), B, T, C, 3 * C);
    attention_forward(atty, layer(a.att, l, btt), qkv, B, T, C, NH);
    matmul_forward(attproj, atty, layer(p.attprojw, l, cc), layer(p.attprojb, l, C), B, T, C, C);
    residual_forward(residual2, block_input, attproj, static_cast<int>(btc));
    layernorm_forward(ln2, layer(a.ln2_mean, l, BT), layer(a.ln2_rstd, l, BT), residual2,
                      layer(p.ln2w, l, C), layer(p.ln2b, l, C), B, T, C);
    matmul_forward(fch, ln2, layer(p.fcw, l, 4 * cc), layer(p.fcb, l, 4 * C), B, T, C, 4 * C);
    gelu_forward(fch_gelu, fch, static_cast<int>(bt4c));
    matmul_forward(fcproj, fch_gelu, layer(p.fcprojw, l, 4 * cc), layer(p.fcprojb, l, C), B, T,
                   4 * C, C);
    residual_forward(layer(a.residual3, l, btc), residual2, fcproj, static_cast<int>(btc));
  }
  const double* last_block_output = layer(a.residual3, c.num_layers - 1, btc);
  layernorm_forward(a.lnf.data(), a.lnf_mean.data(), a.lnf_rstd.data(), last_block_output,
                    p.lnfw.data(), p.lnfb.data(), B, T, C);
  matmul_forward(a.logits.data(), a.lnf.data(), p.wte.data(), nullptr, B, T, C, Vp);
  crossentropy_softmax_forward(a.losses.data(), a.probs.data(), a.logits.data(), targets.data(),
                               B, T, c.vocab_size, Vp);
}

double mean_of(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

}  // namespace

Params zero_params(const Config& c) {
  check_config(c);
  const std::size_t L = c.num_layers, C = c.channels;
  Params p;
  p.wte.assign(static_cast<std::size_t>(c.padded_vocab_size) * C, 0.0);
  p.wpe.assign(static_cast<std::size_t>(c.max_seq_len) * C, 0.0);
  p.ln1w.assign(L * C, 0.0);
  p.ln1b.assign(L * C, 0.0);
  p.qkvw.assign(L * 3 * C * C, 0.0);
  p.qkvb.assign(L * 3 * C, 0.0);
  p.attprojw.assign(L * C * C, 0.0);
  p.attprojb.assign(L * C, 0.0);
  p.ln2w.assign(L * C, 0.0);
  p.ln2b.assign(L * C, 0.0);
  p.fcw.assign(L * 4 * C * C, 0.0);
  p.fcb.assign(L * 4 * C, 0.0);
  p.fcprojw.assign(L * C * 4 * C, 0.0);
  p.fcprojb.assign(L * C, 0.0);
  p.lnfw.assign(C, 0.0);
  p.lnfb.assign(C, 0.0);
  return p;
}

std::vector<double> position_losses(const Config& config, const Params& params,
                                    const std::vector<int>& tokens,
                                    const std::vector<int>& targets, int B, int T) {
  check_config(config);
  check_params(config, params);
  check_batch(config, tokens, targets, B, T);
  Activations acts(config, B, T);
  run_forward(config, params, tokens, targets, B, T, acts);
  return acts.losses;
}

double forward(const Config& config, const Params& params, const std::vector<int>& tokens,
               const std::vector<int>& targets, int B, int T) {
  return mean_of(position_losses(config, params, tokens, targets, B, T));
}

double forward_backward(const Config& c, const Params& p, const std::vector<int>& tokens,
                        const std::vector<int>& targets, int B, int T, Params& g) {
  check_config(c);
  check_params(c, p);
  check_batch(c, tokens, targets, B, T);
  Activations a(c, B, T);
  run_forward(c, p, tokens, targets, B, T, a);
  const double loss = mean_of(a.losses);

  const int C = c.channels, NH = c.num_heads, V = c.vocab_size, Vp = c.padded_vocab_size;
  const std::size_t BT = static_cast<std::size_t>(B) * T;
  const std::size_t btc = BT * C;
  const std::size_t bt3c = BT * 3 * C, bt4c = BT * 4 * C;
  const std::size_t btt = static_cast<std::size_t>(B) * NH * T * T;
  const std::size_t cc = static_cast<std::size_t>(C) * C;

  g = zero_params(c);
  // Gradient buffers for one layer at a time (the backward functions accumulate into them,
  // so each is zeroed before its layer).
  std::vector<double> dlosses(BT, 1.0 / static_cast<double>(BT));  // (B, T) d mean / d loss
  std::vector<double> dlogits(BT * Vp, 0.0);                       // (B, T, Vp)
  std::vector<double> dlnf(btc, 0.0);                              // (B, T, C)
  std::vector<double> dresidual(btc, 0.0);  // (B, T, C) d loss / d current block output
  std::vector<double> dresidual2(btc, 0.0);                        // (B, T, C)
  std::vector<double> dfcproj_in(bt4c, 0.0);                       // (B, T, 4C) d fch_gelu
  std::vector<double> dfch(bt4c, 0.0);                             // (B, T, 4C)
  std::vector<double> dln2(btc, 0.0);                              // (B, T, C)
  std::vector<double> datty(btc, 0.0);                             // (B, T, C)
  std::vector<double> dqkv(bt3c, 0.0);                             // (B, T, 3C)
  std::vector<double> dln1(btc, 0.0);                              // (B, T, C)
  std::vector<double> dblock_input(btc, 0.0);                      // (B, T, C)

  crossentropy_softmax_backward(dlogits.data(), dlosses.data(), a.probs.data(), targets.data(), B,
                                T, V, Vp);
  matmul_backward(dlnf.data(), g.wte.data(), nullptr, dlogits.data(), a.lnf.data(), p.wte.data(),
                  B, T, C, Vp);
  const double* last_block_output = layer(a.residual3, c.num_layers - 1, btc);
  layernorm_backward(dresidual.data(), g.lnfw.data(), g.lnfb.data(), dlnf.data(),
                     last_block_output, p.lnfw.data(), a.lnf_mean.data(), a.lnf_rstd.data(), B, T,
                     C);

  for (int l = c.num_layers - 1; l >= 0; --l) {
    const double* block_input = l == 0 ? a.encoded.data() : layer(a.residual3, l - 1, btc);
    for (auto* buffer : {&dresidual2, &dfcproj_in, &dfch, &dln2, &datty, &dqkv, &dln1,
                         &dblock_input})
      std::fill(buffer->begin(), buffer->end(), 0.0);

    // residual3 = residual2 + fcproj(gelu(fc(ln2(residual2))))
    matmul_backward(dfcproj_in.data(), layer(g.fcprojw, l, 4 * cc), layer(g.fcprojb, l, C),
                    dresidual.data(), layer(a.fch_gelu, l, bt4c), layer(p.fcprojw, l, 4 * cc), B,
                    T, 4 * C, C);
    gelu_backward(dfch.data(), dfcproj_in.data(), layer(a.fch, l, bt4c), static_cast<int>(bt4c));
    matmul_backward(dln2.data(), layer(g.fcw, l, 4 * cc), layer(g.fcb, l, 4 * C), dfch.data(),
                    layer(a.ln2, l, btc), layer(p.fcw, l, 4 * cc), B, T, C, 4 * C);
    std::copy(dresidual.begin(), dresidual.end(), dresidual2.begin());  // skip connection
    layernorm_backward(dresidual2.data(), layer(g.ln2w, l, C), layer(g.ln2b, l, C), dln2.data(),
                       layer(a.residual2, l, btc), layer(p.ln2w, l, C),
                       layer(a.ln2_mean, l, BT), layer(a.ln2_rstd, l, BT), B, T, C);

    // residual2 = block_input + attproj(attention(qkv(ln1(block_input))))
    matmul_backward(datty.data(), layer(g.attprojw, l, cc), layer(g.attprojb, l, C),
                    dresidual2.data(), layer(a.atty, l, btc), layer(p.attprojw, l, cc), B, T, C,
                    C);
    attention_backward(dqkv.data(), datty.data(), layer(a.qkv, l, bt3c), layer(a.att, l, btt), B,
                       T, C, NH);
    matmul_backward(dln1.data(), layer(g.qkvw, l, 3 * cc), layer(g.qkvb, l, 3 * C), dqkv.data(),
                    layer(a.ln1, l, btc), layer(p.qkvw, l, 3 * cc), B, T, C, 3 * C);
    std::copy(dresidual2.begin(), dresidual2.end(), dblock_input.begin());  // skip connection
    layernorm_backward(dblock_input.data(), layer(g.ln1w, l, C), layer(g.ln1b, l, C),
                       dln1.data(), block_input, layer(p.ln1w, l, C), layer(a.ln1_mean, l, BT),
                       layer(a.ln1_rstd, l, BT), B, T, C);

    dresidual.swap(dblock_input);  // becomes d loss / d output of block l-1
  }
  encoder_backward(g.wte.data(), g.wpe.data(), dresidual.data(), tokens.data(), B, T, C);
  return loss;
}

}  // namespace fourfold::reference
