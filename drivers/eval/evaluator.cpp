// The model's side of evaluation: rows to the device, forward, losses back.
#include "drivers/eval/evaluator.hpp"

#include "comm/agree.hpp"
#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/sync.hpp"
#include "drivers/train/token_source.hpp"
#include "layers/gpt.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace fourfold {
namespace {

using HostRows = Kokkos::View<int**, Kokkos::LayoutRight, HostPinnedSpace>;

// The sequences of the global micro-batch one forward scores: local_batch x G_z x G_data.
int global_sequences(const Gpt& model) {
  return model.local_batch() * model.grid().shape().z * model.grid().shape().data;
}

// Sums a host vector over the ranks that hold other rows: Z, then data (an X x Y group holds
// the same rows, so the world would count them G_x G_y times).
void sum_over_row_groups(const Gpt& model, std::vector<double>& values) {
  for (const comm::Communicator* group : {&model.grid().z(), &model.grid().data()})
    if (group->size() > 1 && !values.empty())
      comm::mpi_backend::all_reduce(*group, values.data(), values.size(), comm::dtype_of<double>(),
                                    comm::ReduceOp::sum, false);
}

// A text progress bar on stderr, redrawn when its percentage changes.
class ProgressBar {
 public:
  ProgressBar(bool shown, long long total) : shown_(shown), total_(total) {}
  void update(long long done) {
    if (!shown_ || total_ <= 0) return;
    const int percent = static_cast<int>(100 * done / total_);
    if (percent == last_) return;
    last_ = percent;
    constexpr int width = 40;
    const int filled = percent * width / 100;
    std::fprintf(stderr, "\rfourfold-eval: [%s%s] %3d%% (%lld/%lld)", std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), percent, done, total_);
    if (done == total_) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  bool shown_;
  long long total_;
  int last_ = -1;
};

// Rows of micro-batches 0 .. batches - 1 of `source` for the rank whose first sequence is `first`
// (`local` sequences of T tokens each), checked against the vocabulary.
void fill_loss_rows(const TokenSource& source, int batches, int first, int local, int T, int vocab,
                    const HostRows& tokens, const HostRows& targets) {
  for (int j = 0; j < batches; ++j) {
    for (int i = 0; i < local; ++i) {
      int* row_tokens = &tokens(j, static_cast<std::size_t>(i) * T);
      int* row_targets = &targets(j, static_cast<std::size_t>(i) * T);
      source.sequence(j, first + i, row_tokens, row_targets);
      for (int t = 0; t < T; ++t)
        FF_REQUIRE(row_tokens[t] >= 0 && row_tokens[t] < vocab && row_targets[t] >= 0 && row_targets[t] < vocab,
                   "sequence {} of batch {} of '{}' has token {} (target {}) at position {}: the "
                   "model's vocabulary is 0 to {}", first + i, j, source.description(), row_tokens[t],
                   row_targets[t], t, vocab - 1);
    }
  }
}

}  // namespace

std::string LossResult::json() const {
  nlohmann::json j;
  j["loss"] = loss;
  j["perplexity"] = perplexity;
  j["tokens"] = tokens;
  return j.dump();
}

LossResult evaluate_loss(Gpt& model, const TokenSource& source, int batches) {
  FF_REQUIRE(batches >= 1, "evaluate_loss: {} batches: expected at least 1", batches);
  const int T = model.seq_len(), local = model.local_batch(), first = model.first_sequence();
  const int vocab = model.config().vocab_size;
  const std::size_t m = model.rows();
  // Every micro-batch's rows at once, in pinned host memory: forward() copies them to the device
  // asynchronously, and the host waits only once, for the loss (TrainStep::evaluate's pattern).
  const HostRows tokens(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::eval::tokens")),
                        static_cast<std::size_t>(batches), m);
  const HostRows targets(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::eval::targets")),
                         static_cast<std::size_t>(batches), m);
  // Each rank reads other rows: a bad token on one is refused on all (no rank left in a collective).
  comm::together(model.grid().world(), "evaluate_loss",
                 [&] { fill_loss_rows(source, batches, first, local, T, vocab, tokens, targets); });
  ExecutionContext& ctx = model.grid().context();
  const ExecSpace& exec = ctx.compute();
  const DeviceScalar<double> loss("fourfold::eval::loss");  // zero
  for (int j = 0; j < batches; ++j) model.forward(&tokens(j, 0), &targets(j, 0), loss, j > 0);
  model.complete_loss(loss);
  const auto host = mirror_to_host(ctx.counters(), exec, loss, "fourfold::eval::loss: the mean loss");
  LossResult r;
  r.batches = batches;
  r.loss = host() / batches;
  r.perplexity = std::exp(r.loss);
  r.tokens = static_cast<long long>(batches) * model.global_tokens();
  return r;
}

MultipleChoiceResult MultipleChoiceTask::evaluate(Gpt& model, const MultipleChoiceOptions& options) const {
  const int T = model.seq_len(), local = model.local_batch(), first = model.first_sequence();
  for (const ChoiceRequest& q : requests_) {
    FF_REQUIRE(q.continuation_tokens <= T,
               "{}:{}: ending {} has {} tokens: more than the model's sequence of {} positions scores",
               path_, examples_[static_cast<std::size_t>(q.example)].line, q.choice, q.continuation_tokens, T);
  }
  const std::size_t requests = requests_.size(), m = model.rows();
  const std::size_t per_forward = static_cast<std::size_t>(global_sequences(model));
  const std::size_t forwards = (requests + per_forward - 1) / per_forward;
  // This rank's rows of one forward (tokens, targets) and their losses, allocated once; refilled
  // only after the host has waited for the previous forward (its losses copied back).
  const HostRows rows(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::eval::choice_rows")), 2,
                      m);
  const Kokkos::View<float*, HostSpace> losses(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::eval::row_losses")), m);
  std::vector<int> starts(static_cast<std::size_t>(local));  // each local sequence's continuation, -1: padding
  std::vector<double> scores(requests, 0.0);
  const DeviceScalar<double> loss_sum("fourfold::eval::choice_loss");  // forward's mean, not used here
  ExecutionContext& ctx = model.grid().context();
  const ExecSpace& exec = ctx.compute();
  ProgressBar bar(options.progress, static_cast<long long>(requests));
  for (std::size_t k = 0; k < forwards; ++k) {
    for (int j = 0; j < local; ++j) {
      const std::size_t r = k * per_forward + static_cast<std::size_t>(first + j);
      int* row_tokens = &rows(0, static_cast<std::size_t>(j) * T);
      int* row_targets = &rows(1, static_cast<std::size_t>(j) * T);
      if (r < requests) {
        starts[static_cast<std::size_t>(j)] = fill_row(r, T, row_tokens, row_targets);
      } else {
        starts[static_cast<std::size_t>(j)] = -1;
        std::fill(row_tokens, row_tokens + T, 0);
        std::fill(row_targets, row_targets + T, 0);
      }
    }
    model.forward(&rows(0, 0), &rows(1, 0), loss_sum, k > 0);
    copy_to_host(ctx.counters(), exec, losses, model.row_losses(), "fourfold::eval::choices: the row losses");
    for (int j = 0; j < local; ++j) {
      if (starts[static_cast<std::size_t>(j)] < 0) continue;
      const std::size_t r = k * per_forward + static_cast<std::size_t>(first + j);
      double sum = 0.0;
      const std::size_t row0 = static_cast<std::size_t>(j) * T + static_cast<std::size_t>(starts[static_cast<std::size_t>(j)]);
      for (int t = 0; t < requests_[r].continuation_tokens; ++t) sum -= losses(row0 + static_cast<std::size_t>(t));
      scores[r] = sum;
    }
    bar.update(static_cast<long long>(std::min(requests, (k + 1) * per_forward)));
  }
  sum_over_row_groups(model, scores);
  return results(scores, T);
}

}  // namespace fourfold
