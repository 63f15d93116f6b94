// Attention as batched GEMMs (QK^T, PV and their gradients per (batch row, head)) through the
// core GEMM wrapper, with the causal softmax and its gradient as team-per-row kernels.
//
// Why GEMMs and not a fused, tiled kernel: the per-head products are where attention's FLOPs
// are, and the vendor GEMM (cuBLAS, OpenBLAS) runs them near the machine's GEMM rate on every
// backend, in fp32 or bf16, from one code path; a hand-written tiled kernel must be tuned per
// architecture to match it. The price is the (B, H, T, T) probabilities, which the layer keeps
// once per layer (the gradient scratch is one buffer shared by all layers).
//
// Causal blocking: the sequence is cut into blocks of attention_causal_block queries (and
// keys). Each GEMM runs once per block over the keys (or queries) the mask lets through up to
// the block's edge, so of the masked upper triangle only the part inside the diagonal blocks is
// computed: at T = 1024 (8 blocks) the GEMMs do 56% of the full-square FLOPs.
#include "layers/attention.hpp"

#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"

namespace fourfold {
namespace {

using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using Team = TeamPolicy::member_type;

// Per-(batch row, head) operands inside the row-major activations:
//   qkv (B*T, 3C): head h of row block b at column part*C + h*hs, row stride 3C
//   out (B*T, C):  head h at column h*hs, row stride C
//   att (B, H, T, T): contiguous (T, T) per (b, h)
struct HeadLayout {
  int batch, heads, T, c_loc, hs;

  // Part (0 q, 1 k, 2 v) of every head, from sequence position row0 on.
  template <class T_>
  StridedBatch<T_> qkv_part(T_* qkv, std::size_t size, int part, int row0 = 0) const {
    const std::size_t offset = static_cast<std::size_t>(part) * c_loc + static_cast<std::size_t>(row0) * 3 * c_loc;
    return {qkv + offset, 3 * c_loc, static_cast<std::int64_t>(T) * 3 * c_loc, hs, size - offset};
  }
  // Every head's columns of out (B*T, c_loc), from sequence position row0 on.
  template <class T_>
  StridedBatch<T_> heads_of(T_* data, std::size_t size, int row0 = 0) const {
    const std::size_t offset = static_cast<std::size_t>(row0) * c_loc;
    return {data + offset, c_loc, static_cast<std::int64_t>(T) * c_loc, hs, size - offset};
  }
  // Every (T, T) square from element (row0, col0) on.
  template <class T_>
  StridedBatch<T_> squares(T_* data, std::size_t size, int row0 = 0, int col0 = 0) const {
    const std::int64_t tt = static_cast<std::int64_t>(T) * T;
    const std::size_t offset = static_cast<std::size_t>(row0) * T + col0;
    return {data + offset, T, heads * tt, tt, size - offset};
  }
};

// Block [first, end) of the sequence; blocks of attention_causal_block positions.
struct CausalBlock {
  int first, end;
  int size() const { return end - first; }
};
template <class Body>
void for_each_causal_block(int T, const Body& body) {
  for (int first = 0; first < T; first += attention_causal_block)
    body(CausalBlock{first, first + attention_causal_block < T ? first + attention_causal_block : T});
}

void check_shapes(const char* what, std::size_t rows, std::size_t c_loc, const Tensor4<float>& att,
                  std::size_t qkv_rows, std::size_t qkv_cols, int heads_local) {
  FF_REQUIRE(att.extent(1) == static_cast<std::size_t>(heads_local) && att.extent(2) == att.extent(3) &&
                qkv_cols == 3 * c_loc && c_loc % heads_local == 0 && rows == att.extent(0) * att.extent(2) &&
                qkv_rows == rows,
            "attention {} shapes: att ({},{},{},{}) qkv ({},{}) out ({},{}) heads {}", what, att.extent(0),
            att.extent(1), att.extent(2), att.extent(3), qkv_rows, qkv_cols, rows, c_loc, heads_local);
}

}  // namespace

void attention_forward(const ExecSpace& exec, const Matrix& out, const Tensor4<float>& att,
                       const ConstMatrix& qkv, int heads_local) {
  ScopedRegion region("fourfold::attention::forward");
  check_shapes("forward", out.extent(0), out.extent(1), att, qkv.extent(0), qkv.extent(1), heads_local);
  const int batch = att.extent(0), T = att.extent(2);
  const int c_loc = out.extent(1), hs = c_loc / heads_local;
  const HeadLayout l{batch, heads_local, T, c_loc, hs};
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));

  // Scores = scale Q K^T per head, into the probabilities' storage: for each query block, the
  // (block, end) scores against keys 0..end, the keys the mask lets through up to the block's edge.
  const float* const q = qkv.data();
  for_each_causal_block(T, [&](const CausalBlock& r) {
    gemm_strided_batched(exec, Op::none, Op::transpose, r.size(), r.end, hs, scale,
                         l.qkv_part(q, qkv.size(), 0, r.first), l.qkv_part(q, qkv.size(), 1), 0.0f,
                         l.squares(att.data(), att.size(), r.first), batch, heads_local, "fourfold::attention::scores");
  });

  // Causal softmax of each score row in place: one team per (b, h, t) row, over keys 0..t;
  // the masked keys above the diagonal become exact zeros (PV below then adds nothing).
  const int rows = batch * heads_local * T;
  float* const p_data = att.data();
  Kokkos::parallel_for(
      "fourfold::attention::softmax", TeamPolicy(exec, rows, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const int row = team.league_rank();
        const int t = row % T;
        float* const p = p_data + static_cast<std::size_t>(row) * T;
        float row_max = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, t + 1),
            [&](const int j, float& mx) { mx = p[j] > mx ? p[j] : mx; }, Kokkos::Max<float>(row_max));
        float sum = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, t + 1),
            [&](const int j, float& acc) {
              const float e = fast_exp(p[j] - row_max);
              p[j] = e;
              acc += e;
            },
            sum);
        const float inv = 1.0f / sum;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, T),
                             [&](const int j) { p[j] = j <= t ? p[j] * inv : 0.0f; });
      });

  // out (T, hs) = P V per head, written into the head's columns of out; per query block, over
  // keys 0..end.
  const float* const p = att.data();
  for_each_causal_block(T, [&](const CausalBlock& r) {
    gemm_strided_batched(exec, Op::none, Op::none, r.size(), hs, r.end, 1.0f, l.squares(p, att.size(), r.first),
                         l.qkv_part(q, qkv.size(), 2), 0.0f, l.heads_of(out.data(), out.size(), r.first), batch,
                         heads_local, "fourfold::attention::values");
  });
}

void attention_backward(const ExecSpace& exec, const Matrix& dqkv, const Tensor4<float>& datt,
                        const ConstMatrix& dout, const Tensor4<const float>& att,
                        const ConstMatrix& qkv, int heads_local) {
  ScopedRegion region("fourfold::attention::backward");
  check_shapes("backward", dout.extent(0), dout.extent(1), datt, qkv.extent(0), qkv.extent(1), heads_local);
  FF_ASSERT(att.extent(0) == datt.extent(0) && att.extent(1) == datt.extent(1) && att.extent(2) == datt.extent(2) &&
                dqkv.extent(0) == qkv.extent(0) && dqkv.extent(1) == qkv.extent(1),
            "attention backward: att ({},{},{}) datt ({},{},{}) dqkv ({},{}) qkv ({},{})", att.extent(0),
            att.extent(1), att.extent(2), datt.extent(0), datt.extent(1), datt.extent(2), dqkv.extent(0),
            dqkv.extent(1), qkv.extent(0), qkv.extent(1));
  const int batch = att.extent(0), T = att.extent(2);
  const int c_loc = dout.extent(1), hs = c_loc / heads_local;
  const HeadLayout l{batch, heads_local, T, c_loc, hs};
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  const float* const q = qkv.data();
  const float* const p = att.data();
  const float* const d_o = dout.data();
  float* const dq = dqkv.data();

  // dP = dO V^T per head: per query block, against keys 0..end.
  for_each_causal_block(T, [&](const CausalBlock& r) {
    gemm_strided_batched(exec, Op::none, Op::transpose, r.size(), r.end, hs, 1.0f,
                         l.heads_of(d_o, dout.size(), r.first), l.qkv_part(q, qkv.size(), 2), 0.0f,
                         l.squares(datt.data(), datt.size(), r.first), batch, heads_local, "fourfold::attention::dprobs");
  });
  // dV = P^T dO per head: per key block, over the queries first..T that see those keys.
  for_each_causal_block(T, [&](const CausalBlock& c) {
    gemm_strided_batched(exec, Op::transpose, Op::none, c.size(), hs, T - c.first, 1.0f,
                         l.squares(p, att.size(), c.first, c.first), l.heads_of(d_o, dout.size(), c.first), 0.0f,
                         l.qkv_part(dq, dqkv.size(), 2, c.first), batch, heads_local, "fourfold::attention::dvalues");
  });

  // Softmax backward in place, one team per row: dS = scale P (dP - sum_j P dP), zero where masked.
  const int rows = batch * heads_local * T;
  const float* const p_data = att.data();
  float* const dp_data = datt.data();
  Kokkos::parallel_for(
      "fourfold::attention::softmax_backward", TeamPolicy(exec, rows, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const int row = team.league_rank();
        const int t = row % T;
        const float* const p = p_data + static_cast<std::size_t>(row) * T;
        float* const dp = dp_data + static_cast<std::size_t>(row) * T;
        float dot = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, t + 1), [&](const int j, float& acc) { acc += p[j] * dp[j]; }, dot);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, T),
                             [&](const int j) { dp[j] = j <= t ? scale * p[j] * (dp[j] - dot) : 0.0f; });
      });

  // dQ = dS K per query block (keys 0..end) and dK = dS^T Q per key block (queries first..T).
  const float* const ds = datt.data();
  for_each_causal_block(T, [&](const CausalBlock& r) {
    gemm_strided_batched(exec, Op::none, Op::none, r.size(), hs, r.end, 1.0f, l.squares(ds, datt.size(), r.first),
                         l.qkv_part(q, qkv.size(), 1), 0.0f, l.qkv_part(dq, dqkv.size(), 0, r.first), batch,
                         heads_local, "fourfold::attention::dqueries");
  });
  for_each_causal_block(T, [&](const CausalBlock& c) {
    gemm_strided_batched(exec, Op::transpose, Op::none, c.size(), hs, T - c.first, 1.0f,
                         l.squares(ds, datt.size(), c.first, c.first), l.qkv_part(q, qkv.size(), 0, c.first), 0.0f,
                         l.qkv_part(dq, dqkv.size(), 1, c.first), batch, heads_local, "fourfold::attention::dkeys");
  });
}

}  // namespace fourfold
