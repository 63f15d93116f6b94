// Two Trainers in one process share nothing mutable: each runs on its own grid, whose execution
// context holds its instances, GEMM precision, operand copies and counters. One in fp32 and one
// in bf16, stepped in turn (and, where the backend has independent instances, on two threads
// at once), each gives exactly the losses it gives alone. With the GEMM precision a process
// global, as it once was, the interleaved fp32 run would multiply in bf16 (or the reverse).
#include "comm/grid.hpp"
#include "drivers/train/trainer.hpp"
#include "test_env.hpp"
#include "train_test_support.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace fourfold {
namespace {

constexpr long steps = 4;

comm::GridShape shape_for_world() {
  const int ranks = test::runtime().world_size();
  return comm::GridShape{1, 1, 1, ranks};
}

TrainConfig config_at(GemmPrecision precision) {
  TrainConfig c = test::tiny_train_config(shape_for_world(), steps, "");
  c.precision = precision;
  return c;
}

std::vector<double> run_alone(const TrainConfig& c) {
  const comm::Grid grid(c.grid, test::world());
  Trainer trainer(c, grid, nullptr, nullptr, {nullptr});
  std::vector<double> losses;
  while (!trainer.done()) losses.push_back(trainer.step().loss);
  return losses;
}

struct Pair {
  TrainConfig fp32 = config_at(GemmPrecision::fp32), bf16 = config_at(GemmPrecision::bf16);
  std::vector<double> fp32_alone = run_alone(fp32), bf16_alone = run_alone(bf16);
};

TEST(TrainerContexts, TwoPrecisionsInterleavedGiveTheirOwnLosses) {
  const Pair p;
  ASSERT_EQ(p.fp32_alone.size(), static_cast<std::size_t>(steps));
  // The two precisions must differ, or the test could not tell them apart.
  ASSERT_NE(p.fp32_alone, p.bf16_alone);
  const comm::Grid grid_a(p.fp32.grid, test::world()), grid_b(p.bf16.grid, test::world());
  Trainer a(p.fp32, grid_a, nullptr, nullptr, {nullptr});
  Trainer b(p.bf16, grid_b, nullptr, nullptr, {nullptr});
  std::vector<double> from_a, from_b;
  while (!a.done() || !b.done()) {
    if (!b.done()) from_b.push_back(b.step().loss);  // b first: a's precision would leak into a
    if (!a.done()) from_a.push_back(a.step().loss);  // process-wide setting here
  }
  EXPECT_EQ(from_a, p.fp32_alone);
  EXPECT_EQ(from_b, p.bf16_alone);
  // Each grid counted its own collectives and waits, not the other's.
  EXPECT_EQ(grid_a.context().counters().host_syncs().step_syncs(),
            grid_b.context().counters().host_syncs().step_syncs());
  EXPECT_NE(&grid_a.context().counters(), &grid_b.context().counters());
}

TEST(TrainerContexts, TwoPrecisionsOnTwoThreadsGiveTheirOwnLosses) {
#if KOKKOS_VERSION < 40000
  GTEST_SKIP() << "Kokkos " << KOKKOS_VERSION << " (before 4.0) has one instance of its host backend per "
               << "process: two threads would enqueue on the same instance (the OpenMP stage runs this test "
               << "on upstream Kokkos 4)";
#else
  int provided = MPI_THREAD_SINGLE;
  MPI_Query_thread(&provided);
  if (provided < MPI_THREAD_MULTIPLE) GTEST_SKIP() << "the MPI library gives less than MPI_THREAD_MULTIPLE";
  const Pair p;
  // Set-up is collective over the world: made on this thread, one after the other.
  const comm::Grid grid_a(p.fp32.grid, test::world()), grid_b(p.bf16.grid, test::world());
  Trainer a(p.fp32, grid_a, nullptr, nullptr, {nullptr});
  Trainer b(p.bf16, grid_b, nullptr, nullptr, {nullptr});
  ASSERT_NE(&grid_a.context().compute(), &grid_b.context().compute());
  std::vector<double> from_a, from_b;
  std::exception_ptr error_a, error_b;
  const auto run = [](Trainer& trainer, std::vector<double>& losses, std::exception_ptr& error) {
    try {
      while (!trainer.done()) losses.push_back(trainer.step().loss);
    } catch (...) {
      error = std::current_exception();
    }
  };
  std::thread thread_a(run, std::ref(a), std::ref(from_a), std::ref(error_a));
  std::thread thread_b(run, std::ref(b), std::ref(from_b), std::ref(error_b));
  thread_a.join();
  thread_b.join();
  if (error_a) std::rethrow_exception(error_a);
  if (error_b) std::rethrow_exception(error_b);
  EXPECT_EQ(from_a, p.fp32_alone);
  EXPECT_EQ(from_b, p.bf16_alone);
#endif
}

}  // namespace
}  // namespace fourfold
