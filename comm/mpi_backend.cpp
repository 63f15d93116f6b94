#include "comm/mpi_backend.hpp"

#include "comm/check.hpp"
#include "comm/progress_engine.hpp"
#include "comm/watchdog.hpp"
#include "core/bf16.hpp"

#include <climits>
#include <cmath>

namespace fourfold::comm::mpi_backend {
namespace {

// bf16 over MPI. MPI has no bfloat16, so bf16 travels as a committed type of two contiguous
// bytes and its reductions are user-defined, commutative operators: each converts both operands
// to fp32, combines them and rounds the result back to bf16 (to nearest, ties to even; NaN stays
// NaN). MPI reduces pairwise (a tree, a ring, recursive halving: the library chooses), so a sum
// "accumulates in fp32" one pairwise combine at a time: each combine is done in fp32 and rounded
// to bf16 once, and the partial sums between combines are bf16. With more than two addends that
// are not exact in bf16, the result can depend on the algorithm (and so on the group size), as
// for f32 sums, only with 8 significant bits instead of 24.
//
// The datatype and operators are made once per process, on the first bf16 collective, and freed
// by MPI_Finalize: they hang on MPI_COMM_SELF as an attribute, whose delete callback MPI runs
// first thing in MPI_Finalize, while MPI still works (the MPI standard, "Allowing User
// Functions at Process Termination").
struct Bf16Mpi {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op sum = MPI_OP_NULL;
  MPI_Op max = MPI_OP_NULL;
  MPI_Op min = MPI_OP_NULL;
};

// NaN wins whichever operand holds it; of +0 and -0 max takes +0 and min -0, so the result does
// not depend on which rank's value is the `in` operand.
float max_of(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
float min_of(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

// inout[i] = combine(in[i], inout[i]) for MPI_User_function; `count` is in bf16 elements.
template <class Combine>
void combine_bf16(const void* in, void* inout, const int* count, Combine combine) {
  const bf16* a = static_cast<const bf16*>(in);
  bf16* b = static_cast<bf16*>(inout);
  for (int i = 0; i < *count; ++i) b[i] = to_bf16(combine(to_float(a[i]), to_float(b[i])));
}
void bf16_sum(void* in, void* inout, int* count, MPI_Datatype*) {
  combine_bf16(in, inout, count, [](float a, float b) { return a + b; });
}
void bf16_max(void* in, void* inout, int* count, MPI_Datatype*) { combine_bf16(in, inout, count, max_of); }
void bf16_min(void* in, void* inout, int* count, MPI_Datatype*) { combine_bf16(in, inout, count, min_of); }

// MPI_Finalize's delete callback for the Bf16Mpi attribute of MPI_COMM_SELF.
int free_bf16_mpi(MPI_Comm, int, void* attribute, void*) {
  Bf16Mpi& objects = *static_cast<Bf16Mpi*>(attribute);
  int first_error = MPI_SUCCESS;
  const auto note = [&](int code) {
    if (code != MPI_SUCCESS && first_error == MPI_SUCCESS) first_error = code;
  };
  for (MPI_Op* op : {&objects.sum, &objects.max, &objects.min})
    if (*op != MPI_OP_NULL) note(MPI_Op_free(op));
  if (objects.type != MPI_DATATYPE_NULL) note(MPI_Type_free(&objects.type));
  if (first_error != MPI_SUCCESS) report_in_destructor("freeing the bf16 MPI datatype and operators failed");
  return first_error;
}

void make_bf16_mpi(Bf16Mpi& objects) {
  static_assert(sizeof(bf16) == 2, "bf16 travels as two bytes");
  FF_CHECK_MPI(MPI_Type_contiguous(2, MPI_BYTE, &objects.type));
  FF_CHECK_MPI(MPI_Type_commit(&objects.type));
  FF_CHECK_MPI(MPI_Op_create(&bf16_sum, 1, &objects.sum));
  FF_CHECK_MPI(MPI_Op_create(&bf16_max, 1, &objects.max));
  FF_CHECK_MPI(MPI_Op_create(&bf16_min, 1, &objects.min));
  int key = MPI_KEYVAL_INVALID;
  FF_CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, &free_bf16_mpi, &key, nullptr));
  FF_CHECK_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, key, &objects));
  FF_CHECK_MPI(MPI_Comm_free_keyval(&key));  // the attribute keeps the key until MPI_Finalize
}

// The process's bf16 datatype and operators, made on first use (thread-safe: a function-local
// static; tried again if an MPI call threw).
const Bf16Mpi& bf16_mpi() {
  static Bf16Mpi objects;
  static const bool made = (make_bf16_mpi(objects), true);
  (void)made;
  return objects;
}

MPI_Datatype to_mpi(DType type) {
  switch (type) {
    case DType::f32: return MPI_FLOAT;
    case DType::f64: return MPI_DOUBLE;
    case DType::i32: return MPI_INT32_T;
    case DType::i64: return MPI_INT64_T;
    case DType::u32: return MPI_UINT32_T;
    case DType::u64: return MPI_UINT64_T;
    case DType::bf16: return bf16_mpi().type;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op to_mpi(ReduceOp op, DType type) {
  if (type == DType::bf16) {
    const Bf16Mpi& bf = bf16_mpi();
    switch (op) {
      case ReduceOp::sum: return bf.sum;
      case ReduceOp::max: return bf.max;
      case ReduceOp::min: return bf.min;
    }
    return MPI_OP_NULL;
  }
  switch (op) {
    case ReduceOp::sum: return MPI_SUM;
    case ReduceOp::max: return MPI_MAX;
    case ReduceOp::min: return MPI_MIN;
  }
  return MPI_OP_NULL;
}

// MPI counts are int: larger buffers must be split by the caller.
int checked_count(std::size_t count, const char* op, const Communicator& comm) {
  FF_REQUIRE(count <= static_cast<std::size_t>(INT_MAX),
             "{} on group '{}': {} elements exceed MPI's int count limit {}", op, comm.name(),
             count, INT_MAX);
  return static_cast<int>(count);
}

// Runs (blocking) or starts (non-blocking) `op` on `comm`: through the rank's progress engine
// when the communicator has one, else on the calling thread. Always the MPI_I* call, so the
// reduction algorithm does not depend on the path.
Request execute(const Communicator& comm, MpiOp op, bool nonblocking) {
  op.comm = comm.mpi();
  op.info.axis = comm.axis();
  ProgressEngine* engine = comm.engine();
  if (!nonblocking) {
    const BlockedScope blocked(op.info.op, op.info.group.get());
    if (engine != nullptr) {
      engine->run(op);
    } else {
      run_mpi_op(op);
    }
    return Request();
  }
  if (engine != nullptr) return Request::from_engine(engine, engine->submit(op), op.info);
  return Request::from_mpi(start_mpi_op(op), op.info);
}

MpiOp make(MpiOp::Kind kind, const char* name, const Communicator& comm, const void* send, void* recv,
           std::size_t count, DType type) {
  MpiOp op;
  op.kind = kind;
  op.send = send;
  op.recv = recv;
  op.count = checked_count(count, name, comm);
  op.type = to_mpi(type);
  op.info = comm.request_info(name, "MPI", count);
  return op;
}

}  // namespace

MPI_Datatype mpi_datatype(DType type) { return to_mpi(type); }
MPI_Op mpi_op(ReduceOp op, DType type) { return to_mpi(op, type); }

Request all_reduce(const Communicator& comm, void* data, std::size_t count, DType type, ReduceOp op,
                   bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::all_reduce, "all_reduce", comm, MPI_IN_PLACE, data, count, type);
  m.op = to_mpi(op, type);
  return execute(comm, m, nonblocking);
}

Request all_gather(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                   DType type, bool nonblocking) {
  return execute(comm, make(MpiOp::Kind::all_gather, "all_gather", comm, send, recv, count_per_rank, type),
                 nonblocking);
}

Request reduce_scatter(const Communicator& comm, const void* send, void* recv, std::size_t count_per_rank,
                       DType type, ReduceOp op, bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::reduce_scatter, "reduce_scatter", comm, send, recv, count_per_rank, type);
  m.op = to_mpi(op, type);
  return execute(comm, m, nonblocking);
}

Request broadcast(const Communicator& comm, void* data, std::size_t count, DType type, int root,
                  bool nonblocking) {
  MpiOp m = make(MpiOp::Kind::broadcast, "broadcast", comm, data, data, count, type);
  m.root = root;
  return execute(comm, m, nonblocking);
}

void barrier(const Communicator& comm) {
  execute(comm, make(MpiOp::Kind::barrier, "barrier", comm, nullptr, nullptr, 0, DType::i32), false);
}

}  // namespace fourfold::comm::mpi_backend
