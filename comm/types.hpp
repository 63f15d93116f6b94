// Element types and reduction operators understood by every collective backend.
#pragma once

#include "core/counters.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace fourfold {
struct bf16;  // core/bf16.hpp (declared here so that this header needs no Kokkos)
}  // namespace fourfold

namespace fourfold::comm {

/// bf16: fourfold::bf16 elements; reductions combine each pair in fp32 and round back to bf16.
enum class DType { f32, f64, i32, i64, u32, u64, bf16 };
enum class ReduceOp { sum, max, min };

/// Which library carries collectives on device memory ([parallel] comm). Host memory (metadata,
/// scalars, CPU builds) always goes over MPI.
///   automatic  NCCL on device builds that have it, else MPI
///   nccl       NCCL (a build with FOURFOLD_ENABLE_NCCL and one GPU per rank)
///   mpi        MPI: GPU-aware where the MPI library supports it, else staged through pinned
///              host buffers
enum class Backend { automatic, nccl, mpi };

/// How a communicator moves device memory, once the backend is resolved for this build.
/// mpi_direct: MPI reads the memory itself (host memory, or device memory with a GPU-aware MPI).
enum class DeviceRoute { nccl, mpi_direct, mpi_staged };

const char* backend_name(Backend backend);
/// "auto", "nccl" or "mpi"; anything else is a UserError naming the text.
Backend parse_backend(const std::string& text);
const char* device_route_name(DeviceRoute route);
/// Empty when this build can use `backend`, else the reason (for configuration checks).
std::string backend_unavailable(Backend backend);

/// The grid axis a communicator spans and the collective kinds, counted per execution context
/// (core/counters.hpp).
using ::fourfold::CommAxis;
using ::fourfold::comm_axis_count;
using ::fourfold::CollectiveKind;
using ::fourfold::collective_kind_count;
using ::fourfold::CommTotals;
const char* comm_axis_name(CommAxis axis);
const char* collective_kind_name(CollectiveKind kind);
/// The kind named `name` (as collective_kind_name writes it); false when there is none.
bool parse_collective_kind(const std::string& name, CollectiveKind& kind);

/// How this rank's MPI collectives make progress while it computes ([parallel] progress).
///   auto    thread where the node has a core per rank, inline where ranks outnumber cores
///   thread  a progress engine thread runs them in submission order (needs MPI_THREAD_MULTIPLE;
///           falls back to inline with a warning where the MPI library lacks it)
///   inline  each runs when it (or a later one) is waited for: nothing overlaps
enum class ProgressMode { automatic, thread, inline_calls };
const char* progress_mode_name(ProgressMode mode);
/// "auto", "thread" or "inline"; anything else is a UserError naming the text.
ProgressMode parse_progress_mode(const std::string& text);

/// [parallel] hierarchical (comm/node_split.hpp): automatic splits every Z and data group that
/// spans nodes with several members on each; on requires it of every Z and data group that spans
/// nodes; off never splits.
enum class Hierarchical { automatic, on, off };
/// "auto", "true" or "false"; anything else is a UserError naming it and the accepted values.
Hierarchical parse_hierarchical(const std::string& text);
const char* hierarchical_name(Hierarchical mode);

const char* dtype_name(DType type);
const char* reduce_op_name(ReduceOp op);
std::size_t dtype_bytes(DType type);

template <class T>
constexpr DType dtype_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>) return DType::f32;
  else if constexpr (std::is_same_v<U, double>) return DType::f64;
  else if constexpr (std::is_same_v<U, std::int32_t>) return DType::i32;
  else if constexpr (std::is_same_v<U, std::int64_t>) return DType::i64;
  else if constexpr (std::is_same_v<U, std::uint32_t>) return DType::u32;
  else if constexpr (std::is_same_v<U, std::uint64_t>) return DType::u64;
  else if constexpr (std::is_same_v<U, ::fourfold::bf16>) return DType::bf16;
  else static_assert(sizeof(T) == 0, "fourfold collectives support float, double, bf16 and 32/64-bit integers");
}

}  // namespace fourfold::comm
