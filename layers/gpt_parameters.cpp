#include "layers/gpt_parameters.hpp"

#include "core/error.hpp"
#include "core/profiling.hpp"
#include "core/rng.hpp"
#include "core/sync.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace fourfold {
namespace {

constexpr float gpt2_init_std = 0.02f;
constexpr std::size_t unplaced = ~std::size_t{0};  // param_index_ of a (tensor, block) not in the arena

Vector slice(const Vector& arena, std::size_t offset, std::size_t size) {
  return Kokkos::subview(arena, Kokkos::make_pair(offset, offset + size));
}

Matrix matrix_at(const Vector& arena, std::size_t offset, std::size_t rows, std::size_t cols) {
  return Matrix(arena.data() + offset, rows, cols);
}

}  // namespace

GptParameters::GptParameters(const GptConfig& config, const comm::Grid& grid, const VocabShard& vocab, int c_x,
                             const BlockLinears& linears, bool gradients)
    : config_(config), vocab_(vocab), c_x_(c_x) {
  const auto& c = grid.coords();
  const int C = config.channels, L = config.num_layers;
  const Replication over_yzd{false, true, true, true};   // X-sharded vectors (LayerNorm, transposed biases)
  const Replication over_xzd{true, false, true, true};   // Y-sharded vectors (normal biases)
  const Replication over_zd{false, false, true, true};   // token embedding
  const Replication over_d{false, false, false, true};   // Z-sharded weight chunks
  std::size_t offset = 0;
  param_index_.assign(static_cast<std::size_t>(gpt_tensor_count) * L, unplaced);

  auto add = [&](const GptTensorSpec& spec, int layer) {
    if (!tensor_present(spec, config_)) return;  // not a tensor of this model
    const ParallelLinear* linear = linears[static_cast<std::size_t>(spec.linear)];
    FF_ASSERT((linear != nullptr) == (spec.sharding == TensorSharding::linear_weight ||
                                      spec.sharding == TensorSharding::linear_bias),
              "tensor {}: a linear layer's tensors and only those name their layer", spec.name);
    MatrixShard shard;
    Replication replication = over_yzd;
    std::size_t chunk_begin = 0, chunk_size = 0;
    switch (spec.sharding) {
      case TensorSharding::vocab_rows:  // rows over X x Y, padded so every rank holds vocab_.local
        shard.local_rows = vocab_.local;
        shard.local_cols = C;
        shard.row_shard = grid.xy().rank();
        replication = over_zd;
        break;
      case TensorSharding::position_columns:  // every position, the rank's channel columns
        shard.local_rows = config_.max_seq_len;
        shard.local_cols = c_x_;
        shard.col_begin = static_cast<std::size_t>(c.x) * c_x_;
        break;
      case TensorSharding::channels_over_x:
        shard.local_rows = c_x_;
        shard.local_cols = 1;
        shard.row_shard = c.x;
        break;
      case TensorSharding::linear_bias:
        shard = linear->bias_shard();
        replication = linear->orientation() == Orientation::normal ? over_xzd : over_yzd;
        break;
      case TensorSharding::linear_weight:
        shard = linear->weight_shard();
        replication = over_d;
        chunk_begin = linear->chunk_begin();
        chunk_size = linear->chunk_size();
        break;
    }
    shard.rows = spec.rows.of<std::size_t>(config_);
    shard.cols = spec.cols.of<std::size_t>(config_);
    if (spec.sharding != TensorSharding::linear_weight) chunk_size = shard.local_rows * shard.local_cols;

    ParamInfo info;
    info.name = tensor_name(spec.tensor, layer);
    info.tensor = static_cast<int>(spec.tensor);
    info.layer = layer;
    info.rows = shard.rows;
    info.cols = shard.cols;
    info.is_vector = spec.is_vector;
    info.offset = offset;
    info.size = chunk_size;
    info.runs = block_runs(shard, chunk_begin, chunk_begin + chunk_size);
    info.replicated = replication;
    info.z_sharded = spec.sharding == TensorSharding::linear_weight;
    info.weight_decay = spec.weight_decay;
    info.init = spec.init == InitRule::ones ? InitKind::ones : spec.init == InitRule::zeros ? InitKind::zeros
                                                                                       : InitKind::normal;
    // Llama (transformers' LlamaPreTrainedModel) draws every matrix from normal(0, 0.02): no
    // residual scaling.
    const bool residual_scaled = spec.init == InitRule::normal_residual && config_.family == ModelFamily::gpt2;
    info.init_std = spec.init == InitRule::normal || spec.init == InitRule::normal_residual
                        ? (residual_scaled ? gpt2_init_std / std::sqrt(2.0f * L) : gpt2_init_std)
                        : 0.0f;
    info.tensor_id = tensor_id_of(info.name);
    offset += chunk_size;
    param_index_[static_cast<std::size_t>(info.tensor) * L + layer] = params_.size();
    params_.push_back(std::move(info));
  };

  // The arena: tensors replicated over Z first ([0, z_replicated_size)): those before the blocks,
  // each block's, those after; then each block's Z-sharded weight chunks.
  const auto& table = gpt_tensors();
  const auto is_chunked = [](const GptTensorSpec& s) { return s.sharding == TensorSharding::linear_weight; };
  const auto first_block =
      std::find_if(table.begin(), table.end(), [](const GptTensorSpec& s) { return s.per_block; });
  for (auto s = table.begin(); s != first_block; ++s)
    if (!s->per_block) add(*s, 0);
  for (int l = 0; l < L; ++l)
    for (const GptTensorSpec& s : table)
      if (s.per_block && !is_chunked(s)) add(s, l);
  for (auto s = first_block; s != table.end(); ++s)
    if (!s->per_block) add(*s, 0);
  z_replicated_size_ = offset;
  for (int l = 0; l < L; ++l)
    for (const GptTensorSpec& s : table)
      if (s.per_block && is_chunked(s)) add(s, l);
  values_ = Vector(Kokkos::view_alloc(std::string("fourfold::parameters")), offset);
  weights_ = views_into(values_);
  if (gradients) {
    gradients_ = Vector(Kokkos::view_alloc(std::string("fourfold::gradients")), offset);
    grads_ = views_into(gradients_);
  } else {
    grads_.blocks.resize(static_cast<std::size_t>(L));  // every view empty, one entry per block as the schedule reads
  }
}

ParamViews GptParameters::views_into(const Vector& arena) const {
  using T = GptTensor;
  ParamViews v;
  // A tensor the model does not have (Llama's biases, position embedding) is an empty view.
  auto at = [&](GptTensor tensor, int layer) {
    if (!tensor_present(spec_of(tensor), config_)) return Vector();
    const ParamInfo& p = param(tensor, layer);
    return slice(arena, p.offset, p.size);
  };
  v.wte = matrix_at(arena, param(T::wte).offset, vocab_.local, config_.channels);
  if (tensor_present(spec_of(T::wpe), config_))
    v.wpe = matrix_at(arena, param(T::wpe).offset, config_.max_seq_len, c_x_);
  if (tensor_present(spec_of(T::lm_head), config_))
    v.lm_head = matrix_at(arena, param(T::lm_head).offset, vocab_.local, config_.channels);
  for (int l = 0; l < config_.num_layers; ++l) {
    BlockParams b;
    b.ln1_w = at(T::ln_1_weight, l);
    b.ln1_b = at(T::ln_1_bias, l);
    b.qkv_w = at(T::attn_weight, l);
    b.qkv_b = at(T::attn_bias, l);
    b.proj_w = at(T::attn_proj_weight, l);
    b.proj_b = at(T::attn_proj_bias, l);
    b.ln2_w = at(T::ln_2_weight, l);
    b.ln2_b = at(T::ln_2_bias, l);
    b.fc_w = at(T::fc_weight, l);
    b.fc_b = at(T::fc_bias, l);
    b.fcproj_w = at(T::fc_proj_weight, l);
    b.fcproj_b = at(T::fc_proj_bias, l);
    v.blocks.push_back(b);
  }
  v.lnf_w = at(T::ln_f_weight, 0);
  v.lnf_b = at(T::ln_f_bias, 0);
  return v;
}

const ParamInfo& GptParameters::param(GptTensor tensor, int layer) const {
  const int index = static_cast<int>(tensor);
  FF_REQUIRE(index >= 0 && index < gpt_tensor_count, "no GPT-2 tensor number {}", index);
  const GptTensorSpec& spec = spec_of(tensor);  // only once the index is known to be in the table
  FF_REQUIRE(layer >= 0 && layer < (spec.per_block ? config_.num_layers : 1),
             "no parameter {} of block {} in a model of {} blocks", spec.name, layer, config_.num_layers);
  const std::size_t at = param_index_[static_cast<std::size_t>(index) * config_.num_layers + layer];
  FF_REQUIRE(at != unplaced, "{} has no parameter {}", config_.str(), spec.name);
  return params_[at];
}

const ParamInfo& GptParameters::param(const std::string& name) const {
  const auto [tensor, layer] = parse_tensor_name(name, config_.num_layers);
  return param(tensor, layer);
}

namespace {

// One run of a parameter's elements for initialisation: contiguous in the arena and in the
// global tensor, so a value depends only on (seed, tensor, global index).
struct InitRun {
  std::size_t arena_offset;
  std::size_t global_offset;
  std::size_t length;
  std::uint64_t tensor_id;
  float scale;  // 1 for ones, 0 for zeros, the standard deviation for normal
  int normal;   // 1: scale * normal(seed, tensor_id, global index); 0: scale
};

}  // namespace

void GptParameters::init(ExecutionContext& ctx, std::uint64_t seed) {
  ScopedRegion region("fourfold::gpt::init_parameters");
  const ExecSpace& exec = ctx.compute();
  std::vector<InitRun> host_runs;
  for (const ParamInfo& p : params_) {
    if (p.init == InitKind::zeros) continue;  // the arena is zeroed first
    for (const ParamRun& run : p.runs) {
      host_runs.push_back(InitRun{p.offset + run.local_offset, run.global_offset, run.length, p.tensor_id,
                                  p.init == InitKind::ones ? 1.0f : p.init_std, p.init == InitKind::normal ? 1 : 0});
    }
  }
  // Setup, not the step loop: the run table is allocated here and dropped afterwards.
  const Kokkos::View<InitRun*, MemSpace> runs("fourfold::gpt::init_runs", host_runs.size());
  Kokkos::deep_copy(exec, runs, Kokkos::View<const InitRun*, HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                                    host_runs.data(), host_runs.size()));
  const Vector arena = values_;
  Kokkos::deep_copy(exec, arena, 0.0f);  // padded vocab rows outside every run stay zero
  using Team = Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::parallel_for(
      "fourfold::gpt::init_parameters", Kokkos::TeamPolicy<ExecSpace>(exec, static_cast<int>(host_runs.size()), Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const InitRun r = runs(team.league_rank());
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, r.length), [&](const std::size_t i) {
          arena(r.arena_offset + i) =
              r.normal ? r.scale * rng::normal(seed, r.tensor_id, r.global_offset + i) : r.scale;
        });
      });
  // The host copy of the run table is freed on return: wait for the copy that reads it.
  fence(ctx.counters(), exec, SyncKind::value, "fourfold::gpt::init_parameters: run table copied");
}

}  // namespace fourfold
