// oneDNN matmul primitives, cached per shape (core/onednn_matmul.hpp).
#include "core/onednn_matmul.hpp"

#include "core/config.hpp"
#include "core/error.hpp"

#if FOURFOLD_ENABLE_ONEDNN
#include <oneapi/dnnl/dnnl.hpp>
#include <oneapi/dnnl/dnnl_debug.h>
#endif

#include <fmt/format.h>

#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

// Debian's oneDNN threads with OpenMP: a primitive runs on omp_get_max_threads() threads of the
// calling thread. Declared weak so that this file needs no -fopenmp; oneDNN brings libgomp.
extern "C" void omp_set_num_threads(int) __attribute__((weak));
extern "C" int omp_get_max_threads(void) __attribute__((weak));

namespace fourfold {

#if FOURFOLD_ENABLE_ONEDNN
namespace {

// The key of a primitive: every field of the shape as integers (floats by their bits).
using ShapeKey = std::array<std::int64_t, 22>;
ShapeKey key_of(const MatmulShape& s) {
  auto bits = [](float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return static_cast<std::int64_t>(u);
  };
  ShapeKey key{s.m, s.n, s.k, s.outer, s.inner, bits(s.alpha), bits(s.beta)};
  std::size_t i = 7;
  for (const MatmulOperand* x : {&s.a, &s.b, &s.c}) {
    key[i++] = static_cast<std::int64_t>(x->type);
    key[i++] = x->transposed ? 1 : 0;
    key[i++] = x->ld;
    key[i++] = x->outer_stride;
    key[i++] = x->inner_stride;
  }
  return key;
}
struct ShapeKeyHash {
  std::size_t operator()(const ShapeKey& key) const {
    std::size_t h = 1469598103934665603ull;  // FNV-1a over the key's values
    for (const std::int64_t v : key) h = (h ^ static_cast<std::size_t>(v)) * 1099511628211ull;
    return h;
  }
};

dnnl::memory::data_type dnnl_type(MatmulType type) {
  return type == MatmulType::bf16 ? dnnl::memory::data_type::bf16 : dnnl::memory::data_type::f32;
}

// How a batch is handed to oneDNN. oneDNN's optimised matmuls take a batch whose strides it
// recognises; for some (heads side by side inside rows, a batch of one with its outer stride
// unused) it offers only its reference implementation, hundreds of times slower. Such a batch
// runs as one 2-D product per matrix instead, which its optimised GEMM always takes.
enum class Split { whole, per_matrix };

// op(X) of `rows` x `cols`, batched by the batch dimensions of more than one matrix (a batch of
// one drops its dimension): dims (outer, inner, rows, cols) with the operand's strides; a
// transposed operand holds op(X)^T row-major, so its row stride is 1.
dnnl::memory::desc operand_desc(const MatmulShape& s, const MatmulOperand& x, std::int64_t rows, std::int64_t cols,
                                Split split) {
  const std::int64_t row_stride = x.transposed ? 1 : x.ld;
  const std::int64_t col_stride = x.transposed ? x.ld : 1;
  dnnl::memory::dims dims, strides;
  if (split == Split::whole && s.outer > 1) {
    dims.push_back(s.outer);
    strides.push_back(x.outer_stride);
  }
  if (split == Split::whole && s.inner > 1) {
    dims.push_back(s.inner);
    strides.push_back(x.inner_stride);
  }
  dims.push_back(rows);
  dims.push_back(cols);
  strides.push_back(row_stride);
  strides.push_back(col_stride);
  return dnnl::memory::desc(dims, dnnl_type(x.type), strides);
}

std::string describe(const MatmulShape& s) {
  auto type = [](MatmulType t) { return t == MatmulType::bf16 ? "bf16" : "f32"; };
  return fmt::format("m {} n {} k {} batch {}x{}, A {}{} ld {}, B {}{} ld {}, C {} ld {}, alpha {} beta {}", s.m, s.n,
                     s.k, s.outer, s.inner, type(s.a.type), s.a.transposed ? " (T)" : "", s.a.ld, type(s.b.type),
                     s.b.transposed ? " (T)" : "", s.b.ld, type(s.c.type), s.c.ld, s.alpha, s.beta);
}

struct Cached {
  dnnl::matmul primitive;
  dnnl::memory::desc a, b, c;
  dnnl::memory a_memory, b_memory, c_memory;  // made with the primitive, pointed at each call's data
  // The execute arguments: handles to the three memories above (set_data_handle on those is seen
  // here), so a call allocates nothing.
  std::unordered_map<int, dnnl::memory> args;
  Split split = Split::whole;
  std::string implementation;
};

std::size_t element_bytes(MatmulType type) { return type == MatmulType::bf16 ? 2 : 4; }

}  // namespace

struct OnednnMatmul::State {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  std::unordered_map<ShapeKey, Cached, ShapeKeyHash> cache;
  const char* last = "";
};

OnednnMatmul::OnednnMatmul() {
  try {
    state_ = std::make_unique<State>();
  } catch (const dnnl::error& e) {
    detail::throw_vendor_error("oneDNN", "dnnl::engine(cpu, 0)", __FILE__, __LINE__,
                               fmt::format("status {} ({})", static_cast<int>(e.status), e.what()));
  }
}

OnednnMatmul::~OnednnMatmul() = default;

void OnednnMatmul::run(const MatmulShape& shape, const void* a, const void* b, void* c, int threads) {
  const ShapeKey key = key_of(shape);
  auto found = state_->cache.find(key);
  if (found == state_->cache.end()) {
    try {
      dnnl::primitive_attr attr;
      if (shape.alpha != 1.0f) attr.set_output_scales(0, {shape.alpha});
      if (shape.beta != 0.0f) {
        dnnl::post_ops ops;
        ops.append_sum(shape.beta);  // C = alpha * op(A) op(B) + beta * C
        attr.set_post_ops(ops);
      }
      Cached made;
      for (const Split split : {Split::whole, Split::per_matrix}) {
        if (split == Split::per_matrix && shape.outer * shape.inner == 1) break;
        made.split = split;
        made.a = operand_desc(shape, shape.a, shape.m, shape.k, split);
        made.b = operand_desc(shape, shape.b, shape.k, shape.n, split);
        made.c = operand_desc(shape, shape.c, shape.m, shape.n, split);
        const dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(made.a, made.b, made.c), attr, state_->engine);
        made.implementation = pd.impl_info_str();
        made.primitive = dnnl::matmul(pd);
        if (made.implementation.rfind("ref", 0) != 0) break;  // an optimised implementation took it
      }
      made.a_memory = dnnl::memory(made.a, state_->engine, DNNL_MEMORY_NONE);
      made.b_memory = dnnl::memory(made.b, state_->engine, DNNL_MEMORY_NONE);
      made.c_memory = dnnl::memory(made.c, state_->engine, DNNL_MEMORY_NONE);
      made.args = {{DNNL_ARG_SRC, made.a_memory}, {DNNL_ARG_WEIGHTS, made.b_memory}, {DNNL_ARG_DST, made.c_memory}};
      found = state_->cache.emplace(key, std::move(made)).first;
    } catch (const dnnl::error& e) {
      detail::throw_vendor_error("oneDNN", "dnnl::matmul::primitive_desc", __FILE__, __LINE__,
                                 fmt::format("status {} ({}) for {}", static_cast<int>(e.status), e.what(),
                                             describe(shape)));
    }
  }
  Cached& p = found->second;
  if (omp_set_num_threads != nullptr && omp_get_max_threads != nullptr && threads > 0 &&
      omp_get_max_threads() != threads) {
    omp_set_num_threads(threads);
  }
  try {
    const std::int64_t outer = p.split == Split::whole ? 1 : shape.outer;
    const std::int64_t inner = p.split == Split::whole ? 1 : shape.inner;
    const auto* a_bytes = static_cast<const char*>(a);
    const auto* b_bytes = static_cast<const char*>(b);
    auto* c_bytes = static_cast<char*>(c);
    const std::size_t ea = element_bytes(shape.a.type), eb = element_bytes(shape.b.type), ec = element_bytes(shape.c.type);
    for (std::int64_t o = 0; o < outer; ++o) {
      for (std::int64_t i = 0; i < inner; ++i) {
        p.a_memory.set_data_handle(const_cast<char*>(a_bytes + ea * (o * shape.a.outer_stride + i * shape.a.inner_stride)));
        p.b_memory.set_data_handle(const_cast<char*>(b_bytes + eb * (o * shape.b.outer_stride + i * shape.b.inner_stride)));
        p.c_memory.set_data_handle(c_bytes + ec * (o * shape.c.outer_stride + i * shape.c.inner_stride));
        p.primitive.execute(state_->stream, p.args);
      }
    }
    state_->stream.wait();
  } catch (const dnnl::error& e) {
    detail::throw_vendor_error("oneDNN", "dnnl::matmul::execute", __FILE__, __LINE__,
                               fmt::format("status {} ({}) for {}", static_cast<int>(e.status), e.what(),
                                           describe(shape)));
  }
  state_->last = p.implementation.c_str();
}

std::size_t OnednnMatmul::primitives() const { return state_->cache.size(); }
const char* OnednnMatmul::last_implementation() const { return state_->last; }

bool onednn_available() { return true; }

const char* onednn_description() {
  static const std::string text = [] {
    const dnnl_version_t* v = dnnl_version();
    return fmt::format("oneDNN {}.{}.{}, {}", v->major, v->minor, v->patch,
                       dnnl_cpu_isa2str(dnnl_get_effective_cpu_isa()));
  }();
  return text.c_str();
}

#else  // no oneDNN in this build

struct OnednnMatmul::State {};
OnednnMatmul::OnednnMatmul() = default;
OnednnMatmul::~OnednnMatmul() = default;
void OnednnMatmul::run(const MatmulShape&, const void*, const void*, void*, int) {
  detail::throw_user_error("this build has no oneDNN route (configure with FOURFOLD_ENABLE_ONEDNN=ON on a host backend)");
}
std::size_t OnednnMatmul::primitives() const { return 0; }
const char* OnednnMatmul::last_implementation() const { return ""; }
bool onednn_available() { return false; }
const char* onednn_description() { return "no oneDNN"; }

#endif

}  // namespace fourfold
