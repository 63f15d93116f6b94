// The performance model (drivers/plan) applied to this job: `--grid auto` ranks every grid of
// the world size on parallel.machine and trains on the fastest; `--dry-run` prints the plan of
// the configured grid. The local machine comes from a calibration, measured once and kept
// beside the run (so that a requeued job chooses the same grid and resumes bit-identically).
#pragma once

#include "comm/communicator.hpp"
#include "drivers/plan/cost_model.hpp"
#include "drivers/train/train_config.hpp"

#include <string>
#include <vector>

namespace fourfold {

/// The planner's view of a run's batch and overlap (its model: plan::model_dims).
plan::StepDims plan_step(const TrainConfig& config);
/// The options --grid auto chooses besides the grid (TrainConfig's search_* flags).
plan::SearchSpace plan_search(const TrainConfig& config);
/// Takes a ranked configuration's grid, micro-batch, recompute mode and optimizer sharding.
void apply_plan(TrainConfig& config, const plan::StepCost& chosen);
plan::Overlap plan_overlap(const OverlapOptions& overlap);

/// The machine a run plans for, and where its figures came from (for the log).
struct PlannedMachine {
  plan::Machine machine;
  std::string origin;
};

/// config.machine: a preset or file, or `local`: the calibration file when it exists, else a
/// calibration measured now by every rank (and written to the file by rank 0; an existing file is
/// never overwritten). Collective over `world`; errors are thrown on every rank.
PlannedMachine resolve_machine(const TrainConfig& config, const comm::Communicator& world, int ranks_per_node,
                               double memory_bytes_per_rank);

/// Where the local calibration lives for this run ("" = not kept).
std::string calibration_path(const TrainConfig& config, int world_size);

/// Whether this job's collectives can run behind its computation at all: NCCL on device
/// builds, or a progress thread per rank (parallel.progress resolved on this node); with inline
/// progress the planner must assume overlap none. Collective over `world`.
bool communication_overlaps(const TrainConfig& config, const comm::Communicator& world);

/// Every grid of `world_size` ranks with every choice of plan_search(config), ranked by predicted
/// step time (feasible first), with the configured overlap when `overlaps`, else none.
std::vector<plan::StepCost> rank_job_grids(const TrainConfig& config, const plan::Machine& machine, int world_size,
                                           bool overlaps = true);

/// The fastest feasible grid of a ranking; a UserError listing why the first few failed when
/// none fits.
const plan::StepCost& best_grid(const std::vector<plan::StepCost>& ranked, const TrainConfig& config,
                                const plan::Machine& machine);

/// "1x2x1x2 predicted 0.412 s/step (compute 0.398 s, exposed communication 14.0 ms), 3.1 GiB/GPU;
/// micro-batch 8, recompute none, optimizer replicated"
std::string describe(const plan::StepCost& cost);

}  // namespace fourfold
