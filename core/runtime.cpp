// MPI + Kokkos start-up and teardown. core/ calls MPI only here (initialisation, the failure
// agreement and abort); all other MPI use lives in comm/.
#include "core/runtime.hpp"

#include "core/error.hpp"

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <unistd.h>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime_api.h>
#endif

namespace fourfold {
namespace {

void check_mpi(int code, const char* call, const char* file, int line) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  detail::throw_vendor_error("MPI", call, file, line, fmt::format("code {} ({})", code, text));
}
#define FF_RUNTIME_MPI(call) check_mpi((call), #call, __FILE__, __LINE__)

const char* thread_level_name(int level) {
  switch (level) {
    case MPI_THREAD_SINGLE: return "MPI_THREAD_SINGLE";
    case MPI_THREAD_FUNNELED: return "MPI_THREAD_FUNNELED";
    case MPI_THREAD_SERIALIZED: return "MPI_THREAD_SERIALIZED";
    case MPI_THREAD_MULTIPLE: return "MPI_THREAD_MULTIPLE";
    default: return "unknown";
  }
}

// Number of GPUs this process can see; 0 on host-only backends.
int visible_devices() {
#if defined(KOKKOS_ENABLE_CUDA)
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
#elif defined(KOKKOS_ENABLE_HIP)
  int count = 0;
  return hipGetDeviceCount(&count) == hipSuccess ? count : 0;
#else
  return 0;
#endif
}

}  // namespace

Runtime::Runtime(int& argc, char**& argv) {
  // The communication progress engine calls MPI from a thread of its own while the main thread
  // may call it too: it asks for MPI_THREAD_MULTIPLE and, given less, runs inline (the engine
  // checks the level and says so). Below FUNNELED fourfold cannot run beside OpenMP/BLAS threads.
  constexpr int wanted = MPI_THREAD_MULTIPLE;
  constexpr int required = MPI_THREAD_FUNNELED;
  int initialized = 0;
  FF_RUNTIME_MPI(MPI_Initialized(&initialized));
  if (!initialized) {
    int provided = MPI_THREAD_SINGLE;
    FF_RUNTIME_MPI(MPI_Init_thread(&argc, &argv, wanted, &provided));
    owns_mpi_ = true;
    if (provided < required) {
      std::fprintf(stderr,
                   "fourfold: error: the MPI library provides thread level %s but fourfold needs %s; "
                   "use an MPI built with thread support\n",
                   thread_level_name(provided), thread_level_name(required));
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  } else {
    int provided = MPI_THREAD_SINGLE;
    FF_RUNTIME_MPI(MPI_Query_thread(&provided));
    FF_REQUIRE(provided >= required,
               "MPI was initialised by the caller with thread level {} but fourfold needs {}",
               thread_level_name(provided), thread_level_name(required));
  }
  // Return codes instead of MPI's fatal default, so every call is checked with context.
  FF_RUNTIME_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
  FF_RUNTIME_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank_));
  FF_RUNTIME_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size_));
  FF_RUNTIME_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &failure_comm_));

  MPI_Comm node = MPI_COMM_NULL;
  FF_RUNTIME_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank_,
                                     MPI_INFO_NULL, &node));
  FF_RUNTIME_MPI(MPI_Comm_rank(node, &local_rank_));
  FF_RUNTIME_MPI(MPI_Comm_size(node, &local_size_));
  FF_RUNTIME_MPI(MPI_Comm_free(&node));

  const int devices = visible_devices();
  if (devices > 0) device_id_ = local_rank_ % devices;

  if (!Kokkos::is_initialized()) {
#if KOKKOS_VERSION >= 40000
    Kokkos::InitializationSettings settings;
    if (device_id_ >= 0) settings.set_device_id(device_id_);
    Kokkos::initialize(settings);
#else
    Kokkos::InitArguments arguments;
    if (device_id_ >= 0) arguments.device_id = device_id_;
    Kokkos::initialize(arguments);
#endif
    owns_kokkos_ = true;
  }
}

Runtime::~Runtime() {
  if (owns_kokkos_ && Kokkos::is_initialized()) Kokkos::finalize();
  if (failure_comm_ != MPI_COMM_NULL) MPI_Comm_free(&failure_comm_);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (owns_mpi_ && !finalized) {
    if (MPI_Finalize() != MPI_SUCCESS) report_in_destructor("MPI_Finalize failed");
  }
}

std::string current_device_name() {
#if defined(KOKKOS_ENABLE_CUDA)
  int device = 0;
  cudaDeviceProp properties{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&properties, device) != cudaSuccess) return {};
  return properties.name;
#elif defined(KOKKOS_ENABLE_HIP)
  int device = 0;
  hipDeviceProp_t properties{};
  if (hipGetDevice(&device) != hipSuccess || hipGetDeviceProperties(&properties, device) != hipSuccess) return {};
  return properties.name;
#else
  return {};
#endif
}

double Runtime::memory_bytes_per_rank() const {
#if defined(KOKKOS_ENABLE_CUDA)
  std::size_t free_bytes = 0, total_bytes = 0;
  if (device_id_ >= 0 && cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
    return static_cast<double>(total_bytes);
  return 0.0;
#elif defined(KOKKOS_ENABLE_HIP)
  std::size_t free_bytes = 0, total_bytes = 0;
  if (device_id_ >= 0 && hipMemGetInfo(&free_bytes, &total_bytes) == hipSuccess)
    return static_cast<double>(total_bytes);
  return 0.0;
#elif defined(KOKKOS_ENABLE_SYCL)
  return 0.0;
#else
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0.0;
  return static_cast<double>(pages) * static_cast<double>(page_size) / local_size_;
#endif
}

bool Runtime::all_ranks_failed(double grace_seconds) noexcept {
  if (world_size_ == 1) return true;
  MPI_Request request = MPI_REQUEST_NULL;
  if (MPI_Ibarrier(failure_comm_, &request) != MPI_SUCCESS) return false;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    int done = 0;
    if (MPI_Test(&request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return false;
    if (done) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;  // the request is left pending: the job is about to be aborted
}

void Runtime::abort(int exit_code) noexcept {
  std::fflush(stdout);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::_Exit(exit_code);
}

}  // namespace fourfold
