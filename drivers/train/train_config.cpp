#include "drivers/train/train_config.hpp"

#include "core/error.hpp"

#include <toml++/toml.h>

#include <climits>
#include <cmath>
#include <sstream>

namespace fourfold {
namespace {

const char* type_name(ValueType t) {
  switch (t) {
    case ValueType::integer: return "an integer";
    case ValueType::real: return "a number";
    case ValueType::boolean: return "a boolean";
    case ValueType::string: return "a string";
  }
  return "?";
}

std::string value_text(const ConfigValue& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::string>) return "\"" + x + "\"";
        else if constexpr (std::is_same_v<T, bool>) return x ? "true" : "false";
        else return fmt::format("{}", x);
      },
      v);
}

}  // namespace

const std::vector<ConfigKey>& config_schema() {
  using V = ValueType;
  static const std::vector<ConfigKey> schema = {
      {"model", "family", V::string, std::string("gpt2"), "gpt2, or llama (RMSNorm, rotary positions, SwiGLU MLP, grouped-query attention, no biases)", ""},
      {"model", "num_layers", V::integer, 12LL, "transformer blocks L (Hugging Face: num_hidden_layers)", ""},
      {"model", "num_heads", V::integer, 12LL, "attention (query) heads, divisible by G_y (num_attention_heads)", ""},
      {"model", "num_kv_heads", V::integer, 0LL, "llama: key/value heads, dividing num_heads and divisible by G_y (num_key_value_heads); 0 = num_heads", ""},
      {"model", "channels", V::integer, 768LL, "hidden size C, divisible by num_heads, G_x, G_y (hidden_size)", ""},
      {"model", "intermediate_size", V::integer, 0LL, "llama: the MLP's hidden width, divisible by G_y (intermediate_size); 0 = 4 channels, GPT-2's", ""},
      {"model", "vocab_size", V::integer, 50257LL, "real vocabulary (tokens are below it) (vocab_size)", ""},
      {"model", "padded_vocab_size", V::integer, 0LL, "embedding rows; 0 = vocab_size rounded up to 128", ""},
      {"model", "max_seq_len", V::integer, 1024LL, "longest sequence: GPT-2's position embedding rows (n_positions, max_position_embeddings)", ""},
      {"model", "norm_eps", V::real, 1e-5, "LayerNorm's (GPT-2: 1e-5 only) or RMSNorm's epsilon (rms_norm_eps)", ""},
      {"model", "rope_theta", V::real, 10000.0, "llama: rotary base theta (rope_theta)", ""},
      {"model", "tied_embeddings", V::boolean, false, "llama: the LM head is the token embedding (tie_word_embeddings); not given = false for llama, GPT-2 always ties", ""},
      {"model", "rope_scaling_factor", V::real, 0.0, "llama: Llama 3.1's frequency scaling (rope_scaling.factor, rope_type llama3); 0 = none", ""},
      {"model", "rope_low_freq_factor", V::real, 1.0, "llama: rope_scaling.low_freq_factor", ""},
      {"model", "rope_high_freq_factor", V::real, 4.0, "llama: rope_scaling.high_freq_factor", ""},
      {"model", "rope_original_max_position", V::integer, 8192LL, "llama: rope_scaling.original_max_position_embeddings", ""},
      {"model", "init_from", V::string, std::string(), "start from these weights (llm.c .bin, checkpoint .h5 or Hugging Face folder); dims come from them", "--init-from"},
      {"parallel", "grid", V::string, std::string(), "GXxGYxGZxGD; empty = all ranks data-parallel (1x1x1xN); auto = the grid the performance model predicts fastest on parallel.machine", "--grid"},
      {"parallel", "machine", V::string, std::string("local"), "the machine --grid auto and --dry-run plan for: local (this job, from a calibration), a preset (perlmutter, frontier, alps) or a machine TOML file", ""},
      {"parallel", "calibration", V::string, std::string(), "calibration of the local machine: read when the file exists, else measured (a few seconds) and written there; empty = <log.out>/calibration-<N>ranks-<precision>.jsonl, or measured and not kept without --out", ""},
      {"parallel", "comm", V::string, std::string("auto"), "collectives on device memory: auto (NCCL on GPU builds that have it, else MPI), nccl, or mpi (GPU-aware MPI where the library is, else staged through pinned host buffers); host data always uses MPI", "--comm"},
      {"parallel", "overlap", V::string, std::string("all"), "collectives run behind computation: all, none, or a comma-separated subset of oar (input-gradient all-reduce behind the weight-gradient GEMM), ors (weight-gradient reduce-scatters over Z in flight through earlier layers), oag (next layer's Z weight all-gather ahead), dp (data-parallel all-reduce per bucket during backward), fwd (each linear layer's forward X/Y all-reduce by row chunks behind the next chunk's GEMM, parallel.tp_chunks); results are bit-identical either way", "--overlap"},
      {"parallel", "tp_chunks", V::string, std::string("auto"), "row chunks of the forward overlap (fwd in parallel.overlap): each linear layer's X/Y all-reduce (forward output, backward input gradient) runs chunk by chunk behind the next chunk's GEMM; 1, 2, 4 or 8, or auto (the performance model's choice with --grid auto; else 4 where the collectives overlap (NCCL, or an engine thread) and 1 with inline progress, where nothing runs behind the chunks); results are bit-identical to 1", ""},
      {"parallel", "hierarchical", V::string, std::string("auto"), "Z and data collectives in two levels where their groups span nodes with several members on each: inside the node, across nodes on 1/(members per node) of the bytes, inside again; auto (where the groups allow), true (a group that spans nodes unevenly is an error), or false; all-gathers are exact, sums are summed per node first (bit-identical run to run, equal to flat sums to rounding)", ""},
      {"parallel", "bucket_mb", V::real, default_bucket_mb, "size of one data-parallel gradient all-reduce (MB)", ""},
      {"parallel", "shard_optimizer", V::boolean, false, "split AdamW's moments and update over the data ranks (ZeRO-1): gradients reduce-scattered over data instead of all-reduced, each data rank updates its 1/G_data share, parameters all-gathered; checkpoints keep their global layout, so sharded and unsharded runs resume each other", ""},
      {"parallel", "sequence_shard", V::boolean, false, "split the norm region's rows (residual stream, LayerNorm/RMSNorm inputs, outputs and gradients) over Y (Megatron's sequence parallelism): transposed layers reduce-scatter their outputs by rows instead of all-reducing them, q/k/v and the MLP gather their inputs over Y; the same bytes, 1/G_y of the norm region's memory and work; bit-identical results; rows per rank (micro-batch sequences x seq_len / (G_z G_data)) must split into 8 equal GEMM pieces (for G_y dividing 8); searched by --grid auto when unset", ""},
      {"parallel", "timeout_s", V::real, 300.0, "a rank blocked this many seconds in a collective (a peer died or hangs) reports the ranks of its node that are gone or stopped and exits non-zero, so the job ends instead of hanging; checkpoint I/O is not timed; 0 = no watchdog", ""},
      {"parallel", "progress", V::string, std::string("auto"), "how MPI collectives progress while a rank computes: thread (a progress engine thread per rank; needs MPI_THREAD_MULTIPLE), inline (each runs when waited for: nothing overlaps), or auto (thread where the node has a core per rank, else inline)", ""},
      {"train", "steps", V::integer, 100LL, "optimizer steps", "--steps"},
      {"train", "steps_this_run", V::integer, 0LL, "stop after this many steps with a checkpoint (job time limits); 0 = run to train.steps", ""},
      {"train", "batch_size", V::integer, 8LL, "global sequences per optimizer step", "--batch-size"},
      {"train", "micro_batch_size", V::integer, 0LL, "global sequences per forward/backward; 0 = batch_size (smaller: gradient accumulation)", "--micro-batch-size"},
      {"train", "seq_len", V::integer, 64LL, "tokens per sequence", "--seq-len"},
      {"train", "lr", V::real, 6e-4, "peak learning rate", "--lr"},
      {"train", "min_lr", V::real, 6e-5, "learning rate at the end of the schedule", ""},
      {"train", "warmup_steps", V::integer, 10LL, "linear warm-up steps", ""},
      {"train", "schedule", V::string, std::string("cosine"), "after warm-up: cosine, linear or constant down to min_lr", ""},
      {"train", "beta1", V::real, 0.9, "AdamW beta1", ""},
      {"train", "beta2", V::real, 0.95, "AdamW beta2", ""},
      {"train", "eps", V::real, 1e-8, "AdamW epsilon", ""},
      {"train", "weight_decay", V::real, 0.1, "decoupled weight decay of the block matrices (not biases, LayerNorm, embeddings)", ""},
      {"train", "grad_clip", V::real, 1.0, "global gradient-norm clip; 0 turns clipping off", ""},
      {"train", "precision", V::string, std::string("fp32"), "GEMM operands: fp32, or bf16 (bf16 weight and activation operands, fp32 accumulation; the linear layers' X/Y all-reduces and the Z weight gathers move bf16; fp32 master weights, gradients, AdamW state, residual stream and LayerNorm/softmax statistics; checkpoints stay fp32)", "--precision"},
      {"train", "grad_reduce", V::string, std::string("fp32"), "element type of the gradient collectives (Z reduce-scatters, replicated tensors over Z, data-parallel all-reduces): fp32, or bf16 (half the bytes; each sum is rounded to bf16 before it is added to the fp32 gradients)", ""},
      {"train", "recompute", V::string, std::string("none"), "activation recomputation: none (forward keeps every activation backward reads), selective (keeps the GEMM outputs; LayerNorm and GELU outputs recomputed before each block's backward), attention (as selective, and the attention output recomputed from the kept q/k/v: the attention core's GEMMs run again, no linear layer's), or block (each block keeps only its output and LayerNorm statistics; backward re-runs the block's forward, Z weight gathers included); losses are bit-identical in every mode", ""},
      {"train", "loss_chunk_tokens", V::integer, 0LL, "rows of logits the LM head and loss hold at once (softmax, loss and gradients are computed chunk by chunk); 0 = as many as fit 64 MiB", ""},
      {"train", "seed", V::integer, 1337LL, "initialisation and data-order seed", "--seed"},
      {"data", "train", V::string, std::string(), "training token shards: a file or a glob (llm.c format)", "--data"},
      {"data", "val", V::string, std::string(), "validation token shards; empty = no validation", "--val-data"},
      {"data", "tokenizer", V::string, std::string(), "the tokenizer of the run's text (tokenizer.json, a folder, encoder.json or vocab.json), for log.sample_every; empty = bytes (a model of 256 tokens)", ""},
      {"data", "order", V::string, std::string("sequential"), "sequential (llm.c's order) or shuffled (seeded permutation per epoch)", ""},
      {"data", "val_every", V::integer, 0LL, "validate every N steps; 0 = after the last step only", ""},
      {"data", "val_batches", V::integer, 8LL, "micro-batches per validation", ""},
      {"checkpoint", "every", V::integer, 0LL, "checkpoint every N steps; 0 = final checkpoint only", ""},
      {"checkpoint", "keep_last", V::integer, 2LL, "the newest complete checkpoints kept (older ones removed after a newer one is complete and reads back)", ""},
      {"checkpoint", "keep_every", V::integer, 0LL, "older checkpoints whose step is a multiple of this are kept too (0: none)", ""},
      {"checkpoint", "async", V::boolean, true, "the step loop stops only to copy each rank's share to host memory; a background thread writes and commits it while training goes on (one save in flight; a failure is reported on every rank at a later step, the previous checkpoint staying the newest); the final save, a save at a signal and a save while one is in flight wait for it", ""},
      {"checkpoint", "on_failure", V::string, std::string("stop"), "a failed save: stop or warn (and continue)", ""},
      {"checkpoint", "resume", V::string, std::string(), "\"latest\" (newest complete in --out) or a checkpoint file", "--resume"},
      {"eval", "every", V::integer, 0LL, "score eval.tasks every N steps and after the last step (logged, and in metrics.jsonl as \"eval\"); 0 = after the last step only", ""},
      {"eval", "tasks", V::string, std::string(), "multiple-choice files in HellaSwag's JSONL layout (ctx, endings, label), separated by commas, scored as fourfold-eval scores them (acc, acc_norm) with data.tokenizer; each is named by its file name without .jsonl", ""},
      {"log", "out", V::string, std::string(), "output directory: metrics.jsonl, checkpoints", "--out"},
      {"log", "every", V::integer, 1LL, "print a step line every N steps", ""},
      {"log", "sample_every", V::integer, 0LL, "print a short generation from log.sample_prompt at rank 0 every N steps (temperature 0.8, top-k 40); 0 = never", ""},
      {"log", "sample_prompt", V::string, std::string("\n"), "the prompt of those generations", ""},
      {"log", "sample_tokens", V::integer, 64LL, "tokens each generation adds (the prompt and these within max_seq_len)", ""},
      {"log", "peak_gflops", V::real, 0.0,
       "hardware peak GFLOP/s of the whole job at train.precision, for MFU; 0 = the GPU's published dense peak at "
       "that precision (A100, H100, H200, GH200, MI250X GCD), no MFU on other devices", ""},
      {"log", "gemm_efficiency", V::boolean, true,
       "measure the GEMM rate on all ranks at start and report gemm_efficiency (model FLOP/s over that rate)", ""},
  };
  return schema;
}

ConfigValues::ConfigValues() {
  for (const ConfigKey& k : config_schema()) values_[k.name()] = k.default_value;
}

const ConfigKey& ConfigValues::spec(const std::string& name, const std::string& origin) const {
  for (const ConfigKey& k : config_schema())
    if (k.name() == name) return k;
  const std::string section = name.substr(0, name.find('.'));
  std::string known;
  for (const ConfigKey& k : config_schema())
    if (k.section == section) known += (known.empty() ? "" : ", ") + k.key;
  FF_REQUIRE(false, "{}: unknown key '{}'; {}", origin, name,
             known.empty() ? "sections are model, parallel, train, data, checkpoint, eval, log"
                           : "keys of [" + section + "] are " + known);
  return config_schema().front();
}

void ConfigValues::merge_file(const std::string& path) {
  toml::table table;
  try {
    table = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    FF_REQUIRE(false, "config file '{}' line {}: {}", path, e.source().begin.line, e.description());
  }
  for (auto&& [section_key, section_node] : table) {
    const std::string section(section_key.str());
    FF_REQUIRE(section_node.is_table(), "config file '{}': '{}' must be a table like [{}]", path,
               section, section);
    for (auto&& [key, node] : *section_node.as_table()) {
      const std::string name = section + "." + std::string(key.str());
      const ConfigKey& k = spec(name, "config file '" + path + "'");
      ConfigValue value;
      if (k.type == ValueType::integer && node.is_integer()) {
        value = node.value<long long>().value();
      } else if (k.type == ValueType::real && (node.is_floating_point() || node.is_integer())) {
        value = node.value<double>().value();
      } else if (k.type == ValueType::boolean && node.is_boolean()) {
        value = node.value<bool>().value();
      } else if (k.type == ValueType::string && node.is_string()) {
        value = node.value<std::string>().value();
      } else if (k.type == ValueType::string && node.is_boolean()) {
        value = std::string(node.value<bool>().value() ? "true" : "false");  // hierarchical = true, like --set
      } else if (k.type == ValueType::string && node.is_integer()) {
        value = std::to_string(node.value<long long>().value());  // tp_chunks = 4 as "4", like --set
      } else {
        std::ostringstream shown;
        node.visit([&](auto&& concrete) { shown << concrete; });
        FF_REQUIRE(false, "config file '{}': {} = {} must be {}", path, name, shown.str(),
                   type_name(k.type));
      }
      values_[name] = value;
      given_[name] = path;
    }
  }
}

void ConfigValues::set(const std::string& assignment, const std::string& origin) {
  const auto eq = assignment.find('=');
  FF_REQUIRE(eq != std::string::npos && eq > 0,
             "{} '{}' is not of the form section.key=value", origin, assignment);
  set(assignment.substr(0, eq), assignment.substr(eq + 1), origin);
}

void ConfigValues::set(const std::string& name, const std::string& text, const std::string& origin) {
  const ConfigKey& k = spec(name, origin);
  ConfigValue value;
  std::size_t used = 0;
  try {
    switch (k.type) {
      case ValueType::integer: value = std::stoll(text, &used); break;
      case ValueType::real: value = std::stod(text, &used); break;
      case ValueType::boolean:
        FF_REQUIRE(text == "true" || text == "false", "{}: {} = '{}' must be true or false", origin,
                   name, text);
        value = text == "true";
        used = text.size();
        break;
      case ValueType::string:  // quotes are optional: "x" and x both give x
        value = text.size() >= 2 && text.front() == '"' && text.back() == '"' ? text.substr(1, text.size() - 2) : text;
        used = text.size();
        break;
    }
  } catch (const std::logic_error&) {
    used = 0;
  }
  FF_REQUIRE((used == text.size() && !text.empty()) || k.type == ValueType::string,
             "{}: {} = '{}' must be {}", origin, name, text, type_name(k.type));
  values_[name] = value;
  given_[name] = origin;
}

long long ConfigValues::integer(const std::string& name) const { return std::get<long long>(values_.at(name)); }
double ConfigValues::real(const std::string& name) const { return std::get<double>(values_.at(name)); }
bool ConfigValues::boolean(const std::string& name) const { return std::get<bool>(values_.at(name)); }
const std::string& ConfigValues::string(const std::string& name) const {
  return std::get<std::string>(values_.at(name));
}

void check_grid(const TrainConfig& c, int world_size) {
  comm::GridLayout(c.grid, world_size);  // validates the product against the world size
  const int row_groups = c.grid.z * c.grid.data;
  FF_REQUIRE(c.micro_batch_size % row_groups == 0,
             "train.micro_batch_size = {} (batch_size {} in {} micro-batches) is not divisible by "
             "G_data * G_z = {} * {} = {} of grid {}: every (data, z) rank needs whole sequences",
             c.micro_batch_size, c.batch_size, c.micro_steps(), c.grid.data, c.grid.z, row_groups,
             c.grid.str());
  FF_REQUIRE(c.model.num_heads % c.grid.y == 0,
             "model.num_heads = {} is not divisible by G_y = {} (grid {}): heads are split over Y",
             c.model.num_heads, c.grid.y, c.grid.str());
  FF_REQUIRE(c.model.channels % c.grid.x == 0 && c.model.channels % c.grid.y == 0,
             "model.channels = {} must be divisible by G_x = {} and G_y = {} (grid {})",
             c.model.channels, c.grid.x, c.grid.y, c.grid.str());
  FF_REQUIRE(c.model.kv_heads() % c.grid.y == 0,
             "model.num_kv_heads = {} is not divisible by G_y = {} (grid {}): key/value heads are split over Y",
             c.model.kv_heads(), c.grid.y, c.grid.str());
  FF_REQUIRE(c.model.mlp_hidden() % c.grid.y == 0,
             "model.intermediate_size = {} is not divisible by G_y = {} (grid {}): the MLP's hidden width is split "
             "over Y",
             c.model.mlp_hidden(), c.grid.y, c.grid.str());
}

namespace {

// An integer key's value, refused (naming the key) unless it is at least `least` (0 or 1) and at
// most `most`.
long long bounded(const ConfigValues& v, const char* name, long long least, long long most) {
  const long long x = v.integer(name);
  FF_REQUIRE(x >= least && x <= most, "{} = {} must be {}{}", name, x, least > 0 ? "positive" : "non-negative",
             most < LLONG_MAX ? " (and below 2^31)" : "");
  return x;
}

}  // namespace

GptConfig model_config(const ConfigValues& v) {
  // Model sizes are 32-bit integers: larger values are refused rather than wrapped.
  constexpr long long int_max = 2147483647LL;
  auto positive = [&](const char* name) { return bounded(v, name, 1, int_max); };
  auto non_negative = [&](const char* name) { return bounded(v, name, 0, int_max); };
  GptConfig model;
  try {
    model.family = parse_family(v.string("model.family"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "model.family: {}", e.what());
  }
  const bool llama = model.family == ModelFamily::llama;
  // Keys only Llama has, refused for GPT-2 rather than ignored.
  for (const char* key : {"model.num_kv_heads", "model.intermediate_size", "model.rope_theta", "model.tied_embeddings",
                          "model.rope_scaling_factor", "model.rope_low_freq_factor", "model.rope_high_freq_factor",
                          "model.rope_original_max_position"})
    FF_REQUIRE(llama || !v.given(key), "{} is set, but model.family = \"gpt2\" has no such setting (family \"llama\" has)",
               key);
  model.num_layers = static_cast<int>(positive("model.num_layers"));
  model.num_heads = static_cast<int>(positive("model.num_heads"));
  model.channels = static_cast<int>(positive("model.channels"));
  model.vocab_size = static_cast<int>(positive("model.vocab_size"));
  model.max_seq_len = static_cast<int>(positive("model.max_seq_len"));
  const long long padded = non_negative("model.padded_vocab_size");
  model.padded_vocab_size =
      padded > 0 ? static_cast<int>(padded) : (model.vocab_size + 127) / 128 * 128;
  const double eps = v.real("model.norm_eps");
  FF_REQUIRE(std::isfinite(eps) && eps > 0.0 && eps < 1.0, "model.norm_eps = {}: expected a small positive number",
             eps);
  model.norm_eps = static_cast<float>(eps);
  if (llama) {
    model.num_kv_heads = static_cast<int>(non_negative("model.num_kv_heads"));
    model.intermediate_size = static_cast<int>(non_negative("model.intermediate_size"));
    model.rope_theta = v.real("model.rope_theta");
    FF_REQUIRE(std::isfinite(model.rope_theta), "model.rope_theta = {}: expected a number above 1",
               model.rope_theta);
    model.tied_embeddings = v.boolean("model.tied_embeddings");
    model.rope_scaling.factor = v.real("model.rope_scaling_factor");
    model.rope_scaling.low_freq_factor = v.real("model.rope_low_freq_factor");
    model.rope_scaling.high_freq_factor = v.real("model.rope_high_freq_factor");
    model.rope_scaling.original_max_position = static_cast<int>(non_negative("model.rope_original_max_position"));
  }
  model.validate();
  return model;
}

TrainConfig make_train_config(const ConfigValues& v, int world_size, const GptConfig* model_from_file,
                              TrainingTokens tokens) {
  TrainConfig c;
  auto positive = [&](const char* name) { return bounded(v, name, 1, LLONG_MAX); };
  auto non_negative = [&](const char* name) { return bounded(v, name, 0, LLONG_MAX); };
  c.init_from = v.string("model.init_from");
  c.model = model_from_file ? *model_from_file : model_config(v);


  const std::string grid = v.string("parallel.grid");
  c.grid_auto = grid == "auto";
  c.grid = grid.empty() || c.grid_auto ? comm::GridShape{1, 1, 1, world_size} : comm::GridShape::parse(grid);
  c.machine = v.string("parallel.machine");
  c.calibration = v.string("parallel.calibration");
  try {
    c.backend = comm::parse_backend(v.string("parallel.comm"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "parallel.comm: {}", e.what());
  }
  const std::string unavailable = comm::backend_unavailable(c.backend);
  FF_REQUIRE(unavailable.empty(), "parallel.comm = \"{}\": {}", comm::backend_name(c.backend), unavailable);
  try {
    c.overlap = OverlapOptions::parse(v.string("parallel.overlap"));
    c.progress = comm::parse_progress_mode(v.string("parallel.progress"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "parallel: {}", e.what());
  }
  try {
    c.hierarchical = comm::parse_hierarchical(v.string("parallel.hierarchical"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "parallel.{}", e.what());
  }
  c.search_hierarchical = c.grid_auto && c.hierarchical == comm::Hierarchical::automatic;
  int tp_chunks = 0;
  try {
    tp_chunks = parse_tp_chunks(v.string("parallel.tp_chunks"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "parallel.{}", e.what());
  }
  if (tp_chunks == 0) {
    c.tp_chunks_auto = true;
    c.search_tp_chunks = c.grid_auto && c.overlap.fwd;
  } else {
    c.overlap.tp_chunks = tp_chunks;
  }
  c.timeout_s = v.real("parallel.timeout_s");
  FF_REQUIRE(std::isfinite(c.timeout_s) && c.timeout_s >= 0.0,
             "parallel.timeout_s = {}: expected seconds (0 = no watchdog)", c.timeout_s);
  c.bucket_mb = v.real("parallel.bucket_mb");
  FF_REQUIRE(std::isfinite(c.bucket_mb) && c.bucket_mb > 0.0,
             "parallel.bucket_mb = {}: expected a positive size in megabytes", c.bucket_mb);

  try {
    c.precision = parse_gemm_precision(v.string("train.precision"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "train.precision: {}", e.what());
  }
  try {
    c.memory.grad_reduce = parse_gemm_precision(v.string("train.grad_reduce"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "train.grad_reduce: {}", e.what());
  }
  try {
    c.memory.recompute = parse_recompute(v.string("train.recompute"));
  } catch (const UserError& e) {
    FF_REQUIRE(false, "train.recompute: {}", e.what());
  }
  c.memory.loss_chunk_tokens = static_cast<long>(non_negative("train.loss_chunk_tokens"));
  c.memory.shard_optimizer = v.boolean("parallel.shard_optimizer");
  c.memory.sequence_shard = v.boolean("parallel.sequence_shard");
  c.search_sequence_shard = c.grid_auto && !v.given("parallel.sequence_shard");
  c.search_micro_batch = c.grid_auto && !v.given("train.micro_batch_size");
  c.search_recompute = c.grid_auto && !v.given("train.recompute");
  c.search_shard_optimizer = c.grid_auto && !v.given("parallel.shard_optimizer");
  c.steps = positive("train.steps");
  c.steps_this_run = non_negative("train.steps_this_run");
  c.batch_size = static_cast<int>(positive("train.batch_size"));
  const long long micro = non_negative("train.micro_batch_size");
  c.micro_batch_size = micro > 0 ? static_cast<int>(micro) : c.batch_size;
  FF_REQUIRE(c.batch_size % c.micro_batch_size == 0,
             "train.batch_size = {} is not a multiple of train.micro_batch_size = {}", c.batch_size,
             c.micro_batch_size);
  c.seq_len = static_cast<int>(positive("train.seq_len"));
  FF_REQUIRE(c.seq_len <= c.model.max_seq_len,
             "train.seq_len = {} exceeds the model's max_seq_len = {}", c.seq_len, c.model.max_seq_len);
  if (!c.grid_auto) check_grid(c, world_size);

  c.lr = v.real("train.lr");
  c.min_lr = v.real("train.min_lr");
  FF_REQUIRE(c.lr > 0 && std::isfinite(c.lr), "train.lr = {} must be a positive number", c.lr);
  FF_REQUIRE(c.min_lr >= 0 && c.min_lr <= c.lr, "train.min_lr = {} must be between 0 and train.lr = {}",
             c.min_lr, c.lr);
  c.warmup_steps = non_negative("train.warmup_steps");
  const std::string schedule = v.string("train.schedule");
  FF_REQUIRE(schedule == "cosine" || schedule == "linear" || schedule == "constant",
             "train.schedule = \"{}\": expected cosine, linear or constant", schedule);
  c.schedule = schedule == "cosine" ? Schedule::cosine : schedule == "linear" ? Schedule::linear : Schedule::constant;
  c.beta1 = v.real("train.beta1");
  c.beta2 = v.real("train.beta2");
  FF_REQUIRE(c.beta1 >= 0 && c.beta1 < 1, "train.beta1 = {} must be in [0, 1)", c.beta1);
  FF_REQUIRE(c.beta2 >= 0 && c.beta2 < 1, "train.beta2 = {} must be in [0, 1)", c.beta2);
  c.eps = v.real("train.eps");
  FF_REQUIRE(c.eps > 0, "train.eps = {} must be positive", c.eps);
  c.weight_decay = v.real("train.weight_decay");
  FF_REQUIRE(c.weight_decay >= 0, "train.weight_decay = {} must not be negative", c.weight_decay);
  c.grad_clip = v.real("train.grad_clip");
  FF_REQUIRE(c.grad_clip >= 0, "train.grad_clip = {} must not be negative (0 turns clipping off)", c.grad_clip);
  c.seed = static_cast<std::uint64_t>(non_negative("train.seed"));

  c.train_data = v.string("data.train");
  FF_REQUIRE(tokens == TrainingTokens::program || !c.train_data.empty(), "data.train is empty: give the training token shards with --data FILE_OR_GLOB");
  c.val_data = v.string("data.val");
  const std::string order = v.string("data.order");
  FF_REQUIRE(order == "sequential" || order == "shuffled",
             "data.order = \"{}\": expected sequential or shuffled", order);
  c.order = order == "sequential" ? DataOrder::sequential : DataOrder::shuffled;
  c.val_every = non_negative("data.val_every");
  c.val_batches = static_cast<int>(positive("data.val_batches"));

  c.checkpoint_every = non_negative("checkpoint.every");
  c.checkpoint_keep = static_cast<int>(positive("checkpoint.keep_last"));
  c.checkpoint_keep_every = non_negative("checkpoint.keep_every");
  const std::string on_failure = v.string("checkpoint.on_failure");
  FF_REQUIRE(on_failure == "stop" || on_failure == "warn",
             "checkpoint.on_failure = \"{}\": expected stop or warn", on_failure);
  c.stop_on_checkpoint_failure = on_failure == "stop";
  c.checkpoint_async = v.boolean("checkpoint.async");
  c.resume = v.string("checkpoint.resume");

  c.out_dir = v.string("log.out");
  FF_REQUIRE(c.resume.empty() || c.resume != "latest" || !c.out_dir.empty(),
             "--resume without a file needs --out: the newest complete checkpoint is looked up there");
  c.log_every = positive("log.every");
  c.tokenizer = v.string("data.tokenizer");
  c.eval_every = non_negative("eval.every");
  {
    // Comma-separated, as [parallel] overlap is; an empty entry (",," or a trailing comma) is refused.
    const std::string list = v.string("eval.tasks");
    std::istringstream items(list);
    std::string task;
    while (std::getline(items, task, ',')) {
      task.erase(0, task.find_first_not_of(" \t"));
      task.erase(task.find_last_not_of(" \t") + 1);
      FF_REQUIRE(!task.empty(), "eval.tasks = \"{}\": an empty entry; expected multiple-choice files separated by commas",
                 list);
      c.eval_tasks.push_back(task);
    }
    FF_REQUIRE(list.empty() || list.back() != ',',
               "eval.tasks = \"{}\": an empty entry; expected multiple-choice files separated by commas", list);
  }
  FF_REQUIRE(c.eval_every == 0 || !c.eval_tasks.empty(), "eval.every = {} needs eval.tasks (multiple-choice JSONL files)",
             c.eval_every);
  c.sample_every = non_negative("log.sample_every");
  c.sample_prompt = v.string("log.sample_prompt");
  c.sample_tokens = static_cast<int>(positive("log.sample_tokens"));
  FF_REQUIRE(c.sample_every == 0 || !c.sample_prompt.empty(), "log.sample_prompt is empty: a generation needs a prompt");
  FF_REQUIRE(c.sample_every == 0 || c.sample_tokens < c.model.max_seq_len,
             "log.sample_tokens = {} does not fit the model's max_seq_len = {} with a prompt", c.sample_tokens,
             c.model.max_seq_len);
  c.peak_gflops = v.real("log.peak_gflops");
  FF_REQUIRE(c.peak_gflops >= 0, "log.peak_gflops = {} must not be negative", c.peak_gflops);
  c.gemm_efficiency = v.boolean("log.gemm_efficiency");
  return c;
}

std::string config_help() {
  std::string text =
      "fourfold-train: train GPT-2 on the 4D grid.\n"
      "Usage: mpirun -n N fourfold-train [--config run.toml] [flags] [--set section.key=value ...]\n\n"
      "Flags (each sets the key shown):\n"
      "  --config FILE              TOML file with [model] [parallel] [train] [data] [checkpoint] [eval] [log]\n"
      "  --set section.key=value    any key below (repeatable)\n"
      "  --help                     this text\n";
  for (const ConfigKey& k : config_schema())
    if (!k.flag.empty()) text += fmt::format("  {:<26} {} (default {})\n", k.flag + " VALUE", k.name(), value_text(k.default_value));
  text += "\nKeys (type, default: meaning):\n";
  std::string section;
  for (const ConfigKey& k : config_schema()) {
    if (k.section != section) {
      section = k.section;
      text += "[" + section + "]\n";
    }
    text += fmt::format("  {:<18} {:<11} {:<12} {}\n", k.key, type_name(k.type), value_text(k.default_value), k.help);
  }
  return text;
}

}  // namespace fourfold
