#include "drivers/plan/memory_model.hpp"

#include "layers/attention_blocking.hpp"

#include <algorithm>
#include <cmath>

namespace fourfold::plan {

RankMemory rank_memory(const ModelDims& model, const comm::GridShape& g, const StepDims& step) {
  step_collectives(model, g, step);  // the same grid and batch rules
  constexpr double f32 = 4.0, f64 = 8.0, i32 = 4.0;
  constexpr double layernorm_chunk_rows = 32.0;  // layers/layernorm.hpp: column-sum chunks
  constexpr double column_sum_chunk_rows = 32.0;  // layers/elementwise.hpp: bias-gradient chunks
  constexpr int gradient_slots = 4;              // weight-gradient blocks in flight over Z (Gpt's default)
  const double c = model.channels, cx = c / g.x, cy = c / g.y;
  const double local_batch = static_cast<double>(step.micro_batch_size) / (g.z * g.data);
  const double T = step.seq_len, m = local_batch * T, L = model.layers;
  // Sequence sharding (layers/sequence_shard.hpp): the norm region's rows, m_s = m / G_y.
  const bool sharded = step.memory.sequence_shard && g.y > 1;
  const double ms = sharded ? m / g.y : m;
  const double heads_local = static_cast<double>(model.heads) / g.y;
  // This rank's widths (step_volume.hpp): the fused q/k/v output, the MLP's first output and its
  // activation (3, 4 and 4 C_y for GPT-2).
  const double qkv_y = model.qkv_width() / g.y, in_y = model.mlp_in_width() / g.y, hid_y = model.mlp_hidden() / g.y;
  const HeadChunks head = head_chunks(model, g, step);
  const double stats = local_batch * heads_local * T;  // attention's log-sum-exp per (row, head, query)
  const Recompute mode = step.memory.recompute;

  const ArenaSizes arena = arena_sizes(model, g);
  const double p = arena.z_replicated + arena.z_sharded;
  RankMemory r;
  r.parameters = f32 * p;
  r.gradients = f32 * p;
  const DataShards shards = data_shards(model, g, step);
  // AdamW's m and v: the whole arena, or this data rank's share of it (ZeRO-1).
  r.optimizer = 2 * f32 * (shards.parts > 1 ? static_cast<double>(shards.owned_size()) : p);
  // Per block (layers/gpt_memory.cpp), elements and the modes that keep them per block; a field
  // a mode does not keep is one buffer shared by all blocks.
  struct Field {
    double elements;
    bool kept_none, kept_selective, kept_attention, kept_block;
    bool kept(Recompute r) const {
      switch (r) {
        case Recompute::none: return kept_none;
        case Recompute::selective: return kept_selective;
        case Recompute::attention: return kept_attention;
        case Recompute::block: return kept_block;
      }
      return true;
    }
  };
  const Field fields[] = {
      {ms * cx, true, false, false, false},    // ln_1 output
      {m * qkv_y, true, true, true, false},    // qkv
      {m * cy, true, true, false, false},      // attention output
      {ms * cx, true, true, true, false},      // res2
      {ms * cx, true, false, false, false},    // ln_2 output
      {m * in_y, true, true, true, false},     // FC output
      {m * hid_y, true, false, false, false},  // GELU (SwiGLU) output
      {ms * cx, true, true, true, true},       // block output
      {4 * ms, true, true, true, true},        // two LayerNorms' mean and rstd
      {stats, true, true, true, false},        // attention's log-sum-exp
  };
  // bf16 mode: the kept matrices (the first 8 fields) are saved as bf16 copies per block and
  // worked on in one shared fp32 set, except block recomputation's fp32 checkpoints (block output).
  const bool bf16_activations = step.memory.precision == GemmPrecision::bf16;
  constexpr int matrix_fields = 8;
  // bf16 mode without block recomputation: the fp32 working set is four slots (gpt_memory.hpp),
  // max((m_s, C_x), (m, max(C_y, W_hid))), (m, max(W_qkv, W_in)) and two (m_s, C_x), which also
  // hold the embedding output and ln_f's output; the embedding output is saved as bf16. The
  // matrices then take no shared buffer of their own.
  const bool packed = bf16_activations && mode != Recompute::block && L > 0;
  double kept = 0.0, kept_bf16 = 0.0,
         shared = packed ? std::max(ms * cx, m * std::max(cy, hid_y)) + m * std::max(qkv_y, in_y) + 2 * ms * cx : 0.0;
  for (int i = 0; i < static_cast<int>(sizeof(fields) / sizeof(fields[0])); ++i) {
    const Field& f = fields[i];
    const bool k = f.kept(mode);
    if (packed && i < matrix_fields) {
      if (k) kept_bf16 += f.elements;
    } else if (!k) {
      shared += f.elements;
    } else if (bf16_activations && i < matrix_fields && !(i == matrix_fields - 1 && mode == Recompute::block)) {
      kept_bf16 += f.elements;
      shared += f.elements;
    } else {
      kept += f.elements;
    }
  }
  if (L == 0) shared = 0.0;
  // The embedding and ln_f outputs (m_s, C_x): fp32, or in the slots with the embedding's bf16 copy.
  const double outputs = packed ? 2.0 * ms * cx : f32 * ms * 2 * cx;
  // tokens and targets (int32); the embedding and ln_f outputs, ln_f statistics (m_s) and per-row
  // losses (m); the blocks.
  r.activations = 2 * i32 * m + outputs + f32 * (2 * ms + m + L * kept + shared) + 2.0 * L * kept_bf16;
  r.recompute_buffers = f32 * shared;
  // Attention: q, k, v, o, dq, dk, dv head-major (m, C_y each), delta (one per query), and one
  // query block of scores and of their gradient (B_loc NH_y, min(128, T), T). bf16 mode holds q,
  // k, v and dO in bf16 and adds bf16 probabilities and score gradients of one block.
  const double block_rows = std::min<double>(attention_causal_block, T);
  const double block_scores = local_batch * heads_local * block_rows * T;
  r.attention_scratch = step.memory.precision == GemmPrecision::bf16
                            ? f32 * (4 * m * cy + stats + 2 * block_scores) + 2.0 * (4 * m * cy + 2 * block_scores)
                            : f32 * (7 * m * cy + stats + 2 * block_scores);
  r.loss_chunk = f32 * head.chunk_rows * head.vocab_local;
  // ones (fp32) or the bias gradients' column partials (bf16: one row per 32 rows, of the widest
  // output with a bias), row max and (m, 2) row statistics; the LM head's h_full, gathered and full (m, C) and
  // its chunk of logits; gradients of the residual and LayerNorm outputs (m_s, C_x), of qkv,
  // attention output, FC and GELU (m, W_qkv + C_y + W_in + W_hid per Y rank: 12 C_y for GPT-2);
  // LayerNorm column partials (chunks apart in each of G_y segments of the rows where G_y
  // divides m, layers/layernorm.hpp: NormRows; sharded, one segment and every Y rank's gathered);
  // attention's scratch; (m_s, 2) f64 row sums; over Z, the gathered weight blocks and the
  // gradient slots (block and reduced chunk).
  const double segments = sharded || std::fmod(m, g.y) != 0.0 ? 1.0 : g.y;
  const double partial_rows = 2 * segments * std::ceil(ms / segments / layernorm_chunk_rows) +
                              (sharded ? g.y * 2 * std::ceil(ms / layernorm_chunk_rows) : 0.0);
  const double bias_sums = step.memory.precision == GemmPrecision::bf16
                               ? std::ceil(m / column_sum_chunk_rows) * std::max({qkv_y, in_y, cx, cy})
                               : m;
  r.workspaces = f32 * (3 * m + bias_sums + 3 * m * c + 2 * ms * cx + m * (qkv_y + cy + in_y + hid_y) + partial_rows * cx) +
                 r.attention_scratch + r.loss_chunk + f64 * 2 * ms;
  // ZeRO-1: the staging of this rank's reduced (then updated) pieces.
  if (shards.parts > 1) r.workspaces += f32 * static_cast<double>(shards.pieces_size());
  const bool bf16 = step.memory.precision == GemmPrecision::bf16;
  const bool bf16_grads = step.memory.grad_reduce == GemmPrecision::bf16;
  constexpr double b16 = 2.0;
  // Sequence sharding: all m rows of C_x for the transposed layers' partial sums and the gathered
  // gradients (fp32), and the norms' outputs gathered for q/k/v and the MLP (bf16 in bf16 mode,
  // where with recomputation this rank's m_s rows are first rounded into a bf16 buffer of their
  // own: GptDims::norm_gathers_bf16).
  if (sharded) {
    const bool gathers_bf16 = bf16 && L > 0;
    r.workspaces += f32 * m * cx + (gathers_bf16 ? b16 : f32) * m * cx;
    // The residual gradient's chunks as they arrive, before they are put in row order: in the
    // MLP's input-gradient buffer (m, W_in) where it is wide enough, else a buffer of their own.
    if (in_y < cx) r.workspaces += f32 * m * cx;
    if (gathers_bf16 && mode != Recompute::none) r.workspaces += b16 * ms * cx;
  }
  if (g.z > 1) {
    // The largest of a block's four weight blocks (FC and FC2 for GPT-2: 4 C^2 / (G_x G_y)).
    const double largest_block = cx * std::max({qkv_y, cy, in_y, hid_y});
    // Each gradient slot: the fp32 block and its reduced chunk, or with bf16 gradient collectives
    // the fp32 block, its bf16 copy and the bf16 reduced chunk (layers/linear_schedule.cpp).
    const double slot = bf16_grads ? f32 * largest_block + b16 * (largest_block + largest_block / g.z)
                                   : f32 * (largest_block + largest_block / g.z);
    r.workspaces += gradient_slots * slot;
    // The gathers receive fp32 blocks, or in bf16 mode bf16 blocks (which the GEMMs read as they
    // are).
    // (layers/linear_schedule.hpp, weight_buffers_needed: in use and prefetched, and with block
    // recomputation QKV's and the attention projection's kept from the recomputed forward for
    // the backward.)
    const double weight_buffers = mode == Recompute::block ? 4.0 : 2.0;
    r.workspaces += (bf16 ? b16 : f32) * weight_buffers * largest_block;
  }
  // bf16 mode: the parameters rounded to bf16, laid out as the arena (Gpt::bf16_parameters): what
  // the gathers move or, with G_z = 1, the GEMMs read, and the LM head's rows.
  if (bf16) r.workspaces += b16 * p;
  // bf16 mode: the linear layers' X/Y all-reduces through one bf16 buffer of the widest
  // input or output (layers/gpt_memory.cpp).
  // Sequence sharding: a reduce-scatter's m rows sent and m_s received, of C_x.
  if (bf16) r.workspaces += b16 * std::max(m * std::max({cx, cy, qkv_y, in_y, hid_y}), sharded ? (m + ms) * cx : 0.0);
  // bf16 mode: backward's output gradients rounded once for both of their GEMMs, the widest of
  // them (layers/linear.hpp).
  if (bf16) r.workspaces += b16 * m * std::max({cx, qkv_y, in_y});
  // bf16 gradient collectives: a bf16 copy of the ranges they reduce (layers/gradient_sync.cpp),
  // the whole arena over data or the replicated section over Z, and the reduced pieces (ZeRO-1).
  if (bf16_grads && (g.data > 1 || g.z > 1)) {
    r.workspaces += b16 * (g.data > 1 ? p : arena.z_replicated);
    if (shards.parts > 1) r.workspaces += b16 * static_cast<double>(shards.pieces_size());
  }
  if (step.memory.precision == GemmPrecision::bf16) {
    GemmOperandDims d;
    d.rows = m;
    d.channels = c;
    d.c_x = cx;
    d.c_y = cy;
    d.qkv_width = qkv_y;
    d.mlp_in_width = in_y;
    d.mlp_hidden_width = hid_y;
    d.chunk_rows = head.chunk_rows;
    d.vocab_local = head.vocab_local;
    d.recompute = step.memory.recompute;
    const GemmOperandElements largest = largest_gemm_operands(d);
    r.gemm_operands = step.gemm_operand_element_bytes * (largest.a + largest.b);
  }
  r.collective_buffers = step.nccl_buffer_bytes * comm::communicators_with_peers(g);
  r.workspaces += r.gemm_operands + r.collective_buffers;
  return r;
}

}  // namespace fourfold::plan
