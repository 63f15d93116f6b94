#include "drivers/bench/comm_bench.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/runtime.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"
#include "core/types.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace fourfold {
namespace {

using comm::Communicator;
using comm::GroupKind;

const std::vector<std::string> known_ops = {"all_reduce", "all_gather", "reduce_scatter",
                                            "broadcast"};

// One timed run of `op` on `group` with `bytes` of payload: returns (bytes actually moved by the
// nccl-tests convention, seconds per operation as the slowest rank of the world saw it).
std::pair<std::size_t, double> time_op(const std::string& op, const Communicator& group,
                                       const Communicator& world, std::size_t bytes,
                                       const CommBenchOptions& options) {
  const ExecSpace exec;
  const std::size_t n = static_cast<std::size_t>(group.size());
  // Element counts: all_gather/reduce_scatter sizes are the full buffer, a multiple of n.
  std::size_t elements = std::max<std::size_t>(bytes / sizeof(float), 1);
  if (op == "all_gather" || op == "reduce_scatter") elements = std::max(elements / n, std::size_t{1}) * n;
  Tensor1<float> full(Kokkos::view_alloc(Kokkos::WithoutInitializing, "bench_full"), elements);
  Tensor1<float> part(Kokkos::view_alloc(Kokkos::WithoutInitializing, "bench_part"), elements / n);
  Kokkos::deep_copy(full, 1.0f);
  Kokkos::deep_copy(part, 1.0f);

  auto run_once = [&] {
    if (op == "all_reduce") comm::all_reduce(exec, group, full);
    else if (op == "all_gather") comm::all_gather(exec, group, part, full);
    else if (op == "reduce_scatter") comm::reduce_scatter(exec, group, full, part);
    else comm::broadcast(exec, group, full, 0);
    fence(exec, SyncKind::timing, "fourfold: timing");
  };
  for (int i = 0; i < options.warmup; ++i) run_once();
  world.barrier();
  Stopwatch watch;
  for (int i = 0; i < options.iterations; ++i) run_once();
  const double local = watch.seconds() / options.iterations;
  const double slowest = comm::all_reduce_value(world, local, comm::ReduceOp::max);
  return {elements * sizeof(float), slowest};
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
  for (const auto& op : options.ops) {
    FF_REQUIRE(std::find(known_ops.begin(), known_ops.end(), op) != known_ops.end(),
               "--ops: unknown collective '{}'; expected any of all_reduce, all_gather, "
               "reduce_scatter, broadcast",
               op);
  }
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
        const auto [moved, seconds] = time_op(op, group, grid.world(), bytes, options);
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
  return 0;
}

}  // namespace fourfold
