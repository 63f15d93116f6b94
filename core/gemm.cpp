// Wrapper over KokkosBlas::gemm hiding the Kokkos Kernels 3.4 / 4.x API difference.
#include "core/gemm.hpp"

#include "core/config.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"
#include "core/timer.hpp"

#include "core/bf16.hpp"
#include "core/onednn_matmul.hpp"

#include <KokkosBlas3_gemm.hpp>

#include <cstdlib>
#include <type_traits>
#include <utility>

#if defined(KOKKOS_ENABLE_CUDA)
#include "core/cublaslt_matmul.hpp"

#include <cublas_v2.h>
#elif defined(KOKKOS_ENABLE_HIP)
// HIP builds have no host route (their operands are device memory): fp32 GEMMs go through
// Kokkos Kernels (rocBLAS or its own kernels), bf16 ones through rocBLAS's gemm_ex where the
// build has it (FOURFOLD_ENABLE_ROCBLAS; Kokkos Kernels has no bf16-in, fp32-out GEMM), else
// through the portable bf16 kernel. rocBLAS 5.2 and later install the header under rocblas/.
#define FOURFOLD_HIP_ROCBLAS FOURFOLD_ENABLE_ROCBLAS
#if FOURFOLD_HIP_ROCBLAS
#include <rocblas/rocblas.h>
#endif
#else
// Host builds: fp32 GEMMs go to the host BLAS (the batched one loops over it), bf16 GEMMs to
// oneDNN where the build has it.
#define FOURFOLD_HOST_CBLAS 1
#define FOURFOLD_HOST_ONEDNN FOURFOLD_ENABLE_ONEDNN
#include <cblas.h>
#endif
#ifndef FOURFOLD_HOST_ONEDNN
#define FOURFOLD_HOST_ONEDNN 0
#endif
#ifndef FOURFOLD_HIP_ROCBLAS
#define FOURFOLD_HIP_ROCBLAS 0
#endif

namespace fourfold {
namespace {
// How a bf16 product is launched, for the ledger (core/counters.hpp): a vendor library call, or
// the portable Kokkos kernel (gemm_bf16_batched_portable). fp32 products are always library calls
// (the host BLAS, cuBLAS, Kokkos Kernels).
#if defined(KOKKOS_ENABLE_CUDA) || FOURFOLD_HOST_ONEDNN || FOURFOLD_HIP_ROCBLAS
constexpr Launch bf16_gemm_launch = Launch::library;
#else
constexpr Launch bf16_gemm_launch = Launch::kernel;
#endif
}  // namespace
}  // namespace fourfold

// OpenBLAS exposes its thread count; other BLAS libraries do not define the symbol, so it is
// declared weak and checked for null before use.
extern "C" int openblas_get_num_threads(void) __attribute__((weak));

namespace fourfold {
namespace {

const char* op_name(Op op) { return op == Op::none ? "N" : "T"; }

// Mixed-precision operand copies, reserved by the model at set-up for its largest operands
// (reserve_bf16_operands) and grown by a larger one, freed with the engine: 2-byte bf16 on every
// backend, read as they are by cuBLAS (CUDA_R_16BF), rocBLAS (rocblas_datatype_bf16_r), oneDNN
// (bf16) and the portable kernel.
using Bf16Storage = bf16;
// Compiled on every backend: the vendor GEMMs are told their operands hold 2-byte bf16, and the
// operand copies' sizes (and the ledger's bytes) assume it.
static_assert(sizeof(bf16) == 2, "a bf16 operand element is 2 bytes on every backend");
static_assert(sizeof(Bf16Storage) == 2, "the bf16 operand copies hold 2-byte elements on every backend");
#if FOURFOLD_HIP_ROCBLAS
static_assert(sizeof(rocblas_bfloat16) == sizeof(Bf16Storage),
              "rocBLAS reads the operand copies as rocblas_datatype_bf16_r, element for element");
#endif
}  // namespace

struct GemmEngine::State {
  State(const ExecSpace& compute, Counters& counts) : exec(compute), counters(counts) {}
  ExecSpace exec;
  Counters& counters;
  GemmPrecision precision = GemmPrecision::fp32;
  bool timing = false;
  GemmStats stats;
  Tensor1<Bf16Storage> a, b;  // the operand copies of bf16 mode, (elements)
  void* cublas = nullptr;     // cublasHandle_t (CUDA builds)
  void* rocblas = nullptr;    // rocblas_handle (HIP builds with rocBLAS)
  std::unique_ptr<OnednnMatmul> onednn;  // host builds with oneDNN: made on the first bf16 GEMM
#if defined(KOKKOS_ENABLE_CUDA)
  std::unique_ptr<CublasLtMatmul> cublaslt;  // fused epilogues (gemm_bias, gemm_bias_grad): made with the engine
  Tensor1<float> bias_gradient;  // (widest bias gradient) cuBLASLt writes one here, then it is added into the caller's
#endif
};

namespace {

// With timing on (benchmarks), fences before a call and after it and adds the call's wall time
// and FLOPs to stats; with timing off, does nothing.
class CallTimer {
 public:
  CallTimer(GemmEngine::State& state, const char* what) : state_(state), what_(what) {
    if (!state_.timing) return;
    fence(state_.counters, state_.exec, SyncKind::timing, what_);
    watch_.restart();
  }
  void done(double flops) {
    if (!state_.timing) return;
    fence(state_.counters, state_.exec, SyncKind::timing, what_);
    state_.stats.calls += 1;
    state_.stats.seconds += watch_.seconds();
    state_.stats.flops += flops;
  }

 private:
  GemmEngine::State& state_;
  const char* what_;
  Stopwatch watch_;
};

void grow(Tensor1<Bf16Storage>& buffer, std::size_t count) {
  if (buffer.extent(0) >= count) return;
  buffer = Tensor1<Bf16Storage>();  // free the old copy before the larger one is allocated
  buffer = Tensor1<Bf16Storage>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::gemm::bf16_operand")),
                                count);
}

// One element of an operand as its copy holds it: an fp32 value rounded, a bf16 one as it is.
template <class T>
KOKKOS_INLINE_FUNCTION Bf16Storage operand_element(T x) {
  if constexpr (std::is_same_v<T, bf16>) {
    return x;
  } else {
    return to_bf16(x);
  }
}

// The operand `data` (count elements, fp32 or bf16) in A's copy (`first`) or B's.
template <class T>
Bf16Storage* bf16_operand(GemmEngine::State& state, bool first, const T* data, std::size_t count) {
  Tensor1<Bf16Storage>& buffer = first ? state.a : state.b;
  grow(buffer, count);
  const Tensor1<Bf16Storage> out = buffer;
  state.counters.add_work(WorkKind::conversion, static_cast<double>(count) * (sizeof(T) + sizeof(Bf16Storage)));
  Kokkos::parallel_for(
      "fourfold::gemm::to_bf16", Kokkos::RangePolicy<ExecSpace>(state.exec, 0, count),
      KOKKOS_LAMBDA(const std::size_t i) { out(i) = operand_element(data[i]); });
  return out.data();
}

#if defined(KOKKOS_ENABLE_CUDA)
#define FF_CUBLAS(call)                                                                              \
  do {                                                                                               \
    const cublasStatus_t ff_status = (call);                                                         \
    if (ff_status != CUBLAS_STATUS_SUCCESS) {                                                        \
      ::fourfold::detail::throw_vendor_error("cuBLAS", #call, __FILE__, __LINE__,                    \
                                             fmt::format("status {} ({})", static_cast<int>(ff_status), \
                                                         cublasGetStatusString(ff_status)));         \
    }                                                                                                \
  } while (0)

// The engine's cuBLAS handle, made on first use and bound to the engine's stream for good (one
// handle per engine: a handle must not be used from two threads at once, and each engine is
// driven by one thread); destroyed with the engine.
cublasHandle_t cublas_handle(GemmEngine::State& state) {
  if (state.cublas == nullptr) {
    cublasHandle_t handle = nullptr;
    FF_CUBLAS(cublasCreate(&handle));
    state.cublas = handle;
    FF_CUBLAS(cublasSetStream(handle, state.exec.cuda_stream()));
  }
  return static_cast<cublasHandle_t>(state.cublas);
}

cublasOperation_t cublas_op(Op op) { return op == Op::none ? CUBLAS_OP_N : CUBLAS_OP_T; }
#elif FOURFOLD_HIP_ROCBLAS
#define FF_ROCBLAS(call)                                                                             \
  do {                                                                                               \
    const rocblas_status ff_status = (call);                                                         \
    if (ff_status != rocblas_status_success) {                                                       \
      ::fourfold::detail::throw_vendor_error("rocBLAS", #call, __FILE__, __LINE__,                   \
                                             fmt::format("status {} ({})", static_cast<int>(ff_status), \
                                                         rocblas_status_to_string(ff_status)));      \
    }                                                                                                \
  } while (0)

// The engine's rocBLAS handle, made on first use and bound to the engine's HIP stream for good
// (one handle per engine, as with cuBLAS: a handle must not be used from two threads at once, and
// each engine is driven by one thread); destroyed with the engine.
rocblas_handle engine_rocblas_handle(GemmEngine::State& state) {
  if (state.rocblas == nullptr) {
    rocblas_handle handle = nullptr;
    FF_ROCBLAS(rocblas_create_handle(&handle));
    state.rocblas = handle;
    FF_ROCBLAS(rocblas_set_stream(handle, state.exec.hip_stream()));
  }
  return static_cast<rocblas_handle>(state.rocblas);
}

rocblas_operation rocblas_op(Op op) { return op == Op::none ? rocblas_operation_none : rocblas_operation_transpose; }
#elif FOURFOLD_HOST_CBLAS
CBLAS_TRANSPOSE cblas_op(Op op) { return op == Op::none ? CblasNoTrans : CblasTrans; }
#endif

#if FOURFOLD_HOST_ONEDNN
OnednnMatmul& onednn(GemmEngine::State& state) {
  if (!state.onednn) state.onednn = std::make_unique<OnednnMatmul>();
  return *state.onednn;
}

template <class T>
MatmulOperand onednn_operand(MatmulType type, Op op, const StridedBatch<T>& x) {
  MatmulOperand operand;
  operand.type = type;
  operand.transposed = op == Op::transpose;
  operand.ld = x.ld;
  operand.outer_stride = x.outer_stride;
  operand.inner_stride = x.inner_stride;
  return operand;
}
#endif

#if !defined(KOKKOS_ENABLE_CUDA) && !FOURFOLD_HIP_ROCBLAS
// C(o, i) = alpha op(A(o, i)) op(B(o, i)) + beta C(o, i) from bf16 operands, fp32 C, as one call
// for the whole batch (a plain GEMM is the batch 1 x 1): oneDNN's matmul on hosts that have it,
// else the portable kernel (one launch).
void bf16_batched(GemmEngine::State& state, Op op_a, Op op_b, int m, int n, int k, float alpha,
                  const StridedBatch<const bf16>& a, const StridedBatch<const bf16>& b, float beta,
                  const StridedBatch<float>& c, int outer, int inner) {
#if FOURFOLD_HOST_ONEDNN
  MatmulShape shape;
  shape.m = m;
  shape.n = n;
  shape.k = k;
  shape.outer = outer;
  shape.inner = inner;
  shape.a = onednn_operand(MatmulType::bf16, op_a, a);
  shape.b = onednn_operand(MatmulType::bf16, op_b, b);
  shape.c = onednn_operand(MatmulType::f32, Op::none, c);
  shape.alpha = alpha;
  shape.beta = beta;
  onednn(state).run(shape, a.data, b.data, c.data, blas_threads());
#else
  gemm_bf16_batched_portable(state.exec, op_a, op_b, m, n, k, alpha, a, b, beta, c, outer, inner);
#endif
}
#endif

std::size_t batch_span(std::int64_t rows, std::int64_t cols, std::int64_t ld, std::int64_t outer_stride,
                       std::int64_t inner_stride, int outer, int inner) {
  return static_cast<std::size_t>((outer - 1) * outer_stride + (inner - 1) * inner_stride + (rows - 1) * ld + cols);
}

}  // namespace

GemmEngine::GemmEngine(const ExecSpace& compute, Counters& counters)
    : state_(std::make_unique<State>(compute, counters)) {
#if defined(KOKKOS_ENABLE_CUDA)
  // At set-up, with its workspace: no step allocates it.
  state_->cublaslt = std::make_unique<CublasLtMatmul>(state_->exec.cuda_stream());
#endif
}

GemmEngine::~GemmEngine() {
#if defined(KOKKOS_ENABLE_CUDA)
  if (state_->cublas != nullptr && cublasDestroy(static_cast<cublasHandle_t>(state_->cublas)) != CUBLAS_STATUS_SUCCESS) {
    report_in_destructor("cublasDestroy failed");
  }
#elif FOURFOLD_HIP_ROCBLAS
  if (state_->rocblas != nullptr &&
      rocblas_destroy_handle(static_cast<rocblas_handle>(state_->rocblas)) != rocblas_status_success) {
    report_in_destructor("rocblas_destroy_handle failed");
  }
#endif
}

const ExecSpace& GemmEngine::exec() const { return state_->exec; }
Counters& GemmEngine::counters() const { return state_->counters; }
void GemmEngine::set_precision(GemmPrecision precision) { state_->precision = precision; }
GemmPrecision GemmEngine::precision() const { return state_->precision; }
void GemmEngine::set_timing(bool enabled) { state_->timing = enabled; }
GemmStats GemmEngine::stats() const { return state_->stats; }
void GemmEngine::reset_stats() { state_->stats = GemmStats{}; }

std::size_t GemmEngine::bf16_operand_element_bytes() { return sizeof(Bf16Storage); }

void GemmEngine::reserve_bf16_operands(std::size_t a_elements, std::size_t b_elements) {
  grow(state_->a, a_elements);
  grow(state_->b, b_elements);
}

Bf16OperandCapacity GemmEngine::bf16_operand_capacity() const { return {state_->a.extent(0), state_->b.extent(0)}; }

void GemmEngine::release_bf16_operands() {
  state_->a = Tensor1<Bf16Storage>();
  state_->b = Tensor1<Bf16Storage>();
}

void GemmEngine::reserve_bias_gradient([[maybe_unused]] std::size_t elements) {
#if defined(KOKKOS_ENABLE_CUDA)
  if (state_->bias_gradient.extent(0) >= elements) return;
  state_->bias_gradient = Tensor1<float>();  // the old one freed before the larger one is allocated
  state_->bias_gradient = Tensor1<float>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fourfold::gemm::bias_gradient")), elements);
#endif
}

namespace {

// An operand of a mixed-precision product as the vendor GEMM reads it: a bf16 operand as it is,
// an fp32 one rounded into A's copy (`first`) or B's.
template <class T>
const Bf16Storage* bf16_operand_or_copy(GemmEngine::State& state, bool first, const T* data, std::size_t count) {
  if constexpr (std::is_same_v<std::remove_const_t<T>, bf16>) {
    return data;
  } else {
    return bf16_operand(state, first, data, count);
  }
}

// C = alpha op(A) op(B) + beta C through Kokkos Kernels (the host BLAS on CPUs).
void kokkos_kernels_gemm(GemmEngine::State& state, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
                         const ConstMatrix& b, float beta, const Matrix& c) {
#if KOKKOS_VERSION >= 40000
  KokkosBlas::gemm(state.exec, op_name(op_a), op_name(op_b), alpha, a, b, beta, c);
#else
  // Kokkos Kernels 3.4 has no execution-space overload; order it after the engine's earlier work.
  fence(state.counters, state.exec, SyncKind::backend, "fourfold::gemm: Kokkos Kernels 3.4 runs on the default instance");
  KokkosBlas::gemm(op_name(op_a), op_name(op_b), alpha, a, b, beta, c);
#endif
}

// C = alpha op(A) op(B) + beta C from fp32 operands through oneDNN's fp32 matmul
// (gemm_fp32_onednn: a comparison with the host BLAS, not a training route).
void onednn_fp32_gemm(GemmEngine::State& state, Op op_a, Op op_b, float alpha, const ConstMatrix& a,
                      const ConstMatrix& b, float beta, const Matrix& c) {
#if FOURFOLD_HOST_ONEDNN
  MatmulShape shape;
  shape.m = static_cast<std::int64_t>(c.extent(0));
  shape.n = static_cast<std::int64_t>(c.extent(1));
  shape.k = static_cast<std::int64_t>(op_a == Op::none ? a.extent(1) : a.extent(0));
  shape.a = MatmulOperand{MatmulType::f32, op_a == Op::transpose, static_cast<std::int64_t>(a.extent(1)), 0, 0};
  shape.b = MatmulOperand{MatmulType::f32, op_b == Op::transpose, static_cast<std::int64_t>(b.extent(1)), 0, 0};
  shape.c = MatmulOperand{MatmulType::f32, false, shape.n, 0, 0};
  shape.alpha = alpha;
  shape.beta = beta;
  onednn(state).run(shape, a.data(), b.data(), c.data(), blas_threads());
#else
  (void)state, (void)op_a, (void)op_b, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
  FF_REQUIRE(false, "gemm_fp32_onednn: this build has no oneDNN route");
#endif
}

// C = alpha op(A) op(B) + beta C for fp32 or (bf16 mode) bf16 operands: shapes checked, K = 0
// handled, then the vendor call at the engine's precision (fp32 through oneDNN where
// `fp32_onednn`, for gemm_fp32_onednn).
template <class AMatrix, class BMatrix>
void gemm_any(GemmEngine::State& state, Op op_a, Op op_b, float alpha, const AMatrix& a, const BMatrix& b,
              float beta, const Matrix& c, const char* label, bool fp32_onednn = false) {
  constexpr bool a_is_bf16 = std::is_same_v<typename AMatrix::value_type, const bf16>;
  constexpr bool b_is_bf16 = std::is_same_v<typename BMatrix::value_type, const bf16>;
  const auto m = c.extent(0);
  const auto n = c.extent(1);
  const auto a_rows = op_a == Op::none ? a.extent(0) : a.extent(1);
  const auto a_cols = op_a == Op::none ? a.extent(1) : a.extent(0);
  const auto b_rows = op_b == Op::none ? b.extent(0) : b.extent(1);
  const auto b_cols = op_b == Op::none ? b.extent(1) : b.extent(0);
  FF_REQUIRE(a_rows == m && b_cols == n && a_cols == b_rows,
             "gemm '{}': shapes do not fit C = op(A) op(B): A is {}x{} (op {}), B is {}x{} (op {}), "
             "C is {}x{}; need op(A) {}x{} and op(B) {}x{} with matching inner dimension "
             "(got {} and {})",
             label, a.extent(0), a.extent(1), op_name(op_a), b.extent(0), b.extent(1),
             op_name(op_b), m, n, m, a_cols, b_rows, n, a_cols, b_rows);
  FF_REQUIRE(a.span_is_contiguous() && b.span_is_contiguous() && c.span_is_contiguous(),
             "gemm '{}': operands must be contiguous row-major matrices", label);
  const bool bf16_precision = state.precision == GemmPrecision::bf16;
  FF_REQUIRE(bf16_precision || !(a_is_bf16 || b_is_bf16),
             "gemm '{}': a bf16 operand {} in an fp32 product (the GEMM precision is fp32; bf16 operands are "
             "for bf16 mode)",
             label, a_is_bf16 ? "A" : "B");
  if (m == 0 || n == 0) return;

  ScopedRegion region(label);
  if (a_cols == 0) {
    // K = 0: the product is empty and C = beta * C (BLAS would be asked for lda = 0).
    const Matrix cc = c;
    state.counters.add_work(WorkKind::elementwise, static_cast<double>(m * n) * 2 * sizeof(float));
    Kokkos::parallel_for(
        "fourfold::gemm::scale_k0", Kokkos::RangePolicy<ExecSpace>(state.exec, 0, m * n),
        KOKKOS_LAMBDA(const std::size_t idx) {
          float& v = cc(idx / n, idx % n);
          v = beta == 0.0f ? 0.0f : beta * v;
        });
    return;
  }
  CallTimer timer(state, "fourfold::gemm: timing");
  // The ledger: operands read once in the precision the library reads them, C written (and read
  // where beta != 0).
  const double operand_bytes = bf16_precision ? sizeof(bf16) : sizeof(float);
  state.counters.add_work(WorkKind::gemm,
                          operand_bytes * static_cast<double>(a.size() + b.size()) +
                              static_cast<double>(m * n) * sizeof(float) * (beta != 0.0f ? 2 : 1),
                          1, bf16_precision ? bf16_gemm_launch : Launch::library);
  if (!bf16_precision) {
    if constexpr (!a_is_bf16 && !b_is_bf16) {
      if (fp32_onednn) {
        onednn_fp32_gemm(state, op_a, op_b, alpha, a, b, beta, c);
      } else {
        kokkos_kernels_gemm(state, op_a, op_b, alpha, a, b, beta, c);
      }
    }
  } else {
    const Bf16Storage* a16 = bf16_operand_or_copy(state, true, a.data(), a.size());
    const Bf16Storage* b16 = bf16_operand_or_copy(state, false, b.data(), b.size());
#if defined(KOKKOS_ENABLE_CUDA)
    // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T.
    FF_CUBLAS(cublasGemmEx(cublas_handle(state), cublas_op(op_b), cublas_op(op_a), static_cast<int>(n),
                           static_cast<int>(m), static_cast<int>(a_cols), &alpha, b16, CUDA_R_16BF,
                           static_cast<int>(b.extent(1)), a16, CUDA_R_16BF, static_cast<int>(a.extent(1)), &beta,
                           c.data(), CUDA_R_32F, static_cast<int>(n), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
#elif FOURFOLD_HIP_ROCBLAS
    // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T. rocBLAS writes D = alpha
    // op(A) op(B) + beta C; D is C itself here (same pointer, type and ld, which rocBLAS allows).
    FF_ROCBLAS(rocblas_gemm_ex(engine_rocblas_handle(state), rocblas_op(op_b), rocblas_op(op_a),
                               static_cast<rocblas_int>(n), static_cast<rocblas_int>(m),
                               static_cast<rocblas_int>(a_cols), &alpha, b16, rocblas_datatype_bf16_r,
                               static_cast<rocblas_int>(b.extent(1)), a16, rocblas_datatype_bf16_r,
                               static_cast<rocblas_int>(a.extent(1)), &beta, c.data(), rocblas_datatype_f32_r,
                               static_cast<rocblas_int>(n), c.data(), rocblas_datatype_f32_r,
                               static_cast<rocblas_int>(n), rocblas_datatype_f32_r, rocblas_gemm_algo_standard,
                               0, rocblas_gemm_flags_none));
#else
    const StridedBatch<const bf16> a_batch{a16, static_cast<std::int64_t>(a.extent(1)), 0, 0, a.size()};
    const StridedBatch<const bf16> b_batch{b16, static_cast<std::int64_t>(b.extent(1)), 0, 0, b.size()};
    const StridedBatch<float> c_batch{c.data(), static_cast<std::int64_t>(n), 0, 0, c.size()};
    bf16_batched(state, op_a, op_b, static_cast<int>(m), static_cast<int>(n), static_cast<int>(a_cols), alpha, a_batch,
                 b_batch, beta, c_batch, 1, 1);
#endif
  }
  timer.done(2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(a_cols));
}

}  // namespace

void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a, const ConstMatrix& b,
          float beta, const Matrix& c, const char* label) {
  gemm_any(engine.state(), op_a, op_b, alpha, a, b, beta, c, label);
}

void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a, const ConstBf16Matrix& b,
          float beta, const Matrix& c, const char* label) {
  gemm_any(engine.state(), op_a, op_b, alpha, a, b, beta, c, label);
}

void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstBf16Matrix& a, const ConstMatrix& b,
          float beta, const Matrix& c, const char* label) {
  gemm_any(engine.state(), op_a, op_b, alpha, a, b, beta, c, label);
}

void gemm(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstBf16Matrix& a, const ConstBf16Matrix& b,
          float beta, const Matrix& c, const char* label) {
  gemm_any(engine.state(), op_a, op_b, alpha, a, b, beta, c, label);
}

void gemm_fp32_onednn(GemmEngine& engine, Op op_a, Op op_b, float alpha, const ConstMatrix& a, const ConstMatrix& b,
                      float beta, const Matrix& c, const char* label) {
  FF_REQUIRE(FOURFOLD_HOST_ONEDNN,
             "gemm_fp32_onednn '{}': this build has no oneDNN route (host builds configured with "
             "FOURFOLD_ENABLE_ONEDNN=ON have it)",
             label);
  FF_REQUIRE(engine.precision() == GemmPrecision::fp32,
             "gemm_fp32_onednn '{}': the GEMM precision is bf16; this is the fp32 product", label);
  gemm_any(engine.state(), op_a, op_b, alpha, a, b, beta, c, label, true);
}

namespace {

using StridedConstMatrix = Kokkos::View<const float**, Kokkos::LayoutStride, MemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
using StridedMatrix = Kokkos::View<float**, Kokkos::LayoutStride, MemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

Kokkos::LayoutStride strided_layout(std::int64_t rows, std::int64_t cols, std::int64_t ld) {
  return Kokkos::LayoutStride(static_cast<std::size_t>(rows), static_cast<std::size_t>(ld),
                              static_cast<std::size_t>(cols), 1);
}

}  // namespace

void gemm_strided_batched_portable(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                                   const StridedBatch<const float>& a, const StridedBatch<const float>& b,
                                   float beta, const StridedBatch<float>& c, int outer, int inner) {
  const int a_rows = op_a == Op::none ? m : k, a_cols = op_a == Op::none ? k : m;
  const int b_rows = op_b == Op::none ? k : n, b_cols = op_b == Op::none ? n : k;
  const ExecSpace& exec = engine.exec();
#if KOKKOS_VERSION < 40000
  fence(engine.counters(), exec, SyncKind::backend,
        "fourfold::gemm_strided_batched: Kokkos Kernels 3.4 runs on the default instance");
#endif
  for (int o = 0; o < outer; ++o) {
    for (int i = 0; i < inner; ++i) {
      const StridedConstMatrix av(a.data + o * a.outer_stride + i * a.inner_stride, strided_layout(a_rows, a_cols, a.ld));
      const StridedConstMatrix bv(b.data + o * b.outer_stride + i * b.inner_stride, strided_layout(b_rows, b_cols, b.ld));
      const StridedMatrix cv(c.data + o * c.outer_stride + i * c.inner_stride, strided_layout(m, n, c.ld));
#if KOKKOS_VERSION >= 40000
      KokkosBlas::gemm(exec, op_name(op_a), op_name(op_b), alpha, av, bv, beta, cv);
#else
      KokkosBlas::gemm(op_name(op_a), op_name(op_b), alpha, av, bv, beta, cv);
#endif
    }
  }
}

namespace {

// gemm_strided_batched for fp32 operands (TA = TB = float, either precision) or bf16 ones (TA = TB
// = bf16, bf16 mode), which the vendor routes read as they are.
template <class TA, class TB>
void strided_batched(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                     const StridedBatch<const TA>& a, const StridedBatch<const TB>& b, float beta,
                     const StridedBatch<float>& c, int outer, int inner, const char* label) {
  constexpr bool bf16_operands = std::is_same_v<TA, bf16> && std::is_same_v<TB, bf16>;
  static_assert(bf16_operands || (std::is_same_v<TA, float> && std::is_same_v<TB, float>),
                "strided batched operands are both fp32 or both bf16");
  GemmEngine::State& state = engine.state();
  FF_REQUIRE(!bf16_operands || state.precision == GemmPrecision::bf16,
             "gemm_strided_batched '{}': bf16 operands in an fp32 product (the GEMM precision is fp32; bf16 "
             "operands are for bf16 mode)",
             label);
  const int a_rows = op_a == Op::none ? m : k, a_cols = op_a == Op::none ? k : m;
  const int b_rows = op_b == Op::none ? k : n, b_cols = op_b == Op::none ? n : k;
  FF_REQUIRE(m >= 0 && n >= 0 && k >= 1 && outer >= 0 && inner >= 0,
             "gemm_strided_batched '{}': m {} n {} k {} batch {}x{}: need m, n, batch >= 0 and k >= 1", label, m,
             n, k, outer, inner);
  if (m == 0 || n == 0 || outer == 0 || inner == 0) return;
  FF_REQUIRE(a.ld >= a_cols && b.ld >= b_cols && c.ld >= n,
             "gemm_strided_batched '{}': leading dimensions A {} B {} C {} below the rows' widths {} {} {}", label,
             a.ld, b.ld, c.ld, a_cols, b_cols, n);
  const std::size_t a_span = batch_span(a_rows, a_cols, a.ld, a.outer_stride, a.inner_stride, outer, inner);
  const std::size_t b_span = batch_span(b_rows, b_cols, b.ld, b.outer_stride, b.inner_stride, outer, inner);
  const std::size_t c_span = batch_span(m, n, c.ld, c.outer_stride, c.inner_stride, outer, inner);
  FF_REQUIRE(a_span <= a.span && b_span <= b.span && c_span <= c.span,
             "gemm_strided_batched '{}': a batch of {}x{} matrices reaches {} / {} / {} elements of A / B / C, "
             "but they hold {} / {} / {}",
             label, outer, inner, a_span, b_span, c_span, a.span, b.span, c.span);
  ScopedRegion region(label);
  state.stats.batched_launches += outer;
  CallTimer timer(state, "fourfold::gemm_strided_batched: timing");
  const bool mixed = state.precision == GemmPrecision::bf16;
  {
    // The ledger: every matrix of the batch read once, C written (and read where beta != 0);
    // launches as each route enqueues them: one strided-batched call per outer index (cuBLAS;
    // rocBLAS for bf16), one call for the whole batch (oneDNN, the portable bf16 kernel), one per
    // matrix (the host BLAS and Kokkos Kernels' fp32 routes).
    const double matrices = static_cast<double>(outer) * inner;
    const double operand_bytes = mixed ? sizeof(bf16) : sizeof(float);
    const double bytes = matrices * (operand_bytes * (static_cast<double>(m) * k + static_cast<double>(k) * n) +
                                     static_cast<double>(m) * n * sizeof(float) * (beta != 0.0f ? 2 : 1));
#if defined(KOKKOS_ENABLE_CUDA)
    const long launches = outer;
#elif FOURFOLD_HIP_ROCBLAS
    const long launches = mixed ? static_cast<long>(outer) : static_cast<long>(outer) * inner;
#else
    const long launches = mixed ? 1 : static_cast<long>(outer) * inner;
#endif
    state.counters.add_work(WorkKind::gemm, bytes, launches, mixed ? bf16_gemm_launch : Launch::library);
  }
#if defined(KOKKOS_ENABLE_CUDA)
  const cublasHandle_t handle = cublas_handle(state);
  const Bf16Storage* a16 = mixed ? bf16_operand_or_copy(state, true, a.data, a_span) : nullptr;
  const Bf16Storage* b16 = mixed ? bf16_operand_or_copy(state, false, b.data, b_span) : nullptr;
  for (int o = 0; o < outer; ++o) {
    // Column-major view of the row-major batch: C^T = op(B)^T op(A)^T.
    float* const c_o = c.data + o * c.outer_stride;
    if (mixed) {
      FF_CUBLAS(cublasGemmStridedBatchedEx(
          handle, cublas_op(op_b), cublas_op(op_a), n, m, k, &alpha, b16 + o * b.outer_stride, CUDA_R_16BF,
          static_cast<int>(b.ld), b.inner_stride, a16 + o * a.outer_stride, CUDA_R_16BF, static_cast<int>(a.ld),
          a.inner_stride, &beta, c_o, CUDA_R_32F, static_cast<int>(c.ld), c.inner_stride, inner,
          CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    } else if constexpr (!bf16_operands) {
      FF_CUBLAS(cublasSgemmStridedBatched(handle, cublas_op(op_b), cublas_op(op_a), n, m, k, &alpha,
                                          b.data + o * b.outer_stride, static_cast<int>(b.ld), b.inner_stride,
                                          a.data + o * a.outer_stride, static_cast<int>(a.ld), a.inner_stride,
                                          &beta, c_o, static_cast<int>(c.ld), c.inner_stride, inner));
    }
  }
#else
#if FOURFOLD_HIP_ROCBLAS
  if (mixed) {
    // One strided-batched call per outer index, as on CUDA, from 2-byte copies of the spans the
    // batch reads. Column-major view of the row-major batch: C^T = op(B)^T op(A)^T; D is C.
    const rocblas_handle handle = engine_rocblas_handle(state);
    const Bf16Storage* a16 = bf16_operand_or_copy(state, true, a.data, a_span);
    const Bf16Storage* b16 = bf16_operand_or_copy(state, false, b.data, b_span);
    for (int o = 0; o < outer; ++o) {
      float* const c_o = c.data + o * c.outer_stride;
      FF_ROCBLAS(rocblas_gemm_strided_batched_ex(
          handle, rocblas_op(op_b), rocblas_op(op_a), n, m, k, &alpha, b16 + o * b.outer_stride,
          rocblas_datatype_bf16_r, static_cast<rocblas_int>(b.ld), b.inner_stride, a16 + o * a.outer_stride,
          rocblas_datatype_bf16_r, static_cast<rocblas_int>(a.ld), a.inner_stride, &beta, c_o,
          rocblas_datatype_f32_r, static_cast<rocblas_int>(c.ld), c.inner_stride, c_o, rocblas_datatype_f32_r,
          static_cast<rocblas_int>(c.ld), c.inner_stride, inner, rocblas_datatype_f32_r, rocblas_gemm_algo_standard,
          0, rocblas_gemm_flags_none));
    }
    timer.done(2.0 * m * static_cast<double>(n) * k * outer * inner);
    return;
  }
#else
  if (mixed) {
    // One call for the whole batch, from the bf16 operands or 2-byte copies of the spans it reads.
    const bf16* a16 = bf16_operand_or_copy(state, true, a.data, a_span);
    const bf16* b16 = bf16_operand_or_copy(state, false, b.data, b_span);
    const StridedBatch<const bf16> a16_batch{a16, a.ld, a.outer_stride, a.inner_stride, a_span};
    const StridedBatch<const bf16> b16_batch{b16, b.ld, b.outer_stride, b.inner_stride, b_span};
    bf16_batched(state, op_a, op_b, m, n, k, alpha, a16_batch, b16_batch, beta, c, outer, inner);
    timer.done(2.0 * m * static_cast<double>(n) * k * outer * inner);
    return;
  }
#endif
  if constexpr (!bf16_operands) {
#if FOURFOLD_HOST_CBLAS
    if constexpr (host_accessible_v<MemSpace>) {
      // Host BLAS, one call per matrix: host execution spaces have finished the engine's earlier
      // work when a kernel launch returns, so the BLAS reads finished operands.
      for (int o = 0; o < outer; ++o) {
        for (int i = 0; i < inner; ++i) {
          cblas_sgemm(CblasRowMajor, cblas_op(op_a), cblas_op(op_b), m, n, k, alpha,
                      a.data + o * a.outer_stride + i * a.inner_stride, static_cast<int>(a.ld),
                      b.data + o * b.outer_stride + i * b.inner_stride, static_cast<int>(b.ld), beta,
                      c.data + o * c.outer_stride + i * c.inner_stride, static_cast<int>(c.ld));
        }
      }
    } else
#endif
    {
      gemm_strided_batched_portable(engine, op_a, op_b, m, n, k, alpha, a, b, beta, c, outer, inner);
    }
  }
#endif
  timer.done(2.0 * m * static_cast<double>(n) * k * outer * inner);
}

}  // namespace

void gemm_strided_batched(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                          const StridedBatch<const float>& a, const StridedBatch<const float>& b, float beta,
                          const StridedBatch<float>& c, int outer, int inner, const char* label) {
  strided_batched(engine, op_a, op_b, m, n, k, alpha, a, b, beta, c, outer, inner, label);
}

void gemm_strided_batched(GemmEngine& engine, Op op_a, Op op_b, int m, int n, int k, float alpha,
                          const StridedBatch<const bf16>& a, const StridedBatch<const bf16>& b, float beta,
                          const StridedBatch<float>& c, int outer, int inner, const char* label) {
  strided_batched(engine, op_a, op_b, m, n, k, alpha, a, b, beta, c, outer, inner, label);
}

namespace {

// m, n and k of C = op(A) op(B), checked as gemm() checks them (its route checks them again).
struct EpilogueDims {
  std::size_t m, n, k;
};
EpilogueDims epilogue_dims(Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b, const Matrix& c,
                           const char* label) {
  const std::size_t m = c.extent(0), n = c.extent(1);
  const std::size_t a_rows = op_a == Op::none ? a.extent(0) : a.extent(1);
  const std::size_t a_cols = op_a == Op::none ? a.extent(1) : a.extent(0);
  const std::size_t b_rows = op_b == Op::none ? b.extent(0) : b.extent(1);
  const std::size_t b_cols = op_b == Op::none ? b.extent(1) : b.extent(0);
  FF_REQUIRE(a_rows == m && b_cols == n && a_cols == b_rows,
             "gemm '{}': shapes do not fit C = op(A) op(B): A is {}x{} (op {}), B is {}x{} (op {}), C is {}x{}; "
             "need op(A) {}x{} and op(B) {}x{} with matching inner dimension (got {} and {})",
             label, a.extent(0), a.extent(1), op_name(op_a), b.extent(0), b.extent(1), op_name(op_b), m, n, m,
             a_cols, b_rows, n, a_cols, b_rows);
  FF_REQUIRE(a.span_is_contiguous() && b.span_is_contiguous() && c.span_is_contiguous(),
             "gemm '{}': operands must be contiguous row-major matrices", label);
  return {m, n, a_cols};
}

#if defined(KOKKOS_ENABLE_CUDA)
// C = op(A) op(B) + beta C with cuBLASLt's `epilogue` (its bias read from `bias`, or its bias
// gradient written to `bias_gradient`), in fp32 mode: fp32 operands read as they are, no copies.
// False, having enqueued nothing, where it does not fuse: bf16 mode (gemm.hpp), an empty
// product, or a product cuBLASLt has no algorithm for.
bool fused_product(GemmEngine::State& state, Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b,
                   float beta, const Matrix& c, const EpilogueDims& d, LtEpilogue epilogue, const float* bias,
                   float* bias_gradient, const char* label) {
  if (state.precision != GemmPrecision::fp32 || d.m == 0 || d.n == 0 || d.k == 0) return false;
  LtProduct product;
  product.m = static_cast<std::int64_t>(d.m);
  product.n = static_cast<std::int64_t>(d.n);
  product.k = static_cast<std::int64_t>(d.k);
  product.a = LtOperand{LtType::f32, op_a == Op::transpose, static_cast<std::int64_t>(a.extent(1))};
  product.b = LtOperand{LtType::f32, op_b == Op::transpose, static_cast<std::int64_t>(b.extent(1))};
  product.c = LtType::f32;
  product.c_ld = static_cast<std::int64_t>(d.n);
  product.epilogue = epilogue;
  LtBuffers buffers;
  buffers.a = a.data();
  buffers.b = b.data();
  buffers.c = c.data();
  buffers.bias = bias;
  buffers.bias_gradient = bias_gradient;
  ScopedRegion region(label);
  CallTimer timer(state, "fourfold::gemm: timing");
  if (!state.cublaslt->run(product, 1.0f, beta, buffers)) return false;
  // The ledger: the operands read once, C written (and read where beta != 0), the bias read or
  // the bias gradient written; one library call.
  const double vector_bytes = bytes_of<float>(static_cast<double>(epilogue == LtEpilogue::bias_gradient ? d.m : d.n));
  state.counters.add_work(WorkKind::gemm,
                          bytes_of<float>(static_cast<double>(a.size() + b.size())) +
                              bytes_of<float>(static_cast<double>(d.m * d.n)) * (beta != 0.0f ? 2 : 1) + vector_bytes,
                          1, Launch::library);
  state.stats.fused_epilogues += 1;
  timer.done(2.0 * static_cast<double>(d.m) * static_cast<double>(d.n) * static_cast<double>(d.k));
  return true;
}
#endif

}  // namespace

void add_row_bias(const ExecSpace& exec, const Matrix& out, const ConstVector& bias) {
  FF_ASSERT(out.extent(1) == bias.extent(0), "bias {} for {} columns", bias.extent(0), out.extent(1));
  const std::size_t n = out.extent(1);
  count_work(WorkKind::elementwise, bytes_of<float>(2.0 * out.extent(0) * n + n));
  using Team = Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::parallel_for(
      "fourfold::add_row_bias", Kokkos::TeamPolicy<ExecSpace>(exec, static_cast<int>(out.extent(0)), Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const std::size_t i = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t j) { out(i, j) += bias(j); });
      });
}

void gemm_bias(GemmEngine& engine, Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b,
               const ConstVector& bias, const Matrix& c, const char* label) {
  GemmEngine::State& state = engine.state();
  const EpilogueDims d = epilogue_dims(op_a, op_b, a, b, c, label);
  FF_REQUIRE(bias.extent(0) == d.n, "gemm_bias '{}': a bias of {} elements for C's {} columns (C is {}x{})", label,
             bias.extent(0), d.n, d.m, d.n);
#if defined(KOKKOS_ENABLE_CUDA)
  if (fused_product(state, op_a, op_b, a, b, 0.0f, c, d, LtEpilogue::bias, bias.data(), nullptr, label)) return;
#endif
  gemm_any(state, op_a, op_b, 1.0f, a, b, 0.0f, c, label);
  add_row_bias(state.exec, c, bias);
}

void gemm_bias_grad(GemmEngine& engine, Op op_a, Op op_b, const ConstMatrix& a, const ConstMatrix& b, float beta,
                    const Matrix& c, const Vector& bias_grad, const ConstVector& ones, const char* label) {
  GemmEngine::State& state = engine.state();
  const EpilogueDims d = epilogue_dims(op_a, op_b, a, b, c, label);
  FF_REQUIRE(bias_grad.extent(0) == d.m && ones.extent(0) >= d.k,
             "gemm_bias_grad '{}': a bias gradient of {} elements for C's {} rows (C is {}x{}), and {} ones for "
             "sums over k = {}",
             label, bias_grad.extent(0), d.m, d.m, d.n, ones.extent(0), d.k);
#if defined(KOKKOS_ENABLE_CUDA)
  if (state.precision == GemmPrecision::fp32) {
    engine.reserve_bias_gradient(d.m);  // a no-op once the model reserved the widest at set-up
    const Vector written(state.bias_gradient.data(), d.m);
    if (fused_product(state, op_a, op_b, a, b, beta, c, d, LtEpilogue::bias_gradient, nullptr, written.data(),
                      label)) {
      // cuBLASLt writes the sums; parameter gradients are added to (+=).
      const Vector sums = bias_grad;
      count_work(WorkKind::elementwise, bytes_of<float>(3.0 * static_cast<double>(d.m)));
      Kokkos::parallel_for(
          "fourfold::gemm::add_bias_gradient", Kokkos::RangePolicy<ExecSpace>(state.exec, 0, d.m),
          KOKKOS_LAMBDA(const std::size_t i) { sums(i) += written(i); });
      return;
    }
  }
#endif
  // The weight gradient, then the sums as the GEMM op(A) ones: what the layers did, in that order.
  gemm_any(state, op_a, op_b, 1.0f, a, b, beta, c, label);
  gemm_any(state, op_a, Op::none, 1.0f, a, ConstMatrix(ones.data(), d.k, 1), 1.0f, Matrix(bias_grad.data(), d.m, 1),
           "fourfold::accumulate_column_sums");
}

int blas_threads() {
  if (host_accessible_v<MemSpace> && openblas_get_num_threads != nullptr) {
    return openblas_get_num_threads();
  }
  return 1;
}

std::string gemm_route(const GemmEngine& engine) {
  std::string route = fmt::format("KokkosKernels (Kokkos {}.{}.{}, {}) on {} (concurrency {})",
                                  KOKKOS_VERSION / 10000, KOKKOS_VERSION / 100 % 100, KOKKOS_VERSION % 100,
                                  FOURFOLD_KOKKOS_FLAVOUR, ExecSpace::name(), engine.exec().concurrency());
  if (host_accessible_v<MemSpace>) {
    route += openblas_get_num_threads != nullptr
                 ? fmt::format(" -> host BLAS (OpenBLAS, {} threads)", blas_threads())
                 : std::string(" -> host BLAS");
  }
  if (engine.precision() == GemmPrecision::bf16) {
#if defined(KOKKOS_ENABLE_CUDA)
    route += "; bf16: cuBLAS GemmEx";
#elif FOURFOLD_HIP_ROCBLAS && FOURFOLD_ROCBLAS_STUB
    route += "; bf16: rocBLAS gemm_ex (stub: compile check only)";
#elif FOURFOLD_HIP_ROCBLAS
    route += "; bf16: rocBLAS gemm_ex";
#elif FOURFOLD_HOST_ONEDNN
    route += fmt::format("; bf16: {} ({} threads)", onednn_description(), blas_threads());
#else
    route += "; bf16: portable Kokkos kernel";
#endif
  }
#if defined(KOKKOS_ENABLE_CUDA)
  if (engine.precision() == GemmPrecision::fp32) route += "; bias epilogues: cuBLASLt";
#endif
  return route;
}

}  // namespace fourfold
