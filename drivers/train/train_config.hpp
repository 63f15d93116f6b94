// fourfold-train's configuration: a TOML file with [model], [parallel], [train], [data],
// [checkpoint] and [log] tables, command-line overrides of the common keys, and
// `--set section.key=value` for any key. Every key has a type and a default (the schema below);
// unknown keys, wrong types and impossible combinations are rejected before any work, naming
// the key, the value and the rule.
#pragma once

#include "comm/grid_layout.hpp"
#include "comm/types.hpp"
#include "core/precision.hpp"
#include "layers/memory_options.hpp"
#include "layers/overlap.hpp"
#include "layers/gpt_config.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>
#include <vector>

namespace fourfold {

using ConfigValue = std::variant<long long, double, bool, std::string>;

enum class ValueType { integer, real, boolean, string };

struct ConfigKey {
  std::string section;
  std::string key;
  ValueType type;
  ConfigValue default_value;
  std::string help;
  std::string flag;  // command-line flag that sets it ("" when only --set does)
  std::string name() const { return section + "." + key; }
};

/// Every key fourfold-train understands, in the order --help lists them.
const std::vector<ConfigKey>& config_schema();

/// Raw key -> value map after defaults, the file and overrides (in that order).
class ConfigValues {
 public:
  ConfigValues();  // the defaults
  /// Merges a TOML file; unknown sections/keys and wrong types are UserErrors naming the file.
  void merge_file(const std::string& path);
  /// Applies "section.key=value" (from --set or a flag); the text is parsed as the key's type.
  void set(const std::string& assignment, const std::string& origin);
  void set(const std::string& name, const std::string& value_text, const std::string& origin);
  /// True when the key was given in the file or on the command line.
  bool given(const std::string& name) const { return given_.count(name) != 0; }

  long long integer(const std::string& name) const;
  double real(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::string& string(const std::string& name) const;

 private:
  const ConfigKey& spec(const std::string& name, const std::string& origin) const;
  std::map<std::string, ConfigValue> values_;
  std::map<std::string, std::string> given_;
};

enum class Schedule { cosine, linear, constant };
enum class DataOrder { sequential, shuffled };

struct TrainConfig {
  GptConfig model;
  std::string init_from;        // llm.c weights (or a checkpoint); model dims come from it

  comm::GridShape grid;         // resolved against the world size
  bool grid_auto = false;       // parallel.grid = auto: `grid` is chosen by the planner (grid_choice.hpp)
  // With --grid auto, the planner also chooses what the configuration leaves unset: the
  // micro-batch (train.micro_batch_size), the recompute mode (train.recompute) and optimizer
  // sharding (parallel.shard_optimizer).
  bool search_micro_batch = false, search_recompute = false, search_shard_optimizer = false;
  bool search_sequence_shard = false;  // parallel.sequence_shard unset with --grid auto
  bool search_tp_chunks = false;  // parallel.tp_chunks = "auto" with --grid auto and fwd overlap
  // parallel.tp_chunks = "auto" on a given grid: overlap.tp_chunks keeps its default where the
  // collectives overlap, and becomes 1 where they cannot (train_main.cpp): chunks with nothing
  // behind them only add calls and narrow the GEMMs.
  bool tp_chunks_auto = false;
  bool search_hierarchical = false;  // parallel.hierarchical = "auto" with --grid auto
  std::string machine;          // the planner's machine (local, a preset or a file)
  std::string calibration;      // the local machine's calibration file ("" = default place)
  comm::Backend backend = comm::Backend::automatic;  // collectives on device memory
  OverlapOptions overlap;       // which collectives run behind computation
  comm::Hierarchical hierarchical = comm::Hierarchical::automatic;  // Z and data collectives by node
  double bucket_mb = default_bucket_mb;  // data-parallel gradient bucket
  comm::ProgressMode progress = comm::ProgressMode::automatic;
  double timeout_s = 300;       // a rank blocked this long in a collective ends the job; 0 = never

  long steps = 0;
  long steps_this_run = 0;      // stop (with a checkpoint) after this many steps; 0 = to `steps`
  int batch_size = 0;           // global sequences per optimizer step
  int micro_batch_size = 0;     // global sequences per forward/backward
  int seq_len = 0;
  double lr = 0, min_lr = 0;
  long warmup_steps = 0;
  Schedule schedule = Schedule::cosine;
  double beta1 = 0, beta2 = 0, eps = 0, weight_decay = 0, grad_clip = 0;
  std::uint64_t seed = 0;
  GemmPrecision precision = GemmPrecision::fp32;  // GEMM operands (masters and optimizer stay fp32)
  MemoryOptions memory;         // activation recomputation and the LM head's chunk of logits

  std::string train_data, val_data;  // file or glob of llm.c token shards
  DataOrder order = DataOrder::sequential;
  long val_every = 0;                // 0: only after the last step
  int val_batches = 0;

  long checkpoint_every = 0;         // 0: only the final checkpoint
  int checkpoint_keep = 0;        // checkpoint.keep_last
  long checkpoint_keep_every = 0;  // checkpoint.keep_every
  bool stop_on_checkpoint_failure = true;
  bool checkpoint_async = true;      // checkpoint.async: written by a background thread
  std::string resume;                // "" none, "latest", or a checkpoint file

  std::string out_dir;               // metrics.jsonl and checkpoints; "" = none
  long log_every = 1;
  std::string tokenizer;          // [data] tokenizer: "" = bytes
  long eval_every = 0;                  // [eval] every: 0 = no multiple-choice scores while training
  std::vector<std::string> eval_tasks;  // [eval] tasks: HellaSwag-layout JSONL files
  long sample_every = 0;          // [log] sample_every: 0 = no generations while training
  std::string sample_prompt = "\n";
  int sample_tokens = 64;
  double peak_gflops = 0;            // MFU denominator (whole job); 0 = the device's published peak, if known
  bool gemm_efficiency = true;       // measure the GEMM rate at start; report the step's share of it

  int micro_steps() const { return batch_size / micro_batch_size; }
  /// Sequences each rank holds per micro-step.
  int local_micro_batch() const { return micro_batch_size / (grid.z * grid.data); }
};

/// Where a run's training tokens come from: llm.c shard files (data.train must name them), or
/// a TokenSource the program passes to its Trainer (data.train may stay empty).
enum class TrainingTokens { shard_files, program };

/// The [model] section as a validated model: its family and, for Llama, its keys (refused for
/// GPT-2), with the key and value named in every error.
GptConfig model_config(const ConfigValues& values);

/// Builds and validates the run configuration for `world_size` ranks. `model_from_file` is
/// the model config read from --init-from (dims from the file win over [model]).
TrainConfig make_train_config(const ConfigValues& values, int world_size, const GptConfig* model_from_file,
                              TrainingTokens tokens = TrainingTokens::shard_files);

/// The rules `c.grid` must meet on `world_size` ranks (product, whole sequences per (data, z)
/// rank, heads over Y, channels over X and Y); make_train_config applies them unless the grid is
/// "auto", in which case the caller applies them once it has chosen one.
void check_grid(const TrainConfig& c, int world_size);

/// The full help text: flags, then every key with type and default.
std::string config_help();

}  // namespace fourfold
