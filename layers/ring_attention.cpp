// Ring attention (layers/ring_attention.hpp): the products are batched GEMMs over every
// (sequence, head) pair per block of query rows, as in layers/attention.cpp; the softmax, its
// merge and its gradient are team-per-row kernels; the key/value blocks and the dK/dV
// accumulators travel with comm::ring_exchange_start.
#include "layers/ring_attention.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "layers/attention.hpp"
#include "layers/attention_blocking.hpp"
#include "layers/head_permute.hpp"

#include <string>

namespace fourfold {
namespace {

using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using Team = TeamPolicy::member_type;

// The log-sum-exp of a row that has seen no key yet: merging it with any block gives that
// block's (its weight fast_exp(-huge) is about 1e-38, nothing next to 1).
constexpr float no_keys_lse = -1.0e30f;

int clamp_to(int x, int hi) { return x < 0 ? 0 : (x > hi ? hi : x); }

// A block of query rows [first, first + rows) of one chunk against the first `keys` key rows of
// the source's block; `masked`: some query of the block does not see every one of those keys.
struct RowBlock {
  int first, rows, keys;
  bool masked;
};

// The row blocks of this rank's queries (context rank `me`) against source rank `src`'s keys
// that see at least one key. Blocks never straddle the two chunks.
template <class Body>
void for_each_row_block(const RingAttentionWorkspace& ws, int me, int src, const Body& body) {
  const RingLayout& l = ws.layout;
  const int C = l.chunk(), block = ws.block_rows();
  for (int c = 0; c < 2; ++c) {
    for (int first = c * C; first < (c + 1) * C; first += block) {
      const int rows = first + block < (c + 1) * C ? block : (c + 1) * C - first;
      const int keys = l.visible_keys(src, l.position(me, first + rows - 1));
      if (keys == 0) continue;  // invisible: nothing to compute
      body(RowBlock{first, rows, keys, l.position(src, keys - 1) > l.position(me, first)});
    }
  }
}

// A travelling block's K and V (B, KV, n, hs) -> ws.k and ws.v (B NH, n, hs), each key/value
// head repeated for its group's query heads.
void expand_block(const ExecSpace& exec, const RingAttentionWorkspace& ws, const Vector& block) {
  const int n = ws.rows(), hs = ws.head_size, heads = ws.heads, kvh = ws.kv_heads, group = ws.group();
  const std::size_t half = ws.kv_block_size() / 2;
  const float* const kv = block.data();
  float* const k = ws.k.data();
  float* const v = ws.v.data();
  count_work(WorkKind::copy, bytes_of<float>(2.0 * ws.batch * n * hs * (heads + kvh)));
  Kokkos::parallel_for(
      "fourfold::ring_attention::expand_kv", TeamPolicy(exec, ws.batch * n, Kokkos::AUTO, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const std::size_t row = static_cast<std::size_t>(team.league_rank());
        const std::size_t b = row / n, t = row % n;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, heads), [&](const int h) {
          const std::size_t from = ((b * kvh + static_cast<std::size_t>(h / group)) * n + t) * hs;
          const std::size_t to = ((b * heads + h) * n + t) * hs;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, hs), [&](const int j) {
            k[to + j] = kv[from + j];
            v[to + j] = kv[half + from + j];
          });
        });
      });
}

// ws.dk, ws.dv (B NH, n, hs) summed over each group's query heads (in order) into the travelling
// accumulator (B, KV, n, hs) x 2: assigned when `assign`, else added.
void reduce_block_gradient(const ExecSpace& exec, const RingAttentionWorkspace& ws, const Vector& accumulator,
                           bool assign) {
  const int n = ws.rows(), hs = ws.head_size, heads = ws.heads, kvh = ws.kv_heads, group = ws.group();
  const std::size_t half = ws.kv_block_size() / 2, slot = static_cast<std::size_t>(n) * hs;
  float* const acc = accumulator.data();
  const float* const dk = ws.dk.data();
  const float* const dv = ws.dv.data();
  const float keep = assign ? 0.0f : 1.0f;
  count_work(WorkKind::copy, bytes_of<float>(2.0 * ws.batch * n * hs * (heads + 2.0 * kvh)));
  Kokkos::parallel_for(
      "fourfold::ring_attention::reduce_dkv", TeamPolicy(exec, ws.batch * n, Kokkos::AUTO, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& team) {
        const std::size_t row = static_cast<std::size_t>(team.league_rank());
        const std::size_t b = row / n, t = row % n;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kvh), [&](const int kh) {
          const std::size_t to = ((b * kvh + kh) * n + t) * hs;
          const std::size_t from = ((b * heads + static_cast<std::size_t>(kh) * group) * n + t) * hs;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, hs), [&](const int j) {
            float sk = dk[from + j], sv = dv[from + j];
            for (int g = 1; g < group; ++g) {
              sk += dk[from + g * slot + j];
              sv += dv[from + g * slot + j];
            }
            // keep = 0 assigns: whatever the buffer held (junk, NaN) is not read.
            acc[to + j] = (keep != 0.0f ? acc[to + j] : 0.0f) + sk;
            acc[half + to + j] = (keep != 0.0f ? acc[half + to + j] : 0.0f) + sv;
          });
        });
      });
}

// Rows [row0, ...) of every head-major (n, hs) matrix of `data`.
template <class T_>
StridedBatch<T_> heads_of(T_* data, std::size_t size, int n, int hs, int row0 = 0) {
  const std::size_t offset = static_cast<std::size_t>(row0) * hs;
  return {data + offset, hs, 0, static_cast<std::int64_t>(n) * hs, size - offset};
}

void check_shapes(const char* what, const comm::Communicator& ring, std::size_t rows, std::size_t c_loc,
                  std::size_t lse_size, std::size_t qkv_rows, std::size_t qkv_cols, int heads_local,
                  const RingAttentionWorkspace& ws) {
  FF_REQUIRE(ring.size() == ws.layout.ranks,
             "ring attention {}: the context group '{}' has {} ranks but the workspace is for {}", what, ring.name(),
             ring.size(), ws.layout.ranks);
  FF_REQUIRE(heads_local == ws.heads && c_loc == static_cast<std::size_t>(ws.heads) * ws.head_size &&
                 qkv_cols == c_loc + 2 * static_cast<std::size_t>(ws.kv_heads) * ws.head_size &&
                 rows == static_cast<std::size_t>(ws.batch) * ws.rows() && qkv_rows == rows &&
                 lse_size == attention_stats_size(ws.batch, ws.rows(), ws.heads),
             "ring attention {} shapes: qkv ({},{}) out ({},{}) lse ({}) heads {}; the workspace is for {} sequences "
             "of {} local rows ({} tokens over {} context ranks), {} heads ({} for keys and values) of {} channels",
             what, qkv_rows, qkv_cols, rows, c_loc, lse_size, heads_local, ws.batch, ws.rows(), ws.layout.seq_len,
             ws.layout.ranks, ws.heads, ws.kv_heads, ws.head_size);
}

// This rank's K and V columns of qkv -> the key/value block (B, KV, n, hs) x 2.
void pack_local_block(const ExecSpace& exec, const ConstMatrix& qkv, const RingAttentionWorkspace& ws,
                      const Vector& block) {
  const int width = static_cast<int>(qkv.extent(1)), hs = ws.head_size, q_width = ws.heads * hs;
  const std::size_t half = ws.kv_block_size() / 2;
  permute_to_heads(exec, qkv.data(), width, q_width, block.data(), ws.batch, ws.rows(), ws.kv_heads, hs, 1,
                "fourfold::ring_attention::pack_k");
  permute_to_heads(exec, qkv.data(), width, q_width + ws.kv_heads * hs, block.data() + half, ws.batch, ws.rows(),
                ws.kv_heads, hs, 1, "fourfold::ring_attention::pack_v");
}

}  // namespace

int RingLayout::rank_of(int pos) const {
  const int c = pos / chunk();
  return c < ranks ? c : 2 * ranks - 1 - c;
}

int RingLayout::local_row_of(int pos) const {
  const int C = chunk(), c = pos / C;
  return c < ranks ? pos % C : C + pos % C;
}

int RingLayout::visible_keys(int source, int query) const {
  const int C = chunk();
  return clamp_to(query - source * C + 1, C) + clamp_to(query - (2 * ranks - 1 - source) * C + 1, C);
}

void check_ring_layout(int seq_len, int ranks) {
  FF_REQUIRE(ranks >= 1, "context parallelism of {} ranks: it must be at least 1", ranks);
  FF_REQUIRE(seq_len > 0 && seq_len % (2 * ranks) == 0,
             "context parallelism of {} ranks needs the sequence length divisible by 2 x {} = {} (each rank holds two "
             "of {} equal chunks); it is {}",
             ranks, ranks, 2 * ranks, 2 * ranks, seq_len);
}

RingAttentionWorkspace::RingAttentionWorkspace(int batch_, int seq_len, int context, int heads_, int channels,
                                               int kv_heads_, bool backward)
    : batch(batch_), heads(heads_), head_size(heads_ > 0 ? channels / heads_ : 0),
      kv_heads(kv_heads_ > 0 ? kv_heads_ : heads_) {
  check_ring_layout(seq_len, context);
  layout = RingLayout{context, seq_len};
  FF_REQUIRE(batch > 0 && heads > 0 && channels % heads == 0,
             "ring attention workspace for {} sequences, {} heads and {} channels: need positive sizes and channels "
             "divisible by heads",
             batch, heads, channels);
  FF_REQUIRE(kv_heads_ >= 0 && heads % kv_heads == 0,
             "ring attention workspace: {} key/value heads must divide the {} query heads", kv_heads_, heads);
  const std::size_t bh = static_cast<std::size_t>(batch) * heads, n = static_cast<std::size_t>(rows());
  const std::size_t hs = static_cast<std::size_t>(head_size), block = static_cast<std::size_t>(block_rows());
  const auto alloc = [](const char* label, std::size_t size) { return Vector(Kokkos::view_alloc(std::string(label)), size); };
  q = alloc("fourfold::ws::ring_attention::q", bh * n * hs);
  k = alloc("fourfold::ws::ring_attention::k", bh * n * hs);
  v = alloc("fourfold::ws::ring_attention::v", bh * n * hs);
  o = alloc("fourfold::ws::ring_attention::o", bh * n * hs);
  o_block = alloc("fourfold::ws::ring_attention::o_block", bh * block * hs);
  lse_block = alloc("fourfold::ws::ring_attention::lse_block", bh * block);
  scores = alloc("fourfold::ws::ring_attention::scores", bh * block * n);
  kv[0] = alloc("fourfold::ws::ring_attention::kv0", kv_block_size());
  kv[1] = alloc("fourfold::ws::ring_attention::kv1", context > 1 ? kv_block_size() : 0);
  if (!backward) return;
  dkv[0] = alloc("fourfold::ws::ring_attention::dkv0", kv_block_size());
  dkv[1] = alloc("fourfold::ws::ring_attention::dkv1", context > 1 ? kv_block_size() : 0);
  d_o = alloc("fourfold::ws::ring_attention::do", bh * n * hs);
  dq = alloc("fourfold::ws::ring_attention::dq", bh * n * hs);
  dk = alloc("fourfold::ws::ring_attention::dk", bh * n * hs);
  dv = alloc("fourfold::ws::ring_attention::dv", bh * n * hs);
  delta = alloc("fourfold::ws::ring_attention::delta", bh * n);
  dscores = alloc("fourfold::ws::ring_attention::dscores", bh * block * n);
}

int RingAttentionWorkspace::block_rows() const {
  const int C = layout.chunk();
  return C < attention_causal_block ? C : attention_causal_block;
}

std::size_t RingAttentionWorkspace::kv_block_size() const {
  return 2 * static_cast<std::size_t>(batch) * kv_heads * rows() * head_size;
}

std::size_t RingAttentionWorkspace::bytes() const {
  return sizeof(float) * (q.span() + k.span() + v.span() + o.span() + o_block.span() + lse_block.span() +
                          scores.span() + kv[0].span() + kv[1].span() + dkv[0].span() + dkv[1].span() + d_o.span() +
                          dq.span() + dk.span() + dv.span() + delta.span() + dscores.span());
}

void ring_attention_forward(ExecutionContext& ctx, const comm::Communicator& ring, const Matrix& out,
                            const Vector& lse, const ConstMatrix& qkv, int heads_local,
                            const RingAttentionWorkspace& ws) {
  ScopedRegion region("fourfold::ring_attention::forward");
  check_shapes("forward", ring, out.extent(0), out.extent(1), lse.extent(0), qkv.extent(0), qkv.extent(1),
               heads_local, ws);
  const ExecSpace& exec = ctx.compute();
  const int G = ws.layout.ranks, me = ring.rank(), n = ws.rows(), hs = ws.head_size, heads = ws.heads;
  const int bh = ws.batch * heads, block_rows = ws.block_rows();
  const RingLayout layout = ws.layout;
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  const int width = static_cast<int>(qkv.extent(1));

  permute_to_heads(exec, qkv.data(), width, 0, ws.q.data(), ws.batch, n, heads, hs, 1, "fourfold::ring_attention::permute_q");
  pack_local_block(exec, qkv, ws, ws.kv[0]);
  Kokkos::deep_copy(exec, ws.o, 0.0f);
  Kokkos::deep_copy(exec, lse, no_keys_lse);

  float* const s_data = ws.scores.data();
  float* const o_data = ws.o.data();
  float* const ob_data = ws.o_block.data();
  float* const lb_data = ws.lse_block.data();
  float* const lse_data = lse.data();
  for (int s = 0; s < G; ++s) {
    const Vector& current = ws.kv[s % 2];
    comm::Request next;
    if (s + 1 < G) next = comm::ring_exchange_start(exec, ring, current, ws.kv[(s + 1) % 2]);  // overlaps step s
    const int src = (me - s + G) % G;
    expand_block(exec, ws, current);
    for_each_row_block(ws, me, src, [&](const RowBlock& r) {
      // S (rows, keys) = scale Q[first, +rows) K[0, keys)^T for every (sequence, head).
      gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.rows, r.keys, hs, scale,
                           heads_of<const float>(ws.q.data(), ws.q.size(), n, hs, r.first),
                           heads_of<const float>(ws.k.data(), ws.k.size(), n, hs), 0.0f,
                           {s_data, n, 0, static_cast<std::int64_t>(block_rows) * n, ws.scores.size()}, 1, bh,
                           "fourfold::ring_attention::scores");
      // The block's softmax per row, over the keys the row sees (by position), in place of S;
      // its log-sum-exp into lse_block.
      const int first = r.first, rows = r.rows, keys = r.keys;
      const bool masked = r.masked;
      const float empty = no_keys_lse;
      count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(bh) * rows * (2.0 * keys + 1)));
      Kokkos::parallel_for(
          "fourfold::ring_attention::softmax", TeamPolicy(exec, bh * rows, Kokkos::AUTO),
          KOKKOS_LAMBDA(const Team& team) {
            const int b = team.league_rank() / rows, i = team.league_rank() % rows;
            const int p = layout.position(me, first + i);
            float* const srow = s_data + (static_cast<std::size_t>(b) * block_rows + i) * n;
            float row_max = 0.0f;
            Kokkos::parallel_reduce(
                Kokkos::TeamThreadRange(team, keys),
                [&](const int j, float& mx) {
                  if ((!masked || layout.position(src, j) <= p) && srow[j] > mx) mx = srow[j];
                },
                Kokkos::Max<float>(row_max));
            float sum = 0.0f;
            Kokkos::parallel_reduce(
                Kokkos::TeamThreadRange(team, keys),
                [&](const int j, float& acc) {
                  const float e = !masked || layout.position(src, j) <= p ? fast_exp(srow[j] - row_max) : 0.0f;
                  srow[j] = e;
                  acc += e;
                },
                sum);
            const float inv = sum > 0.0f ? 1.0f / sum : 0.0f;
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, keys), [&](const int j) { srow[j] *= inv; });
            Kokkos::single(Kokkos::PerTeam(team), [&]() {
              lb_data[static_cast<std::size_t>(b) * block_rows + i] = sum > 0.0f ? row_max + kmath::log(sum) : empty;
            });
          });
      // O_block = P V[0, keys).
      gemm_strided_batched(ctx.gemm(), Op::none, Op::none, r.rows, hs, r.keys, 1.0f,
                           {static_cast<const float*>(s_data), n, 0, static_cast<std::int64_t>(block_rows) * n,
                            ws.scores.size()},
                           heads_of<const float>(ws.v.data(), ws.v.size(), n, hs), 0.0f,
                           {ob_data, hs, 0, static_cast<std::int64_t>(block_rows) * hs, ws.o_block.size()}, 1, bh,
                           "fourfold::ring_attention::values");
      // Merge into the running output through the log-sum-exp.
      count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(bh) * rows * (3.0 * hs + 3)));
      Kokkos::parallel_for(
          "fourfold::ring_attention::merge", TeamPolicy(exec, bh * rows, Kokkos::AUTO),
          KOKKOS_LAMBDA(const Team& team) {
            const int b = team.league_rank() / rows, i = team.league_rank() % rows;
            const std::size_t row = static_cast<std::size_t>(b) * n + first + i;
            const std::size_t brow = static_cast<std::size_t>(b) * block_rows + i;
            const float a = lse_data[row], c = lb_data[brow];
            const float m = a > c ? a : c;
            const float wa = fast_exp(a - m), wc = fast_exp(c - m);
            const float total = wa + wc, inv = 1.0f / total;
            float* const o_row = o_data + row * hs;
            const float* const ob_row = ob_data + brow * hs;
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, hs),
                                 [&](const int j) { o_row[j] = (o_row[j] * wa + ob_row[j] * wc) * inv; });
            team.team_barrier();
            Kokkos::single(Kokkos::PerTeam(team), [&]() { lse_data[row] = m + kmath::log(total); });
          });
    });
    if (next.active()) next.wait(exec);
  }
  permute_from_heads(exec, out.data(), static_cast<int>(out.extent(1)), 0, o_data, ws.batch, n, heads, hs, 1,
                     "fourfold::ring_attention::gather_out");
}

void ring_attention_backward(ExecutionContext& ctx, const comm::Communicator& ring, const Matrix& dqkv,
                             const ConstMatrix& dout, const ConstMatrix& out, const ConstVector& lse,
                             const ConstMatrix& qkv, int heads_local, const RingAttentionWorkspace& ws) {
  ScopedRegion region("fourfold::ring_attention::backward");
  check_shapes("backward", ring, dout.extent(0), dout.extent(1), lse.extent(0), qkv.extent(0), qkv.extent(1),
               heads_local, ws);
  FF_REQUIRE(out.extent(0) == dout.extent(0) && out.extent(1) == dout.extent(1) && dqkv.extent(0) == qkv.extent(0) &&
                 dqkv.extent(1) == qkv.extent(1),
             "ring attention backward: out ({},{}) dout ({},{}) dqkv ({},{}) qkv ({},{})", out.extent(0),
             out.extent(1), dout.extent(0), dout.extent(1), dqkv.extent(0), dqkv.extent(1), qkv.extent(0),
             qkv.extent(1));
  FF_REQUIRE(ws.dq.extent(0) != 0, "ring attention backward on a forward-only workspace");
  const ExecSpace& exec = ctx.compute();
  const int G = ws.layout.ranks, me = ring.rank(), n = ws.rows(), hs = ws.head_size, heads = ws.heads;
  const int bh = ws.batch * heads, block_rows = ws.block_rows();
  const RingLayout layout = ws.layout;
  const float scale = 1.0f / kmath::sqrt(static_cast<float>(hs));
  const int width = static_cast<int>(qkv.extent(1)), c_loc = heads * hs;

  permute_to_heads(exec, qkv.data(), width, 0, ws.q.data(), ws.batch, n, heads, hs, 1, "fourfold::ring_attention::permute_q");
  permute_to_heads(exec, dout.data(), c_loc, 0, ws.d_o.data(), ws.batch, n, heads, hs, 1,
                "fourfold::ring_attention::permute_dout");
  pack_local_block(exec, qkv, ws, ws.kv[0]);
  Kokkos::deep_copy(exec, ws.dq, 0.0f);

  // delta (B NH n) = rowsum(dO * O) per head.
  float* const delta = ws.delta.data();
  const float* const dout_data = dout.data();
  const float* const out_data = out.data();
  count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(bh) * n * (2.0 * hs + 1)));
  Kokkos::parallel_for(
      "fourfold::ring_attention::delta", TeamPolicy(exec, bh * n, Kokkos::AUTO), KOKKOS_LAMBDA(const Team& team) {
        const int b = team.league_rank() / (heads * n), hd = team.league_rank() / n % heads, t = team.league_rank() % n;
        const std::size_t base = (static_cast<std::size_t>(b) * n + t) * c_loc + static_cast<std::size_t>(hd) * hs;
        float dot = 0.0f;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, hs), [&](const int j, float& acc) { acc += dout_data[base + j] * out_data[base + j]; },
            dot);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { delta[team.league_rank()] = dot; });
      });

  float* const s_data = ws.scores.data();
  float* const dp_data = ws.dscores.data();
  const float* const lse_data = lse.data();
  const StridedBatch<const float> p_batch{s_data, n, 0, static_cast<std::int64_t>(block_rows) * n, ws.scores.size()};
  const StridedBatch<const float> ds_batch{dp_data, n, 0, static_cast<std::int64_t>(block_rows) * n,
                                           ws.dscores.size()};
  comm::Request gradients;  // the dK/dV accumulator in flight
  for (int s = 0; s < G; ++s) {
    const Vector& current = ws.kv[s % 2];
    comm::Request next;
    if (s + 1 < G) next = comm::ring_exchange_start(exec, ring, current, ws.kv[(s + 1) % 2]);
    const int src = (me - s + G) % G;
    expand_block(exec, ws, current);
    Kokkos::deep_copy(exec, ws.dk, 0.0f);
    Kokkos::deep_copy(exec, ws.dv, 0.0f);
    for_each_row_block(ws, me, src, [&](const RowBlock& r) {
      const auto q_rows = heads_of<const float>(ws.q.data(), ws.q.size(), n, hs, r.first);
      const auto do_rows = heads_of<const float>(ws.d_o.data(), ws.d_o.size(), n, hs, r.first);
      const auto keys_k = heads_of<const float>(ws.k.data(), ws.k.size(), n, hs);
      // S = scale Q K^T and dP = dO V^T over the block's keys.
      gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.rows, r.keys, hs, scale, q_rows, keys_k, 0.0f,
                           {s_data, n, 0, static_cast<std::int64_t>(block_rows) * n, ws.scores.size()}, 1, bh,
                           "fourfold::ring_attention::rescores");
      gemm_strided_batched(ctx.gemm(), Op::none, Op::transpose, r.rows, r.keys, hs, 1.0f, do_rows,
                           heads_of<const float>(ws.v.data(), ws.v.size(), n, hs), 0.0f,
                           {dp_data, n, 0, static_cast<std::int64_t>(block_rows) * n, ws.dscores.size()}, 1, bh,
                           "fourfold::ring_attention::dprobs");
      // P = exp(S - lse) where the query sees the key, else 0; dS = scale P (dP - delta). In place.
      const int first = r.first, rows = r.rows, keys = r.keys;
      const bool masked = r.masked;
      count_work(WorkKind::softmax, bytes_of<float>(static_cast<double>(bh) * rows * (4.0 * keys + 2)));
      Kokkos::parallel_for(
          "fourfold::ring_attention::softmax_backward", TeamPolicy(exec, bh * rows, Kokkos::AUTO),
          KOKKOS_LAMBDA(const Team& team) {
            const int b = team.league_rank() / rows, i = team.league_rank() % rows;
            const int p = layout.position(me, first + i);
            const std::size_t row = static_cast<std::size_t>(b) * n + first + i;
            const std::size_t start = (static_cast<std::size_t>(b) * block_rows + i) * n;
            float* const srow = s_data + start;
            float* const dprow = dp_data + start;
            const float row_lse = lse_data[row], row_delta = delta[row];
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, keys), [&](const int j) {
              const float pj = !masked || layout.position(src, j) <= p ? fast_exp(srow[j] - row_lse) : 0.0f;
              srow[j] = pj;
              dprow[j] = scale * pj * (dprow[j] - row_delta);
            });
          });
      // dV[0, keys) += P^T dO[rows]; dQ[rows] += dS K[0, keys); dK[0, keys) += dS^T Q[rows].
      gemm_strided_batched(ctx.gemm(), Op::transpose, Op::none, r.keys, hs, r.rows, 1.0f, p_batch, do_rows, 1.0f,
                           heads_of<float>(ws.dv.data(), ws.dv.size(), n, hs), 1, bh,
                           "fourfold::ring_attention::dvalues");
      gemm_strided_batched(ctx.gemm(), Op::none, Op::none, r.rows, hs, r.keys, 1.0f, ds_batch, keys_k, 1.0f,
                           heads_of<float>(ws.dq.data(), ws.dq.size(), n, hs, r.first), 1, bh,
                           "fourfold::ring_attention::dqueries");
      gemm_strided_batched(ctx.gemm(), Op::transpose, Op::none, r.keys, hs, r.rows, 1.0f, ds_batch, q_rows, 1.0f,
                           heads_of<float>(ws.dk.data(), ws.dk.size(), n, hs), 1, bh,
                           "fourfold::ring_attention::dkeys");
    });
    // The accumulator of src's keys arrives from the rank before (it started it at step s - 1);
    // this step's part is added and it moves on (the last transfer hands each rank its own).
    if (gradients.active()) gradients.wait(exec);
    const Vector& accumulator = ws.dkv[s % 2];
    reduce_block_gradient(exec, ws, accumulator, s == 0);
    if (G > 1) gradients = comm::ring_exchange_start(exec, ring, accumulator, ws.dkv[(s + 1) % 2]);
    if (next.active()) next.wait(exec);
  }
  if (gradients.active()) gradients.wait(exec);
  const Vector& own = ws.dkv[G > 1 ? G % 2 : 0];
  const std::size_t half = ws.kv_block_size() / 2;
  const int q_width = heads * hs, kv_width = ws.kv_heads * hs, dwidth = static_cast<int>(dqkv.extent(1));
  permute_from_heads(exec, dqkv.data(), dwidth, 0, ws.dq.data(), ws.batch, n, heads, hs, 1,
                "fourfold::ring_attention::gather_dq");
  permute_from_heads(exec, dqkv.data(), dwidth, q_width, own.data(), ws.batch, n, ws.kv_heads, hs, 1,
                "fourfold::ring_attention::gather_dk");
  permute_from_heads(exec, dqkv.data(), dwidth, q_width + kv_width, own.data() + half, ws.batch, n, ws.kv_heads, hs, 1,
                "fourfold::ring_attention::gather_dv");
}

}  // namespace fourfold
