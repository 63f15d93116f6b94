// GemmEngine: the GEMM state of one execution context. Every gemm() and gemm_strided_batched()
// (core/gemm.hpp) runs on its engine's compute instance and follows its settings:
//   precision   fp32, or bf16 operands with fp32 accumulation (`[train] precision`)
//   timing      off by default; on (benchmarks) every call fences before and after and adds its
//               wall time and FLOPs to the statistics
//   statistics  calls, seconds, FLOPs (with timing on) and strided-batched launches (always)
//   operand copies  bf16 mode rounds each operand into one of two copies, A's and B's
//   vendor handle   cuBLAS's (CUDA) or rocBLAS's (HIP with FOURFOLD_ENABLE_ROCBLAS), bound to the
//                   compute stream (made on first use, destroyed here)
//   cuBLASLt        CUDA builds: the fused-epilogue GEMMs' plans and workspace (made with the
//                   engine) and their bias-gradient scratch (reserve_bias_gradient)
#pragma once

#include "core/counters.hpp"
#include "core/precision.hpp"
#include "core/types.hpp"

#include <cstddef>
#include <memory>

namespace fourfold {

struct GemmStats {
  long calls = 0;
  double seconds = 0.0;
  double flops = 0.0;
  /// The strided-batched GEMMs launched, one per gemm_strided_batched call and outer batch
  /// index: what a GPU's vendor library is asked to run (the host BLAS route loops over the
  /// matrices of each launch). Counted with timing on or off.
  long batched_launches = 0;
  /// The gemm_bias / gemm_bias_grad calls whose epilogue the GEMM library ran (cuBLASLt on CUDA
  /// builds in fp32 mode); 0 on the other routes. Counted with timing on or off.
  long fused_epilogues = 0;
};

struct Bf16OperandCapacity {
  std::size_t a = 0, b = 0;  // elements
};

class GemmEngine {
 public:
  /// GEMMs on `compute`; timing fences are counted in `counters`. Both must outlive the engine.
  GemmEngine(const ExecSpace& compute, Counters& counters);
  ~GemmEngine();
  GemmEngine(const GemmEngine&) = delete;
  GemmEngine& operator=(const GemmEngine&) = delete;

  const ExecSpace& exec() const;
  Counters& counters() const;

  void set_precision(GemmPrecision precision);
  GemmPrecision precision() const;

  void set_timing(bool enabled);
  GemmStats stats() const;
  void reset_stats();

  /// One element of an operand copy: 2 bytes (bf16) on every backend, which cuBLAS, rocBLAS,
  /// oneDNN and the portable kernel all read as it is.
  static std::size_t bf16_operand_element_bytes();
  /// Models reserve both copies at set-up for their largest operands, so that no step
  /// allocates; an operand larger than a copy grows it (and the model's plan is then short).
  void reserve_bf16_operands(std::size_t a_elements, std::size_t b_elements);
  Bf16OperandCapacity bf16_operand_capacity() const;
  /// Frees both copies (tests measure their growth from empty).
  void release_bf16_operands();
  /// CUDA builds: the scratch cuBLASLt writes a bias gradient into before gemm_bias_grad adds it
  /// (elements: the widest bias gradient). Models reserve it at set-up; a wider one grows it.
  /// Elsewhere nothing is allocated.
  void reserve_bias_gradient(std::size_t elements);

  struct State;  // defined in gemm.cpp
  State& state() const { return *state_; }

 private:
  std::unique_ptr<State> state_;
};

/// Sets an engine's precision for its lifetime, then restores the setting it found.
class GemmPrecisionScope {
 public:
  GemmPrecisionScope(GemmEngine& engine, GemmPrecision precision) : engine_(engine), saved_(engine.precision()) {
    engine_.set_precision(precision);
  }
  ~GemmPrecisionScope() { engine_.set_precision(saved_); }
  GemmPrecisionScope(const GemmPrecisionScope&) = delete;
  GemmPrecisionScope& operator=(const GemmPrecisionScope&) = delete;

 private:
  GemmEngine& engine_;
  GemmPrecision saved_;
};

}  // namespace fourfold
