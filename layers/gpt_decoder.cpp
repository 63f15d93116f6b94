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
Vector head_of(const Vector& v, std::size_t n) { return Kokkos::subview(v, Kokkos::make_pair(std::size_t{0}, n)); }


// h_full (k, C): h_full(r, xr C_x + j) = x_gathered(xr, head_rows(r), j), x_gathered being
// (G_x, n, C_x): the rows the LM head reads, picked out of the rows gathered over X. A free
// function: CUDA's extended lambdas may not live in a class's private members.
void gather_head_rows(const ExecSpace& exec, const Matrix& h_full, const Vector& x_gathered,
                      const Kokkos::View<const int*, MemSpace>& head_rows, std::size_t parts, std::size_t n,
                      std::size_t c_x) {
  Kokkos::parallel_for(
      "fourfold::decode::head_rows", row_teams(exec, h_full.extent(0)), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t r = team.league_rank(), from = static_cast<std::size_t>(head_rows(r));
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, parts * c_x), [&](const std::size_t col) {
          const std::size_t xr = col / c_x, j = col % c_x;
          h_full(r, col) = x_gathered((xr * n + from) * c_x + j);
        });
      });
}

}  // namespace

GptDecoder::GptDecoder(const Gpt& model, int positions, int step_tokens, int batch)
    : model_(model), grid_(model.grid()), positions_(positions), step_tokens_(step_tokens), batch_(batch) {
  const GptConfig& c = model.config();
  FF_REQUIRE(positions >= 1 && positions <= c.max_seq_len,
             "generation: {} positions (prompt and new tokens) do not fit the model's context of {} tokens", positions,
             c.max_seq_len);
  FF_REQUIRE(step_tokens >= 1 && step_tokens <= positions, "generation: {} tokens per step for {} positions",
             step_tokens, positions);
  FF_REQUIRE(batch >= 1, "generation: a batch of {} sequences; expected at least 1", batch);
  lengths_.assign(static_cast<std::size_t>(batch), 0);
  llama_ = c.family == ModelFamily::llama;
  if (llama_) rotary_ = RotaryTable(positions, c.head_size(), c.rope_theta, c.rope_scaling);
  const auto& shape = grid_.shape();
  const std::size_t s = static_cast<std::size_t>(step_tokens) * static_cast<std::size_t>(batch);
  const std::size_t head = static_cast<std::size_t>(std::max(batch, step_tokens));
  const std::size_t c_x = static_cast<std::size_t>(c.channels / shape.x);
  const ParallelLinear& qkv = model.linear_layer(BlockLinear::attn);
  const ParallelLinear& proj = model.linear_layer(BlockLinear::attn_proj);
  const ParallelLinear& fc = model.linear_layer(BlockLinear::fc);
  const ParallelLinear& fc_proj = model.linear_layer(BlockLinear::fc_proj);
  const auto matrix = [](const char* label, std::size_t rows, std::size_t cols) { return Matrix(std::string(label), rows, cols); };
  host_rows_ = Kokkos::View<int*, HostSpace>("fourfold::decode::host_rows", 3 * s + head);
  rows_ = Kokkos::View<int*, MemSpace>("fourfold::decode::rows", 3 * s + head);
  full_ = matrix("fourfold::decode::full", s, static_cast<std::size_t>(c.channels));
  res_ = matrix("fourfold::decode::res", s, c_x);
  ln_ = matrix("fourfold::decode::ln", s, c_x);
  branch_ = matrix("fourfold::decode::branch", s, c_x);
  qkv_ = matrix("fourfold::decode::qkv", s, qkv.out_local());
  atty_ = matrix("fourfold::decode::atty", s, proj.in_local());
  fch_ = matrix("fourfold::decode::fch", s, fc.out_local());
  act_ = matrix("fourfold::decode::act", s, fc_proj.in_local());
  h_full_ = matrix("fourfold::decode::h_full", head, static_cast<std::size_t>(c.channels));
  const std::size_t v_loc = static_cast<std::size_t>(model.vocab().local);
  logits_ = matrix("fourfold::decode::logits", head, v_loc);
  mean_ = Vector("fourfold::decode::mean", s);
  rstd_ = Vector("fourfold::decode::rstd", s);
  row_sums_ = Tensor2<double>("fourfold::decode::row_sums", s, 2);
  x_gathered_ = Vector("fourfold::decode::x_gathered", s * c_x * static_cast<std::size_t>(shape.x));
  vocab_gathered_ = Vector("fourfold::decode::vocab_gathered", head * v_loc * static_cast<std::size_t>(shape.x * shape.y));
  host_logits_ = Kokkos::View<float*, HostSpace>("fourfold::decode::host_logits", vocab_gathered_.extent(0));
  result_.reserve(static_cast<std::size_t>(c.vocab_size) * head);
  head_sequence_.resize(head);
  single_step_.resize(static_cast<std::size_t>(batch));
  const std::size_t kv_width = static_cast<std::size_t>(model.kv_heads_local() * c.head_size());
  const std::size_t cache_rows = static_cast<std::size_t>(positions) * static_cast<std::size_t>(batch);
  for (int l = 0; l < c.num_layers; ++l) {
    k_cache_.push_back(matrix("fourfold::decode::k_cache", cache_rows, kv_width));
    v_cache_.push_back(matrix("fourfold::decode::v_cache", cache_rows, kv_width));
  }
  if (shape.z > 1) {
    const std::size_t block = std::max({qkv.block_size(), proj.block_size(), fc.block_size(), fc_proj.block_size()});
    linear_ws_.weight_block = Vector("fourfold::decode::weight_block", block);
  }
}

void GptDecoder::reset() { std::fill(lengths_.begin(), lengths_.end(), 0); }

int GptDecoder::length(int sequence) const {
  FF_REQUIRE(sequence >= 0 && sequence < batch_, "generation: sequence {} of a batch of {}", sequence, batch_);
  return lengths_[static_cast<std::size_t>(sequence)];
}

const std::vector<float>& GptDecoder::forward(const std::vector<int>& tokens, bool all_rows) {
  FF_REQUIRE(!tokens.empty(), "generation: a step of 0 tokens (1 to {} per step)", step_tokens_);
  single_step_[0] = tokens;  // the other sequences' entries stay empty
  run(single_step_, all_rows, false);
  return result_;
}

const std::vector<float>& GptDecoder::forward_batch(const std::vector<std::vector<int>>& tokens) {
  FF_REQUIRE(tokens.size() == static_cast<std::size_t>(batch_),
             "generation: new tokens for {} sequences; the decoder holds a batch of {}", tokens.size(), batch_);
  run(tokens, false, true);
  return result_;
}

void GptDecoder::run(const std::vector<std::vector<int>>& tokens, bool all_rows, bool by_sequence) {
  ScopedRegion region("fourfold::decode::forward");
  const GptConfig& c = model_.config();
  // The step's rows on the host: tokens, sequences, positions (m each), then the LM head's rows (k).
  std::size_t n = 0, fed = 0;
  int longest = 0;
  for (std::size_t b = 0; b < tokens.size(); ++b) {
    const std::size_t n_b = tokens[b].size();
    FF_REQUIRE(n_b <= static_cast<std::size_t>(step_tokens_),
               "generation: a step of {} tokens for sequence {} (0 to {} per step)", n_b, b, step_tokens_);
    FF_REQUIRE(lengths_[b] + static_cast<int>(n_b) <= positions_,
               "generation: {} more tokens after {} pass the {} positions of the key/value cache (sequence {})", n_b,
               lengths_[b], positions_, b);
    for (const int t : tokens[b])
      FF_REQUIRE(t >= 0 && t < c.vocab_size, "generation: token id {} of sequence {} outside the vocabulary [0, {})", t,
                 b, c.vocab_size);
    n += n_b;
    fed += n_b > 0;
    if (n_b > 0) longest = std::max(longest, lengths_[b] + static_cast<int>(n_b));
  }
  FF_REQUIRE(n >= 1, "generation: a step with no new token in any of the {} sequences", tokens.size());
  const std::size_t k = all_rows ? n : fed;
  FF_ASSERT(!all_rows || fed == 1, "generation: every row's logits for {} sequences at once (one only)", fed);
  {
    std::size_t row = 0, head = 0;
    for (std::size_t b = 0; b < tokens.size(); ++b) {
      for (std::size_t j = 0; j < tokens[b].size(); ++j, ++row) {
        host_rows_(row) = tokens[b][j];
        host_rows_(n + row) = static_cast<int>(b);
        host_rows_(2 * n + row) = lengths_[b] + static_cast<int>(j);
        if (all_rows || j + 1 == tokens[b].size()) {
          head_sequence_[head] = b;
          host_rows_(3 * n + head++) = static_cast<int>(row);
        }
      }
    }
  }
  ExecutionContext& ctx = grid_.context();
  const ExecSpace& exec = ctx.compute();
  const std::size_t packed = 3 * n + k;
  Kokkos::deep_copy(exec, Kokkos::subview(rows_, Kokkos::make_pair(std::size_t{0}, packed)),
                    Kokkos::subview(host_rows_, Kokkos::make_pair(std::size_t{0}, packed)));
  const auto part = [&](std::size_t begin, std::size_t count) {
    return Kokkos::View<const int*, MemSpace>(Kokkos::subview(rows_, Kokkos::make_pair(begin, begin + count)));
  };
  const auto step_tokens = part(0, n), row_sequence = part(n, n), row_position = part(2 * n, n), head_rows = part(3 * n, k);
  const auto& x = grid_.x();
  const ParamViews& p = model_.weights();
  const NormSpec& norm = model_.norm();
  const Matrix res = rows_of(res_, n), ln = rows_of(ln_, n), branch = rows_of(branch_, n), qkv = rows_of(qkv_, n),
               atty = rows_of(atty_, n), fch = rows_of(fch_, n), act = rows_of(act_, n);
  const Vector mean = head_of(mean_, n), rstd = head_of(rstd_, n);
  const Tensor2<double> sums = Kokkos::subview(row_sums_, Kokkos::make_pair(std::size_t{0}, n), Kokkos::ALL);
  embedding_forward(exec, res, rows_of(full_, n), step_tokens, p.wte, p.wpe, model_.vocab().offset, row_position,
                    grid_.coords().x, grid_.xy());
  const ParallelLinear& qkv_layer = model_.linear_layer(BlockLinear::attn);
  const ParallelLinear& proj_layer = model_.linear_layer(BlockLinear::attn_proj);
  const ParallelLinear& fc_layer = model_.linear_layer(BlockLinear::fc);
  const ParallelLinear& fc_proj_layer = model_.linear_layer(BlockLinear::fc_proj);
  const int heads = model_.heads_local(), kv_heads = model_.kv_heads_local();
  for (int l = 0; l < c.num_layers; ++l) {
    const BlockParams& w = p.blocks[l];
    layernorm_forward(exec, ln, mean, rstd, res, w.ln1_w, w.ln1_b, sums, x, norm);
    qkv_layer.forward(ctx, qkv, ln, w.qkv_w, w.qkv_b, linear_ws_);
    if (llama_) rotary_forward(exec, qkv, heads + kv_heads, row_position, rotary_);
    cached_attention_forward(exec, atty, qkv, k_cache_[l], v_cache_[l], row_sequence, row_position, positions_, longest,
                             heads, kv_heads);
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
  // The LM head: the rows gathered over X, the k rows it reads picked out of them (the last of each
  // sequence: a prompt's other rows need no logits), their logits on this rank's vocabulary shard,
  // then every shard's gathered over X x Y.
  const std::size_t c_x = ln.extent(1), v_loc = logits_.extent(1);
  const Vector x_gathered = head_of(x_gathered_, n * c_x * x.size());
  comm::all_gather(exec, x, ConstVector(ln.data(), n * c_x), x_gathered);
  const Matrix h_full = rows_of(h_full_, k), logits = rows_of(logits_, k);
  gather_head_rows(exec, h_full, x_gathered, head_rows, static_cast<std::size_t>(x.size()), n, c_x);
  const Matrix head = c.tied_embeddings ? p.wte : p.lm_head;
  gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, h_full, head, 0.0f, logits, "fourfold::decode::logits");
  const std::size_t xy = static_cast<std::size_t>(grid_.xy().size());
  const Vector gathered = head_of(vocab_gathered_, k * v_loc * xy);
  comm::all_gather(exec, grid_.xy(), ConstVector(logits.data(), k * v_loc), gathered);
  const auto host = Kokkos::subview(host_logits_, Kokkos::make_pair(std::size_t{0}, gathered.extent(0)));
  copy_to_host(ctx.counters(), exec, host, gathered, "fourfold::decode: logits for sampling");
  // gathered (xy rank r, row i, v) is vocabulary id r V_loc + v; the padded ids are left out.
  // Head row i goes to result_'s row i (one sequence), or its sequence's row (the batch: B rows,
  // zeros for a sequence given no token).
  const std::size_t vocab = static_cast<std::size_t>(c.vocab_size);
  result_.assign((by_sequence ? tokens.size() : k) * vocab, 0.0f);
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t to = by_sequence ? head_sequence_[i] : i;
    for (std::size_t id = 0; id < vocab; ++id) {
      const std::size_t r = id / v_loc, v = id % v_loc;
      result_[to * vocab + id] = host((r * k + i) * v_loc + v);
    }
  }
  for (std::size_t b = 0; b < tokens.size(); ++b) lengths_[b] += static_cast<int>(tokens[b].size());
}

}  // namespace fourfold
