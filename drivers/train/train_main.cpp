// fourfold-train: trains GPT-2 on the 4D grid.
//   mpirun -n N fourfold-train --config run.toml [--grid 2x1x2x1] [--steps 100] [--set train.lr=3e-4]
#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/llmc.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "drivers/common/guarded_main.hpp"
#include "drivers/train/train_config.hpp"
#include "drivers/train/trainer.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace fourfold;

namespace {

// Parses argv into `values`: --config first, then flags and --set in order of appearance.
// Returns false when --help was asked for.
bool parse_arguments(int argc, char** argv, ConfigValues& values) {
  std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& a : args)
    if (a == "--help" || a == "-h") return false;
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
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  return run_guarded(argc, argv, "fourfold-train", [&](Runtime& runtime) {
    ConfigValues values;
    if (!parse_arguments(argc, argv, values)) {
      if (runtime.world_rank() == 0) std::printf("%s", config_help().c_str());
      return 0;
    }
    std::optional<GptConfig> from_file;
    const std::string init_from = values.string("model.init_from");
    const bool from_checkpoint = init_from.size() > 3 && init_from.substr(init_from.size() - 3) == ".h5";
    if (!init_from.empty())
      from_file = from_checkpoint ? checkpoint::read_checkpoint_meta(init_from).model
                                  : checkpoint::read_llmc_header(init_from).config;
    const TrainConfig config =
        make_train_config(values, runtime.world_size(), from_file ? &*from_file : nullptr);
    const comm::Grid grid(config.grid, runtime.world(), config.backend, config.progress);
    train(config, grid);
    return 0;
  });
}
