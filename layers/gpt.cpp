#include "layers/gpt.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/ledger.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"
#include "layers/attention.hpp"
#include "layers/bf16_wire.hpp"
#include "layers/elementwise.hpp"
#include "layers/embedding.hpp"
#include "layers/gelu.hpp"
#include "layers/layernorm.hpp"
#include "layers/sequence_shard.hpp"
#include "layers/swiglu.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

namespace fourfold {
namespace {


int checked_divide(int value, int divisor, const char* what, const char* by, const comm::Grid& grid) {
  FF_REQUIRE(divisor > 0 && value % divisor == 0,
             "model {} = {} is not divisible by {} = {} (grid {})", what, value, by, divisor,
             grid.shape().str());
  return value / divisor;
}

// The config, checked before any member is built from it.
const GptConfig& validated(const GptConfig& config) {
  config.validate();
  return config;
}

// A block's linear layer with its weight's global shape (out, in) from the tensor table and its
// output groups from the model: q, k and v (k and v smaller under grouped-query attention); a
// Llama MLP's gate and up. Named like the weight without ".weight" ("attn.c_attn").
ParallelLinear block_linear(GptTensor weight, const GptConfig& c, Orientation orientation, const comm::Grid& grid) {
  const GptTensorSpec& s = spec_of(weight);
  const std::string name = s.name;
  std::vector<int> groups{s.rows.of<int>(c)};
  if (weight == GptTensor::attn_weight) {
    const int q = c.num_heads * c.head_size(), kv = c.kv_heads() * c.head_size();
    groups = {q, kv, kv};
  } else if (weight == GptTensor::fc_weight && c.family == ModelFamily::llama) {
    groups = {c.mlp_hidden<int>(), c.mlp_hidden<int>()};
  }
  return ParallelLinear(name.substr(0, name.rfind('.')), groups, s.cols.of<int>(c), orientation, grid);
}

}  // namespace

Gpt::Gpt(const GptConfig& config, const comm::Grid& grid, int local_batch, int seq_len,
         const OverlapOptions& overlap, double bucket_mb, const MemoryOptions& memory)
    : config_(validated(config)),
      grid_(grid),
      local_batch_(local_batch),
      seq_len_(seq_len),
      rows_(static_cast<std::size_t>(local_batch) * seq_len),
      channels_(config.channels),
      // The grid's rules, checked before the linear layers (whose own checks name less).
      c_x_(checked_divide(config.channels, grid.shape().x, "channels", "G_x", grid)),
      c_y_(checked_divide(config.channels, grid.shape().y, "channels", "G_y", grid)),
      heads_y_(checked_divide(config.num_heads, grid.shape().y, "num_heads", "G_y", grid)),
      kv_heads_y_(checked_divide(config.kv_heads(), grid.shape().y, "num_kv_heads", "G_y", grid)),
      qkv_(block_linear(GptTensor::attn_weight, config, Orientation::normal, grid)),
      attn_proj_(block_linear(GptTensor::attn_proj_weight, config, Orientation::transposed, grid)),
      fc_(block_linear(GptTensor::fc_weight, config, Orientation::normal, grid)),
      fc_proj_(block_linear(GptTensor::fc_proj_weight, config, Orientation::transposed, grid)),
      overlap_(overlap),
      memory_(memory),
      shard_(make_sequence_shard(memory.sequence_shard, rows_, grid)) {
  llama_ = config_.family == ModelFamily::llama;
  norm_ = llama_ ? NormSpec::rms_norm(config_.norm_eps) : NormSpec::layer_norm(config_.norm_eps);
  const auto& shape = grid.shape();
  FF_REQUIRE(local_batch > 0, "local batch of {} sequences per rank: must be positive", local_batch);
  FF_REQUIRE(valid_tp_chunks(overlap.tp_chunks), "tp_chunks = {}: expected 1, 2, 4 or 8 row chunks",
             overlap.tp_chunks);
  FF_REQUIRE(seq_len > 0 && seq_len <= config.max_seq_len,
             "sequence length {} must be between 1 and the model's max_seq_len {}", seq_len,
             config.max_seq_len);

  // Vocabulary rows split over the X*Y group; padded up so every rank holds the same count.
  const int xy = shape.x * shape.y;
  const int padded = (config.padded_vocab_size + xy - 1) / xy * xy;
  vocab_.local = padded / xy;
  vocab_.offset = grid.xy().rank() * vocab_.local;
  vocab_.real_vocab = config.vocab_size;

  const bool forward_only = memory.forward_only;
  params_ = GptParameters(config_, grid, vocab_, c_x_, BlockLinears{nullptr, &qkv_, &attn_proj_, &fc_, &fc_proj_},
                          !forward_only);
  p_ = params_.weights();
  g_ = params_.grads();
  head_w_ = config_.tied_embeddings ? p_.wte : p_.lm_head;
  head_g_ = config_.tied_embeddings ? g_.wte : g_.lm_head;
  if (memory.precision == GemmPrecision::bf16) {
    bf16_parameters_ = Bf16Vector(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::gpt::parameters_bf16")),
                                  params_.values().extent(0));
  }
  // Positions restart at 0 in every sequence: the table covers one sequence.
  if (llama_) rotary_ = RotaryTable(seq_len, config_.head_size(), config_.rope_theta, config_.rope_scaling);

  GptDims dims;
  dims.local_batch = local_batch;
  dims.seq_len = seq_len;
  dims.layers = config.num_layers;
  dims.channels = channels_;
  dims.c_x = c_x_;
  dims.c_y = c_y_;
  dims.heads_y = heads_y_;
  dims.kv_heads_y = kv_heads_y_;
  dims.qkv_width = qkv_.out_local();
  dims.mlp_in_width = fc_.out_local();
  dims.mlp_hidden_width = fc_proj_.in_local();
  dims.vocab_local = vocab_.local;
  // A weights-only model keeps nothing for backward: its GEMMs read their inputs in fp32, as
  // block recomputation's do (no bf16 copies).
  const Recompute kept = forward_only ? Recompute::block : memory.recompute;
  dims.recompute = kept;
  dims.forward_only = forward_only;
  dims.bf16_wire = memory.precision == GemmPrecision::bf16;
  dims.bf16_activations = memory.precision == GemmPrecision::bf16;
  dims.y_ranks = shape.y;
  dims.sequence_shard = shard_.active();
  FF_REQUIRE(memory.loss_chunk_tokens >= 0, "loss_chunk_tokens = {}: must be 0 (automatic) or positive",
             memory.loss_chunk_tokens);
  dims.loss_chunk_rows = fourfold::loss_chunk_rows(memory.loss_chunk_tokens, vocab_.local, rows_);
  act_ = GptActivations(dims);
  ws_ = GptWorkspaces(dims);
  norm_rows_.segments = dims.norm_segments();
  norm_rows_.group = shard_.group;
  norm_rows_.gathered_partials = ws_.ln_gathered_partials;
  // The grid's context runs this model's GEMMs at the model's precision.
  grid_.context().gemm().set_precision(memory.precision);
  if (memory.precision == GemmPrecision::bf16) {
    // Reserved now, so that no step allocates the operand copies (they outlive the model: the
    // copies are the context's GEMM engine's).
    GemmOperandDims g;
    g.rows = static_cast<double>(rows_);
    g.channels = channels_;
    g.c_x = c_x_;
    g.c_y = c_y_;
    g.qkv_width = static_cast<double>(dims.qkv_width);
    g.mlp_in_width = static_cast<double>(dims.mlp_in_width);
    g.mlp_hidden_width = static_cast<double>(dims.mlp_hidden_width);
    g.chunk_rows = static_cast<double>(dims.loss_chunk_rows);
    g.vocab_local = static_cast<double>(vocab_.local);
    g.recompute = kept;
    const GemmOperandElements largest = largest_gemm_operands(g);
    grid_.context().gemm().reserve_bf16_operands(static_cast<std::size_t>(largest.a), static_cast<std::size_t>(largest.b));
    gemm_operand_bytes_ = static_cast<std::size_t>(largest.a + largest.b) * GemmEngine::bf16_operand_element_bytes();
  }  // gathered weight blocks and weight-gradient blocks live in the schedule
  if (memory.precision == GemmPrecision::fp32 && !llama_ && !forward_only) {
    // fp32 mode's bias gradients come with their weight gradients (gemm_bias_grad); on CUDA the
    // library writes each into the engine's scratch first, reserved now for the widest.
    grid_.context().gemm().reserve_bias_gradient(
        std::max({qkv_.out_local(), attn_proj_.out_local(), fc_.out_local(), fc_proj_.out_local()}));
  }
  build_schedule(bucket_mb);
}

Gpt::~Gpt() = default;

void Gpt::build_schedule(double bucket_mb) {
  std::vector<LinearCall> calls;
  std::vector<std::pair<std::size_t, std::size_t>> block_ranges;
  for (int l = 0; l < config_.num_layers; ++l) {
    const BlockParams& w = p_.blocks[l];
    const BlockParams& g = g_.blocks[l];
    // Forward order within a block; call index 4 l + j.
    calls.push_back(LinearCall{&qkv_, l, w.qkv_w, g.qkv_w, bf16_of(w.qkv_w)});
    calls.push_back(LinearCall{&attn_proj_, l, w.proj_w, g.proj_w, bf16_of(w.proj_w)});
    calls.push_back(LinearCall{&fc_, l, w.fc_w, g.fc_w, bf16_of(w.fc_w)});
    calls.push_back(LinearCall{&fc_proj_, l, w.fcproj_w, g.fcproj_w, bf16_of(w.fcproj_w)});
    const ParamInfo& first = param(GptTensor::attn_weight, l);
    const ParamInfo& last = param(GptTensor::fc_proj_weight, l);
    block_ranges.emplace_back(first.offset, last.offset + last.size - first.offset);
  }
  // Backward asks for weights in reverse, or with block recomputation for each block first its
  // recomputed forward's (qkv, attention projection, FC: FC2's output is not needed) and then its
  // backward's; the FC weights just gathered serve the FC backward again.
  std::vector<int> backward_order;
  for (int l = config_.num_layers - 1; l >= 0; --l) {
    if (memory_.recompute == Recompute::block)
      for (const int j : {0, 1, 2}) backward_order.push_back(4 * l + j);
    for (const int j : {3, 2, 1, 0}) backward_order.push_back(4 * l + j);
  }
  // A weights-only model: no gradient slots, no gradient buckets.
  const bool training = !memory_.forward_only;
  schedule_ = std::make_unique<LinearSchedule>(std::move(calls), grid_.shape().z, overlap_, training ? 4 : 0,
                                               std::vector<int>(), std::move(backward_order),
                                               memory_.precision == GemmPrecision::bf16,
                                               training && memory_.grad_reduce == GemmPrecision::bf16);
  if (!training) return;
  gradient_sync_ = std::make_unique<GradientSync>(params_.gradients(), params_.z_replicated_size(), block_ranges,
                                                  grid_, overlap_, bucket_mb, memory_.shard_optimizer,
                                                  memory_.grad_reduce == GemmPrecision::bf16);
}

const ParallelLinear& Gpt::linear_layer(BlockLinear which) const {
  switch (which) {
    case BlockLinear::attn: return qkv_;
    case BlockLinear::attn_proj: return attn_proj_;
    case BlockLinear::fc: return fc_;
    case BlockLinear::fc_proj: return fc_proj_;
    case BlockLinear::none: break;
  }
  FF_ASSERT(false, "no block linear layer {}", static_cast<int>(which));
  return qkv_;
}

int Gpt::gradient_buckets() const { return gradient_sync_ ? gradient_sync_->buckets() : 0; }

const DataShards& Gpt::data_shards() const {
  require_training("data_shards");
  return gradient_sync_->shards();
}

void Gpt::require_training(const char* what) const {
  FF_REQUIRE(!memory_.forward_only,
             "Gpt::{}: this {} is a weights-only model (MemoryOptions::forward_only), which has no gradients: "
             "build it with forward_only = false to train it",
             what, config_.str());
}

int Gpt::first_sequence() const {
  return (grid_.coords().data * grid_.shape().z + grid_.coords().z) * local_batch_;
}

long long Gpt::global_tokens() const {
  return static_cast<long long>(rows_) * grid_.shape().z * grid_.shape().data;
}





void Gpt::forward(const int* tokens, const int* targets, const DeviceScalar<double>& loss_sum,
                  bool parameters_unchanged) {
  ScopedRegion region("fourfold::gpt::forward");
  const ExecSpace& exec = grid_.context().compute();
  using HostTokens = Kokkos::View<const int*, HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const LedgerScope ledger(grid_.context().counters());
  const StepPhaseScope phase(grid_.context().counters(), StepPhase::forward);
  count_work(WorkKind::copy, bytes_of<int>(2.0 * rows_), 2, Launch::library);  // tokens and targets, from the host
  Kokkos::deep_copy(exec, act_.tokens, HostTokens(tokens, rows_));
  Kokkos::deep_copy(exec, act_.targets, HostTokens(targets, rows_));
  const auto& x = grid_.x();
  LinearSchedule& s = *schedule_;
  if (!parameters_unchanged && bf16_parameters_.extent(0) != 0) {
    // bf16 mode, when the optimizer did not round the parameters it changed (or something else
    // changed them): every GEMM's weights at once.
    pack_bf16(exec, WorkKind::conversion, bf16_parameters_, params_.values());
  }
  s.begin_pass(exec, LinearSchedule::Pass::forward);  // starts the first layer's weight gather
  embedding_forward(exec, act_.res0, ws_.full, act_.tokens, p_.wte, p_.wpe, vocab_.offset, seq_len_,
                    grid_.coords().x, grid_.xy(), 0, shard_.row_begin);
  act_.save_embedding(exec);  // bf16 mode: block 0's input for backward
  layernorm_forward(exec, act_.output(0, BlockField::ln1), act_.blocks[0].ln1_mean, act_.blocks[0].ln1_rstd, act_.res0, p_.blocks[0].ln1_w,
                    p_.blocks[0].ln1_b, ws_.row_sums, x, norm_);
  for (int l = 0; l < config_.num_layers; ++l) {
    const BlockParams& w = p_.blocks[l];
    BlockActivations& a = act_.blocks[l];
    const Matrix in = l == 0 ? act_.res0 : act_.blocks[l - 1].res3;
    const int call = 4 * l;  // the schedule's index of this block's qkv layer
    block_forward_to_mlp(exec, l, in, false);
    act_.save(exec, l, BlockField::fch_gelu);  // before the next block's ln1 takes its slot; the GEMM reads the copy
    projection_forward(fc_proj_, a.res3, act_.held(l, BlockField::fch_gelu), s.weight(exec, call + 3), w.fcproj_b);
    // res3 += res2, fused with the LayerNorm that reads it: the next block's ln1, or ln_f.
    if (l + 1 < config_.num_layers) {
      BlockActivations& next = act_.blocks[l + 1];
      residual_layernorm_forward(exec, act_.output(l + 1, BlockField::ln1), next.ln1_mean, next.ln1_rstd, a.res3, a.res2,
                                 p_.blocks[l + 1].ln1_w, p_.blocks[l + 1].ln1_b, ws_.row_sums, x, norm_,
                                 act_.copy_target(l, BlockField::res3));
    } else {
      residual_layernorm_forward(exec, act_.lnf, act_.lnf_mean, act_.lnf_rstd, a.res3, a.res2, p_.lnf_w, p_.lnf_b,
                                 ws_.row_sums, x, norm_, act_.copy_target(l, BlockField::res3));
    }
  }
  // Sequence sharding: the head reads all m rows of ln_f's output.
  const ConstMatrix head_input = shard_.active() ? ConstMatrix(ws_.rows_full) : ConstMatrix(act_.lnf);
  if (shard_.active()) gather_rows(exec, *shard_.group, act_.lnf, ws_.rows_full);
  lm_head_loss_forward(grid_.context(), act_.losses, ws_.head, head_input, head_weight(), act_.targets, vocab_, x,
                       grid_.xy());
  head_chunk_kept_ = true;
  // This rank's rows are 1 / (G_z G_data) of the micro-batch: their share of its mean loss.
  const DeviceScalar<double> local_sum = ws_.head.loss_sum;
  const double inv_tokens = 1.0 / static_cast<double>(global_tokens());
  count_work(WorkKind::elementwise, bytes_of<double>(3.0));
  Kokkos::parallel_for(
      "fourfold::gpt::forward::loss", Kokkos::RangePolicy<ExecSpace>(exec, 0, 1),
      KOKKOS_LAMBDA(const int) { loss_sum() += local_sum() * inv_tokens; });
}

void Gpt::block_forward_to_mlp(const ExecSpace& exec, int l, const ConstMatrix& in, bool recomputing) {
  const BlockParams& w = p_.blocks[l];
  BlockActivations& a = act_.blocks[l];
  LinearSchedule& s = *schedule_;
  const int call = 4 * l;  // the schedule's index of this block's qkv layer
  // bf16 mode: each field saved for backward once it is written, before the next field of its
  // working slot is (gpt_memory.hpp); nothing when recomputing. A GEMM input (ln1, atty, ln2, the
  // MLP activation) is saved before its GEMM, which reads the bf16 copy (act_.held) instead of
  // rounding the same values again.
  act_.save(exec, l, BlockField::ln1);
  normal_forward(qkv_, a.qkv, act_.held(l, BlockField::ln1), call, w.qkv_b);
  // Llama: positions into the query and key heads (this rank's heads_y and kv_heads_y), in place.
  if (llama_) rotary_forward(exec, a.qkv, heads_y_ + kv_heads_y_, seq_len_, rotary_);
  attention_forward(grid_.context(), a.atty, a.lse, a.qkv, heads_y_, ws_.attention);
  act_.save(exec, l, BlockField::qkv);
  act_.save(exec, l, BlockField::atty);
  projection_forward(attn_proj_, a.res2, act_.held(l, BlockField::atty), s.weight(exec, call + 1), w.proj_b);
  if (recomputing) {
    // res2 += block input, then ln2 from the statistics the forward kept (block recomputation:
    // no bf16 copies).
    add_into(exec, flat(a.res2), flat(in));
    layernorm_normalise(exec, a.ln2, a.res2, a.ln2_mean, a.ln2_rstd, w.ln2_w, w.ln2_b);
  } else {
    // res2 += block input (and its bf16 copy, written in the same pass), fused with ln2 of the result.
    residual_layernorm_forward(exec, act_.output(l, BlockField::ln2), a.ln2_mean, a.ln2_rstd, a.res2, in, w.ln2_w,
                               w.ln2_b, ws_.row_sums, grid_.x(), norm_, act_.copy_target(l, BlockField::res2));
  }
  act_.save(exec, l, BlockField::ln2);
  normal_forward(fc_, a.fch, act_.held(l, BlockField::ln2), call + 2, ConstVector());  // bias fused below
  activation_forward(exec, l);  // bf16 mode: fch's copy written in the same pass
}

void Gpt::activation_forward(const ExecSpace& exec, int l) {
  const BlockActivations& a = act_.blocks[l];
  // GPT-2's bias + GELU stays one Kokkos kernel, not cuBLASLt's GELU_AUX_BIAS epilogue in fc's
  // GEMM: that GELU is the library's own tanh approximation, not gelu() (fast_exp), which backward's
  // gelu_grad differentiates and the host builds compute; the bias comes after fc's X all-reduce
  // when G_x > 1; and bf16 mode writes the biased value only to fch's bf16 copy.
  // bf16 mode: the pre-activation's copy for backward (gate and up for SwiGLU, fch + bias for
  // GELU, which then leaves fch unbiased: backward reads the copy) written in the same pass.
  const Bf16Matrix fch_copy = act_.copy_target(l, BlockField::fch);
  if (llama_) {
    swiglu_forward(exec, act_.output(l, BlockField::fch_gelu), a.fch, fch_copy);  // no bias
  } else {
    bias_gelu_forward(exec, act_.output(l, BlockField::fch_gelu), a.fch, p_.blocks[l].fc_b, fch_copy);  // fch += bias, then GELU
  }
}

void Gpt::recompute_block(const ExecSpace& exec, int l, const ConstMatrix& in) {
  if (memory_.recompute != Recompute::block) return;  // selective recomputes field by field (materialise)
  ScopedRegion region("fourfold::gpt::recompute_block");
  const BlockParams& w = p_.blocks[l];
  BlockActivations& a = act_.blocks[l];
  layernorm_normalise(exec, a.ln1, in, a.ln1_mean, a.ln1_rstd, w.ln1_w, w.ln1_b);
  block_forward_to_mlp(exec, l, in, true);
}

void Gpt::materialise(const ExecSpace& exec, int l, BlockField field, const ConstMatrix& in) {
  // Block recomputation has already rerun the whole block (recompute_block).
  if (memory_.recompute == Recompute::block) return;
  const BlockParams& w = p_.blocks[l];
  BlockActivations& a = act_.blocks[l];
  if (memory_.recompute == Recompute::selective || memory_.recompute == Recompute::attention) {
    // The LayerNorm outputs from their inputs and kept statistics, GELU's output from its input
    // (which the caller has materialised first); with attention recomputation, the attention
    // output from the kept q/k/v (the caller has materialised them first): the forward's kernel
    // on the forward's operands (bf16 mode rounds q/k/v into its operands either way), so the
    // same values and log-sum-exp.
    switch (field) {
      case BlockField::atty:
        if (memory_.recompute != Recompute::attention) break;
        attention_forward(grid_.context(), a.atty, a.lse, a.qkv, heads_y_, ws_.attention);
        return;
      case BlockField::ln1:
        layernorm_normalise(exec, a.ln1, in, a.ln1_mean, a.ln1_rstd, w.ln1_w, w.ln1_b);
        return;
      case BlockField::ln2:
        layernorm_normalise(exec, a.ln2, a.res2, a.ln2_mean, a.ln2_rstd, w.ln2_w, w.ln2_b);
        return;
      case BlockField::fch_gelu:
        if (llama_) {
          swiglu_forward(exec, a.fch_gelu, a.fch);
        } else {
          gelu_forward(exec, flat(a.fch_gelu), flat(a.fch));
        }
        return;
      default:
        break;
    }
  }
  act_.restore(exec, l, field);
}

void Gpt::complete_loss(const DeviceScalar<double>& loss_sum) const {
  // Every XY rank holds the same rows' losses; rows differ over Z and data.
  const ExecSpace& exec = grid_.context().compute();
  comm::all_reduce(exec, grid_.z(), loss_sum);
  comm::all_reduce(exec, grid_.data(), loss_sum);
}

double Gpt::forward(const int* tokens, const int* targets) {
  const ExecSpace& exec = grid_.context().compute();
  const LedgerScope ledger(grid_.context().counters());
  count_work(WorkKind::elementwise, bytes_of<double>(1.0), 1, Launch::library);
  Kokkos::deep_copy(exec, ws_.loss, 0.0);
  forward(tokens, targets, ws_.loss);
  complete_loss(ws_.loss);
  DeviceScalar<double>::HostMirror host = Kokkos::create_mirror_view(ws_.loss);
  copy_to_host(grid_.context().counters(), exec, host, ws_.loss, "fourfold::gpt::forward: the loss for the caller");
  return host();
}

void Gpt::zero_gradients() {
  require_training("zero_gradients");
  const ExecSpace& exec = grid_.context().compute();
  schedule_->finish_grads(exec);  // a reduce-scatter in flight belongs to the gradients being cleared
  const LedgerScope ledger(grid_.context().counters());
  count_work(WorkKind::elementwise, bytes_of<float>(static_cast<double>(params_.gradients().extent(0))), 1,
             Launch::library);
  Kokkos::deep_copy(exec, params_.gradients(), 0.0f);
}

void Gpt::backward(double loss_scale, bool last_micro_step) {
  require_training("backward");
  ScopedRegion region("fourfold::gpt::backward");
  const ExecSpace& exec = grid_.context().compute();
  const LedgerScope ledger(grid_.context().counters());
  const StepPhaseScope phase(grid_.context().counters(), StepPhase::backward);
  const auto& x = grid_.x();
  LinearSchedule& s = *schedule_;
  gradient_sync_->begin_backward(last_micro_step);
  s.begin_pass(exec, LinearSchedule::Pass::backward);  // the last layer's weights, behind the LM head
  // One linear layer's backward: weights from the schedule, dW into the schedule's block (or
  // the chunk itself when G_z = 1), then its reduce-scatter over Z.
  const auto linear_backward = [&](const ParallelLinear& layer, int call, const Matrix& din, const Vector& dbias,
                                   const ConstMatrix& dout, const HeldMatrix& in) {
    // Sequence sharding, a transposed layer: dout is the residual stream's gradient (m_s rows),
    // gathered over Y by the forward overlap's row chunks into row order, each chunk's
    // input-gradient GEMMs behind its own gather only; started before the weights are waited for.
    // The chunks land in d_fch (free here: FC2's backward writes its input gradient to
    // d_fch_gelu, the activation's backward d_fch after it; the projection's comes after FC's)
    // unless it is narrower than the rows.
    std::optional<RowChunkGather> dout_rows;
    if (shard_.active() && layer.orientation() == Orientation::transposed) {
      const std::size_t m = ws_.rows_full.extent(0), c = ws_.rows_full.extent(1);
      const Matrix staging = ws_.gradient_chunks.size() != 0 ? ws_.gradient_chunks : Matrix(ws_.d_fch.data(), m, c);
      dout_rows.emplace(exec, *shard_.group, dout, staging, ws_.rows_full,
                        ws_.linear.output_grad.extent(0) != 0 ? Bf16Vector(ws_.linear.output_grad.data(), m * c)
                                                              : Bf16Vector(),
                        row_gather_chunks());
    }
    const WeightBlock weight = s.weight(exec, call);
    float beta = 0.0f;
    const Matrix dweight = s.grad_block(exec, call, beta);
    if (dout_rows) {
      layer.backward_block_gathered(grid_.context(), din, dweight, beta, dbias, *dout_rows, in, weight, ws_.linear,
                                    overlap_.oar);
    } else if (shard_.active() && layer.orientation() == Orientation::normal) {
      // Sequence sharding: the input gradient reduce-scattered over Y into the norm region's rows;
      // `in` is the norm's output (m_s rows), gathered over Y behind the input-gradient GEMMs
      // (with oar; else before them).
      comm::Request gather;
      const HeldMatrix gathered = gathered_input(exec, in, overlap_.oar ? &gather : nullptr);
      layer.backward_block_scattered(grid_.context(), din, ws_.rows_full, dweight, beta, dbias, dout, gathered, weight,
                                     ws_.linear, overlap_.oar, overlap_.forward_row_chunks(), &gather);
    } else {
      layer.backward_block(grid_.context(), din, dweight, beta, dbias, dout, in, weight, ws_.linear, overlap_.oar,
                           overlap_.forward_row_chunks());
    }
    s.reduce_grad(exec, call);
  };
  // Sequence sharding: the head's input gradient for all m rows, of which ln_f's backward reads
  // this rank's.
  const Matrix head_grad = shard_.active() ? ws_.rows_full : ws_.d_ln;
  lm_head_loss_backward(grid_.context(), head_grad, head_g_, ws_.full, ws_.head, head_weight(), act_.targets,
                        static_cast<float>(loss_scale), vocab_, grid_.coords().x, grid_.xy(), head_chunk_kept_);
  head_chunk_kept_ = false;  // backward turned the kept chunk into dlogits
  const ConstMatrix d_lnf(head_grad.data() + shard_.row_begin * head_grad.extent(1), shard_.shard_rows,
                          head_grad.extent(1));
  // ln_f's input: the last block's output, read as it was saved (bf16 mode: its bf16 copy).
  layernorm_backward(exec, ws_.d_res, g_.lnf_w, g_.lnf_b, d_lnf, act_.held(config_.num_layers - 1, BlockField::res3),
                     p_.lnf_w, act_.lnf_mean, act_.lnf_rstd, ws_.row_sums, ws_.ln_partials, x, false, norm_,
                     norm_rows_);
  for (int l = config_.num_layers - 1; l >= 0; --l) {
    const BlockParams& w = p_.blocks[l];
    const BlockParams& dw = g_.blocks[l];
    const BlockActivations& a = act_.blocks[l];
    const Matrix in = l == 0 ? act_.res0 : act_.blocks[l - 1].res3;
    // Without recomputation, the kernels that read the block's input, res2 and the MLP's
    // pre-activation (the norms' and the activation's backward) read them as they were saved
    // (bf16 mode: their bf16 copies, restored nowhere). A recomputation reads them in fp32: then
    // the block's input is restored into the stream slot (bf16 mode; the block's own output is
    // not read again), and each field restored or recomputed just before its reader
    // (materialise), so that the fields sharing a working slot in bf16 mode never need it at once.
    const bool recomputing = memory_.recompute != Recompute::none;
    if (recomputing) {
      if (l > 0) {
        act_.restore(exec, l - 1, BlockField::res3);
      } else {
        act_.restore_embedding(exec);
      }
    }
    const HeldMatrix block_input = l > 0 ? act_.held(l - 1, BlockField::res3) : act_.held_embedding();
    const auto backward_input = [&](BlockField field) {
      if (recomputing) materialise(exec, l, field, in);
      return act_.held(l, field);
    };
    recompute_block(exec, l, in);
    // A field that only weight-gradient GEMMs read (ln1, ln2, the MLP activation): its bf16 copy
    // as it was saved (bf16 mode), else materialised in its working buffer.
    const auto gemm_input = [&](BlockField field) {
      if (!act_.saved_as_bf16(l, field)) materialise(exec, l, field, in);
      return act_.held(l, field);
    };
    // d_res holds d(loss)/d(res3): through the MLP branch to res2.
    const int call = 4 * l;
    const HeldMatrix fch = backward_input(BlockField::fch);  // before the activation recomputed from it
    linear_backward(fc_proj_, call + 3, ws_.d_fch_gelu, dw.fcproj_b, ws_.d_res, gemm_input(BlockField::fch_gelu));
    if (llama_) {
      swiglu_backward(exec, ws_.d_fch, ws_.d_fch_gelu, fch);
    } else {
      gelu_backward(exec, ws_.d_fch, ws_.d_fch_gelu, fch);
    }
    const HeldMatrix res2 = backward_input(BlockField::res2);  // before ln2 recomputed from it
    linear_backward(fc_, call + 2, ws_.d_ln, dw.fc_b, ws_.d_fch, gemm_input(BlockField::ln2));  // gathered there
    // d_res += the LayerNorm's input gradient, in its input-gradient kernel.
    layernorm_backward(exec, ws_.d_res, dw.ln2_w, dw.ln2_b, ws_.d_ln, res2, w.ln2_w, a.ln2_mean,
                       a.ln2_rstd, ws_.row_sums, ws_.ln_partials, x, true, norm_, norm_rows_);
    // d_res holds d(loss)/d(res2): through the attention branch to the block input. q/k/v first:
    // attention recomputation derives the attention output from them.
    materialise(exec, l, BlockField::qkv, in);
    materialise(exec, l, BlockField::atty, in);  // attention's backward reads it too
    linear_backward(attn_proj_, call + 1, ws_.d_atty, dw.proj_b, ws_.d_res, act_.held(l, BlockField::atty));
    attention_backward(grid_.context(), ws_.d_qkv, ws_.d_atty, a.atty, a.lse, a.qkv, heads_y_, ws_.attention);
    // Llama: through the rotation of the query and key heads, back to the projection's output.
    if (llama_) rotary_backward(exec, ws_.d_qkv, heads_y_ + kv_heads_y_, seq_len_, rotary_);
    linear_backward(qkv_, call, ws_.d_ln, dw.qkv_b, ws_.d_qkv, gemm_input(BlockField::ln1));  // gathered there
    layernorm_backward(exec, ws_.d_res, dw.ln1_w, dw.ln1_b, ws_.d_ln, block_input, w.ln1_w, a.ln1_mean,
                       a.ln1_rstd, ws_.row_sums, ws_.ln_partials, x, true, norm_, norm_rows_);
    gradient_sync_->block_done(exec, l, s);
  }
  embedding_backward(exec, g_.wte, g_.wpe, gathered_gradient(exec, ws_.d_res), ws_.head.gathered, act_.tokens,
                     vocab_.offset, seq_len_, x);
}

HeldMatrix Gpt::gather_source(const ExecSpace& exec, const HeldMatrix& norm_output) {
  // bf16 mode: the GEMMs read the rows as bf16. Held in fp32 (recomputation), this rank's rows
  // are rounded first, so that the gather moves bf16: the values the GEMMs would round to.
  if (ws_.gathered_bf16.size() == 0 || norm_output.is_bf16()) return norm_output;
  pack_bf16(exec, WorkKind::conversion, Bf16Vector(ws_.norm_out_bf16.data(), ws_.norm_out_bf16.size()),
            flat(norm_output.fp32));
  return ConstBf16Matrix(ws_.norm_out_bf16);
}

HeldMatrix Gpt::gathered_input(const ExecSpace& exec, const HeldMatrix& norm_output, comm::Request* started) {
  if (!shard_.active()) return norm_output;
  const bool start = started != nullptr;
  const HeldMatrix source = gather_source(exec, norm_output);
  comm::Request r = source.is_bf16() ? gather_rows(exec, *shard_.group, source.bf16, ws_.gathered_bf16, start)
                                     : gather_rows(exec, *shard_.group, source.fp32, ws_.gathered, start);
  if (start) *started = std::move(r);
  if (source.is_bf16()) return ConstBf16Matrix(ws_.gathered_bf16);
  return ws_.gathered;
}

void Gpt::normal_forward(const ParallelLinear& layer, const Matrix& out, const HeldMatrix& norm_output, int call,
                         const ConstVector& bias) {
  const ExecSpace& exec = grid_.context().compute();
  if (!shard_.active()) {
    layer.forward_block(grid_.context(), out, norm_output, schedule_->weight(exec, call), bias, ws_.linear,
                        overlap_.forward_row_chunks());
    return;
  }
  // The rows' gathers start before the weights are waited for, and by the forward overlap's
  // chunks (those that cut the reduce-scatter's pieces evenly): chunk c + 1 travels behind chunk
  // c's GEMMs.
  RowChunkGather gathered(exec, *shard_.group, gather_source(exec, norm_output), ws_.gathered, ws_.gathered_bf16,
                          row_gather_chunks());
  layer.forward_block_gathered(grid_.context(), out, gathered, schedule_->weight(exec, call), bias, ws_.linear);
}

void Gpt::projection_forward(const ParallelLinear& layer, const Matrix& out, const HeldMatrix& in,
                             const WeightBlock& weight, const ConstVector& bias) {
  if (shard_.active()) {
    layer.forward_block_scattered(grid_.context(), out, ws_.rows_full, in, weight, bias, ws_.linear,
                                  overlap_.forward_row_chunks());
  } else {
    layer.forward_block(grid_.context(), out, in, weight, bias, ws_.linear, overlap_.forward_row_chunks());
  }
}

ConstMatrix Gpt::gathered_gradient(const ExecSpace& exec, const Matrix& d_residual) {
  if (!shard_.active()) return d_residual;
  gather_rows(exec, *shard_.group, d_residual, ws_.rows_full);
  return ws_.rows_full;
}

ConstBf16Vector Gpt::bf16_of(const ConstVector& tensor) const {
  if (bf16_parameters_.extent(0) == 0) return ConstBf16Vector();
  const Vector arena = params_.values();
  FF_ASSERT(tensor.data() >= arena.data() && tensor.data() + tensor.extent(0) <= arena.data() + arena.extent(0),
            "a tensor of {} elements outside the parameter arena of {}", tensor.extent(0), arena.extent(0));
  const std::size_t offset = static_cast<std::size_t>(tensor.data() - arena.data());
  return Kokkos::subview(ConstBf16Vector(bf16_parameters_), Kokkos::make_pair(offset, offset + tensor.extent(0)));
}

WeightBlock Gpt::head_weight() const {
  if (bf16_parameters_.extent(0) == 0) return ConstMatrix(head_w_);
  const ConstBf16Vector rows = bf16_of(ConstVector(head_w_.data(), head_w_.size()));
  return ConstBf16Matrix(rows.data(), head_w_.extent(0), head_w_.extent(1));
}

void Gpt::sync_gradients() {
  require_training("sync_gradients");
  ScopedRegion region("fourfold::gpt::sync_gradients");
  const LedgerScope ledger(grid_.context().counters());
  gradient_sync_->finish(grid_.context().compute(), *schedule_);
}

void Gpt::gather_parameters() {
  require_training("gather_parameters");
  const LedgerScope ledger(grid_.context().counters());
  gradient_sync_->gather_parameters(grid_.context().compute(), params_.values());
}

MemoryPlan Gpt::memory() const {
  MemoryPlan plan;
  plan.parameters = view_bytes(params_.values());
  plan.gradients = view_bytes(params_.gradients());
  plan.activations = act_.bytes();
  plan.gemm_operands = gemm_operand_bytes_;
  plan.collective_buffers = static_cast<std::size_t>(grid_.device_collective_buffer_bytes());
  plan.workspaces = ws_.bytes() + schedule_->workspace_bytes() +
                    (gradient_sync_ ? gradient_sync_->workspace_bytes() : 0) +
                    view_bytes(bf16_parameters_) + plan.gemm_operands + plan.collective_buffers;
  plan.recompute_buffers = act_.shared_bytes();
  plan.attention_scratch = ws_.attention.bytes();
  plan.loss_chunk = view_bytes(ws_.head.logits);
  return plan;
}

}  // namespace fourfold
