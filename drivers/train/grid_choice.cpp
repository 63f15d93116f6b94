#include "drivers/train/grid_choice.hpp"

#include "comm/agree.hpp"
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/gemm.hpp"
#include "core/types.hpp"
#include "core/error.hpp"
#include "drivers/common/calibrate.hpp"
#include "drivers/plan/calibration.hpp"
#include "drivers/plan/machines.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fourfold {

plan::StepDims plan_step(const TrainConfig& config) {
  plan::StepDims s;
  s.batch_size = config.batch_size;
  s.micro_batch_size = config.micro_batch_size;
  s.seq_len = config.seq_len;
  s.bucket_mb = config.bucket_mb;
  s.memory = config.memory;
  s.memory.precision = config.precision;
  s.tp_chunks = config.overlap.forward_row_chunks();
  s.hierarchical = config.hierarchical != comm::Hierarchical::off;
  s.gemm_operand_element_bytes = static_cast<double>(GemmEngine::bf16_operand_element_bytes());
  s.nccl_buffer_bytes = comm::resolves_to_nccl(config.backend) ? comm::nccl_buffer_bytes_per_communicator() : 0.0;
  return s;
}

plan::SearchSpace plan_search(const TrainConfig& config) {
  plan::SearchSpace space;
  if (config.search_micro_batch) space.micro_batch_sizes = plan::micro_batch_divisors(config.batch_size);
  if (config.search_recompute) space.recompute_modes = {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block};
  if (config.search_shard_optimizer) space.shard_optimizer = {false, true};
  if (config.search_tp_chunks) space.tp_chunks = {1, 2, 4, 8};
  if (config.search_hierarchical) space.hierarchical = {false, true};
  if (config.search_sequence_shard) space.sequence_shard = {false, true};
  return space;
}

void apply_plan(TrainConfig& config, const plan::StepCost& chosen) {
  config.grid = chosen.grid;
  config.micro_batch_size = chosen.step.micro_batch_size;
  config.memory.recompute = chosen.step.memory.recompute;
  config.memory.shard_optimizer = chosen.step.memory.shard_optimizer;
  config.memory.sequence_shard = chosen.step.memory.sequence_shard;
  if (config.overlap.fwd) config.overlap.tp_chunks = chosen.step.tp_chunks;
  if (config.search_hierarchical && !chosen.step.hierarchical) config.hierarchical = comm::Hierarchical::off;
}

plan::Overlap plan_overlap(const OverlapOptions& overlap) {
  return {overlap.oar, overlap.ors, overlap.oag, overlap.dp, overlap.fwd};
}

std::string calibration_path(const TrainConfig& config, int world_size) {
  if (!config.calibration.empty()) return config.calibration;
  if (config.out_dir.empty()) return {};
  // One file per precision: the GEMM lines are measured at the job's precision.
  return fmt::format("{}/calibration-{}ranks-{}.jsonl", config.out_dir, world_size, precision_name(config.precision));
}

PlannedMachine resolve_machine(const TrainConfig& config, const comm::Communicator& world, int ranks_per_node,
                               double memory_bytes_per_rank) {
  PlannedMachine out;
  if (config.machine != "local") {
    comm::together(world, fmt::format("parallel.machine = \"{}\"", config.machine),
                         [&] { out.machine = plan::load_machine(config.machine); });
    out.origin = std::filesystem::is_regular_file(config.machine) ? "file " + config.machine : "preset";
    return out;
  }
  const std::string path = calibration_path(config, world.size());
  // Rank 0's view decides, so that every rank takes the same branch.
  const int exists = comm::all_reduce_value(
      world, world.rank() == 0 && !path.empty() && std::filesystem::exists(path) ? 1 : 0, comm::ReduceOp::max);
  std::string text;
  if (exists) {
    comm::together(world, fmt::format("reading the calibration '{}'", path), [&] {
      std::ifstream in(path);
      FF_REQUIRE(in.good(), "cannot open it on rank {} (the run's directory must be shared by all ranks)",
                 world.rank());
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
    });
    out.origin = fmt::format("calibration {} (cached)", path);
  } else {
    // Every rank gets the same lines: each figure is reduced over the world.
    ExecutionContext context;  // the calibration's GEMMs and timing fences
    const std::vector<std::string> lines =
        calibrate(context, world, config.backend, config.progress, ranks_per_node, memory_bytes_per_rank, config.precision);
    for (const std::string& line : lines) text += line + "\n";
    if (path.empty()) {
      out.origin = "calibration measured now (not kept: no --out or parallel.calibration)";
    } else {
      comm::together(world, fmt::format("writing the calibration '{}'", path), [&] {
        if (world.rank() != 0) return;
        const std::filesystem::path target(path);
        if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
        const std::string partial = path + ".partial";
        {
          std::ofstream file(partial, std::ios::trunc);
          file << text;
          file.close();
          FF_REQUIRE(file.good(), "cannot write '{}'", partial);
        }
        FF_REQUIRE(!std::filesystem::exists(target), "'{}' appeared while measuring; not overwritten", path);
        std::filesystem::rename(partial, target);
      });
      out.origin = fmt::format("calibration {} (measured now)", path);
    }
  }
  comm::together(world, "the local machine", [&] {
    std::istringstream in(text);
    out.machine = plan::machine_from_calibration(plan::parse_calibration(in, path.empty() ? "(measured)" : path));
    FF_REQUIRE(out.machine.gemm_tflops.at(config.precision) > 0.0,
               "the calibration '{}' has no GEMM lines at train.precision \"{}\"; measure them with fourfold-bench "
               "gemm --precision {} and add them, or point parallel.calibration at a new file",
               path, precision_name(config.precision), precision_name(config.precision));
  });
  return out;
}

bool communication_overlaps(const TrainConfig& config, const comm::Communicator& world) {
  const bool nccl = !host_accessible_v<MemSpace> && comm::resolves_to_nccl(config.backend);
  return nccl || comm::resolve_progress(config.progress, world) == comm::ProgressMode::thread;
}

std::vector<plan::StepCost> rank_job_grids(const TrainConfig& config, const plan::Machine& machine, int world_size,
                                           bool overlaps) {
  return plan::rank_plans(plan::model_dims(config.model), world_size, plan_step(config), machine,
                          overlaps ? plan_overlap(config.overlap) : plan::Overlap::none(), plan_search(config));
}

const plan::StepCost& best_grid(const std::vector<plan::StepCost>& ranked, const TrainConfig& config,
                                const plan::Machine& machine) {
  if (!ranked.empty() && ranked.front().feasible) return ranked.front();
  std::string reasons;
  for (std::size_t i = 0; i < ranked.size() && i < 4; ++i)
    reasons += fmt::format("\n  {}: {}", ranked[i].grid.str(), ranked[i].reason);
  FF_REQUIRE(false, "--grid auto: none of the {} grids of {} ranks can run {} at batch {} x {} (micro-batch {}) on "
             "machine {}:{}{}",
             ranked.size(), ranked.empty() ? 0 : ranked.front().grid.size(), config.model.str(), config.batch_size,
             config.seq_len, config.micro_batch_size, machine.name, reasons, ranked.size() > 4 ? "\n  ..." : "");
  return ranked.front();
}

std::string describe(const plan::StepCost& cost) {
  constexpr double gib = 1024.0 * 1024.0 * 1024.0;
  const std::string options =
      fmt::format("micro-batch {}, recompute {}, optimizer {}, tp_chunks {}, hierarchical {}, sequence_shard {}",
                  cost.step.micro_batch_size, recompute_name(cost.step.memory.recompute),
                  cost.step.memory.shard_optimizer ? "sharded" : "replicated", cost.step.tp_chunks,
                  cost.step.hierarchical ? "yes" : "no", cost.step.memory.sequence_shard ? "yes" : "no");
  if (!cost.feasible) return fmt::format("{} ({}) cannot run: {}", cost.grid.str(), options, cost.reason);
  return fmt::format("{} predicted {:.4g} s/step (compute {:.4g} s, exposed communication {:.3g} ms), {:.2f} GiB/GPU; {}",
                     cost.grid.str(), cost.step_s, cost.compute_s(), 1e3 * cost.exposed_total(),
                     cost.memory.total() / gib, options);
}

}  // namespace fourfold
