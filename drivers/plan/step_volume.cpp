#include "drivers/plan/step_volume.hpp"

#include "core/error.hpp"
#include "layers/overlap.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace fourfold::plan {
namespace {

using comm::CollectiveKind;
using comm::CommAxis;

constexpr double float_bytes = 4.0, double_bytes = 8.0;

// The trainer's grid rules (drivers/train/train_config.cpp, layers/gpt.cpp, layers/linear.cpp).
void check_grid(const ModelDims& m, const comm::GridShape& g, const StepDims& s) {
  FF_REQUIRE(g.x >= 1 && g.y >= 1 && g.z >= 1 && g.data >= 1, "grid {}: every size must be at least 1", g.str());
  FF_REQUIRE(m.heads % g.y == 0, "grid {}: {} heads are not divisible by G_y = {}", g.str(), m.heads, g.y);
  FF_REQUIRE(static_cast<long>(m.kv()) % g.y == 0, "grid {}: {} key/value heads are not divisible by G_y = {}",
             g.str(), m.kv(), g.y);
  FF_REQUIRE(m.channels % g.x == 0 && m.channels % g.y == 0,
             "grid {}: {} channels are not divisible by G_x = {} and G_y = {}", g.str(), m.channels, g.x, g.y);
  FF_REQUIRE(std::fmod(m.mlp_hidden(), g.y) == 0.0, "grid {}: the MLP's width {} is not divisible by G_y = {}",
             g.str(), m.mlp_hidden(), g.y);
  FF_REQUIRE(s.micro_batch_size >= 1 && s.batch_size % s.micro_batch_size == 0,
             "batch {} is not a multiple of the micro-batch {}", s.batch_size, s.micro_batch_size);
  FF_REQUIRE(s.micro_batch_size % (g.z * g.data) == 0,
             "grid {}: the micro-batch of {} sequences is not divisible by G_z * G_data = {}", g.str(),
             s.micro_batch_size, g.z * g.data);
  // Each of a block's four weight blocks (rows over Y or X, columns over the other) splits over Z.
  const double cx = m.channels / g.x, cy = m.channels / g.y;
  for (const auto& [rows, cols] : {std::pair<double, double>{m.qkv_width() / g.y, cx}, {cx, cy},
                                   {m.mlp_in_width() / g.y, cx}, {cx, m.mlp_hidden() / g.y}})
    FF_REQUIRE(std::fmod(rows * cols, g.z) == 0.0, "grid {}: a ({} x {}) weight block does not split over G_z = {}",
               g.str(), rows, cols, g.z);
  FF_REQUIRE(s.seq_len >= 1 && s.seq_len <= m.max_seq_len, "sequence length {} outside 1..{}", s.seq_len,
             m.max_seq_len);
  FF_REQUIRE(std::isfinite(s.bucket_mb) && s.bucket_mb > 0.0, "bucket_mb {}: expected a positive size", s.bucket_mb);
}

}  // namespace

ModelDims model_dims(const GptConfig& config) {
  ModelDims m;
  m.layers = config.num_layers;
  m.heads = config.num_heads;
  m.channels = config.channels;
  m.padded_vocab = config.padded_vocab_size;
  m.max_seq_len = config.max_seq_len;
  m.family = config.family;
  m.kv_heads = config.kv_heads();
  m.intermediate = config.mlp_hidden();
  m.tied = config.tied_embeddings;
  return m;
}

DataShards data_shards(const ModelDims& m, const comm::GridShape& g, const StepDims& s) {
  const ArenaSizes arena = arena_sizes(m, g);
  const bool sharded = s.memory.shard_optimizer && g.data > 1;
  DataShards shards;
  shards.parts = sharded ? g.data : 1;
  shards.buckets = gradient_bucket_ranges(static_cast<std::size_t>(arena.z_replicated),
                                          static_cast<std::size_t>(arena.z_replicated + arena.z_sharded),
                                          bucket_elements(s.bucket_mb, g.data, sharded));
  return shards;
}

HeadChunks head_chunks(const ModelDims& m, const comm::GridShape& g, const StepDims& s) {
  HeadChunks h;
  h.rows = static_cast<double>(s.micro_batch_size) / (g.z * g.data) * s.seq_len;
  h.vocab_local = std::ceil(m.padded_vocab / (static_cast<double>(g.x) * g.y));
  h.chunk_rows = static_cast<double>(loss_chunk_rows(s.memory.loss_chunk_tokens, static_cast<std::size_t>(h.vocab_local),
                                                     static_cast<std::size_t>(h.rows)));
  h.chunks = static_cast<long>(std::ceil(h.rows / h.chunk_rows));
  return h;
}

ArenaSizes arena_sizes(const ModelDims& m, const comm::GridShape& g) {
  const double c = m.channels, cx = c / g.x, cy = c / g.y, xy = static_cast<double>(g.x) * g.y;
  const double vocab_local = std::ceil(m.padded_vocab / xy);
  ArenaSizes a;
  if (m.llama()) {
    // wte (V_loc, C); per block two RMSNorm weights (C_x each); the final RMSNorm (C_x); an
    // untied head (V_loc, C). No position embedding, no biases.
    a.z_replicated = vocab_local * c + m.layers * 2.0 * cx + cx + (m.tied ? 0.0 : vocab_local * c);
  } else {
    // wte (V_loc, C), wpe (T_max, C_x); per block ln_1, ln_2 (2 C_x each), the transposed layers'
    // biases (C_x each), the normal layers' biases (3 C_y + 4 C_y); ln_f (2 C_x).
    a.z_replicated = vocab_local * c + m.max_seq_len * cx + m.layers * (6.0 * cx + 7.0 * cy) + 2.0 * cx;
  }
  a.z_sharded = m.layers * m.block_weights() / (xy * g.z);
  return a;
}

std::vector<CollectiveVolume> step_collectives(const ModelDims& m, const comm::GridShape& g, const StepDims& s) {
  check_grid(m, g, s);
  const double L = m.layers, c = m.channels, cx = c / g.x, cy = c / g.y;
  const double rows = static_cast<double>(s.micro_batch_size) / (g.z * g.data) * s.seq_len;  // m = B_loc T
  const long micro_steps = s.batch_size / s.micro_batch_size;
  const long layers = m.layers;
  const double xy = static_cast<double>(g.x) * g.y;
  const double block = m.block_weights() / xy;  // a block's 4 weight blocks
  // This rank's widths: the normal layers' outputs (QKV W_qkv, FC W_in) over Y, FC2's input W_hid.
  const double qkv_y = m.qkv_width() / g.y, in_y = m.mlp_in_width() / g.y, hid_y = m.mlp_hidden() / g.y;
  const bool block_recompute = s.memory.recompute == Recompute::block;
  const long head_chunks_ = head_chunks(m, g, s).chunks;
  // bf16 mode moves the linear layers' activations over X/Y and the weights over Z as bf16
  // (layers/bf16_wire.hpp); LayerNorm, softmax and loss statistics, the residual stream's
  // collectives and the gradients stay fp32.
  const double wire = s.memory.precision == GemmPrecision::bf16 ? 2.0 : float_bytes;
  // Sequence sharding (layers/sequence_shard.hpp): the norm region's m_s rows; a transposed
  // layer's output and a normal layer's input gradient reduce-scattered over Y instead of
  // all-reduced, by chunks of sequence_scatter_pieces; a norm's output gathered over Y for q/k/v
  // and the MLP (as bf16 in bf16 mode: the GEMMs' operand, GptDims::norm_gathers_bf16), forward and again
  // for the weight gradient; the residual stream's gradient gathered over Y (fp32) for each
  // transposed layer's backward and the embedding's; ln_f's output gathered for the LM head; the
  // norms' parameter-gradient partials gathered over Y.
  const bool sharded = s.memory.sequence_shard && g.y > 1;
  const double norm_rows = sharded ? rows / g.y : rows;
  const double gathered_norm = wire;
  const long scatter_chunks = static_cast<long>(sequence_scatter_chunks(g.y, std::max(s.tp_chunks, 1)));
  const double grad = s.memory.grad_reduce == GemmPrecision::bf16 ? 2.0 : float_bytes;  // [train] grad_reduce
  std::vector<CollectiveVolume> out;
  // A collective that runs `calls` times per micro-batch with `bytes` in all per micro-batch.
  auto per_micro = [&](const char* what, CommAxis axis, int size, CollectiveKind kind, long calls, double bytes,
                       HiddenBy hidden_by = HiddenBy::none, long row_chunks = 1) {
    if (size > 1 && calls > 0)
      out.push_back({what, axis, kind, size, calls * micro_steps, bytes * micro_steps, true, hidden_by, row_chunks});
  };
  auto per_step = [&](const char* what, CommAxis axis, int size, CollectiveKind kind, long calls, double bytes,
                      HiddenBy hidden_by = HiddenBy::none) {
    if (size > 1 && calls > 0) out.push_back({what, axis, kind, size, calls, bytes, false, hidden_by});
  };
  const int gxy = g.x * g.y;

  // Forward: embedding rows over the vocabulary shards; LayerNorm (sum, sum of squares) per row
  // over X for ln_1 of block 0, then ln_2 and the next ln_1 (or ln_f) per block.
  per_micro("embedding", CommAxis::xy, gxy, CollectiveKind::all_reduce, 1, float_bytes * rows * c);
  per_micro("LayerNorm statistics (forward)", CommAxis::x, g.x, CollectiveKind::all_reduce, 2 * layers + 1,
            (2 * L + 1) * double_bytes * 2 * norm_rows);
  // Normal layers' outputs over X (QKV W_qkv / G_y, FC W_in / G_y), transposed layers' over Y
  // (C_x each).
  // With the forward overlap each runs as tp_chunks all-reduces of a chunk of rows each
  // (layers/linear.cpp), the same bytes.
  const long chunks = static_cast<long>(std::min<double>(std::max(s.tp_chunks, 1), rows));
  // Sequence-sharded, on rows gathered by chunks (RowChunkGather): per chunk one all-reduce of
  // each Y shard's rows of it (so too the transposed layers' input gradients, below).
  const long x_sum_chunks = sharded ? scatter_chunks : chunks, x_sums = sharded ? scatter_chunks * g.y : chunks;
  per_micro("linear forward (normal: QKV, FC)", CommAxis::x, g.x, CollectiveKind::all_reduce, 2 * layers * x_sums,
            L * wire * rows * (qkv_y + in_y), HiddenBy::fwd, x_sum_chunks);
  if (sharded) {
    per_micro("linear forward (transposed: attention projection, FC2)", CommAxis::y, g.y,
              CollectiveKind::reduce_scatter, 2 * layers * scatter_chunks, L * wire * rows * 2 * cx, HiddenBy::fwd,
              scatter_chunks);
    // By the same row chunks, each chunk behind the previous chunk's GEMMs (RowChunkGather).
    per_micro("norm output all-gather (for QKV, FC)", CommAxis::y, g.y, CollectiveKind::all_gather,
              2 * layers * scatter_chunks, L * gathered_norm * rows * 2 * cx, HiddenBy::fwd, scatter_chunks);
  } else {
    per_micro("linear forward (transposed: attention projection, FC2)", CommAxis::y, g.y,
              CollectiveKind::all_reduce, 2 * layers * chunks, L * wire * rows * 2 * cx, HiddenBy::fwd, chunks);
  }
  // Z: each weight block gathered for the forward and again for the backward; with block
  // recomputation the backward gathers QKV, attention projection and FC for the recomputed
  // forward and then FC2, and the first three serve the block's backward from the buffers the
  // schedule keeps them in (layers/linear_schedule.hpp): once per pass either way.
  per_micro("weight all-gather (forward and backward)", CommAxis::z, g.z, CollectiveKind::all_gather, 8 * layers,
            L * wire * 2.0 * block, HiddenBy::oag);
  // Block recomputation re-runs the QKV, attention projection and FC forward GEMMs, with their
  // output all-reduces (LayerNorms use their kept statistics: no reduction).
  if (block_recompute) {
    per_micro("linear forward recomputed (normal: QKV, FC)", CommAxis::x, g.x, CollectiveKind::all_reduce,
              2 * layers * x_sums, L * wire * rows * (qkv_y + in_y), HiddenBy::fwd_recomputed, x_sum_chunks);
    if (sharded) {
      per_micro("linear forward recomputed (transposed: attention projection)", CommAxis::y, g.y,
                CollectiveKind::reduce_scatter, layers * scatter_chunks, L * wire * rows * cx,
                HiddenBy::fwd_recomputed, scatter_chunks);
      per_micro("norm output all-gather recomputed (for QKV, FC)", CommAxis::y, g.y, CollectiveKind::all_gather,
                2 * layers * scatter_chunks, L * gathered_norm * rows * 2 * cx, HiddenBy::fwd_recomputed,
                scatter_chunks);
    } else {
      per_micro("linear forward recomputed (transposed: attention projection)", CommAxis::y, g.y,
                CollectiveKind::all_reduce, layers * chunks, L * wire * rows * cx, HiddenBy::fwd_recomputed, chunks);
    }
  }
  // LM head: the hidden state gathered over X, then per chunk of rows the max and (sum exp,
  // target logit) over X x Y.
  if (sharded)
    per_micro("LM head input rows all-gather", CommAxis::y, g.y, CollectiveKind::all_gather, 1,
              float_bytes * rows * cx);
  per_micro("LM head input all-gather", CommAxis::x, g.x, CollectiveKind::all_gather, 1, float_bytes * rows * c);
  per_micro("LM head softmax statistics", CommAxis::xy, gxy, CollectiveKind::all_reduce, 2 * head_chunks_,
            float_bytes * 3 * rows);

  // Backward: the LM head's input gradient over X x Y; LayerNorm gradient sums over X (ln_f,
  // then ln_2 and ln_1 per block); input gradients of the normal layers over Y (C_x each), of
  // the transposed ones over X (FC2 4 C_y, attention projection C_y); weight-gradient
  // reduce-scatters over Z; the embedding's output gradient gathered over X. (GPT-2's widths:
  // FC2's input 4 C_y, the normal layers' inputs C_x.)
  per_micro("LM head input gradient", CommAxis::xy, gxy, CollectiveKind::all_reduce, head_chunks_, float_bytes * rows * c);
  per_micro("LayerNorm statistics (backward)", CommAxis::x, g.x, CollectiveKind::all_reduce, 2 * layers + 1,
            (2 * L + 1) * double_bytes * 2 * norm_rows);
  if (sharded) {
    // Two rows (weight, bias) per chunk of 32 rows of each rank's m_s (layers/layernorm.hpp).
    per_micro("norm parameter-gradient partials all-gather", CommAxis::y, g.y, CollectiveKind::all_gather,
              2 * layers + 1, (2 * L + 1) * float_bytes * g.y * 2 * std::ceil(norm_rows / 32.0) * cx);
    // For FC2 and the attention projection by the forward overlap's row chunks, each chunk's
    // input-gradient GEMMs behind its own gather only (RowChunkGather); for the embedding whole.
    per_micro("residual gradient all-gather (for FC2, attention projection)", CommAxis::y, g.y,
              CollectiveKind::all_gather, 2 * layers * scatter_chunks, 2 * L * float_bytes * rows * cx, HiddenBy::bwd,
              scatter_chunks);
    per_micro("residual gradient all-gather (for the embedding)", CommAxis::y, g.y, CollectiveKind::all_gather, 1,
              float_bytes * rows * cx);
  }
  // (By row chunks, as the forward's.)
  // (Sequence-sharded, on the output gradient gathered by chunks: per chunk one all-reduce of each
  // Y shard's rows of it.)
  per_micro("linear input gradient (transposed: FC2, attention projection)", CommAxis::x, g.x,
            CollectiveKind::all_reduce, 2 * layers * x_sums, L * wire * rows * (hid_y + cy), HiddenBy::oar);
  if (sharded) {
    per_micro("linear input gradient (normal: FC, QKV)", CommAxis::y, g.y, CollectiveKind::reduce_scatter,
              2 * layers * scatter_chunks, L * wire * rows * 2 * cx, HiddenBy::oar);
    // Started before the input-gradient GEMMs and waited for before the weight gradient's (with oar).
    per_micro("norm output all-gather (for the FC and QKV weight gradients)", CommAxis::y, g.y,
              CollectiveKind::all_gather, 2 * layers, L * gathered_norm * rows * 2 * cx, HiddenBy::oar);
  } else {
    per_micro("linear input gradient (normal: FC, QKV)", CommAxis::y, g.y, CollectiveKind::all_reduce,
              2 * layers * chunks, L * wire * rows * 2 * cx, HiddenBy::oar);
  }
  per_micro("weight-gradient reduce-scatter", CommAxis::z, g.z, CollectiveKind::reduce_scatter, 4 * layers,
            L * grad * block, HiddenBy::ors);
  per_micro("embedding output-gradient all-gather", CommAxis::x, g.x, CollectiveKind::all_gather, 1,
            float_bytes * rows * c);

  // Once per step: gradients of the Z-replicated tensors summed over Z, then the whole arena
  // over data, both in buckets of bucket_mb; the loss over Z and data; the gradient norm over
  // the world.
  const ArenaSizes arena = arena_sizes(m, g);
  const DataShards shards = data_shards(m, g, s);
  long replicated_buckets = 0, data_calls = 0, remainder_calls = 0;
  double divisible_elements = 0.0, remainder_elements = 0.0;
  const auto replicated_end = static_cast<std::size_t>(arena.z_replicated);
  for (std::size_t b = 0; b < shards.buckets.size(); ++b) {
    if (shards.buckets[b].first < replicated_end) ++replicated_buckets;
    if (shards.parts == 1) continue;
    if (shards.piece(b) > 0) {
      ++data_calls;
      divisible_elements += static_cast<double>(shards.divisible(b));
    }
    if (shards.remainder(b) > 0) {
      ++remainder_calls;
      remainder_elements += static_cast<double>(shards.remainder(b));
    }
  }
  per_step("replicated gradients over Z", CommAxis::z, g.z, CollectiveKind::all_reduce, replicated_buckets,
           grad * arena.z_replicated);
  if (shards.parts == 1) {
    per_step("gradients over data", CommAxis::data, g.data, CollectiveKind::all_reduce,
             static_cast<long>(shards.buckets.size()), grad * (arena.z_replicated + arena.z_sharded), HiddenBy::dp);
  } else {
    // ZeRO-1: each bucket reduce-scattered (its remainder all-reduced), and after the update the
    // parameters all-gathered, bucket by bucket.
    per_step("gradients over data", CommAxis::data, g.data, CollectiveKind::reduce_scatter, data_calls,
             grad * divisible_elements, HiddenBy::dp);
    per_step("gradient remainders over data", CommAxis::data, g.data, CollectiveKind::all_reduce, remainder_calls,
             grad * remainder_elements, HiddenBy::dp);
    per_step("parameters over data", CommAxis::data, g.data, CollectiveKind::all_gather, data_calls,
             float_bytes * divisible_elements);
  }
  per_step("loss", CommAxis::z, g.z, CollectiveKind::all_reduce, 1, double_bytes);
  per_step("loss", CommAxis::data, g.data, CollectiveKind::all_reduce, 1, double_bytes);
  per_step("gradient norm", CommAxis::other, static_cast<int>(g.size()), CollectiveKind::all_reduce, 1, double_bytes);
  return out;
}

}  // namespace fourfold::plan
