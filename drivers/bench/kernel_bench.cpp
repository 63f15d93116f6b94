#include "drivers/bench/kernel_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/common/calibrate.hpp"
#include "core/gemm.hpp"
#include "core/rng.hpp"
#include "core/runtime.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"
#include "layers/adamw.hpp"
#include "layers/attention.hpp"
#include "layers/bf16_wire.hpp"
#include "layers/elementwise.hpp"
#include "layers/embedding.hpp"
#include "layers/gelu.hpp"
#include "layers/gpt_config.hpp"
#include "layers/layernorm.hpp"
#include "layers/lm_head_loss.hpp"
#include "layers/memory_options.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <string>

namespace fourfold {
namespace {

// Values in [-0.5, 0.5) so that exponentials and GELU see realistic magnitudes.
void fill_random(const ExecSpace& exec, const Vector& v, std::uint64_t stream) {
  Kokkos::parallel_for(
      "fourfold::bench::fill", Kokkos::RangePolicy<ExecSpace>(exec, 0, v.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i) { v(i) = rng::uniform(stream, 0, i) - 0.5f; });
}
Matrix random_matrix(const ExecSpace& exec, const char* label, std::size_t rows, std::size_t cols,
                     std::uint64_t stream) {
  const Matrix m(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), rows, cols);
  fill_random(exec, flat(m), stream);
  return m;
}
Vector random_vector(const ExecSpace& exec, const char* label, std::size_t n, std::uint64_t stream) {
  const Vector v(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), n);
  fill_random(exec, v, stream);
  return v;
}

}  // namespace

int run_kernel_bench(Runtime& runtime, const KernelBenchOptions& options) {
  FF_REQUIRE(options.iterations >= 1 && options.warmup >= 0, "--iters {} / --warmup {}: need a timed call",
             options.iterations, options.warmup);
  const GptConfig config = GptConfig::gpt2(options.depth);
  const comm::GridShape shape = options.grid.empty() ? comm::GridShape{1, 1, 1, runtime.world_size()}
                                                     : comm::GridShape::parse(options.grid);
  const comm::Grid grid(shape, runtime.world());
  const int row_groups = shape.z * shape.data;
  FF_REQUIRE(options.batch % row_groups == 0, "--batch {} is not divisible by G_z * G_data = {} (grid {})",
             options.batch, row_groups, shape.str());
  FF_REQUIRE(config.num_heads % shape.y == 0 && config.channels % (shape.x * shape.y) == 0,
             "grid {} does not divide {} heads and {} channels", shape.str(), config.num_heads, config.channels);
  FF_REQUIRE(options.seq_len >= 1 && options.seq_len <= config.max_seq_len, "--seq-len {} outside 1..{}",
             options.seq_len, config.max_seq_len);
  const GemmPrecision precision = parse_gemm_precision(options.precision);

  // This rank's shard: rows over Z x data, channels over X (residual stream) and Y (heads,
  // MLP), vocabulary over X x Y.
  const int B = options.batch / row_groups, T = options.seq_len;
  const std::size_t m = static_cast<std::size_t>(B) * T;
  const int C = config.channels, c_x = C / shape.x, c_y = C / shape.y, heads = config.num_heads / shape.y;
  const int xy = shape.x * shape.y;
  const int v_loc = (config.padded_vocab_size + xy - 1) / xy;
  const int xy_rank = grid.coords().y * shape.x + grid.coords().x;
  const VocabShard vocab{xy_rank * v_loc, v_loc, config.vocab_size};
  ExecutionContext& ctx = grid.context();
  const ExecSpace& exec = ctx.compute();

  const Matrix ln_in = random_matrix(exec, "ln_in", m, c_x, 1), ln_out = random_matrix(exec, "ln_out", m, c_x, 2);
  const Matrix ln_dout = random_matrix(exec, "ln_dout", m, c_x, 3), ln_din = random_matrix(exec, "ln_din", m, c_x, 4);
  const Vector ln_w = random_vector(exec, "ln_w", c_x, 5), ln_b = random_vector(exec, "ln_b", c_x, 6);
  const Vector ln_dw = random_vector(exec, "ln_dw", c_x, 7), ln_db = random_vector(exec, "ln_db", c_x, 8);
  const Vector mean("mean", m), rstd("rstd", m);
  const Tensor2<double> row_sums("row_sums", m, 2);
  const Matrix column_partials("column_partials", layernorm_partial_rows(m), c_x);
  const Matrix residual = random_matrix(exec, "residual", m, c_x, 21);
  const Matrix qkv = random_matrix(exec, "qkv", m, 3 * c_y, 9), dqkv("dqkv", m, 3 * c_y);
  const Matrix atty("atty", m, c_y), datty = random_matrix(exec, "datty", m, c_y, 10);
  const Vector lse("lse", attention_stats_size(B, T, heads));
  const AttentionWorkspace attention(B, T, heads, c_y, 0, precision);  // bf16 mode: bf16 operands, as a step's
  const Matrix fch = random_matrix(exec, "fch", m, 4 * c_y, 11), fch_gelu("fch_gelu", m, 4 * c_y);
  const Matrix d_fch("d_fch", m, 4 * c_y), d_fch_gelu = random_matrix(exec, "d_fch_gelu", m, 4 * c_y, 12);
  const Vector qkv_bias = random_vector(exec, "qkv_bias", 3 * c_y, 13);
  const Vector fch_bias = random_vector(exec, "fch_bias", 4 * c_y, 16);
  const Matrix wte = random_matrix(exec, "wte", v_loc, C, 14), wpe = random_matrix(exec, "wpe", T, c_x, 15);
  const Matrix dwte("dwte", v_loc, C), dwpe("dwpe", T, c_x);
  // The LM head's rows as a step's GEMMs read them: in bf16 mode the model's once-per-step bf16 copy.
  Tensor2<bf16> wte_bf16;
  if (precision == GemmPrecision::bf16) {
    wte_bf16 = Tensor2<bf16>("wte_bf16", v_loc, C);
    pack_bf16(exec, WorkKind::conversion, Bf16Vector(wte_bf16.data(), wte_bf16.size()), ConstVector(wte.data(), wte.size()));
  }
  const WeightBlock head_weight =
      precision == GemmPrecision::bf16 ? WeightBlock(ConstBf16Matrix(wte_bf16)) : WeightBlock(ConstMatrix(wte));
  const Matrix full("full", m, C), dh("dh", m, c_x);
  const Vector losses("losses", m);
  const LmHeadWorkspace head(m, C, v_loc, loss_chunk_rows(0, v_loc, m));  // the default chunk of logits
  Kokkos::View<int*, MemSpace> tokens("tokens", m);
  Kokkos::parallel_for(
      "fourfold::bench::tokens", Kokkos::RangePolicy<ExecSpace>(exec, 0, m),
      KOKKOS_LAMBDA(const std::size_t i) { tokens(i) = static_cast<int>(rng::bits(16, 0, i) % 50257u); });
  const TokenView token_view = tokens;

  // AdamW over this rank's share of the parameters, as one decayed range.
  const std::size_t n_params = static_cast<std::size_t>(config.num_parameters()) / grid.world_size();
  ParamInfo all;
  all.name = "all";
  all.offset = 0;
  all.size = n_params;
  all.weight_decay = true;
  AdamW adamw({all}, n_params, AdamWSettings{});
  const Vector params = random_vector(exec, "params", n_params, 17), grads = random_vector(exec, "grads", n_params, 18);
  const std::size_t n_triad = static_cast<std::size_t>(options.triad_elements);
  const Vector ta("triad_a", n_triad), tb = random_vector(exec, "triad_b", n_triad, 19),
               tc = random_vector(exec, "triad_c", n_triad, 20);

  const double hs = static_cast<double>(c_y) / heads;
  const double tt = attention_scores_computed(T);  // score entries the causal blocking computes
  const double f = sizeof(float);
  const double md = static_cast<double>(m);
  struct Kernel {
    const char* name;
    double flops;  // executed floating-point operations (GEMM kernels), or 0
    double bytes;  // the least memory traffic the kernel must do, or 0
    std::function<void()> run;
  };
  // Minimum traffic: every input read once, every output written once.
  const std::vector<Kernel> kernels = {
      {"triad", 0, 3 * f * n_triad, [&] { stream_triad(exec, ta, tb, tc, 0.5f); }},
      {"gemm_qkv_forward", 2 * md * 3 * c_y * c_x, 0,
       [&] {
         gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, ConstMatrix(ln_out.data(), m, c_x),
              ConstMatrix(wte.data(), 3 * c_y, c_x), 0.0f, qkv, "fourfold::bench::gemm");
       }},
      {"attention_forward", 2 * attention_forward_gemms * B * heads * tt * hs, 0,
       [&] { attention_forward(ctx, atty, lse, qkv, heads, attention); }},
      {"attention_backward", 2 * attention_backward_gemms * B * heads * tt * hs, 0,
       [&] { attention_backward(ctx, dqkv, datty, atty, lse, qkv, heads, attention); }},
      {"layernorm_forward", 0, f * (2 * md * c_x + 2 * md),
       [&] { layernorm_forward(exec, ln_out, mean, rstd, ln_in, ln_w, ln_b, row_sums, grid.x()); }},
      {"layernorm_backward", 0, f * (3 * md * c_x + 2 * md),
       [&] {
         layernorm_backward(exec, ln_din, ln_dw, ln_db, ln_dout, ln_in, ln_w, mean, rstd, row_sums, column_partials,
                            grid.x());
       }},
      {"residual_layernorm_forward", 0, f * (4 * md * c_x + 2 * md),
       [&] {
         residual_layernorm_forward(exec, ln_out, mean, rstd, residual, ln_in, ln_w, ln_b, row_sums, grid.x());
       }},
      {"gelu_forward", 0, 2 * f * md * 4 * c_y, [&] { gelu_forward(exec, flat(fch_gelu), flat(fch)); }},
      {"bias_gelu_forward", 0, 3 * f * md * 4 * c_y, [&] { bias_gelu_forward(exec, fch_gelu, fch, fch_bias); }},
      {"gelu_backward", 0, 3 * f * md * 4 * c_y,
       [&] { gelu_backward(exec, flat(d_fch), flat(d_fch_gelu), flat(fch)); }},
      {"bias_add", 0, 2 * f * md * 3 * c_y, [&] { add_row_bias(exec, qkv, qkv_bias); }},
      {"embedding_forward", 0, f * (md * C + md * c_x),
       [&] { embedding_forward(exec, ln_in, full, token_view, wte, wpe, vocab.offset, T, grid.coords().x, grid.xy()); }},
      {"embedding_backward", 0, f * (md * C * 2 + md * c_x),
       [&] { embedding_backward(exec, dwte, dwpe, ln_dout, head.gathered, token_view, vocab.offset, T, grid.x()); }},
      {"lm_head_gemm", 2 * static_cast<double>(head.logits.extent(0)) * v_loc * C, 0,
       [&] {
         gemm_with_weight(ctx.gemm(), Op::none, Op::transpose, 1.0f,
                          Kokkos::subview(head.h_full, Kokkos::make_pair(std::size_t{0}, head.logits.extent(0)), Kokkos::ALL),
                          head_weight, 0.0f, head.logits, "fourfold::bench::gemm");
       }},
      {"lm_head_loss_forward", 2 * md * v_loc * C, 2 * f * md * v_loc,
       [&] { lm_head_loss_forward(ctx, losses, head, ln_out, head_weight, token_view, vocab, grid.x(), grid.xy()); }},
      // Every chunk's logits recomputed (a backward whose forward's last chunk is kept skips one).
      {"lm_head_loss_backward", 6 * md * v_loc * C, 2 * f * md * v_loc,
       [&] {
         lm_head_loss_backward(ctx, dh, dwte, full, head, head_weight, token_view, 1.0f / md, vocab, grid.coords().x,
                               grid.xy(), false);
       }},
      {"adamw", 0, 8 * f * n_params, [&] { adamw.step(exec, params, grads, 1e-4f, 1.0f, 1); }},
  };

  ctx.gemm().set_precision(precision);
  // Batched GEMM launches of one layer's attention (forward and backward): what a GPU's vendor
  // library is asked for, which must not grow with the batch.
  ctx.gemm().reset_stats();
  attention_forward(ctx, atty, lse, qkv, heads, attention);
  attention_backward(ctx, dqkv, datty, atty, lse, qkv, heads, attention);
  const long attention_launches = ctx.gemm().stats().batched_launches;
  std::vector<double> seconds(kernels.size());
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    for (int i = 0; i < options.warmup; ++i) kernels[k].run();
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold-bench kernels: start");
    grid.world().barrier();
    Stopwatch watch;
    for (int i = 0; i < options.iterations; ++i) kernels[k].run();
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold-bench kernels: end");
    seconds[k] = comm::all_reduce_value(grid.world(), watch.seconds() / options.iterations, comm::ReduceOp::max);
  }
  ctx.gemm().set_precision(GemmPrecision::fp32);

  if (grid.world_rank() == 0) {
    std::printf("# kernels of GPT-2 C=%d NH=%d at batch %d x %d on grid %s (this rank: %zu rows, C_x %d, C_y %d, "
                "%d heads, V_loc %d), %s GEMM operands\n",
                C, config.num_heads, options.batch, T, shape.str().c_str(), m, c_x, c_y, heads, v_loc,
                precision_name(precision));
    std::printf("# attention: %ld batched GEMM launches per layer (forward and backward) at batch %d x %d\n",
                attention_launches, B, T);
    std::printf("%s\n", nlohmann::json({{"bench", "kernel_counts"}, {"attention_gemm_launches_per_layer", attention_launches},
                                        {"grid", shape.str()}, {"batch", options.batch}, {"seq_len", T}})
                             .dump()
                             .c_str());
    std::printf("# %-24s %10s %10s %10s\n", "kernel", "ms", "GFLOP/s", "GB/s");
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      const Kernel& kernel = kernels[k];
      const double s = seconds[k];
      std::printf("# %-24s %10.3f %10s %10s\n", kernel.name, 1e3 * s,
                  kernel.flops > 0 ? fmt::format("{:.1f}", kernel.flops / s / 1e9).c_str() : "-",
                  kernel.bytes > 0 ? fmt::format("{:.1f}", kernel.bytes / s / 1e9).c_str() : "-");
    }
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      nlohmann::json line = {{"bench", "kernels"}, {"kernel", kernels[k].name}, {"grid", shape.str()},
                             {"batch", options.batch}, {"seq_len", T}, {"precision", precision_name(precision)},
                             {"ms", 1e3 * seconds[k]}};
      if (kernels[k].flops > 0) line["gflops"] = kernels[k].flops / seconds[k] / 1e9;
      if (kernels[k].bytes > 0) line["gb_per_s"] = kernels[k].bytes / seconds[k] / 1e9;
      std::printf("%s\n", line.dump().c_str());
    }
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace fourfold
