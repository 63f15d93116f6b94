// fourfold-train: trains GPT-2 on the 4D grid.
//   mpirun -n N fourfold-train --config run.toml [--grid 2x1x2x1|auto] [--steps 100] [--set train.lr=3e-4]
//                              [--dry-run]
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/hf_mapping.hpp"
#include "checkpoint/llmc.hpp"
#include "comm/communicator.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/train/stop_signal.hpp"
#include "drivers/train/grid_choice.hpp"
#include "drivers/train/train_config.hpp"
#include "drivers/train/trainer.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace fourfold;

namespace {

struct Mode {
  bool help = false;
  bool dry_run = false;  // validate and plan, do not train
};

// Parses argv into `values`: --config first, then flags and --set in order of appearance.
Mode parse_arguments(int argc, char** argv, ConfigValues& values) {
  Mode mode;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& a : args)
    if (a == "--help" || a == "-h") mode.help = true;
  if (mode.help) return mode;
  auto value_of = [&](std::size_t& i, const std::string& flag) {
    const std::string& a = args[i];
    if (a.size() > flag.size() && a[flag.size()] == '=') return a.substr(flag.size() + 1);
    FF_REQUIRE(i + 1 < args.size(), "flag {} needs a value (see --help)", flag);
    return args[++i];
  };
  auto matches = [](const std::string& a, const std::string& flag) {
    return a == flag || a.rfind(flag + "=", 0) == 0;
  };
  for (std::size_t i = 0; i < args.size(); ++i)
    if (matches(args[i], "--config")) values.merge_file(value_of(i, "--config"));
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (matches(a, "--config")) {
      value_of(i, "--config");
      continue;
    }
    if (matches(a, "--set")) {
      values.set(value_of(i, "--set"), "--set");
      continue;
    }
    if (a == "--dry-run") {
      mode.dry_run = true;
      continue;
    }
    if (a == "--resume") {  // bare --resume: the newest complete checkpoint in --out
      const bool has_value = i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0;
      values.set("checkpoint.resume", has_value ? args[++i] : std::string("latest"), "--resume");
      continue;
    }
    bool known = false;
    for (const ConfigKey& k : config_schema()) {
      if (!k.flag.empty() && matches(a, k.flag)) {
        values.set(k.name(), value_of(i, k.flag), k.flag);
        known = true;
        break;
      }
    }
    FF_REQUIRE(known, "unknown argument '{}' (see --help for flags, or use --set section.key=value)", a);
  }
  return mode;
}

// The plan of the run on its grid, for --dry-run: what each rank holds and how long a step
// should take on the planner's machine.
void print_plan(const TrainConfig& c, const std::vector<plan::StepCost>& ranked,
                const std::optional<PlannedMachine>& machine, int world_size) {
  constexpr double mib = 1024.0 * 1024.0;
  const plan::RankMemory m = plan::rank_memory(plan::model_dims(c.model), c.grid, plan_step(c));
  std::printf(
      "fourfold-train --dry-run: the configuration is valid.\n"
      "  model     %s (%.1fM parameters), %s GEMM operands\n"
      "  grid      %s on %d ranks; batch %d x %d tokens in %d micro-batch(es) of %d, %d sequence(s) per rank\n"
      "  memory    per rank: parameters %.1f MiB, gradients %.1f MiB, optimizer %.1f MiB, activations %.1f MiB "
      "(recompute %s: %.1f MiB of them shared by the blocks), workspaces %.1f MiB (attention %.1f MiB, a chunk of "
      "%.0f rows of logits %.1f MiB, bf16 operand copies %.1f MiB, NCCL buffers %.1f MiB); total %.2f GiB\n",
      c.model.str().c_str(), c.model.num_parameters() / 1e6, precision_name(c.precision), c.grid.str().c_str(),
      world_size, c.batch_size, c.seq_len, c.micro_steps(), c.micro_batch_size, c.local_micro_batch(),
      m.parameters / mib, m.gradients / mib, m.optimizer / mib, m.activations / mib,
      recompute_name(c.memory.recompute), m.recompute_buffers / mib, m.workspaces / mib, m.attention_scratch / mib,
      plan::head_chunks(plan::model_dims(c.model), c.grid, plan_step(c)).chunk_rows, m.loss_chunk / mib,
      m.gemm_operands / mib, m.collective_buffers / mib, m.total() / (mib * 1024.0));
  if (!machine) {
    std::printf("  step      not predicted: a one-rank job has no collectives to calibrate (set parallel.machine to a "
                "preset or file)\n");
    return;
  }
  const plan::Machine& mm = machine->machine;
  std::printf("  machine   %s (%s): %d per node, %.1f GiB each, GEMM %.4g TFLOP/s (%s), memory %.4g GB/s, collectives "
              "%.3g us + %.4g GB/s inside a node, %.3g us + %.4g GB/s across\n",
              mm.name.c_str(), machine->origin.c_str(), mm.gpus_per_node, mm.memory_gib,
              mm.gemm_tflops.at(c.precision), precision_name(c.precision), mm.memory_gbps, mm.intra_node_latency_us, mm.intra_node_gbps, mm.inter_node_latency_us,
              mm.inter_node_gbps);
  // With --grid auto's search, a grid appears once per choice of options; its first row is
  // the configuration chosen.
  std::set<std::string> grids;
  for (const plan::StepCost& cost : ranked) grids.insert(cost.grid.str());
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    if (ranked[i].grid != c.grid) continue;
    std::printf("  step      %s; %s of %zu configurations of %zu grids\n", describe(ranked[i]).c_str(),
                ranked[i].feasible ? fmt::format("rank {}", i + 1).c_str() : "infeasible, one", ranked.size(),
                grids.size());
    break;
  }
  if (!ranked.empty() && ranked.front().feasible && ranked.front().grid != c.grid)
    std::printf("  fastest   %s\n", describe(ranked.front()).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-train", [&](Runtime& runtime) {
    ConfigValues values;
    const Mode mode = parse_arguments(argc, argv, values);
    if (mode.help) {
      if (runtime.world_rank() == 0) std::printf("%s", config_help().c_str());
      return 0;
    }
    std::optional<GptConfig> from_file;
    const std::string init_from = values.string("model.init_from");
    const bool from_checkpoint = init_from.size() > 3 && init_from.substr(init_from.size() - 3) == ".h5";
    if (!init_from.empty() && std::filesystem::is_directory(init_from)) {
      from_file = checkpoint::hf_model_config(checkpoint::HfFolder(init_from));  // a Hugging Face folder
    } else if (!init_from.empty()) {
      from_file = from_checkpoint ? checkpoint::read_checkpoint_meta(init_from).model
                                  : checkpoint::read_llmc_header(init_from).config;
    }
    TrainConfig config = make_train_config(values, runtime.world_size(), from_file ? &*from_file : nullptr);
    const bool root = runtime.world_rank() == 0;
    std::optional<PlannedMachine> machine;
    std::vector<plan::StepCost> ranked;
    bool overlaps = true;
    // A one-rank job has one grid and no collectives to calibrate: the local machine is not measured.
    const bool plan = (config.grid_auto || mode.dry_run) && (runtime.world_size() > 1 || config.machine != "local");
    // tp_chunks = "auto" on a given grid: row chunks only where their collectives can run behind
    // the next chunk's GEMM (TrainConfig::tp_chunks_auto).
    const bool resolve_chunks = config.tp_chunks_auto && !config.grid_auto && config.overlap.fwd;
    if (plan || resolve_chunks) {
      const ExecutionContext context;
      const auto world = comm::Communicator::duplicate(runtime.world(), "world", context.counters_handle());
      overlaps = communication_overlaps(config, world);
      if (resolve_chunks && !overlaps) config.overlap.tp_chunks = 1;
      if (plan) {
        machine = resolve_machine(config, world, runtime.local_size(), runtime.memory_bytes_per_rank());
        ranked = rank_job_grids(config, machine->machine, runtime.world_size(), overlaps);
      }
    }
    if (config.grid_auto && plan) {
      const plan::StepCost& best = best_grid(ranked, config, machine->machine);
      apply_plan(config, best);
      if (root) {
        std::printf("fourfold-train: --grid auto on %s (%s), overlap %s: %zu grids of %d ranks, chose %s\n",
                    machine->machine.name.c_str(), machine->origin.c_str(),
                    overlaps ? config.overlap.str().c_str() : "none (inline progress)", ranked.size(),
                    runtime.world_size(), describe(best).c_str());
        const std::string searched = fmt::format("{}{}{}{}{}{}", config.search_micro_batch ? " micro-batch" : "",
                                                 config.search_recompute ? " recompute" : "",
                                                 config.search_shard_optimizer ? " shard_optimizer" : "",
                                                 config.search_tp_chunks && overlaps ? " tp_chunks" : "",
                                                 config.search_hierarchical ? " hierarchical" : "",
                                                 config.search_sequence_shard ? " sequence_shard" : "");
        if (!searched.empty())
          std::printf("fourfold-train: --grid auto also chose (unset in the configuration):%s\n", searched.c_str());
        if (ranked.size() > 1 && ranked[1].feasible)
          std::printf("fourfold-train: runner-up %s\n", describe(ranked[1]).c_str());
        std::fflush(stdout);
      }
    }
    check_grid(config, runtime.world_size());
    if (mode.dry_run) {
      if (root) print_plan(config, ranked, machine, runtime.world_size());
      return 0;
    }
    const comm::Grid grid(config.grid, runtime.world(), config.backend, config.progress, config.hierarchical);
    const TrainResult result = train(config, grid);
    return result.stop_signal != 0 ? requeue_exit_status : 0;
  });
}
