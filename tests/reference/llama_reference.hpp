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

}  // namespace fourfold::reference
