#include "drivers/bench/checkpoint_bench.hpp"

#include "checkpoint/checkpoint_file.hpp"
#include "checkpoint/page_cache.hpp"
#include "checkpoint/store.hpp"
#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/runtime.hpp"
#include "core/timer.hpp"
#include "layers/adamw.hpp"
#include "layers/gpt.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace fourfold {

int run_checkpoint_bench(Runtime& runtime, const CheckpointBenchOptions& options) {
  FF_REQUIRE(options.repeats >= 1, "--repeats {} must be at least 1", options.repeats);
  const GptConfig config = GptConfig::gpt2(options.depth);
  const comm::GridShape shape = options.grid.empty() ? comm::GridShape{1, 1, 1, runtime.world_size()}
                                                     : comm::GridShape::parse(options.grid);
  const comm::Grid grid(shape, runtime.world(), comm::parse_backend(options.comm));
  Gpt model(config, grid, 1, 64);
  model.init_parameters(1);
  AdamW optimizer(model.params(), model.parameters().extent(0), AdamWSettings{});
  Kokkos::deep_copy(optimizer.first_moment(), 0.001f);
  Kokkos::deep_copy(optimizer.second_moment(), 0.002f);
  const std::string directory = options.directory + "/" + shape.str();
  checkpoint::CheckpointStore store(directory, checkpoint::Retention{1, 0}, grid.world());
  checkpoint::TrainingState state;
  double best_save = 1e30, best_load = 1e30;
  double resident = 0.0;  // worst fraction of the file still cached when a load started
  std::string path;
  for (int i = 0; i < options.repeats; ++i) {
    state.step = i + 1;
    grid.world().barrier();
    Stopwatch watch;
    path = store.save(model, optimizer, state);
    best_save = std::min(best_save, comm::all_reduce_value(grid.world(), watch.seconds(), comm::ReduceOp::max));
    // A load right after the save would read the page cache: every rank evicts the file first
    // (on one node the first eviction does it; on several, each node's cache holds its own copy).
    const checkpoint::CacheEviction eviction = checkpoint::evict_from_page_cache(path);
    resident = std::max(resident, comm::all_reduce_value(grid.world(), eviction.resident_fraction, comm::ReduceOp::max));
    grid.world().barrier();
    watch.restart();
    checkpoint::read_checkpoint_file(path, model, &optimizer);
    best_load = std::min(best_load, comm::all_reduce_value(grid.world(), watch.seconds(), comm::ReduceOp::max));
  }
  if (grid.world_rank() == 0) {
    const double bytes = static_cast<double>(std::filesystem::file_size(path));
    std::error_code ignored;
    std::filesystem::remove_all(directory, ignored);
    const nlohmann::json line = {{"bench", "checkpoint"},
                                 {"model", config.str()},
                                 {"grid", shape.str()},
                                 {"ranks", grid.world_size()},
                                 {"file_MB", bytes / 1e6},
                                 {"save_s", best_save},
                                 {"load_s", best_load},
                                 {"save_MBps", bytes / 1e6 / best_save},
                                 {"load_MBps", bytes / 1e6 / best_load},
                                 {"load_cache", "evicted before each load (fdatasync + posix_fadvise DONTNEED)"},
                                 {"load_resident_fraction", resident}};
    std::printf("%s\n", line.dump().c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace fourfold
