// Plain serial Llama layers in double precision, in the style of gpt2_reference.hpp (llm.c's
// argument order: outputs, inputs, sizes; backward functions ACCUMULATE into every gradient):
// the ground truth fourfold's Llama layers are compared against. Each follows Hugging Face's
// LlamaForCausalLM (transformers' modeling_llama.py), the implementation Llama checkpoints are
// evaluated with.
#pragma once

#include <utility>
#include <vector>

namespace fourfold::reference {

// RMSNorm (LlamaRMSNorm): out = inp / sqrt(mean(inp^2) + eps) * weight, over the C channels of
// each of the N rows. rstd (N) keeps 1 / sqrt(mean(inp^2) + eps) for the backward.
void rmsnorm_forward(double* out, double* rstd, const double* inp, const double* weight, int N, int C, double eps);
void rmsnorm_backward(double* dinp, double* dweight, const double* dout, const double* inp, const double* weight,
                      const double* rstd, int N, int C);

// Rotary embeddings (rotate-half, transformers' apply_rotary_pos_emb) on the first `heads` heads
// of size d of each of the N rows of x (row stride `stride`), in place; row r has position
// first_position + r % T; angles p * theta^(-2k/d) in double. inverse: rotate by -angle (the
// gradient through the rotation).
void rotary(double* x, int N, int stride, int heads, int d, int T, double theta, int first_position, bool inverse);

// SwiGLU: out (N, n) = silu(gate) * up from gate_up (N, 2n) = [gate | up]; the backward
// accumulates d_gate_up (N, 2n) from dout (N, n).
void swiglu_forward(double* out, const double* gate_up, int N, int n);
void swiglu_backward(double* d_gate_up, const double* dout, const double* gate_up, int N, int n);

// ---- the whole model ----------------------------------------------------------------------

struct LlamaConfig {
  int vocab_size;         // V: the softmax runs over [0, V) only
  int padded_vocab_size;  // Vp >= V: rows of the embedding and head
  int num_layers;         // L
  int num_heads;          // NH query heads, hs = C / NH
  int num_kv_heads;       // KV key/value heads, dividing NH
  int channels;           // C
  int intermediate_size;  // I
  double norm_eps;
  double rope_theta;
  bool tied;              // the head is the embedding
};

// Parameters in fourfold's global layouts (every weight (out, in) row-major, per-block tensors
// stacked over the L blocks).
struct LlamaParams {
  std::vector<double> wte;       // (Vp, C)
  std::vector<double> ln1w;      // (L, C)
  std::vector<double> qkvw;      // (L, (NH + 2 KV) hs, C): the query heads' rows, the key heads', the value heads'
  std::vector<double> attprojw;  // (L, C, C)
  std::vector<double> ln2w;      // (L, C)
  std::vector<double> fcw;       // (L, 2 I, C): gate rows, then up rows
  std::vector<double> fcprojw;   // (L, C, I)
  std::vector<double> lnfw;      // (C)
  std::vector<double> lm_head;   // (Vp, C); empty when tied

  /// The tensors in the order above, by name ("wte", "ln1w", ...).
  std::vector<std::pair<const char*, std::vector<double>*>> tensors();
};

// Every tensor sized for `config` and zero.
LlamaParams zero_llama_params(const LlamaConfig& config);

// Mean cross-entropy over the B*T positions (Hugging Face's LlamaForCausalLM: embedding, per block
// x += o(attention(rotary(q, k), v)) of RMSNorm(x) with each K/V head shared by NH / KV query heads,
// x += down(silu(gate) * up) of RMSNorm(x); the final RMSNorm and the head). grads: when not null,
// resized like params and overwritten with d(mean loss)/d(param).
double llama_forward_backward(const LlamaConfig& config, const LlamaParams& params, const std::vector<int>& tokens,
                              const std::vector<int>& targets, int B, int T, LlamaParams* grads);

}  // namespace fourfold::reference
