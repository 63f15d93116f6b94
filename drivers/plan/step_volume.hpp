// The communication volume of one training step, collective by collective, exactly as fourfold
// issues them (layers/gpt.cpp, layers/linear*.cpp, layers/gradient_sync.cpp,
// drivers/train/train_step.cpp), for any grid and batch: the first half of the performance
// model that picks the 4D configuration. Pure arithmetic: no MPI, no Kokkos.
//
// Bytes follow the counters' convention (core/counters.hpp) (the full buffer as nccl-tests count it: all-reduce and
// broadcast the data, all-gather the gathered result, reduce-scatter the input), so that the
// model can be checked against the bytes a real step moved. Groups of one rank are left out.
//
// A block's linear layers: QKV (C -> W_qkv: 3C for GPT-2, (NH + 2 KV) hs for Llama) and FC
// (C -> W_in: 4C, or Llama's gate and up 2I) are "normal" (input split over X, output over Y:
// forward all-reduce over X, input-gradient all-reduce over Y); the attention projection (C -> C)
// and FC2 (W_hid -> C: 4C, or Llama's down projection from I) are "transposed" (the roles of X
// and Y swapped). Every weight block is further split over Z: gathered before its forward and
// again before its backward, its gradient reduce-scattered after each backward.
#pragma once

#include "comm/grid_layout.hpp"
#include "comm/types.hpp"
#include "layers/data_shards.hpp"
#include "layers/gpt_config.hpp"
#include "layers/memory_options.hpp"

#include <string>
#include <vector>

namespace fourfold::plan {

/// What the volumes depend on in a model (GPT-2 124M by default). Widths are global; a rank's
/// share of an output width is width / G_y.
struct ModelDims {
  int layers = 12;
  int heads = 12;
  int channels = 768;
  int padded_vocab = 50304;
  int max_seq_len = 1024;
  ModelFamily family = ModelFamily::gpt2;
  int kv_heads = 0;           // key/value heads (grouped-query attention); 0: heads
  long long intermediate = 0; // the MLP's hidden width; 0: 4 C
  bool tied = true;           // the LM head is the token embedding

  bool llama() const { return family == ModelFamily::llama; }
  double head_size() const { return static_cast<double>(channels) / heads; }
  double kv() const { return kv_heads > 0 ? kv_heads : heads; }
  /// W_qkv: the fused q/k/v output.
  double qkv_width() const { return (heads + 2.0 * kv()) * head_size(); }
  /// W_hid: the MLP activation's width, FC2's input.
  double mlp_hidden() const { return intermediate > 0 ? static_cast<double>(intermediate) : 4.0 * channels; }
  /// W_in: the MLP's first output (Llama: gate and up).
  double mlp_in_width() const { return llama() ? 2.0 * mlp_hidden() : mlp_hidden(); }
  /// Elements of a block's four weights: QKV, attention projection, FC, FC2 (12 C^2 for GPT-2).
  double block_weights() const {
    const double c = channels;
    return (qkv_width() + c + mlp_in_width() + mlp_hidden()) * c;
  }
};

/// The dimensions of `config`.
ModelDims model_dims(const GptConfig& config);

/// The step: global sequences per optimizer step and per micro-batch, tokens per sequence,
/// the data-parallel gradient bucket ([parallel] bucket_mb, in MiB), and what the model keeps
/// or recomputes ([train] recompute, loss_chunk_tokens).
struct StepDims {
  StepDims(int batch = 4, int micro_batch = 4, int sequence = 64, double bucket = 8.0,
           const MemoryOptions& memory_options = MemoryOptions())
      : batch_size(batch), micro_batch_size(micro_batch), seq_len(sequence), bucket_mb(bucket), memory(memory_options) {}
  int batch_size;
  int micro_batch_size;
  int seq_len;
  double bucket_mb;
  MemoryOptions memory;
  /// Row chunks a linear layer's forward runs in where its group sums over more than one rank
  /// (the forward overlap, [parallel] tp_chunks; 1 without it).
  int tp_chunks = 1;
  /// Z and data collectives in two levels where their groups split by node ([parallel]
  /// hierarchical; the cost model applies it, the volumes are the same).
  bool hierarchical = false;
  /// Bytes of one element of a bf16 GEMM operand copy (core/gemm.hpp): 2 where the vendor GEMM
  /// reads bf16 (GPUs), 4 on the host BLAS route.
  double gemm_operand_element_bytes = 2.0;
  /// Device bytes of each NCCL communicator's buffers (comm::nccl_buffer_bytes_per_communicator);
  /// 0 where collectives run over MPI.
  double nccl_buffer_bytes = 0.0;
};

/// Which overlap can run a collective behind computation ([parallel] overlap; none: nothing can).
/// fwd: a linear layer's forward all-reduce behind its next row chunk's GEMM (with tp_chunks > 1),
/// fwd_recomputed: the same in block recomputation's forward, inside the backward. bwd: a
/// transposed layer's output gradient gathered over Y (sequence sharding) by row chunks, each
/// behind the previous chunk's input-gradient GEMMs, inside the backward.
enum class HiddenBy { none, oag, ors, oar, dp, fwd, fwd_recomputed, bwd };

/// One kind of collective on one group, summed over the step.
struct CollectiveVolume {
  std::string what;             // e.g. "linear forward (normal)", "LayerNorm statistics"
  comm::CommAxis axis;          // the group it runs on (z for the Z weight gathers too)
  comm::CollectiveKind kind;
  int group_size = 1;
  long calls = 0;               // per optimizer step
  double bytes = 0.0;           // per optimizer step, full-buffer convention
  bool per_micro_batch = true;  // repeats for every micro-batch (else once per step)
  HiddenBy hidden_by = HiddenBy::none;
  long row_chunks = 1;          // hidden by the forward overlap: the row chunks it runs in (the
                                // first or last waits, the rest hide behind GEMMs)
};

/// Rows of one micro-batch per rank (B_loc T), V_loc, and the LM head's chunks of logits.
struct HeadChunks {
  double rows = 0.0, vocab_local = 0.0, chunk_rows = 0.0;
  long chunks = 0;
};
HeadChunks head_chunks(const ModelDims& model, const comm::GridShape& grid, const StepDims& step);

/// The data-parallel gradient buckets of a rank's arena and, with the optimizer sharded over
/// more than one data rank, the pieces each owns (layers/gradient_sync.hpp builds the same).
DataShards data_shards(const ModelDims& model, const comm::GridShape& grid, const StepDims& step);

/// Elements of this rank's parameter arena: replicated over Z (embeddings, LayerNorms, biases)
/// and Z-sharded (the weight chunks of the linear layers).
struct ArenaSizes {
  double z_replicated = 0.0;
  double z_sharded = 0.0;
};
ArenaSizes arena_sizes(const ModelDims& model, const comm::GridShape& grid);

/// Every collective of one optimizer step on `grid`. Rejects (UserError) a grid the trainer
/// would reject: heads, key/value heads or the MLP's width not divisible by G_y, channels by G_x
/// or G_y, the micro-batch by G_z * G_data, the batch by the micro-batch, or a weight block by G_z.
std::vector<CollectiveVolume> step_collectives(const ModelDims& model, const comm::GridShape& grid,
                                               const StepDims& step);

}  // namespace fourfold::plan
