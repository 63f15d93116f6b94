// Plain serial GPT-2 (forward and backward) in double precision: the ground truth the tests
// compare fourfold's distributed Kokkos layers against. No Kokkos, no MPI, no BLAS: loops over
// std::vector<double>, in the style of karpathy/llm.c's CPU reference (train_gpt2.c), written
// to be read and trusted rather than to be fast.
//
// Layouts follow llm.c: activations are row-major (B, T, ...), every weight is (out x in)
// row-major, and the per-layer tensors of Params are stacked over the L layers.
//
// Layer functions use llm.c's argument order: outputs first, then inputs, then sizes. Backward
// functions take (gradient outputs..., dout, saved forward inputs/values..., sizes) and
// ACCUMULATE (+=) into every gradient output, parameter and input gradients alike, exactly as
// llm.c does; callers zero them first. Nullable pointers are marked as such.
#pragma once

#include <utility>
#include <vector>

namespace fourfold::reference {

struct Config {
  int max_seq_len;        // maxT: rows of wpe
  int vocab_size;         // V: real tokens; the softmax runs over [0, V) only
  int padded_vocab_size;  // Vp >= V: rows of wte (rows V..Vp-1 are padding)
  int num_layers;         // L
  int num_heads;          // NH; head size hs = C / NH
  int channels;           // C
};

// All parameters in llm.c order and layout.
struct Params {
  std::vector<double> wte;       // (Vp, C)
  std::vector<double> wpe;       // (maxT, C)
  std::vector<double> ln1w;      // (L, C)
  std::vector<double> ln1b;      // (L, C)
  std::vector<double> qkvw;      // (L, 3C, C)  rows: q (C) then k (C) then v (C); head h uses
                                 //             rows h*hs..(h+1)*hs of each
  std::vector<double> qkvb;      // (L, 3C)
  std::vector<double> attprojw;  // (L, C, C)
  std::vector<double> attprojb;  // (L, C)
  std::vector<double> ln2w;      // (L, C)
  std::vector<double> ln2b;      // (L, C)
  std::vector<double> fcw;       // (L, 4C, C)
  std::vector<double> fcb;       // (L, 4C)
  std::vector<double> fcprojw;   // (L, C, 4C)
  std::vector<double> fcprojb;   // (L, C)
  std::vector<double> lnfw;      // (C)
  std::vector<double> lnfb;      // (C)

  // The 16 tensors in the order above, for generic loops: name ("wte", "wpe", "ln1w", ...)
  // and pointer into this object.
  std::vector<std::pair<const char*, std::vector<double>*>> tensors();
  std::vector<std::pair<const char*, const std::vector<double>*>> tensors() const;
};

// Every tensor sized for `config` and zero. Throws std::invalid_argument on a bad config.
Params zero_params(const Config& config);

// Mean cross-entropy over the B*T positions. tokens, targets: (B, T), values in [0, V);
// T <= max_seq_len. Softmax only over the real vocabulary: padded logits never count.
double forward(const Config& config, const Params& params, const std::vector<int>& tokens,
               const std::vector<int>& targets, int B, int T);

// The per-position cross-entropy losses, (B, T), whose mean forward() returns.
std::vector<double> position_losses(const Config& config, const Params& params,
                                    const std::vector<int>& tokens,
                                    const std::vector<int>& targets, int B, int T);

// Same loss as forward(); grads (resized like params, overwritten) = d(mean loss)/d(param).
double forward_backward(const Config& config, const Params& params,
                        const std::vector<int>& tokens, const std::vector<int>& targets, int B,
                        int T, Params& grads);

// ---- single layers ------------------------------------------------------------------------

// out[b,t,:] = wte[tokens[b,t],:] + wpe[t,:].
//   out (B,T,C); tokens (B,T); wte (Vp,C); wpe (maxT,C)
void encoder_forward(double* out, const int* tokens, const double* wte, const double* wpe, int B,
                     int T, int C);
//   dwte (Vp,C) +=; dwpe (maxT,C) +=; dout (B,T,C); tokens (B,T)
void encoder_backward(double* dwte, double* dwpe, const double* dout, const int* tokens, int B,
                      int T, int C);

// LayerNorm over the last axis, eps 1e-5, biased variance.
//   out (B,T,C); mean, rstd (B,T) saved for backward; inp (B,T,C); weight, bias (C)
void layernorm_forward(double* out, double* mean, double* rstd, const double* inp,
                       const double* weight, const double* bias, int B, int T, int C);
//   dinp (B,T,C) +=; dweight, dbias (C) +=; dout, inp (B,T,C); weight (C); mean, rstd (B,T)
void layernorm_backward(double* dinp, double* dweight, double* dbias, const double* dout,
                        const double* inp, const double* weight, const double* mean,
                        const double* rstd, int B, int T, int C);

// out = inp W^T + bias.
//   out (B,T,OC); inp (B,T,C); weight (OC,C); bias (OC) or nullptr
void matmul_forward(double* out, const double* inp, const double* weight, const double* bias,
                    int B, int T, int C, int OC);
//   dinp (B,T,C) +=; dweight (OC,C) +=; dbias (OC) += or nullptr; dout (B,T,OC);
//   inp (B,T,C); weight (OC,C)
void matmul_backward(double* dinp, double* dweight, double* dbias, const double* dout,
                     const double* inp, const double* weight, int B, int T, int C, int OC);

// Causal multi-head self-attention, scale 1/sqrt(hs), hs = C/NH.
//   out (B,T,C); att (B,NH,T,T) softmax probabilities saved for backward (zero above the
//   diagonal); inp (B,T,3C) = q (C) | k (C) | v (C), head h at channels h*hs..(h+1)*hs of each
void attention_forward(double* out, double* att, const double* inp, int B, int T, int C, int NH);
//   dinp (B,T,3C) +=; dout (B,T,C); inp (B,T,3C); att (B,NH,T,T)
void attention_backward(double* dinp, const double* dout, const double* inp, const double* att,
                        int B, int T, int C, int NH);

// GELU, tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
//   out, inp (N)
void gelu_forward(double* out, const double* inp, int N);
//   dinp (N) +=; dout, inp (N)
void gelu_backward(double* dinp, const double* dout, const double* inp, int N);

// out = inp1 + inp2.   out, inp1, inp2 (N)
void residual_forward(double* out, const double* inp1, const double* inp2, int N);
//   dinp1, dinp2 (N) +=; dout (N)
void residual_backward(double* dinp1, double* dinp2, const double* dout, int N);

// Softmax over the real vocabulary and cross-entropy against targets.
//   losses (B,T) = logsumexp(logits[b,t,0:V]) - logits[b,t,target];
//   probs (B,T,Vp) softmax over [0,V), exactly 0 in the padded columns [V,Vp);
//   logits (B,T,Vp) (padded columns ignored); targets (B,T)
void crossentropy_softmax_forward(double* losses, double* probs, const double* logits,
                                  const int* targets, int B, int T, int V, int Vp);
//   dlogits (B,T,Vp) += (padded columns untouched); dlosses (B,T); probs (B,T,Vp); targets (B,T)
void crossentropy_softmax_backward(double* dlogits, const double* dlosses, const double* probs,
                                   const int* targets, int B, int T, int V, int Vp);

}  // namespace fourfold::reference
