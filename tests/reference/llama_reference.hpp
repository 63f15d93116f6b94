// Plain serial Llama layers in double precision, in the style of gpt2_reference.hpp (llm.c's
// argument order: outputs, inputs, sizes; backward functions ACCUMULATE into every gradient):
// the ground truth fourfold's Llama layers are compared against. Each follows Hugging Face's
// LlamaForCausalLM (transformers' modeling_llama.py), the implementation Llama checkpoints are
// evaluated with.
#pragma once

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

}  // namespace fourfold::reference
