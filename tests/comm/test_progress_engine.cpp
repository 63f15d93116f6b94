// The progress engine (comm/progress_engine.hpp): collectives complete with the right values in
// thread and inline mode whatever order they are waited in; per-rank random delays change
// nothing; a handle never waited on is reported and completed; an MPI error on the engine
// thread reaches the waiter and every later call; abandon() stops it for good; busy and
// exposed time land on the group's axis; bf16 reductions (user-defined MPI operators) give the
// same exact results on every path.
#include "comm/collectives.hpp"
#include "comm/communicator.hpp"
#include "comm/grid.hpp"
#include "comm/mpi_backend.hpp"
#include "comm/progress_engine.hpp"
#include "core/bf16.hpp"
#include "core/error.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace fourfold::comm {
namespace {

// A world communicator run by `engine` (the engine outlives it).
Communicator world_on(ProgressEngine& engine, CommAxis axis) {
  Communicator c = Communicator::duplicate(test::world(), "engine-test", std::make_shared<Counters>());
  c.set_axis(axis);
  c.attach_engine(&engine);
  return c;
}

void check_many_in_flight(ProgressMode mode, int delay_us) {
  ProgressEngine engine(mode, false, std::make_shared<Counters>());
  if (delay_us > 0) engine.inject_delays(delay_us, 17 + 31 * static_cast<std::uint64_t>(test::runtime().world_rank()));
  const Communicator world = world_on(engine, CommAxis::data);
  const int rank = world.rank(), size = world.size();
  constexpr int ops = 6;
  std::vector<std::vector<double>> data(ops);
  std::vector<Request> requests;
  for (int i = 0; i < ops; ++i) {
    data[i].assign(1000 + 100 * i, rank + i);
    requests.push_back(mpi_backend::all_reduce(world, data[i].data(), data[i].size(), DType::f64, ReduceOp::sum, true));
  }
  // Waited in the same order on every rank, but not the order they were started in.
  for (int i = ops - 1; i >= 0; --i) requests[i].wait();
  EXPECT_EQ(engine.pending(), 0u);
  for (int i = 0; i < ops; ++i) {
    const double want = size * (size - 1) / 2.0 + static_cast<double>(size) * i;
    for (double v : data[i]) ASSERT_EQ(v, want) << "collective " << i;
  }
  // Blocking calls interleaved with started ones keep submission order.
  std::vector<int> gathered(size);
  int mine = 10 * rank;
  Request started = mpi_backend::all_reduce(world, data[0].data(), data[0].size(), DType::f64, ReduceOp::max, true);
  mpi_backend::all_gather(world, &mine, gathered.data(), 1, DType::i32, false);
  started.wait();
  for (int r = 0; r < size; ++r) EXPECT_EQ(gathered[r], 10 * r);
}

TEST(ProgressEngine, ThreadModeCompletesEveryCollectiveInAnyWaitOrder) {
  ProgressEngine probe(ProgressMode::thread, false, std::make_shared<Counters>());
  EXPECT_EQ(probe.mode(), ProgressMode::thread) << "this MPI library lacks MPI_THREAD_MULTIPLE";
  check_many_in_flight(ProgressMode::thread, 0);
}

TEST(ProgressEngine, InlineModeCompletesEveryCollectiveInAnyWaitOrder) {
  check_many_in_flight(ProgressMode::inline_calls, 0);
}

TEST(ProgressEngine, RandomDelaysPerRankChangeNothing) {
  check_many_in_flight(ProgressMode::thread, 3000);
  check_many_in_flight(ProgressMode::inline_calls, 3000);
}

// bf16 all-reduce with every operator and reduce-scatter, blocking and started, through `engine`
// (or none: on the calling thread), on buffers large enough that MPI works on them in pieces.
// The values are small integers, so every pairwise combine is exact in bf16.
void check_bf16_reductions(ProgressEngine* engine) {
  Communicator world = Communicator::duplicate(test::world(), "bf16-test", std::make_shared<Counters>());
  if (engine != nullptr) world.attach_engine(engine);
  const int rank = world.rank(), size = world.size();
  const std::size_t n = 100003;
  const auto value = [](int r, std::size_t i) { return static_cast<float>(i % 7) - 3.0f + 2.0f * r; };
  const auto fold = [&](ReduceOp op, std::size_t i) {
    float result = value(0, i);
    for (int r = 1; r < size; ++r) {
      const float v = value(r, i);
      result = op == ReduceOp::sum ? result + v : op == ReduceOp::max ? std::max(result, v) : std::min(result, v);
    }
    return result;
  };
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min}) {
    for (const bool started : {false, true}) {
      std::vector<bf16> data(n);
      for (std::size_t i = 0; i < n; ++i) data[i] = to_bf16(value(rank, i));
      Request request = mpi_backend::all_reduce(world, data.data(), n, DType::bf16, op, started);
      if (started) request.wait();
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(to_float(data[i]), fold(op, i)) << reduce_op_name(op) << (started ? " started" : "") << " element " << i;
    }
  }
  std::vector<bf16> send(n * size), recv(n);
  for (std::size_t i = 0; i < send.size(); ++i) send[i] = to_bf16(value(rank, i));
  Request request = mpi_backend::reduce_scatter(world, send.data(), recv.data(), n, DType::bf16, ReduceOp::max, true);
  request.wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(to_float(recv[i]), fold(ReduceOp::max, static_cast<std::size_t>(rank) * n + i)) << "element " << i;
  if (engine != nullptr) {
    EXPECT_EQ(engine->pending(), 0u);
  }
}

TEST(ProgressEngine, Bf16ReductionsOnEveryPath) {
  {
    SCOPED_TRACE("thread");
    ProgressEngine engine(ProgressMode::thread, false, std::make_shared<Counters>());
    check_bf16_reductions(&engine);
  }
  {
    SCOPED_TRACE("inline");
    ProgressEngine engine(ProgressMode::inline_calls, false, std::make_shared<Counters>());
    check_bf16_reductions(&engine);
  }
  SCOPED_TRACE("no engine");
  check_bf16_reductions(nullptr);
}

TEST(ProgressEngine, AHandleNeverWaitedOnIsReportedAndCompleted) {
  ProgressEngine engine(ProgressMode::thread, false, std::make_shared<Counters>());
  const Communicator world = world_on(engine, CommAxis::other);
  std::vector<float> data(64, 1.0f);
  const long before = world.counters().unwaited_requests();
  {
    Request forgotten = mpi_backend::all_reduce(world, data.data(), data.size(), DType::f32, ReduceOp::sum, true);
  }
  EXPECT_EQ(world.counters().unwaited_requests(), before + 1);
  EXPECT_EQ(engine.pending(), 0u);
  EXPECT_EQ(data[0], static_cast<float>(world.size()));
}

TEST(ProgressEngine, AnMpiErrorReachesTheWaiterAndEveryLaterCall) {
  for (ProgressMode mode : {ProgressMode::thread, ProgressMode::inline_calls}) {
    ProgressEngine engine(mode, false, std::make_shared<Counters>());
    MpiOp bad;
    bad.kind = MpiOp::Kind::barrier;
    bad.comm = MPI_COMM_NULL;  // not a communicator: MPI returns an error code
    bad.info.op = "barrier";
    bad.info.route = "MPI";
    bad.info.counters = std::make_shared<Counters>();
    try {
      engine.wait(engine.submit(bad), CommAxis::other);
      ADD_FAILURE() << "no error from a collective on MPI_COMM_NULL (" << progress_mode_name(mode) << ")";
    } catch (const VendorError& e) {
      EXPECT_NE(std::string(e.what()).find("barrier[MPI]"), std::string::npos) << e.what();
    }
    EXPECT_THROW(engine.submit(bad), VendorError) << progress_mode_name(mode);
  }
}

TEST(ProgressEngine, AbandonStopsItForGood) {
  ProgressEngine engine(ProgressMode::thread, false, std::make_shared<Counters>());
  const Communicator world = world_on(engine, CommAxis::other);
  world.barrier();
  engine.abandon();
  std::vector<float> data(4, 1.0f);
  EXPECT_THROW(mpi_backend::all_reduce(world, data.data(), data.size(), DType::f32, ReduceOp::sum, false),
               VendorError);
}

TEST(ProgressEngine, TimeLandsOnTheGroupsAxis) {
  const Grid grid({1, 1, 1, test::runtime().world_size()}, test::world());
  const int data_axis = static_cast<int>(CommAxis::data);
  std::vector<double> data(100000, 1.0);
  // A blocking collective: the caller stands still from before it is submitted until after it is
  // seen complete, so its exposed time covers its busy time (a busy time read too high, or an
  // exposed time lost, would show as communication hidden that was not).
  const CommTotals before = grid.context().counters().comm_totals();
  mpi_backend::all_reduce(grid.data(), data.data(), data.size(), DType::f64, ReduceOp::sum, false);
  const CommTotals blocking = grid.context().counters().comm_totals() - before;
  Request r = mpi_backend::all_reduce(grid.data(), data.data(), data.size(), DType::f64, ReduceOp::sum, true);
  r.wait();
  const CommTotals d = grid.context().counters().comm_totals() - before;
  if (grid.data().size() > 1) {
    EXPECT_GT(d.busy[data_axis], 0.0);
    EXPECT_GT(d.exposed[data_axis], 0.0);
    EXPECT_GE(d.operations, 2);
    EXPECT_GT(blocking.busy[data_axis], 0.0);
    EXPECT_GE(blocking.exposed[data_axis], 0.99 * blocking.busy[data_axis])
        << "a blocking all-reduce: busy " << blocking.busy[data_axis] << " s, exposed " << blocking.exposed[data_axis]
        << " s";
    EXPECT_EQ(blocking.hidden_fraction(), 0.0);
  }
  for (int a = 0; a < comm_axis_count; ++a)
    if (a != data_axis) {
      EXPECT_EQ(d.busy[a], 0.0) << comm_axis_name(static_cast<CommAxis>(a));
    }
}

TEST(ProgressMode, ParsesAndRejectsByName) {
  EXPECT_EQ(parse_progress_mode("auto"), ProgressMode::automatic);
  EXPECT_EQ(parse_progress_mode("thread"), ProgressMode::thread);
  EXPECT_EQ(parse_progress_mode("inline"), ProgressMode::inline_calls);
  try {
    parse_progress_mode("async");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'async'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fourfold::comm
