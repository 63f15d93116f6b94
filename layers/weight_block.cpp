// GEMMs against a weight held in fp32 or bf16 (layers/weight_block.hpp).
#include "layers/weight_block.hpp"

namespace fourfold {

void gemm_with_weight(GemmEngine& engine, Op op_a, Op op_w, float alpha, const ConstMatrix& a, const WeightBlock& weight,
                      float beta, const Matrix& c, const char* label) {
  if (weight.is_bf16()) {
    gemm(engine, op_a, op_w, alpha, a, weight.bf16, beta, c, label);
  } else {
    gemm(engine, op_a, op_w, alpha, a, weight.fp32, beta, c, label);
  }
}

}  // namespace fourfold
