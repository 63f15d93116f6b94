// GoogleTest main for every fourfold test executable: starts the runtime (MPI + Kokkos), runs
// the tests on every rank, and keeps the output readable under mpiexec: rank 0 prints the
// usual report, other ranks print only their failures as "[rank r] FAILURE file:line".
// The exit code is non-zero on every rank when any rank failed, so mpiexec reports it.
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace fourfold::test {
namespace {
Runtime* the_runtime = nullptr;

class RankFailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit RankFailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "[rank %d] FAILURE %s:%d\n%s\n", rank_,
                 result.file_name() ? result.file_name() : "?", result.line_number(),
                 result.summary());
  }

 private:
  int rank_;
};
}  // namespace

Runtime& runtime() { return *the_runtime; }

namespace {
std::string the_scratch_dir;
}

const std::string& scratch_dir() {
  if (the_scratch_dir.empty()) {
    char path[4096] = {};
    if (runtime().world_rank() == 0) {
      std::snprintf(path, sizeof path, "%s/fourfold-test-XXXXXX",
                    std::filesystem::temp_directory_path().c_str());
      if (mkdtemp(path) == nullptr) std::snprintf(path, sizeof path, "mkdtemp-failed");
    }
    MPI_Bcast(path, sizeof path, MPI_CHAR, 0, world());
    the_scratch_dir = path;
  }
  return the_scratch_dir;
}

}  // namespace fourfold::test

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  auto runtime = std::make_unique<fourfold::Runtime>(argc, argv);
  fourfold::test::the_runtime = runtime.get();
  const int rank = runtime->world_rank();
  auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
  if (rank != 0) {
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new fourfold::test::RankFailurePrinter(rank));
  }
  int failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  int any_failed = failed;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, runtime->world());
  if (any_failed && !failed && rank == 0) {
    std::fprintf(stderr, "[rank 0] another rank reported failures (see [rank r] lines above)\n");
  }
  if (rank == 0 && !fourfold::test::the_scratch_dir.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(fourfold::test::the_scratch_dir, ignored);
  }
  runtime.reset();
  return any_failed;
}
