// GEMMs on operands held in fp32 or bf16 (layers/weight_block.hpp).
#include "layers/weight_block.hpp"

namespace fourfold {

void gemm_held(GemmEngine& engine, Op op_a, Op op_b, float alpha, const HeldMatrix& a, const HeldMatrix& b,
               float beta, const Matrix& c, const char* label) {
  if (a.is_bf16()) {
    if (b.is_bf16()) {
      gemm(engine, op_a, op_b, alpha, a.bf16, b.bf16, beta, c, label);
    } else {
      gemm(engine, op_a, op_b, alpha, a.bf16, b.fp32, beta, c, label);
    }
  } else if (b.is_bf16()) {
    gemm(engine, op_a, op_b, alpha, a.fp32, b.bf16, beta, c, label);
  } else {
    gemm(engine, op_a, op_b, alpha, a.fp32, b.fp32, beta, c, label);
  }
}

}  // namespace fourfold
