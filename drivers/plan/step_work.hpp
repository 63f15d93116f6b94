// The memory-bound half of a training step, kernel by kernel: the launches and the bytes each
// kind of work (core/counters.hpp's WorkKind: gemm, conversion, norm, softmax, elementwise,
// optimizer, wire, copy) moves on one rank in one optimizer step, by the same formulas the
// kernels count into the execution context's ledger (core/ledger.hpp), in the order
// layers/gpt.cpp and drivers/train/train_step.cpp enqueue them. Pure arithmetic: no MPI, no
// Kokkos. tests/drivers/test_step_work.cpp holds it to the ledger of a real step, kind by kind,
// on every grid of 1, 2 and 4 ranks, in fp32 and bf16, for both families and every recompute
// mode.
//
// Shapes, per rank (layers/gpt_memory.hpp): m = B_loc T rows, C_x = C / G_x, C_y = C / G_y,
// W_qkv, W_in and W_hid the fused q/k/v output, the MLP's first output and its activation over
// Y, V_loc the LM head's vocabulary rows. A bf16 element is 2 bytes, an fp32 one 4.
#pragma once

#include "core/counters.hpp"
#include "drivers/plan/step_volume.hpp"

#include <array>

namespace fourfold::plan {

/// The GEMM route the step runs on (core/gemm.cpp), for what it enqueues: CUDA launches a strided
/// batch once per call and, in fp32 mode, fuses the linear layers' bias and bias gradient into
/// their GEMMs (cuBLASLt epilogues); ROCm (rocBLAS) and the host (BLAS, oneDNN) launch an fp32
/// batch matrix by matrix, a bf16 one once, and fuse nothing.
enum class GemmRoute { cuda, rocm, host };

/// The optimizer's arena layout, which the planner does not build (the tensor table's order and
/// its replication decide it): AdamW's runs (contiguous ranges of one weight-decay setting within
/// this rank's share) and the gradient norm's ranges (the tensors whose copy this rank owns,
/// adjacent ones merged) and their elements. Zero: estimated (estimated_optimizer_layout).
struct OptimizerLayout {
  long adamw_runs = 0;
  long norm_ranges = 0;
  double norm_elements = 0.0;
};

/// Launches and bytes (read + written) per WorkKind.
struct StepWork {
  std::array<long, work_kind_count> launches{};
  std::array<double, work_kind_count> bytes{};

  void add(WorkKind kind, double bytes_moved, long count = 1);
  long launches_of(WorkKind kind) const { return launches[static_cast<int>(kind)]; }
  double bytes_of(WorkKind kind) const { return bytes[static_cast<int>(kind)]; }
  long total_launches() const;
  double total_bytes() const;
};

/// The layout's counts where the planner has no tensor table: GPT-2's AdamW runs alternate
/// decayed matrices and undecayed vectors (two per linear layer, and the embeddings and norms
/// around them); the norm counts every element once in one range per section.
OptimizerLayout estimated_optimizer_layout(const ModelDims& model, const comm::GridShape& grid, const StepDims& step);

/// Every kernel, library call and copy of one optimizer step (step.batch_size /
/// step.micro_batch_size micro-batches, then the gradient synchronisation, the norm, clipping and
/// AdamW) on the rank at data coordinate `data_rank`, with the overlaps of `step.memory`'s mode
/// (their order changes no count). A step after the first: first-use work (operand buffers,
/// primitives) is not counted.
StepWork step_work(const ModelDims& model, const comm::GridShape& grid, const StepDims& step,
                   GemmRoute route = GemmRoute::cuda, int data_rank = 0,
                   const OptimizerLayout& layout = OptimizerLayout());

}  // namespace fourfold::plan
