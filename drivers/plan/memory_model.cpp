#include "drivers/plan/memory_model.hpp"

#include <cmath>

namespace fourfold::plan {

RankMemory rank_memory(const ModelDims& model, const comm::GridShape& g, const StepDims& step) {
  step_collectives(model, g, step);  // the same grid and batch rules
  constexpr double f32 = 4.0, f64 = 8.0, i32 = 4.0;
  constexpr double layernorm_chunk_rows = 32.0;  // layers/layernorm.hpp: column-sum chunks
  constexpr int gradient_slots = 4;              // weight-gradient blocks in flight over Z (Gpt's default)
  constexpr int weight_buffers = 2;              // gathered weight blocks: in use and prefetched
  const double c = model.channels, cx = c / g.x, cy = c / g.y, xy = static_cast<double>(g.x) * g.y;
  const double local_batch = static_cast<double>(step.micro_batch_size) / (g.z * g.data);
  const double T = step.seq_len, m = local_batch * T, L = model.layers;
  const double heads_local = static_cast<double>(model.heads) / g.y;
  const double vocab_local = std::ceil(model.padded_vocab / xy);
  const double square = local_batch * heads_local * T * T;  // (B_loc, NH_y, T, T)

  const ArenaSizes arena = arena_sizes(model, g);
  const double p = arena.z_replicated + arena.z_sharded;
  RankMemory r;
  r.parameters = f32 * p;
  r.gradients = f32 * p;
  r.optimizer = 2 * f32 * p;
  // tokens and targets (int32); the embedding output and ln_f output (m, C_x), ln_f statistics,
  // the (m, V_loc) logits/probabilities and per-row losses; per block: ln_1, res2, ln_2, res3
  // (m, C_x), qkv, attention output, FC and GELU outputs (m, 12 C_y), two LayerNorms' statistics
  // and the attention probabilities.
  r.activations = 2 * i32 * m + f32 * (m * (2 * cx + vocab_local + 3)) +
                  L * f32 * (m * (4 * cx + 12 * cy + 4) + square);
  r.attention_probabilities_per_layer = f32 * square;
  // ones, row max and (m, 2) row statistics; the LM head's h_full, gathered and full (m, C);
  // gradients of the residual and LayerNorm outputs (m, C_x), of qkv, attention output, FC and
  // GELU (m, 12 C_y); LayerNorm column partials; the shared attention gradient; (m, 2) f64 row
  // sums; over Z, the gathered weight blocks and the gradient slots (block and reduced chunk).
  const double partial_rows = 2 * std::ceil(m / layernorm_chunk_rows);
  r.workspaces = f32 * (4 * m + 3 * m * c + 2 * m * cx + 12 * m * cy + partial_rows * cx + square) + f64 * 2 * m;
  if (g.z > 1) {
    const double largest_block = 4 * c * c / xy;  // FC and FC2
    r.workspaces += f32 * (weight_buffers * largest_block + gradient_slots * (largest_block + largest_block / g.z));
  }
  return r;
}

}  // namespace fourfold::plan
