#include "comm/request.hpp"

#include "comm/check.hpp"
#include "comm/comm_stats.hpp"
#include "comm/nccl_backend.hpp"
#include "core/sync.hpp"

#include <atomic>
#include <cstdio>

namespace fourfold::comm {
namespace {
std::atomic<long> unwaited_count{0};
}

std::string RequestInfo::describe() const {
  return fmt::format("{}[{}] of {} elements on group '{}'", op, route, count, group ? *group : std::string("?"));
}

Request Request::from_mpi(MPI_Request request, const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::mpi;
  r.mpi_ = request;
  r.info_ = info;
  return r;
}

Request Request::from_event(void* cuda_event, const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::event;
  r.event_ = cuda_event;
  r.info_ = info;
  return r;
}

Request Request::completed(const RequestInfo& info) {
  Request r;
  r.kind_ = Kind::completed;
  r.info_ = info;
  return r;
}

void Request::wait() {
  FF_REQUIRE(active(), "wait() on an inactive request (already waited, moved from, or default)");
  const Kind kind = kind_;
  kind_ = Kind::none;
  const CommTimer timer;
  if (kind == Kind::completed) return;
  if (kind == Kind::mpi) {
    FF_CHECK_MPI(MPI_Wait(&mpi_, MPI_STATUS_IGNORE));
  } else {
#if FOURFOLD_ENABLE_NCCL
    count_host_sync(SyncKind::wait);
    nccl_wait_event(event_);
#endif
    event_ = nullptr;
  }
}

void Request::complete_unwaited() noexcept {
  if (!active()) return;
  ++unwaited_count;
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
    : kind_(other.kind_), mpi_(other.mpi_), event_(other.event_), info_(other.info_) {
  other.kind_ = Kind::none;
}

Request& Request::operator=(Request&& other) noexcept {
  if (this != &other) {
    complete_unwaited();
    kind_ = other.kind_;
    mpi_ = other.mpi_;
    event_ = other.event_;
    info_ = other.info_;
    other.kind_ = Kind::none;
  }
  return *this;
}

long Request::unwaited_destroyed() { return unwaited_count.load(); }

}  // namespace fourfold::comm
