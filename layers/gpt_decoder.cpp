#include "layers/gpt_decoder.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"
#include "layers/cached_attention.hpp"
#include "layers/elementwise.hpp"
#include "layers/embedding.hpp"
#include "layers/gelu.hpp"
#include "layers/layernorm.hpp"
#include "layers/swiglu.hpp"

#include <algorithm>

namespace fourfold {
namespace {

Matrix rows_of(const Matrix& m, std::size_t n) { return Kokkos::subview(m, Kokkos::make_pair(std::size_t{0}, n), Kokkos::ALL); }

}  // namespace

GptDecoder::GptDecoder(const Gpt& model, int positions, int step_tokens)
    : model_(model), grid_(model.grid()), positions_(positions), step_tokens_(step_tokens) {
  const GptConfig& c = model.config();
  FF_REQUIRE(positions >= 1 && positions <= c.max_seq_len,
             "generation: {} positions (prompt and new tokens) do not fit the model's context of {} tokens", positions,
             c.max_seq_len);
  FF_REQUIRE(step_tokens >= 1 && step_tokens <= positions, "generation: {} tokens per step for {} positions",
             step_tokens, positions);
  llama_ = c.family == ModelFamily::llama;
  if (llama_) rotary_ = RotaryTable(positions, c.head_size(), c.rope_theta, c.rope_scaling);
  const auto& shape = grid_.shape();
  const std::size_t s = static_cast<std::size_t>(step_tokens), c_x = static_cast<std::size_t>(c.channels / shape.x);
  const ParallelLinear& qkv = model.linear_layer(BlockLinear::attn);
  const ParallelLinear& proj = model.linear_layer(BlockLinear::attn_proj);
  const ParallelLinear& fc = model.linear_layer(BlockLinear::fc);
  const ParallelLinear& fc_proj = model.linear_layer(BlockLinear::fc_proj);
  const auto matrix = [](const char* label, std::size_t rows, std::size_t cols) { return Matrix(std::string(label), rows, cols); };
  tokens_ = Kokkos::View<int*, MemSpace>("fourfold::decode::tokens", s);
  full_ = matrix("fourfold::decode::full", s, static_cast<std::size_t>(c.channels));
  res_ = matrix("fourfold::decode::res", s, c_x);
  ln_ = matrix("fourfold::decode::ln", s, c_x);
  branch_ = matrix("fourfold::decode::branch", s, c_x);
  qkv_ = matrix("fourfold::decode::qkv", s, qkv.out_local());
  atty_ = matrix("fourfold::decode::atty", s, proj.in_local());
  fch_ = matrix("fourfold::decode::fch", s, fc.out_local());
  act_ = matrix("fourfold::decode::act", s, fc_proj.in_local());
  h_full_ = matrix("fourfold::decode::h_full", s, static_cast<std::size_t>(c.channels));
  const std::size_t v_loc = static_cast<std::size_t>(model.vocab().local);
  logits_ = matrix("fourfold::decode::logits", s, v_loc);
  mean_ = Vector("fourfold::decode::mean", s);
  rstd_ = Vector("fourfold::decode::rstd", s);
  row_sums_ = Tensor2<double>("fourfold::decode::row_sums", s, 2);
  x_gathered_ = Vector("fourfold::decode::x_gathered", s * c_x * static_cast<std::size_t>(shape.x));
  vocab_gathered_ = Vector("fourfold::decode::vocab_gathered", s * v_loc * static_cast<std::size_t>(shape.x * shape.y));
  host_logits_ = Kokkos::View<float*, HostSpace>("fourfold::decode::host_logits", vocab_gathered_.extent(0));
  const std::size_t kv_width = static_cast<std::size_t>(model.kv_heads_local() * c.head_size());
  for (int l = 0; l < c.num_layers; ++l) {
    k_cache_.push_back(matrix("fourfold::decode::k_cache", static_cast<std::size_t>(positions), kv_width));
    v_cache_.push_back(matrix("fourfold::decode::v_cache", static_cast<std::size_t>(positions), kv_width));
  }
  if (shape.z > 1) {
    const std::size_t block = std::max({qkv.block_size(), proj.block_size(), fc.block_size(), fc_proj.block_size()});
    linear_ws_.weight_block = Vector("fourfold::decode::weight_block", block);
  }
}

const std::vector<float>& GptDecoder::forward(const std::vector<int>& tokens, bool all_rows) {
  ScopedRegion region("fourfold::decode::forward");
  const GptConfig& c = model_.config();
  const std::size_t n = tokens.size();
  FF_REQUIRE(n >= 1 && n <= static_cast<std::size_t>(step_tokens_),
             "generation: a step of {} tokens (1 to {} per step)", n, step_tokens_);
  FF_REQUIRE(length_ + static_cast<int>(n) <= positions_,
             "generation: {} more tokens after {} pass the {} positions of the key/value cache", n, length_, positions_);
  for (const int t : tokens)
    FF_REQUIRE(t >= 0 && t < c.vocab_size, "generation: token id {} outside the vocabulary [0, {})", t, c.vocab_size);
  ExecutionContext& ctx = grid_.context();
  const ExecSpace& exec = ctx.compute();
  const auto& x = grid_.x();
  const ParamViews& p = model_.weights();
  const NormSpec& norm = model_.norm();
  const int first = length_;
  using HostTokens = Kokkos::View<const int*, HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  Kokkos::deep_copy(exec, Kokkos::subview(tokens_, Kokkos::make_pair(std::size_t{0}, n)), HostTokens(tokens.data(), n));
  const Matrix res = rows_of(res_, n), ln = rows_of(ln_, n), branch = rows_of(branch_, n), qkv = rows_of(qkv_, n),
               atty = rows_of(atty_, n), fch = rows_of(fch_, n), act = rows_of(act_, n);
  const Vector mean = Kokkos::subview(mean_, Kokkos::make_pair(std::size_t{0}, n));
  const Vector rstd = Kokkos::subview(rstd_, Kokkos::make_pair(std::size_t{0}, n));
  const Tensor2<double> sums = Kokkos::subview(row_sums_, Kokkos::make_pair(std::size_t{0}, n), Kokkos::ALL);
  embedding_forward(exec, res, rows_of(full_, n), Kokkos::subview(tokens_, Kokkos::make_pair(std::size_t{0}, n)), p.wte,
                    p.wpe, model_.vocab().offset, static_cast<int>(n), grid_.coords().x, grid_.xy(), first);
  const ParallelLinear& qkv_layer = model_.linear_layer(BlockLinear::attn);
  const ParallelLinear& proj_layer = model_.linear_layer(BlockLinear::attn_proj);
  const ParallelLinear& fc_layer = model_.linear_layer(BlockLinear::fc);
  const ParallelLinear& fc_proj_layer = model_.linear_layer(BlockLinear::fc_proj);
  const int heads = model_.heads_local(), kv_heads = model_.kv_heads_local();
  for (int l = 0; l < c.num_layers; ++l) {
    const BlockParams& w = p.blocks[l];
    layernorm_forward(exec, ln, mean, rstd, res, w.ln1_w, w.ln1_b, sums, x, norm);
    qkv_layer.forward(ctx, qkv, ln, w.qkv_w, w.qkv_b, linear_ws_);
    if (llama_) rotary_forward(exec, qkv, heads + kv_heads, static_cast<int>(n), rotary_, first);
    cached_attention_forward(exec, atty, qkv, k_cache_[l], v_cache_[l], first, heads, kv_heads);
    proj_layer.forward(ctx, branch, atty, w.proj_w, w.proj_b, linear_ws_);
    add_into(exec, flat(res), flat(branch));
    layernorm_forward(exec, ln, mean, rstd, res, w.ln2_w, w.ln2_b, sums, x, norm);
    fc_layer.forward(ctx, fch, ln, w.fc_w, ConstVector(), linear_ws_);  // GPT-2's bias with GELU, below
    if (llama_) {
      swiglu_forward(exec, act, fch);
    } else {
      bias_gelu_forward(exec, act, fch, w.fc_b);
    }
    fc_proj_layer.forward(ctx, branch, act, w.fcproj_w, w.fcproj_b, linear_ws_);
    add_into(exec, flat(res), flat(branch));
  }
  layernorm_forward(exec, ln, mean, rstd, res, p.lnf_w, p.lnf_b, sums, x, norm);
  // The LM head: the rows gathered over X, their logits on this rank's vocabulary shard, then every
  // shard's gathered over X x Y.
  const std::size_t c_x = ln.extent(1), v_loc = logits_.extent(1);
  const Vector x_gathered = Kokkos::subview(x_gathered_, Kokkos::make_pair(std::size_t{0}, n * c_x * x.size()));
  comm::all_gather(exec, x, ConstVector(ln.data(), n * c_x), x_gathered);
  const Matrix h_full = rows_of(h_full_, n), logits = rows_of(logits_, n);
  unpack_x_gather(exec, h_full, x_gathered, x.size());
  const Matrix head = c.tied_embeddings ? p.wte : p.lm_head;
  gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, h_full, head, 0.0f, logits, "fourfold::decode::logits");
  const std::size_t xy = static_cast<std::size_t>(grid_.xy().size());
  const Vector gathered = Kokkos::subview(vocab_gathered_, Kokkos::make_pair(std::size_t{0}, n * v_loc * xy));
  comm::all_gather(exec, grid_.xy(), ConstVector(logits.data(), n * v_loc), gathered);
  const auto host = Kokkos::subview(host_logits_, Kokkos::make_pair(std::size_t{0}, gathered.extent(0)));
  copy_to_host(ctx.counters(), exec, host, gathered, "fourfold::decode: logits for sampling");
  // gathered (xy rank r, row i, v) is vocabulary id r V_loc + v; the padded ids are left out.
  const std::size_t vocab = static_cast<std::size_t>(c.vocab_size), first_row = all_rows ? 0 : n - 1;
  result_.assign((n - first_row) * vocab, 0.0f);
  for (std::size_t i = first_row; i < n; ++i)
    for (std::size_t id = 0; id < vocab; ++id) {
      const std::size_t r = id / v_loc, v = id % v_loc;
      result_[(i - first_row) * vocab + id] = host((r * n + i) * v_loc + v);
    }
  length_ += static_cast<int>(n);
  return result_;
}

}  // namespace fourfold
