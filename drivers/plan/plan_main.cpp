// fourfold-plan: ranks every 4D configuration of a model on N GPUs of a machine by predicted
// step time (communication by collective, compute, overlap, memory), without MPI or a GPU.
//   fourfold-plan --config FILE|PRESET --gpus N --machine FILE|PRESET|local [--calibration FILE] [--batch-size B]
//                 [--micro-batch-size M|auto] [--recompute none|selective|attention|block|auto] [--seq-len T]
//                 [--overlap all|none|oar,ors,oag,dp,fwd] [--tp-chunks 1|2|4|8|auto]
//                 [--hierarchical true|false|auto] [--set section.key=value ...]
//                 [--top K] [--json] [--show-infeasible]
//   fourfold-plan --print-machine FILE|PRESET|local [--calibration FILE]
// A model preset is the name of a file in configs/ (gpt2-124m, axonn-80b, ...). --print-machine
// writes a machine as a machine file (machines.hpp), e.g. a preset to start a variant from.
#include "comm/communicator.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "drivers/plan/cost_model.hpp"
#include "drivers/plan/machines.hpp"
#include "drivers/train/train_config.hpp"
#include "layers/memory_options.hpp"
#include "layers/overlap.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#ifndef FOURFOLD_CONFIG_DIR
#define FOURFOLD_CONFIG_DIR ""
#endif

using namespace fourfold;

namespace {

// A config file by path, or a preset: <name>.toml in $FOURFOLD_CONFIG_DIR, the source tree's
// configs/, or the installed share/fourfold/configs.
std::string resolve_config(const std::string& name) {
  if (std::filesystem::is_regular_file(name)) return name;
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("FOURFOLD_CONFIG_DIR")) dirs.push_back(env);
  for (const char* d : {FOURFOLD_CONFIG_DIR, FOURFOLD_INSTALLED_CONFIG_DIR})
    if (*d) dirs.push_back(d);
  for (const std::string& d : dirs) {
    const std::string path = d + "/" + name + ".toml";
    if (std::filesystem::is_regular_file(path)) return path;
  }
  FF_REQUIRE(false, "--config '{}' is neither a file nor a preset in {}", name, fmt::join(dirs, ", "));
  return {};
}

struct Options {
  std::string config, machine, calibration, overlap = "all";
  std::string print_machine;     // --print-machine: write this machine as a machine file and stop
  bool planning = false;         // --config, --gpus and --machine all given
  std::string micro_batch_size;  // "" = the config's, "auto" = searched, else a number
  std::string recompute;         // "" = the config's, "auto" = searched, else a mode
  std::string tp_chunks;         // "" = the config's parallel.tp_chunks, "auto" = searched, else a count
  std::string hierarchical;      // "" = the config's parallel.hierarchical, "auto" = searched, true, false
  std::string shard_optimizer;   // "" = the config's, "auto" = searched, "true" or "false"
  std::string sequence_shard;    // "" = the config's, "auto" = searched, "true" or "false"
  std::vector<std::string> assignments;  // --set section.key=value
  int gpus = 0, batch_size = 0, seq_len = 0, top = 10;
  bool json = false, show_infeasible = false;
};

std::string axis_ms(const plan::StepCost& c, comm::CommAxis axis) {
  const double s = c.exposed_s[static_cast<int>(axis)];
  return s > 0 ? fmt::format("{:.1f}", 1e3 * s) : "-";
}

int run(const Options& o) {
  if (!o.print_machine.empty()) {
    std::fputs(plan::machine_toml(plan::load_machine(o.print_machine, o.calibration)).c_str(), stdout);
    return 0;
  }
  FF_REQUIRE(o.planning, "--config, --gpus and --machine are required (or --print-machine alone)");
  ConfigValues values;
  const std::string path = resolve_config(o.config);
  values.merge_file(path);
  for (const std::string& assignment : o.assignments) values.set(assignment, "--set");
  GptConfig model_from_config;
  try {
    model_from_config = model_config(values);
  } catch (const UserError& e) {
    FF_REQUIRE(false, "config '{}': {}", path, e.what());
  }
  const plan::ModelDims model = plan::model_dims(model_from_config);
  plan::StepDims step;
  step.batch_size = o.batch_size > 0 ? o.batch_size : static_cast<int>(values.integer("train.batch_size"));
  const bool search_micro = o.micro_batch_size == "auto";
  int micro = static_cast<int>(values.integer("train.micro_batch_size"));
  if (!o.micro_batch_size.empty() && !search_micro) {
    std::size_t used = 0;
    try {
      micro = std::stoi(o.micro_batch_size, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    FF_REQUIRE(used == o.micro_batch_size.size() && micro >= 1,
               "--micro-batch-size '{}': expected a positive number of sequences or auto", o.micro_batch_size);
  }
  if (micro <= 0 || (o.batch_size > 0 && o.micro_batch_size.empty() && micro > step.batch_size)) micro = step.batch_size;
  step.micro_batch_size = micro;
  // Recomputation is searched unless the command line or the config names a mode.
  const std::string recompute_text =
      !o.recompute.empty() ? o.recompute : values.given("train.recompute") ? values.string("train.recompute") : "auto";
  const bool search_recompute = recompute_text == "auto";
  if (!search_recompute) step.memory.recompute = parse_recompute(recompute_text);
  const std::string shard_text = !o.shard_optimizer.empty()                ? o.shard_optimizer
                                 : values.given("parallel.shard_optimizer") ? (values.boolean("parallel.shard_optimizer") ? "true" : "false")
                                                                            : "auto";
  FF_REQUIRE(shard_text == "auto" || shard_text == "true" || shard_text == "false",
             "--shard-optimizer '{}': expected true, false or auto", shard_text);
  const bool search_shard = shard_text == "auto";
  step.memory.shard_optimizer = shard_text == "true";
  const std::string sequence_text =
      !o.sequence_shard.empty()                  ? o.sequence_shard
      : values.given("parallel.sequence_shard") ? (values.boolean("parallel.sequence_shard") ? "true" : "false")
                                                 : "auto";
  FF_REQUIRE(sequence_text == "auto" || sequence_text == "true" || sequence_text == "false",
             "--sequence-shard '{}': expected true, false or auto", sequence_text);
  step.memory.sequence_shard = sequence_text == "true";
  const long long chunk = values.integer("train.loss_chunk_tokens");
  FF_REQUIRE(chunk >= 0, "train.loss_chunk_tokens = {}: expected 0 (automatic) or a positive number", chunk);
  step.memory.loss_chunk_tokens = static_cast<long>(chunk);
  try {
    step.memory.precision = parse_gemm_precision(values.string("train.precision"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "train.precision: {}", e.what());
  }
  try {
    step.memory.grad_reduce = parse_gemm_precision(values.string("train.grad_reduce"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "train.grad_reduce: {}", e.what());
  }
  // GPU presets and machine files run NCCL with bf16 operand copies of 2 bytes; `local` is this
  // build (a CPU build keeps them as floats and runs MPI on host memory).
  const bool local = o.machine == "local";
  step.gemm_operand_element_bytes = local ? static_cast<double>(GemmEngine::bf16_operand_element_bytes()) : 2.0;
  step.nccl_buffer_bytes =
      !local || comm::resolves_to_nccl(comm::parse_backend(values.string("parallel.comm")))
          ? comm::nccl_buffer_bytes_per_communicator()
          : 0.0;
  step.seq_len = o.seq_len > 0 ? o.seq_len : static_cast<int>(values.integer("train.seq_len"));
  step.bucket_mb = values.real("parallel.bucket_mb");
  FF_REQUIRE(o.gpus >= 1, "--gpus {}: expected at least 1", o.gpus);
  FF_REQUIRE(o.top >= 1, "--top {}: expected at least 1", o.top);
  const OverlapOptions parsed = OverlapOptions::parse(o.overlap);
  const plan::Overlap overlap{parsed.oar, parsed.ors, parsed.oag, parsed.dp, parsed.fwd};
  // Forward row chunks: searched unless the command line or the config names a count.
  const int chunks = parse_tp_chunks(!o.tp_chunks.empty() ? o.tp_chunks : values.string("parallel.tp_chunks"));
  const bool search_chunks = chunks == 0 && parsed.fwd;
  step.tp_chunks = chunks != 0 ? chunks : parsed.fwd ? OverlapOptions::default_tp_chunks : 1;
  const plan::Machine machine = plan::load_machine(o.machine, o.calibration);
  plan::validate(machine);

  plan::SearchSpace space;
  if (search_micro) space.micro_batch_sizes = plan::micro_batch_divisors(step.batch_size);
  if (search_recompute) space.recompute_modes = {Recompute::none, Recompute::selective, Recompute::attention, Recompute::block};
  if (search_shard) space.shard_optimizer = {false, true};
  if (sequence_text == "auto") space.sequence_shard = {false, true};
  if (search_chunks) space.tp_chunks = {1, 2, 4, 8};
  // Hierarchical collectives: searched unless the command line or the config says true or false.
  const std::string hierarchical_text =
      !o.hierarchical.empty() ? o.hierarchical : values.string("parallel.hierarchical");
  const comm::Hierarchical hierarchical = comm::parse_hierarchical(hierarchical_text);
  step.hierarchical = hierarchical != comm::Hierarchical::off;
  if (hierarchical == comm::Hierarchical::automatic) space.hierarchical = {false, true};
  plan::require_precision(machine, step.memory.precision);
  const auto ranked = plan::rank_plans(model, o.gpus, step, machine, overlap, space);
  // MFU against the peak of the run's precision, named so that an fp32 MFU is never read
  // against the bf16 peak or the reverse.
  const std::string mfu_label = fmt::format("MFU({} peak)", precision_name(step.memory.precision));
  const double gib = 1024.0 * 1024.0 * 1024.0;
  int shown = 0;
  long feasible = 0;
  for (const auto& c : ranked) feasible += c.feasible;
  if (!o.json) {
    std::printf("# %s on %d GPUs of %s (%d per node; %s GEMMs at %.4g TFLOP/s, peak %.4g): %s; batch %d x %d, "
                "micro-batch %s, recompute %s, optimizer sharding %s; overlap %s, tp_chunks %s, hierarchical %s, "
                "sequence_shard %s; %zu grids, %ld feasible configurations\n",
                path.c_str(), o.gpus, machine.name.c_str(), machine.gpus_per_node,
                precision_name(step.memory.precision), machine.gemm_tflops.at(step.memory.precision),
                machine.peak_tflops.at(step.memory.precision), model_from_config.str().c_str(), step.batch_size, step.seq_len,
                search_micro ? "searched" : std::to_string(step.micro_batch_size).c_str(),
                search_recompute ? "searched" : recompute_name(step.memory.recompute), shard_text == "auto" ? "searched" : shard_text.c_str(), parsed.str().c_str(),
                search_chunks ? "searched" : std::to_string(step.tp_chunks).c_str(),
                hierarchical == comm::Hierarchical::automatic ? "searched" : hierarchical_text.c_str(),
                sequence_text == "auto" ? "searched" : sequence_text.c_str(), plan::factorizations(o.gpus).size(),
                feasible);
    std::printf("%4s  %-14s %6s %-9s %5s %6s %4s %4s %9s %9s   %27s %8s %15s\n", "rank", "grid", "micro", "recompute",
                "zero1", "chunks", "hier", "seq", "step s", "compute", "exposed ms: x / y / z / data / xy", "GiB/GPU",
                mfu_label.c_str());
  }
  for (const auto& c : ranked) {
    if (!c.feasible && !o.show_infeasible) continue;
    if (c.feasible && shown >= o.top) continue;
    if (c.feasible) ++shown;
    if (o.json) {
      nlohmann::json line = {{"grid", c.grid.str()},
                             {"feasible", c.feasible},
                             {"gpus", o.gpus},
                             {"machine", machine.name},
                             {"batch_size", c.step.batch_size},
                             {"micro_batch_size", c.step.micro_batch_size},
                             {"recompute", recompute_name(c.step.memory.recompute)},
                             {"shard_optimizer", c.step.memory.shard_optimizer},
                             {"tp_chunks", c.step.tp_chunks},
                             {"hierarchical", c.step.hierarchical},
                             {"sequence_shard", c.step.memory.sequence_shard},
                             {"overlap", parsed.str()},
                             {"parameters", model_from_config.num_parameters()}};
      if (c.feasible) {
        line["step_s"] = c.step_s;
        line["gemm_s"] = c.gemm_s;
        line["other_compute_s"] = c.other_compute_s;
        line["memory_bound_bytes"] = c.memory_bound_bytes;
        line["conversion_bytes"] = c.conversion_bytes;
        line["launches"] = c.launches;
        line["launch_s"] = c.launch_s;
        line["mfu"] = c.mfu;
        line["mfu_peak"] = precision_name(c.step.memory.precision);
        line["model_flops"] = c.model_flops;  // per step: MFU's numerator (drivers/common/model_flops.hpp)
        line["memory_gib"] = c.memory.total() / gib;
        nlohmann::json exposed, busy, bytes, calls;
        for (int a = 0; a < comm::comm_axis_count; ++a) {
          const char* axis = comm::comm_axis_name(static_cast<comm::CommAxis>(a));
          exposed[axis] = c.exposed_s[a];
          busy[axis] = c.comm_s[a];
          bytes[axis] = c.comm_bytes[a];
          calls[axis] = c.comm_calls[a];
        }
        line["exposed_s"] = exposed;
        line["comm_s"] = busy;
        line["comm_bytes"] = bytes;
        line["comm_calls"] = calls;
      } else {
        line["reason"] = c.reason;
      }
      std::printf("%s\n", line.dump().c_str());
      continue;
    }
    if (!c.feasible) {
      std::printf("%4s  %-14s infeasible: %s\n", "-", c.grid.str().c_str(), c.reason.c_str());
      continue;
    }
    const std::string exposed = fmt::format("{} / {} / {} / {} / {}", axis_ms(c, comm::CommAxis::x),
                                            axis_ms(c, comm::CommAxis::y), axis_ms(c, comm::CommAxis::z),
                                            axis_ms(c, comm::CommAxis::data), axis_ms(c, comm::CommAxis::xy));
    std::printf("%4d  %-14s %6d %-9s %5s %6d %4s %4s %9.3f %9.3f   %27s %8.1f %14.1f%%\n", shown,
                c.grid.str().c_str(), c.step.micro_batch_size, recompute_name(c.step.memory.recompute),
                c.step.memory.shard_optimizer ? "yes" : "no", c.step.tp_chunks, c.step.hierarchical ? "yes" : "no",
                c.step.memory.sequence_shard ? "yes" : "no", c.step_s, c.compute_s(),
                exposed.c_str(), c.memory.total() / gib, 100.0 * c.mfu);
  }
  FF_REQUIRE(feasible > 0, "no configuration of {} GPUs fits: rerun with --show-infeasible for the reasons", o.gpus);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("fourfold-plan: rank the 4D configurations of a model on a machine by predicted step time");
  Options o;
  app.add_option("--config", o.config, "model config file, or a preset in configs/ (gpt2-124m, axonn-80b, ...)");
  CLI::Option* gpus = app.add_option("--gpus", o.gpus, "number of GPUs (ranks)");
  app.add_option("--machine", o.machine,
                 fmt::format("machine file, a preset ({}), or local (with --calibration)",
                             fmt::join(plan::machine_preset_names(), ", ")));
  app.add_option("--print-machine", o.print_machine,
                 "write this machine (a file, a preset, or local with --calibration) as a machine file, with the "
                 "device and its peaks, and stop")
      ->excludes("--config")
      ->excludes("--gpus")
      ->excludes("--machine");
  app.add_option("--calibration", o.calibration,
                 "for --machine local: JSON lines of fourfold-bench comm and gemm (or a cached calibration of "
                 "fourfold-train --grid auto)");
  app.add_option("--batch-size", o.batch_size, "global sequences per step (default: the config's)");
  app.add_option("--micro-batch-size", o.micro_batch_size,
                 "sequences per micro-batch, or auto: every divisor of the batch that splits over the grid, searched "
                 "with the grid (default: the config's)");
  app.add_option("--recompute", o.recompute,
                 "activation recomputation: none, selective, attention, block, or auto (all four searched with the grid; "
                 "default: the config's train.recompute where it sets one, else auto)");
  app.add_option("--shard-optimizer", o.shard_optimizer,
                 "AdamW sharded over the data ranks (ZeRO-1): true, false, or auto (both searched with the grid; "
                 "default: the config's parallel.shard_optimizer where it sets one, else auto)");
  app.add_option("--sequence-shard", o.sequence_shard,
                 "the norm region's rows split over Y: true, false, or auto (both searched with the grid where G_y > 1; "
                 "default: the config's parallel.sequence_shard where it sets one, else auto)");
  app.add_option("--set", o.assignments, "section.key=value: any configuration key, as fourfold-train takes it "
                                         "(e.g. train.precision=\"bf16\", train.recompute=\"block\"); repeatable");
  app.add_option("--seq-len", o.seq_len, "tokens per sequence (default: the config's)");
  app.add_option("--overlap", o.overlap, "all, none, or a list of oar, ors, oag, dp, fwd")->capture_default_str();
  app.add_option("--hierarchical", o.hierarchical,
                 "Z and data collectives by node: true, false or auto (searched); default: the config's "
                 "parallel.hierarchical");
  app.add_option("--tp-chunks", o.tp_chunks,
                 "row chunks of the forward overlap: 1, 2, 4, 8 or auto (searched); default: the config's "
                 "parallel.tp_chunks");
  app.add_option("--top", o.top, "feasible configurations to print")->capture_default_str();
  app.add_flag("--json", o.json, "one JSON object per configuration");
  app.add_flag("--show-infeasible", o.show_infeasible, "also list the configurations that cannot run, and why");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  o.planning = !o.config.empty() && !o.machine.empty() && gpus->count() > 0;
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fourfold-plan: error: %s\n", e.what());
    return 1;
  }
}
