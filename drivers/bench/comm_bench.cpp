#include "drivers/bench/comm_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/runtime.hpp"
#include "drivers/common/calibrate.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace fourfold {
namespace {

using comm::Communicator;
using comm::GroupKind;

comm::CollectiveKind kind_of(const std::string& op) {
  comm::CollectiveKind kind{};
  FF_REQUIRE(comm::parse_collective_kind(op, kind), "--ops: unknown collective '{}'; expected any of all_reduce, all_gather, reduce_scatter, broadcast",
             op);
  return kind;
}

}  // namespace

double bus_bandwidth_factor(const std::string& op, int group_size) {
  const double n = group_size;
  if (op == "all_reduce") return 2.0 * (n - 1.0) / n;
  if (op == "all_gather" || op == "reduce_scatter") return (n - 1.0) / n;
  return 1.0;
}

int run_comm_bench(Runtime& runtime, const CommBenchOptions& options) {
  FF_REQUIRE(options.min_bytes >= 4 && options.min_bytes <= options.max_bytes,
             "--min-bytes {} and --max-bytes {}: need 4 <= min-bytes <= max-bytes",
             options.min_bytes, options.max_bytes);
  FF_REQUIRE(options.iterations >= 1 && options.warmup >= 0,
             "--iters {} / --warmup {}: need at least one timed iteration and no negative warm-up",
             options.iterations, options.warmup);
  for (const auto& op : options.ops) kind_of(op);  // rejects unknown names before any work
  const comm::GridShape shape = options.grid.empty()
                                    ? comm::GridShape{runtime.world_size(), 1, 1, 1}
                                    : comm::GridShape::parse(options.grid);
  const comm::Grid grid(shape, runtime.world(), comm::parse_backend(options.comm));
  const bool root = grid.world_rank() == 0;

  for (GroupKind kind : comm::all_group_kinds) {
    const Communicator& group = grid.group(kind);
    if (group.size() < 2) continue;
    for (const auto& op : options.ops) {
      for (std::size_t bytes = options.min_bytes; bytes <= options.max_bytes; bytes *= 2) {
        const TimedCollective timed =
            time_collective(grid.context(), kind_of(op), group, grid.world(), bytes, options.warmup, options.iterations);
        const std::size_t moved = timed.bytes;
        const double seconds = timed.seconds;
        if (!root) continue;
        const double algbw = static_cast<double>(moved) / seconds / 1e9;
        const nlohmann::json line = {
            {"op", op},
            {"group", comm::group_name(kind)},
            {"route", comm::device_route_name(grid.device_route())},
            {"group_size", group.size()},
            {"stride", grid.layout().stride(kind)},
            {"bytes", moved},
            {"seconds", seconds},
            {"algbw_GBps", algbw},
            {"busbw_GBps", algbw * bus_bandwidth_factor(op, group.size())},
            {"grid", shape.str()},
        };
        std::printf("%s\n", line.dump().c_str());
        std::fflush(stdout);
      }
    }
  }
  // What an all-reduce costs between GEMMs (the calibration's loaded lines).
  if (grid.world().size() >= 2 && options.loaded_gemm_ms > 0) {
    for (std::size_t bytes : options.loaded_bytes) {
      const std::string line = loaded_line(grid.context(), grid.world(), bytes, 1e-3 * options.loaded_gemm_ms);
      if (root) {
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
      }
    }
  }
  return 0;
}

}  // namespace fourfold
