#include "drivers/bench/step_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "comm/mpi_backend.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/rng.hpp"
#include "core/runtime.hpp"
#include "core/timer.hpp"
#include "drivers/train/telemetry.hpp"
#include "drivers/train/train_config.hpp"
#include "drivers/train/train_step.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace fourfold {
namespace {

nlohmann::json per_axis(const std::array<double, comm::comm_axis_count>& seconds) {
  nlohmann::json j = nlohmann::json::object();
  for (int a = 0; a < comm::comm_axis_count; ++a) j[comm::comm_axis_name(static_cast<comm::CommAxis>(a))] = 1e3 * seconds[a];
  return j;
}

// Bytes per axis summed over the collective kinds.
std::array<double, comm::comm_axis_count> bytes_per_axis(const comm::CommTotals& totals) {
  std::array<double, comm::comm_axis_count> out{};
  for (int a = 0; a < comm::comm_axis_count; ++a)
    for (double b : totals.bytes[a]) out[a] += b;
  return out;
}

nlohmann::json bytes_json(const std::array<double, comm::comm_axis_count>& bytes) {
  nlohmann::json j = nlohmann::json::object();
  for (int a = 0; a < comm::comm_axis_count; ++a) j[comm::comm_axis_name(static_cast<comm::CommAxis>(a))] = bytes[a];
  return j;
}

// The ledger of one step by work kind (core/counters.hpp): launches, and bytes read and written.
nlohmann::json launches_json(const LedgerTotals& work) {
  nlohmann::json j = nlohmann::json::object();
  for (int k = 0; k < work_kind_count; ++k) j[work_kind_name(static_cast<WorkKind>(k))] = work.launches[k];
  return j;
}

nlohmann::json work_bytes_json(const LedgerTotals& work) {
  nlohmann::json j = nlohmann::json::object();
  for (int k = 0; k < work_kind_count; ++k) j[work_kind_name(static_cast<WorkKind>(k))] = work.bytes[k];
  return j;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int run_step_bench(Runtime& runtime, const StepBenchOptions& options) {
  FF_REQUIRE(options.steps >= 1 && options.warmup >= 0, "--steps {} / --warmup {}: need at least one timed step",
             options.steps, options.warmup);
  ConfigValues values;
  if (!options.config.empty()) values.merge_file(options.config);
  for (const std::string& assignment : options.sets) values.set(assignment, "--set");
  if (!options.grid.empty()) values.set("parallel.grid", options.grid, "--grid");
  if (!options.overlap.empty()) values.set("parallel.overlap", options.overlap, "--overlap");
  if (!options.progress.empty()) values.set("parallel.progress", options.progress, "--progress");
  if (!options.comm.empty()) values.set("parallel.comm", options.comm, "--comm");
  if (options.batch_size > 0) {
    values.set("train.batch_size", std::to_string(options.batch_size), "--batch-size");
    values.set("train.micro_batch_size", std::to_string(options.batch_size), "--batch-size");
  }
  if (options.seq_len > 0) values.set("train.seq_len", std::to_string(options.seq_len), "--seq-len");
  // The bench draws its own tokens: the data keys only have to pass validation.
  if (!values.given("data.train")) values.set("data.train", "(random tokens)", "fourfold-bench step");
  const TrainConfig c = make_train_config(values, runtime.world_size(), nullptr);

  const comm::Grid grid(c.grid, runtime.world(), c.backend, c.progress, c.hierarchical);
  // The configuration's recompute mode, chunk of logits, optimizer sharding and precision, as
  // the trainer runs them.
  MemoryOptions memory = c.memory;
  memory.precision = c.precision;
  Gpt model(c.model, grid, c.local_micro_batch(), c.seq_len, c.overlap, c.bucket_mb, memory);
  model.init_parameters(static_cast<std::uint64_t>(c.seed));
  AdamWSettings settings;
  settings.weight_decay = static_cast<float>(c.weight_decay);
  AdamW optimizer(model.params(), model.parameters().extent(0), settings, model.data_shards(), grid.coords().data);
  TrainStep train_step(model, optimizer, c.micro_steps(), c.grad_clip);
  for (int k = 0; k < c.micro_steps(); ++k) {
    for (std::size_t i = 0; i < model.rows(); ++i) {
      train_step.batches().tokens(k)[i] = static_cast<int>(rng::bits(3, grid.world_rank() * 131 + k, i) % c.model.vocab_size);
      train_step.batches().targets(k)[i] = static_cast<int>(rng::bits(4, grid.world_rank() * 131 + k, i) % c.model.vocab_size);
    }
  }
  model.zero_gradients();
  long t = 1;
  for (int i = 0; i < options.warmup; ++i) train_step.run(1e-4, t++);

  const bool root = grid.world_rank() == 0;
  const double ranks = grid.world_size();
  std::vector<double> step_ms, busy_ms, exposed_ms;
  std::array<std::vector<double>, comm::comm_axis_count> axis_bytes;
  LedgerTotals work;
  for (int i = 0; i < options.steps; ++i) {
    grid.world().barrier();
    const comm::CommTotals before = grid.context().counters().comm_totals();
    const LedgerTotals ledger_before = grid.context().counters().ledger();
    Stopwatch watch;
    const StepValues v = train_step.run(1e-4, t++);
    const double seconds = watch.seconds();
    const comm::CommTotals d = grid.context().counters().comm_totals() - before;
    // This rank's device work in the step (every step of a bench does the same work).
    work = grid.context().counters().ledger() - ledger_before;
    // Every rank's figures: the slowest step, the mean communication.
    const double step_s = comm::all_reduce_value(grid.world(), seconds, comm::ReduceOp::max);
    // Per axis, then per step phase: busy, exposed (means over the ranks).
    constexpr int A = comm::comm_axis_count, P = step_phase_count;
    std::array<double, 2 * A + 2 * P> axes{};
    for (int a = 0; a < A; ++a) {
      axes[a] = d.busy[a] / ranks;
      axes[A + a] = d.exposed[a] / ranks;
    }
    for (int p = 0; p < P; ++p) {
      axes[2 * A + p] = d.busy_phase[p] / ranks;
      axes[2 * A + P + p] = d.exposed_phase[p] / ranks;
    }
    comm::mpi_backend::all_reduce(grid.world(), axes.data(), axes.size(), comm::DType::f64, comm::ReduceOp::sum, false);
    comm::CommTotals mean;
    for (int a = 0; a < A; ++a) {
      mean.busy[a] = axes[a];
      mean.exposed[a] = axes[A + a];
    }
    nlohmann::json phases;
    for (int p = 0; p < P; ++p) {
      const double busy = axes[2 * A + p], exposed = axes[2 * A + P + p];
      phases[step_phase_name(static_cast<StepPhase>(p))] = {
          {"busy_ms", 1e3 * busy},
          {"exposed_ms", 1e3 * exposed},
          {"hidden_fraction", busy > 0.0 ? std::clamp(1.0 - exposed / busy, 0.0, 1.0) : 0.0}};
    }
    const std::array<double, comm::comm_axis_count> bytes = bytes_per_axis(d);
    for (int a = 0; a < comm::comm_axis_count; ++a) axis_bytes[a].push_back(bytes[a]);
    step_ms.push_back(1e3 * step_s);
    busy_ms.push_back(1e3 * mean.busy_total());
    exposed_ms.push_back(1e3 * mean.exposed_total());
    if (root) {
      const nlohmann::json line = {{"bench", "step"},
                                   {"grid", c.grid.str()},
                                   {"overlap", c.overlap.str()},
                                   {"tp_chunks", c.overlap.forward_row_chunks()},
                                   {"progress", comm::progress_mode_name(grid.engine().mode())},
                                   {"step", i + 1},
                                   {"loss", v.loss},
                                   {"step_ms", 1e3 * step_s},
                                   {"compute_ms", 1e3 * (step_s - mean.exposed_total())},
                                   {"comm_busy_ms", 1e3 * mean.busy_total()},
                                   {"comm_exposed_ms", 1e3 * mean.exposed_total()},
                                   {"hidden_fraction", mean.hidden_fraction()},
                                   {"comm_axis_ms", per_axis(mean.busy)},
                                   {"exposed_axis_ms", per_axis(mean.exposed)},
                                   {"comm_phase", phases},
                                   {"comm_bytes_axis", bytes_json(bytes)},
                                   {"launches", work.total_launches()},
                                   {"launches_by_kind", launches_json(work)},
                                   {"bytes_by_kind", work_bytes_json(work)},
                                   {"converted_bytes", work.bytes_of(WorkKind::conversion)}};
      std::printf("%s\n", line.dump().c_str());
      std::fflush(stdout);
    }
  }
  if (root) {
    const double busy = median(busy_ms), exposed = median(exposed_ms);
    std::array<double, comm::comm_axis_count> median_bytes{};
    for (int a = 0; a < comm::comm_axis_count; ++a) median_bytes[a] = median(axis_bytes[a]);
    const nlohmann::json line = {{"bench", "step_summary"},
                                 {"model", c.model.str()},
                                 {"grid", c.grid.str()},
                                 {"overlap", c.overlap.str()},
                                 {"progress", comm::progress_mode_name(grid.engine().mode())},
                                 {"batch", c.batch_size},
                                 {"seq_len", c.seq_len},
                                 {"precision", precision_name(c.precision)},
                                 {"grad_reduce", precision_name(c.memory.grad_reduce)},
                                 {"gradient_buckets", model.gradient_buckets()},
                                 {"steps", options.steps},
                                 {"step_ms_median", median(step_ms)},
                                 {"comm_busy_ms_median", busy},
                                 {"comm_exposed_ms_median", exposed},
                                 {"hidden_fraction", busy > 0 ? std::clamp(1.0 - exposed / busy, 0.0, 1.0) : 0.0},
                                 {"comm_bytes_axis", bytes_json(median_bytes)},
                                 {"parameters_local", static_cast<double>(model.parameters().extent(0))},
                                 {"launches", work.total_launches()},
                                 {"launches_by_kind", launches_json(work)},
                                 {"bytes_by_kind", work_bytes_json(work)},
                                 {"converted_bytes", work.bytes_of(WorkKind::conversion)},
                                 {"converted_bytes_per_parameter",
                                  work.bytes_of(WorkKind::conversion) / static_cast<double>(model.parameters().extent(0))}};
    std::printf("%s\n", line.dump().c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace fourfold
