#include "gpt_test_support.hpp"

#include "core/rng.hpp"
#include "core/sync.hpp"
#include "layers/adamw.hpp"

#include <gtest/gtest.h>

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace fourfold::test {

GptConfig small_config() {
  GptConfig c;
  c.max_seq_len = 16;
  c.vocab_size = 61;
  c.padded_vocab_size = 64;
  c.num_layers = 2;
  c.num_heads = 4;
  c.channels = 32;
  return c;
}

reference::Config to_reference(const GptConfig& c) {
  return {c.max_seq_len, c.vocab_size, c.padded_vocab_size, c.num_layers, c.num_heads, c.channels};
}

GptConfig small_llama_config(bool tied) {
  GptConfig c = small_config();
  c.family = ModelFamily::llama;
  c.num_heads = 8;
  c.num_kv_heads = 4;
  c.intermediate_size = 48;
  c.tied_embeddings = tied;
  c.rope_theta = 10000.0;
  return c;
}

reference::LlamaConfig to_llama_reference(const GptConfig& c) {
  return {c.vocab_size, c.padded_vocab_size, c.num_layers, c.num_heads, c.kv_heads(), c.channels,
          c.mlp_hidden<int>(), c.norm_eps, c.rope_theta, c.tied_embeddings};
}

GptConfig small_config_of(ModelFamily family) {
  return family == ModelFamily::llama ? small_llama_config() : small_config();
}

std::vector<int> global_token_rows(int batch, int seq_len, int vocab, unsigned seed) {
  std::vector<int> rows(static_cast<std::size_t>(batch) * (seq_len + 1));
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i] = static_cast<int>(rng::bits(seed, 99, i) % static_cast<std::uint64_t>(vocab));
  return rows;
}

std::pair<std::vector<int>, std::vector<int>> local_batch_of(const Gpt& model,
                                                             const std::vector<int>& rows) {
  const int T = model.seq_len(), b_loc = model.local_batch();
  const auto& c = model.grid().coords();
  const int first = (c.data * model.grid().shape().z + c.z) * b_loc;
  std::vector<int> tokens, targets;
  for (int b = first; b < first + b_loc; ++b)
    for (int t = 0; t < T; ++t) {
      tokens.push_back(rows[static_cast<std::size_t>(b) * (T + 1) + t]);
      targets.push_back(rows[static_cast<std::size_t>(b) * (T + 1) + t + 1]);
    }
  return {tokens, targets};
}

std::vector<double> gather_global(const Gpt& model, const ParamInfo& info, const Vector& arena) {
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), arena);
  std::vector<double> global(info.rows * info.cols, 0.0);
  if (owns_copy(info, model.grid().coords())) {
    for (const ParamRun& run : info.runs)
      for (std::size_t i = 0; i < run.length; ++i)
        global[run.global_offset + i] = host(info.offset + run.local_offset + i);
  }
  MPI_Allreduce(MPI_IN_PLACE, global.data(), static_cast<int>(global.size()), MPI_DOUBLE, MPI_SUM,
                model.grid().world().mpi());
  return global;
}

std::pair<std::vector<double>*, std::size_t> reference_slot(const GptConfig& config,
                                                            reference::Params& p,
                                                            const std::string& name) {
  // The reference keeps the 16 tensors in llm.c order, each holding every block's instance.
  const auto [tensor, layer] = parse_tensor_name(name, config.num_layers);
  return {p.tensors().at(static_cast<std::size_t>(tensor)).second,
          static_cast<std::size_t>(layer) * tensor_elements(spec_of(tensor), config)};
}

std::pair<std::vector<double>*, std::size_t> llama_reference_slot(const GptConfig& config,
                                                                  reference::LlamaParams& p,
                                                                  const std::string& name) {
  const auto [tensor, layer] = parse_tensor_name(name, config.num_layers);
  std::vector<double>* slot = nullptr;
  switch (tensor) {
    case GptTensor::wte: slot = &p.wte; break;
    case GptTensor::ln_1_weight: slot = &p.ln1w; break;
    case GptTensor::attn_weight: slot = &p.qkvw; break;
    case GptTensor::attn_proj_weight: slot = &p.attprojw; break;
    case GptTensor::ln_2_weight: slot = &p.ln2w; break;
    case GptTensor::fc_weight: slot = &p.fcw; break;
    case GptTensor::fc_proj_weight: slot = &p.fcprojw; break;
    case GptTensor::ln_f_weight: slot = &p.lnfw; break;
    case GptTensor::lm_head: slot = &p.lm_head; break;
    default: throw std::invalid_argument("no Llama tensor " + name);
  }
  return {slot, static_cast<std::size_t>(layer) * tensor_elements(spec_of(tensor), config)};
}

double relative_max_error(const std::vector<double>& a, const std::vector<double>& b) {
  double err = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    err = std::max(err, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return scale > 0.0 ? err / scale : err;
}

namespace {
constexpr int global_batch = 4;
constexpr int seq_len = small_run_seq_len;
constexpr int micro_steps = 2;

}  // namespace

TrainedRun train_small(const comm::Grid& grid, const OverlapOptions& overlap, const MemoryOptions& memory,
                       double bucket_mb, int delay_us, const GptConfig& config, int steps) {
  if (delay_us > 0) grid.engine().inject_delays(delay_us, 1000 + 7919 * static_cast<std::uint64_t>(grid.world_rank()));
  const int local = global_batch / (grid.shape().z * grid.shape().data);
  Gpt model(config, grid, local, seq_len, overlap, bucket_mb, memory);
  model.init_parameters(99);
  AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{}, model.data_shards(),
                  grid.coords().data);
  const ExecSpace& exec = grid.context().compute();
  model.zero_gradients();
  DeviceScalar<double> loss("loss");
  TrainedRun run;
  for (int step = 1; step <= steps; ++step) {
    Kokkos::deep_copy(exec, loss, 0.0);
    for (int k = 0; k < micro_steps; ++k) {
      const auto rows = global_token_rows(global_batch, seq_len, config.vocab_size,
                                                static_cast<unsigned>(10 + k));  // the same batches each step: it learns
      const auto [tokens, targets] = local_batch_of(model, rows);
      model.forward(tokens.data(), targets.data(), loss);
      model.backward(1.0 / (micro_steps * model.global_tokens()), k == micro_steps - 1);
    }
    model.sync_gradients();
    model.complete_loss(loss);
    optimizer.step(exec, model.parameters(), model.gradients(), 1e-2f, 1.0f, step);
    model.gather_parameters();
    DeviceScalar<double>::HostMirror host = Kokkos::create_mirror_view(loss);
    copy_to_host(grid.context().counters(), exec, host, loss, "test: loss");
    run.losses.push_back(host());
  }
  auto params = Kokkos::create_mirror_view(model.parameters());
  copy_to_host(grid.context().counters(), exec, params, model.parameters(), "test: parameters");
  run.parameters.assign(params.data(), params.data() + params.size());
  if (delay_us > 0) grid.engine().inject_delays(0, 0);
  return run;
}

void expect_bit_identical(const TrainedRun& got, const TrainedRun& want, const std::string& what) {
  int world_rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  ASSERT_EQ(got.losses.size(), want.losses.size()) << what;
  for (std::size_t i = 0; i < want.losses.size(); ++i)
    EXPECT_EQ(got.losses[i], want.losses[i]) << what << ": loss of step " << i + 1;
  ASSERT_EQ(got.parameters.size(), want.parameters.size()) << what;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < want.parameters.size(); ++i)
    differ += std::memcmp(&got.parameters[i], &want.parameters[i], sizeof(float)) != 0;
  EXPECT_EQ(differ, 0u) << what << ": parameters differing in their bits (rank " << world_rank
                        << ")";
}

bool fits_small_run(const comm::GridShape& s, const GptConfig& c) {
  return global_batch % (s.z * s.data) == 0 && c.num_heads % s.y == 0 && c.kv_heads() % s.y == 0 &&
         c.channels % s.x == 0;
}

}  // namespace fourfold::test
