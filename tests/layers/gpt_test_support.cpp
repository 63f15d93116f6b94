#include "gpt_test_support.hpp"

#include "core/rng.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
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

double relative_max_error(const std::vector<double>& a, const std::vector<double>& b) {
  double err = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    err = std::max(err, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return scale > 0.0 ? err / scale : err;
}

}  // namespace fourfold::test
