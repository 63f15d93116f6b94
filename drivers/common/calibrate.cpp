#include "drivers/common/calibrate.hpp"

#include "comm/collectives.hpp"
#include "comm/grid.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <vector>

namespace fourfold {

TimedCollective time_collective(ExecutionContext& ctx, comm::CollectiveKind kind, const comm::Communicator& group,
                                const comm::Communicator& world, std::size_t bytes, int warmup, int iterations) {
  using comm::CollectiveKind;
  FF_REQUIRE(iterations >= 1 && warmup >= 0, "collective timing: {} iterations / {} warm-up", iterations, warmup);
  const ExecSpace& exec = ctx.compute();
  const std::size_t n = static_cast<std::size_t>(group.size());
  std::size_t elements = std::max<std::size_t>(bytes / sizeof(float), 1);
  if (kind == CollectiveKind::all_gather || kind == CollectiveKind::reduce_scatter)
    elements = std::max(elements / n, std::size_t{1}) * n;
  // full: (elements) the whole buffer; part: (elements / n) this rank's piece.
  Tensor1<float> full(Kokkos::view_alloc(Kokkos::WithoutInitializing, "timed_full"), elements);
  Tensor1<float> part(Kokkos::view_alloc(Kokkos::WithoutInitializing, "timed_part"), elements / n);
  // A ring exchange receives the whole buffer into a second one.
  Tensor1<float> received(Kokkos::view_alloc(Kokkos::WithoutInitializing, "timed_received"),
                          kind == CollectiveKind::ring_exchange ? elements : 0);
  Kokkos::deep_copy(full, 1.0f);
  Kokkos::deep_copy(part, 1.0f);
  auto run_once = [&] {
    switch (kind) {
      case CollectiveKind::all_reduce: comm::all_reduce(exec, group, full); break;
      case CollectiveKind::all_gather: comm::all_gather(exec, group, part, full); break;
      case CollectiveKind::reduce_scatter: comm::reduce_scatter(exec, group, full, part); break;
      case CollectiveKind::broadcast: comm::broadcast(exec, group, full, 0); break;
      case CollectiveKind::ring_exchange: comm::ring_exchange(exec, group, full, received); break;
    }
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  };
  for (int i = 0; i < warmup; ++i) run_once();
  world.barrier();
  Stopwatch watch;
  for (int i = 0; i < iterations; ++i) run_once();
  const double local = watch.seconds() / iterations;
  return {elements * sizeof(float), comm::all_reduce_value(world, local, comm::ReduceOp::max)};
}

TimedGemm time_gemm(ExecutionContext& ctx, const comm::Communicator& world, int m, int n, int k, int warmup, int iterations,
                    GemmPrecision precision) {
  FF_REQUIRE(m > 0 && n > 0 && k > 0, "gemm shape {}x{}x{}: m, n and k must be positive", m, n, k);
  FF_REQUIRE(iterations >= 1 && warmup >= 0, "gemm timing: {} iterations / {} warm-up", iterations, warmup);
  const GemmPrecisionScope scope(ctx.gemm(), precision);
  const ExecSpace& exec = ctx.compute();
  // Y (m, n) = X (m, k) W (n, k)^T: the layout of a forward linear layer.
  Matrix x("x", m, k), w("w", n, k), y("y", m, n);
  Kokkos::deep_copy(x, 0.5f);
  Kokkos::deep_copy(w, 0.25f);
  for (int i = 0; i < warmup; ++i) gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, x, w, 0.0f, y);
  fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  world.barrier();
  Stopwatch watch;
  for (int i = 0; i < iterations; ++i) gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, x, w, 0.0f, y);
  fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  const double seconds = watch.seconds() / iterations;
  const double gflops = 2.0 * m * static_cast<double>(n) * k / seconds / 1e9;
  TimedGemm t;
  t.seconds = comm::all_reduce_value(world, seconds, comm::ReduceOp::max);
  t.gflops_total = comm::all_reduce_value(world, gflops, comm::ReduceOp::sum);
  t.gflops_per_rank = t.gflops_total / world.size();
  return t;
}

void stream_triad(const ExecSpace& exec, const Vector& a, const ConstVector& b, const ConstVector& c, float s) {
  float* const a_data = a.data();
  const float* const b_data = b.data();
  const float* const c_data = c.data();
  const std::size_t n = a.extent(0);
  constexpr std::size_t chunk = elementwise_chunk;
  Kokkos::parallel_for(
      "fourfold::triad", Kokkos::RangePolicy<ExecSpace>(exec, 0, (n + chunk - 1) / chunk),
      KOKKOS_LAMBDA(const std::size_t k) {
        const std::size_t first = k * chunk;
        const std::size_t count = first + chunk < n ? chunk : n - first;
        float* KOKKOS_RESTRICT x = a_data + first;
        const float* KOKKOS_RESTRICT y = b_data + first;
        const float* KOKKOS_RESTRICT z = c_data + first;
        for (std::size_t i = 0; i < count; ++i) x[i] = y[i] + s * z[i];
      });
}

double time_triad_gbps(ExecutionContext& ctx, const comm::Communicator& world, std::size_t elements, int iterations) {
  FF_REQUIRE(elements >= 1 && iterations >= 1, "triad timing: {} elements, {} iterations", elements, iterations);
  const ExecSpace& exec = ctx.compute();
  const Vector a("triad_a", elements), b("triad_b", elements), c("triad_c", elements);
  Kokkos::deep_copy(b, 1.0f);
  Kokkos::deep_copy(c, 2.0f);
  stream_triad(exec, a, b, c, 0.5f);  // first touch
  fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
  world.barrier();
  double best = 1e30;
  for (int i = 0; i < iterations; ++i) {
    Stopwatch watch;
    stream_triad(exec, a, b, c, 0.5f);
    fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
    best = std::min(best, watch.seconds());
  }
  const double gbps = 3.0 * sizeof(float) * static_cast<double>(elements) / best / 1e9;
  return comm::all_reduce_value(world, gbps, comm::ReduceOp::min);
}

double time_loaded_all_reduce(ExecutionContext& ctx, const comm::Communicator& group, const comm::Communicator& world, std::size_t bytes,
                              double gemm_seconds, int rounds) {
  FF_REQUIRE(rounds >= 1 && gemm_seconds > 0.0, "loaded all-reduce timing: {} rounds of {} s", rounds, gemm_seconds);
  const ExecSpace& exec = ctx.compute();
  // One GEMM of 1024 x 768 x 768 per repetition, repeated to last about gemm_seconds.
  const int m = 1024, n = 768, k = 768;
  Matrix x("loaded_x", m, k), w("loaded_w", n, k), y("loaded_y", m, n);
  Kokkos::deep_copy(x, 0.5f);
  Kokkos::deep_copy(w, 0.25f);
  Tensor1<float> data("loaded_data", std::max<std::size_t>(bytes / sizeof(float), 1));
  const TimedGemm one = time_gemm(ctx, world, m, n, k, 1, 2, ctx.gemm().precision());
  const int repetitions = std::max(1, static_cast<int>(gemm_seconds / std::max(one.seconds, 1e-9)));
  auto run = [&](bool with_collective) {
    world.barrier();
    Stopwatch watch;
    for (int r = 0; r < rounds; ++r) {
      for (int i = 0; i < repetitions; ++i) gemm(ctx.gemm(), Op::none, Op::transpose, 1.0f, x, w, 0.0f, y);
      if (with_collective) comm::all_reduce(exec, group, data);
      fence(ctx.counters(), exec, SyncKind::timing, "fourfold: timing");
    }
    return comm::all_reduce_value(world, watch.seconds(), comm::ReduceOp::max);
  };
  run(true);  // warm-up
  // Paired runs, the median difference: the GEMMs' own noise is of the collective's order, and a
  // lucky or unlucky run on its own would decide the figure.
  constexpr int pairs = 7;
  std::vector<double> differences;
  for (int i = 0; i < pairs; ++i) {
    const double alone = run(false);
    differences.push_back(run(true) - alone);
  }
  std::nth_element(differences.begin(), differences.begin() + pairs / 2, differences.end());
  return std::max(0.0, differences[pairs / 2] / rounds);
}

std::string loaded_line(ExecutionContext& ctx, const comm::Communicator& world, std::size_t bytes, double gemm_seconds) {
  const nlohmann::json line = {
      {"op", "loaded"},
      {"collective", "all_reduce"},
      {"group_size", world.size()},
      {"stride", 1},
      {"bytes", bytes},
      {"gemm_seconds", gemm_seconds},
      {"seconds", time_loaded_all_reduce(ctx, world, world, bytes, gemm_seconds, 20)}};
  return line.dump();
}

std::string node_line(const comm::Communicator& world, int ranks_per_node, double memory_bytes_per_rank) {
  // The smallest figure of any rank: the planner must fit the tightest one.
  const double memory = comm::all_reduce_value(world, memory_bytes_per_rank, comm::ReduceOp::min);
  const int per_node = comm::all_reduce_value(world, ranks_per_node, comm::ReduceOp::max);
  const nlohmann::json line = {{"op", "node"},
                               {"ranks", world.size()},
                               {"ranks_per_node", per_node},
                               {"memory_bytes_per_rank", memory}};
  return line.dump();
}

std::vector<std::string> calibrate(ExecutionContext& ctx, const comm::Communicator& world, comm::Backend backend,
                                   comm::ProgressMode progress, int ranks_per_node, double memory_bytes_per_rank,
                                   GemmPrecision precision) {
  std::vector<std::string> lines;
  const int p = world.size();
  const int per_node = comm::all_reduce_value(world, ranks_per_node, comm::ReduceOp::max);
  FF_REQUIRE(memory_bytes_per_rank > 0.0,
             "calibration: this backend cannot tell the memory per rank; describe the machine in a file instead");
  lines.push_back(node_line(world, per_node, memory_bytes_per_rank));

  // Groups along X of grids (k, 1, 1, p / k): neighbours on one node for k = 2 and k = the
  // node, and, with several nodes, the data group of (node, 1, 1, nodes): one rank per node.
  std::set<int> sizes;
  for (int k : {2, per_node, p})
    if (k >= 2 && k <= p && p % k == 0) sizes.insert(k);
  std::vector<std::pair<comm::GridShape, comm::GroupKind>> groups;
  for (int k : sizes) groups.push_back({comm::GridShape{k, 1, 1, p / k}, comm::GroupKind::x});
  if (per_node < p && p % per_node == 0 && p / per_node >= 2)
    groups.push_back({comm::GridShape{per_node, 1, 1, p / per_node}, comm::GroupKind::data});
  const comm::CollectiveKind kinds[] = {comm::CollectiveKind::all_reduce, comm::CollectiveKind::all_gather,
                                        comm::CollectiveKind::reduce_scatter};
  for (const auto& [shape, kind] : groups) {
    const comm::Grid grid(shape, world.mpi(), backend, progress);
    const comm::Communicator& group = grid.group(kind);
    for (comm::CollectiveKind op : kinds) {
      for (std::size_t bytes = std::size_t{64} << 10; bytes <= (std::size_t{4} << 20); bytes *= 4) {
        const TimedCollective t = time_collective(grid.context(), op, group, grid.world(), bytes, 2, 5);
        const nlohmann::json line = {{"op", comm::collective_kind_name(op)},
                                     {"group", comm::group_name(kind)},
                                     {"group_size", group.size()},
                                     {"stride", grid.layout().stride(kind)},
                                     {"bytes", t.bytes},
                                     {"seconds", t.seconds},
                                     {"grid", shape.str()}};
        lines.push_back(line.dump());
      }
    }
  }
  // All-reduces between GEMMs on the whole job: what a collective costs a computing step. Two
  // sizes, so that the planner can tell a per-call wait from a slower transfer.
  if (p >= 2)
    for (std::size_t bytes : {std::size_t{64} << 10, std::size_t{4} << 20}) lines.push_back(loaded_line(ctx, world, bytes, 2e-3));
  // GEMMs of GPT-2-like layers at 1024 tokens per rank, at the job's precision.
  const int shapes[][3] = {{1024, 768, 768}, {1024, 3072, 768}, {1024, 768, 3072}};
  for (const auto& s : shapes) {
    const TimedGemm t = time_gemm(ctx, world, s[0], s[1], s[2], 1, 3, precision);
    const nlohmann::json line = {{"op", "gemm"},          {"m", s[0]},
                                 {"n", s[1]},             {"k", s[2]},
                                 {"seconds", t.seconds},  {"gflops_per_rank", t.gflops_per_rank},
                                 {"ranks", p},            {"precision", precision_name(precision)},
                                 {"route", gemm_route(ctx.gemm())}};
    lines.push_back(line.dump());
  }
  const std::size_t triad_elements = std::size_t{1} << 24;
  const nlohmann::json triad = {{"op", "triad"},
                                {"elements", triad_elements},
                                {"gbps_per_rank", time_triad_gbps(ctx, world, triad_elements, 5)}};
  lines.push_back(triad.dump());
  return lines;
}

}  // namespace fourfold
