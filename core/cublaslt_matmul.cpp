// cuBLASLt matmuls with fused epilogues, planned once per product (core/cublaslt_matmul.hpp).
#include "core/cublaslt_matmul.hpp"

#include "core/error.hpp"

#include <cublasLt.h>
#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include <array>
#include <string>
#include <unordered_map>
#include <utility>

// A cuBLASLt call that must succeed; `context` (a std::string) names the product, or is empty.
#define FF_CUBLASLT(call, context)                                                                       \
  do {                                                                                                   \
    const cublasStatus_t ff_status = (call);                                                             \
    if (ff_status != CUBLAS_STATUS_SUCCESS) {                                                            \
      ::fourfold::detail::throw_vendor_error(                                                            \
          "cuBLASLt", #call, __FILE__, __LINE__,                                                         \
          fmt::format("status {} ({}){}", static_cast<int>(ff_status), cublasLtGetStatusString(ff_status), \
                      context));                                                                         \
    }                                                                                                    \
  } while (0)

namespace fourfold {
namespace {

// A cuBLASLt descriptor, destroyed with its owner. Move-only; the destructor reports a failure
// and carries on (destructors never throw).
template <class Handle, cublasStatus_t (*destroy)(Handle)>
class LtDescriptor {
 public:
  LtDescriptor() = default;
  explicit LtDescriptor(Handle handle) : handle_(handle) {}
  ~LtDescriptor() {
    if (handle_ != nullptr && destroy(handle_) != CUBLAS_STATUS_SUCCESS) {
      report_in_destructor("a cuBLASLt descriptor could not be destroyed");
    }
  }
  LtDescriptor(LtDescriptor&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  LtDescriptor& operator=(LtDescriptor&& other) noexcept {
    if (this != &other) {
      LtDescriptor dropped(std::move(*this));
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  LtDescriptor(const LtDescriptor&) = delete;
  LtDescriptor& operator=(const LtDescriptor&) = delete;
  Handle get() const { return handle_; }

 private:
  Handle handle_ = nullptr;
};

using MatmulDesc = LtDescriptor<cublasLtMatmulDesc_t, &cublasLtMatmulDescDestroy>;
using MatrixLayout = LtDescriptor<cublasLtMatrixLayout_t, &cublasLtMatrixLayoutDestroy>;
using Preference = LtDescriptor<cublasLtMatmulPreference_t, &cublasLtMatmulPreferenceDestroy>;
using Handle = LtDescriptor<cublasLtHandle_t, &cublasLtDestroy>;

// The largest power of two (up to 256, cuBLASLt's default requirement) dividing an address.
std::uint32_t alignment(const void* p) {
  const auto address = reinterpret_cast<std::uintptr_t>(p);
  std::uint32_t bytes = 1;
  while (bytes < 256 && address % (2 * bytes) == 0) bytes *= 2;
  return bytes;
}

// A product's plan key: every field of its description, and the alignments of the buffers the
// heuristic's choice depends on (A, B, C and, for epilogues, the bias and aux pointers).
using Key = std::array<std::int64_t, 19>;
Key key_of(const LtProduct& p, const LtBuffers& x) {
  return {p.m,
          p.n,
          p.k,
          static_cast<std::int64_t>(p.a.type),
          p.a.transposed ? 1 : 0,
          p.a.ld,
          static_cast<std::int64_t>(p.b.type),
          p.b.transposed ? 1 : 0,
          p.b.ld,
          static_cast<std::int64_t>(p.c),
          p.c_ld,
          static_cast<std::int64_t>(p.epilogue),
          p.aux_ld,
          alignment(x.a),
          alignment(x.b),
          alignment(x.c),
          alignment(x.bias),
          alignment(x.bias_gradient),
          alignment(x.aux)};
}
struct KeyHash {
  std::size_t operator()(const Key& key) const {
    std::size_t h = 1469598103934665603ull;  // FNV-1a over the key's values
    for (const std::int64_t v : key) h = (h ^ static_cast<std::size_t>(v)) * 1099511628211ull;
    return h;
  }
};

cudaDataType_t cuda_type(LtType type) { return type == LtType::bf16 ? CUDA_R_16BF : CUDA_R_32F; }

cublasLtEpilogue_t lt_epilogue(LtEpilogue epilogue) {
  switch (epilogue) {
    case LtEpilogue::bias: return CUBLASLT_EPILOGUE_BIAS;
    case LtEpilogue::bias_gelu: return CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
    case LtEpilogue::bias_gradient: return CUBLASLT_EPILOGUE_BGRADB;
    case LtEpilogue::none: break;
  }
  return CUBLASLT_EPILOGUE_DEFAULT;
}

const char* epilogue_name(LtEpilogue epilogue) {
  switch (epilogue) {
    case LtEpilogue::bias: return "bias";
    case LtEpilogue::bias_gelu: return "bias+GELU";
    case LtEpilogue::bias_gradient: return "bias gradient";
    case LtEpilogue::none: break;
  }
  return "none";
}

std::string describe(const LtProduct& p) {
  auto type = [](LtType t) { return t == LtType::bf16 ? "bf16" : "f32"; };
  return fmt::format(" for m {} n {} k {}, A {}{} ld {}, B {}{} ld {}, C {} ld {}, epilogue {}", p.m, p.n, p.k,
                     type(p.a.type), p.a.transposed ? " (T)" : "", p.a.ld, type(p.b.type),
                     p.b.transposed ? " (T)" : "", p.b.ld, type(p.c), p.c_ld, epilogue_name(p.epilogue));
}

// The column-major layout cuBLASLt reads a row-major operand through: a buffer of `rows` x `cols`
// row-major (ld elements per row) is the column-major `cols` x `rows` matrix with the same ld.
MatrixLayout layout(LtType type, std::int64_t rows, std::int64_t cols, std::int64_t ld, const std::string& what) {
  cublasLtMatrixLayout_t made = nullptr;
  FF_CUBLASLT(cublasLtMatrixLayoutCreate(&made, cuda_type(type), static_cast<std::uint64_t>(cols),
                                         static_cast<std::uint64_t>(rows), ld),
              what);
  return MatrixLayout(made);
}

template <class T>
void set(cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attribute, const T& value, const std::string& what) {
  FF_CUBLASLT(cublasLtMatmulDescSetAttribute(desc, attribute, &value, sizeof value), what);
}

template <class T>
void set(cublasLtMatmulPreference_t pref, cublasLtMatmulPreferenceAttributes_t attribute, const T& value,
         const std::string& what) {
  FF_CUBLASLT(cublasLtMatmulPreferenceSetAttribute(pref, attribute, &value, sizeof value), what);
}

// One product's descriptors and the algorithm the heuristic chose for them; `fused` false where
// it chose none (the descriptors are then empty).
struct Plan {
  bool fused = false;
  MatmulDesc desc;
  MatrixLayout a, b, c;  // cuBLASLt's A (our B), B (our A), C = D (our C)
  cublasLtMatmulAlgo_t algo{};
};

// The epilogue's pointers, set on the descriptor before the heuristic (which reads their
// alignment from them) and before every call (the same plan serves equally aligned buffers).
void set_pointers(const Plan& plan, const LtProduct& p, const LtBuffers& x, const std::string& what) {
  if (p.epilogue == LtEpilogue::bias || p.epilogue == LtEpilogue::bias_gelu) {
    set(plan.desc.get(), CUBLASLT_MATMUL_DESC_BIAS_POINTER, x.bias, what);
  }
  if (p.epilogue == LtEpilogue::bias_gradient) {
    set(plan.desc.get(), CUBLASLT_MATMUL_DESC_BIAS_POINTER, x.bias_gradient, what);
  }
  if (p.epilogue == LtEpilogue::bias_gelu) set(plan.desc.get(), CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, x.aux, what);
}

}  // namespace

struct CublasLtMatmul::State {
  Handle handle;  // first member: destroyed after every plan made with it
  cudaStream_t stream = nullptr;
  void* workspace = nullptr;  // (workspace_bytes) device memory, freed in ~CublasLtMatmul
  std::size_t workspace_bytes = 0;
  std::unordered_map<Key, Plan, KeyHash> plans;
};

CublasLtMatmul::CublasLtMatmul(void* stream, std::size_t workspace_bytes) : state_(std::make_unique<State>()) {
  cublasLtHandle_t handle = nullptr;
  FF_CUBLASLT(cublasLtCreate(&handle), std::string());
  state_->handle = Handle(handle);
  state_->stream = static_cast<cudaStream_t>(stream);
  if (workspace_bytes > 0) {
    const cudaError_t status = cudaMalloc(&state_->workspace, workspace_bytes);
    if (status != cudaSuccess) {
      state_->workspace = nullptr;
      detail::throw_vendor_error("CUDA", "cudaMalloc(&workspace, workspace_bytes)", __FILE__, __LINE__,
                                 fmt::format("{} ({}) for cuBLASLt's workspace of {} bytes",
                                             static_cast<int>(status), cudaGetErrorString(status), workspace_bytes));
    }
  }
  state_->workspace_bytes = workspace_bytes;
}

CublasLtMatmul::~CublasLtMatmul() {
  if (state_ == nullptr || state_->workspace == nullptr) return;
  // cudaFree waits for the device, so no product still running reads the workspace.
  if (cudaFree(state_->workspace) != cudaSuccess) report_in_destructor("cudaFree of cuBLASLt's workspace failed");
}

CublasLtMatmul::CublasLtMatmul(CublasLtMatmul&&) noexcept = default;

CublasLtMatmul& CublasLtMatmul::operator=(CublasLtMatmul&& other) noexcept {
  if (this != &other) {
    CublasLtMatmul dropped(std::move(*this));  // frees this object's workspace and plans
    state_ = std::move(other.state_);
  }
  return *this;
}

bool CublasLtMatmul::run(const LtProduct& p, float alpha, float beta, const LtBuffers& x) {
  const bool vectors = p.epilogue != LtEpilogue::none;
  FF_REQUIRE(p.m >= 1 && p.n >= 1 && p.k >= 1 && p.c_ld >= p.n &&
                 p.a.ld >= (p.a.transposed ? p.m : p.k) && p.b.ld >= (p.b.transposed ? p.k : p.n),
             "cuBLASLt matmul{}: every extent must be at least 1 and every ld at least its row's width",
             describe(p));
  FF_REQUIRE(!vectors || p.c == LtType::f32, "cuBLASLt matmul{}: the epilogue's vectors are fp32, so C must be",
             describe(p));
  FF_REQUIRE((p.epilogue != LtEpilogue::bias && p.epilogue != LtEpilogue::bias_gelu) || x.bias != nullptr,
             "cuBLASLt matmul{}: no bias", describe(p));
  FF_REQUIRE(p.epilogue != LtEpilogue::bias_gradient || x.bias_gradient != nullptr,
             "cuBLASLt matmul{}: no bias gradient", describe(p));
  FF_REQUIRE(p.epilogue != LtEpilogue::bias_gelu || (x.aux != nullptr && p.aux_ld >= p.n && p.aux_ld % 8 == 0),
             "cuBLASLt matmul{}: bias+GELU needs an aux buffer with an ld of at least n and a multiple of 8 (got {})",
             describe(p), p.aux_ld);
  State& s = *state_;
  const Key key = key_of(p, x);
  auto found = s.plans.find(key);
  if (found == s.plans.end()) {
    const std::string what = describe(p);
    Plan plan;
    cublasLtMatmulDesc_t desc = nullptr;
    FF_CUBLASLT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), what);
    plan.desc = MatmulDesc(desc);
    // Column-major: C^T (n, m) = op(B)^T (n, k) op(A)^T (k, m). cuBLASLt's A is our B, transposed
    // where ours is not; its B is our A likewise.
    const std::int32_t trans_a = p.b.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    const std::int32_t trans_b = p.a.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    set(plan.desc.get(), CUBLASLT_MATMUL_DESC_TRANSA, trans_a, what);
    set(plan.desc.get(), CUBLASLT_MATMUL_DESC_TRANSB, trans_b, what);
    const std::uint32_t epilogue = lt_epilogue(p.epilogue);
    set(plan.desc.get(), CUBLASLT_MATMUL_DESC_EPILOGUE, epilogue, what);
    if (p.epilogue == LtEpilogue::bias_gelu) set(plan.desc.get(), CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, p.aux_ld, what);
    set_pointers(plan, p, x, what);
    // Row-major buffers: our B holds (k, n) or, transposed, (n, k); our A (m, k) or (k, m); C (m, n).
    plan.a = layout(p.b.type, p.b.transposed ? p.n : p.k, p.b.transposed ? p.k : p.n, p.b.ld, what);
    plan.b = layout(p.a.type, p.a.transposed ? p.k : p.m, p.a.transposed ? p.m : p.k, p.a.ld, what);
    plan.c = layout(p.c, p.m, p.n, p.c_ld, what);

    cublasLtMatmulPreference_t made = nullptr;
    FF_CUBLASLT(cublasLtMatmulPreferenceCreate(&made), what);
    const Preference preference(made);
    set(preference.get(), CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, static_cast<std::uint64_t>(s.workspace_bytes),
        what);
    // The alignments the buffers have (cuBLASLt assumes 256 bytes otherwise), in its terms.
    set(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, alignment(x.b), what);
    set(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, alignment(x.a), what);
    set(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, alignment(x.c), what);
    set(preference.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, alignment(x.c), what);

    cublasLtMatmulHeuristicResult_t result{};
    int count = 0;
    const cublasStatus_t status =
        cublasLtMatmulAlgoGetHeuristic(s.handle.get(), plan.desc.get(), plan.a.get(), plan.b.get(), plan.c.get(),
                                       plan.c.get(), preference.get(), 1, &result, &count);
    if (status == CUBLAS_STATUS_SUCCESS && count > 0 && result.state == CUBLAS_STATUS_SUCCESS) {
      plan.fused = true;
      plan.algo = result.algo;
    } else if (status != CUBLAS_STATUS_SUCCESS && status != CUBLAS_STATUS_NOT_SUPPORTED) {
      detail::throw_vendor_error("cuBLASLt", "cublasLtMatmulAlgoGetHeuristic", __FILE__, __LINE__,
                                 fmt::format("status {} ({}){}", static_cast<int>(status),
                                             cublasLtGetStatusString(status), what));
    }
    if (!plan.fused) plan = Plan();  // refused: no descriptors kept
    found = s.plans.emplace(key, std::move(plan)).first;
  }
  Plan& plan = found->second;
  if (!plan.fused) return false;
  const std::string no_context;
  set_pointers(plan, p, x, no_context);
  // C is D (in place: the same buffer through the same layout).
  const cublasStatus_t status =
      cublasLtMatmul(s.handle.get(), plan.desc.get(), &alpha, x.b, plan.a.get(), x.a, plan.b.get(), &beta, x.c,
                     plan.c.get(), x.c, plan.c.get(), &plan.algo, s.workspace, s.workspace_bytes, s.stream);
  if (status == CUBLAS_STATUS_NOT_SUPPORTED) {
    // Checked before anything is enqueued: the heuristic's algorithm does not take this call after
    // all. Refused from now on; the caller runs its unfused route.
    plan = Plan();
    return false;
  }
  if (status != CUBLAS_STATUS_SUCCESS) {
    detail::throw_vendor_error("cuBLASLt", "cublasLtMatmul", __FILE__, __LINE__,
                               fmt::format("status {} ({}){}", static_cast<int>(status),
                                           cublasLtGetStatusString(status), describe(p)));
  }
  return true;
}

std::size_t CublasLtMatmul::plans() const { return state_->plans.size(); }

}  // namespace fourfold
