#include "comm/request.hpp"

#include "comm/check.hpp"
#include "comm/nccl_backend.hpp"
#include "comm/progress_engine.hpp"
#include "comm/staging.hpp"
#include "comm/watchdog.hpp"
#include "core/device_stream.hpp"
#include "core/sync.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <cstdio>

namespace fourfold::comm {
namespace {
// Pinned staging buffer -> destination, complete before the buffer can be handed out again.
void copy_back(Counters& counters, const ExecSpace& exec, const StagedResult& r) {
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  Kokkos::deep_copy(exec, Kokkos::View<char*, MemSpace, Unmanaged>(static_cast<char*>(r.to), r.bytes),
                    Kokkos::View<const char*, HostPinnedSpace, Unmanaged>(static_cast<const char*>(r.from), r.bytes));
  counters.add_work(WorkKind::wire, 2.0 * static_cast<double>(r.bytes), 1, Launch::library);
  fence(counters, exec, SyncKind::backend, "fourfold::comm: staged result copied back");
  r.pool->release(r.buffer);
}
}  // namespace

std::string RequestInfo::describe() const {
  return fmt::format("{}[{}] of {} elements on group '{}'", op, route, count, group ? *group : std::string("?"));
}

Request Request::from_mpi(const MpiRequests& requests, const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::mpi;
  r.mpi_ = requests;
  r.info_ = info;
  return r;
}

Request Request::from_engine(ProgressEngine* engine, std::uint64_t ticket, const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::engine;
  r.engine_ = engine;
  r.ticket_ = ticket;
  r.first_ticket_ = ticket;
  r.info_ = info;
  return r;
}

Request Request::from_engine_stages(ProgressEngine* engine, std::uint64_t first, std::uint64_t last,
                                    const RequestInfo& info, StagingPool* pool, void* scratch) {
  FF_ASSERT(first <= last, "stages {}..{} of {}", first, last, info.describe());
  Request r = from_engine(engine, last, info);
  r.first_ticket_ = first;
  r.scratch_pool_ = pool;
  r.scratch_ = scratch;
  return r;
}

Request Request::from_event(void* event, const NcclCommunicator* owner, const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::event;
  r.event_ = event;
  r.nccl_ = owner;
  r.info_ = info;
  return r;
}

Request Request::completed(const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::completed;
  r.info_ = info;
  return r;
}

Request Request::then_copy_back(const StagedResult& result) && {
  FF_ASSERT(kind_ == Kind::mpi || kind_ == Kind::engine,
            "then_copy_back on a request that is not an MPI one ({})", what());
  Request r(std::move(*this));
  r.staged_ = result;
  return r;
}

void Request::wait(const ExecSpace& exec) {
  FF_REQUIRE(active(), "wait() on an inactive request (already waited, moved from, or default)");
  complete(&exec);
}

void Request::wait() {
  FF_REQUIRE(active(), "wait() on an inactive request (already waited, moved from, or default)");
  complete(nullptr);
}

void Request::complete(const ExecSpace* exec) {
  const Kind kind = kind_;
  kind_ = Kind::none;
  const BlockedScope blocked(info_.op, info_.group.get());
  switch (kind) {
    case Kind::none:
    case Kind::completed: return;
    case Kind::mpi: {
      const auto start = std::chrono::steady_clock::now();
      if (mpi_.requests[1] == MPI_REQUEST_NULL) {
        FF_CHECK_MPI(MPI_Wait(&mpi_.requests[0], MPI_STATUS_IGNORE));
      } else {
        FF_CHECK_MPI(MPI_Waitall(2, mpi_.requests, MPI_STATUSES_IGNORE));  // a ring exchange
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      info_.counters->add_comm_busy(info_.axis, seconds);
      info_.counters->add_comm_exposed(info_.axis, seconds);
      break;
    }
    case Kind::engine:
      // Stage by stage: an inline engine runs each when it is waited for.
      for (std::uint64_t t = first_ticket_; t <= ticket_; ++t) engine_->wait(t, info_.axis);
      if (scratch_pool_ != nullptr) {
        scratch_pool_->release(scratch_);
        scratch_pool_ = nullptr;
        scratch_ = nullptr;
      }
      break;
    case Kind::event:
#if FOURFOLD_ENABLE_NCCL
      if (exec != nullptr) {
        nccl_->stream_wait(native_stream(*exec), event_);
      } else {
        nccl_->host_wait(event_);
      }
#endif
      event_ = nullptr;
      return;
  }
  if (staged_.pool != nullptr) {
    const StagedResult staged = staged_;
    staged_ = StagedResult{};
    copy_back(*info_.counters, exec != nullptr ? *exec : staged.exec, staged);
  }
}

void Request::complete_unwaited() noexcept {
  if (!active()) return;
  if (info_.counters) info_.counters->count_unwaited_request();
  if (std::uncaught_exceptions() > 0) {
    // Unwinding from an error: the other ranks may never join this collective, so waiting
    // could hang the job. Leave it (and its buffers) to the shutdown that follows.
    std::fprintf(stderr, "fourfold: error: non-blocking %s abandoned while handling an error\n", what().c_str());
    std::fflush(stderr);
    if (kind_ == Kind::engine) engine_->abandon();  // nothing may still write into freed buffers
    kind_ = Kind::none;
    return;
  }
  std::fprintf(stderr,
               "fourfold: error: non-blocking %s was destroyed without wait(); completing it now. "
               "Every *_start() handle must be waited on.\n",
               what().c_str());
  std::fflush(stderr);
  try {
    wait();
  } catch (const std::exception& e) {
    report_in_destructor(e.what());
  }
}

Request::~Request() { complete_unwaited(); }

Request::Request(Request&& other) noexcept
    : kind_(other.kind_),
      mpi_(other.mpi_),
      engine_(other.engine_),
      ticket_(other.ticket_),
      first_ticket_(other.first_ticket_),
      scratch_pool_(other.scratch_pool_),
      scratch_(other.scratch_),
      event_(other.event_),
      nccl_(other.nccl_),
      staged_(other.staged_),
      info_(other.info_) {
  other.kind_ = Kind::none;
  other.scratch_pool_ = nullptr;
}

Request& Request::operator=(Request&& other) noexcept {
  if (this != &other) {
    complete_unwaited();
    kind_ = other.kind_;
    mpi_ = other.mpi_;
    engine_ = other.engine_;
    ticket_ = other.ticket_;
    first_ticket_ = other.first_ticket_;
    scratch_pool_ = other.scratch_pool_;
    scratch_ = other.scratch_;
    event_ = other.event_;
    nccl_ = other.nccl_;
    staged_ = other.staged_;
    info_ = other.info_;
    other.kind_ = Kind::none;
    other.scratch_pool_ = nullptr;
  }
  return *this;
}

}  // namespace fourfold::comm
