#include "layers/linear.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/gemm.hpp"
#include "core/profiling.hpp"
#include "layers/bf16_wire.hpp"
#include "layers/elementwise.hpp"
#include "layers/sequence_shard.hpp"

#include <string_view>
#include <utility>

namespace fourfold {

namespace {

std::vector<int> equal_groups(std::string_view name, int out_features, int groups) {
  FF_REQUIRE(groups > 0 && out_features % groups == 0, "layer {}: out_features {} cannot form {} equal groups", name,
             out_features, groups);
  return std::vector<int>(static_cast<std::size_t>(groups), out_features / groups);
}

}  // namespace

ParallelLinear::ParallelLinear(std::string name, int out_features, int in_features, Orientation orientation,
                               int out_groups, const comm::Grid& grid)
    : ParallelLinear(name, equal_groups(name, out_features, out_groups), in_features, orientation, grid) {}

ParallelLinear::ParallelLinear(std::string name, const std::vector<int>& out_group_features, int in_features,
                               Orientation orientation, const comm::Grid& grid)
    : name_(std::move(name)), orientation_(orientation), k_(in_features) {
  const bool normal = orientation == Orientation::normal;
  const comm::Communicator& in_group = normal ? grid.x() : grid.y();   // splits k
  const comm::Communicator& out_group = normal ? grid.y() : grid.x();  // splits n
  const char* in_axis = normal ? "G_x" : "G_y";
  const char* out_axis = normal ? "G_y" : "G_x";
  FF_REQUIRE(k_ % in_group.size() == 0,
             "layer {}: in_features {} is not divisible by {} = {} (grid {})", name_, k_, in_axis,
             in_group.size(), grid.shape().str());
  FF_REQUIRE(!out_group_features.empty(), "layer {}: no output groups", name_);
  for (std::size_t g = 0; g < out_group_features.size(); ++g) {
    const int features = out_group_features[g];
    FF_REQUIRE(features > 0 && features % out_group.size() == 0,
               "layer {}: output group {} of {} has {} features, not divisible by {} = {} (grid {})", name_, g,
               out_group_features.size(), features, out_axis, out_group.size(), grid.shape().str());
    out_groups_.push_back(static_cast<std::size_t>(features));
    n_ += static_cast<std::size_t>(features);
  }
  n_local_ = n_ / out_group.size();
  k_local_ = k_ / in_group.size();
  out_shard_ = out_group.rank();
  in_shard_ = in_group.rank();
  z_size_ = grid.z().size();
  z_rank_ = grid.z().rank();
  FF_REQUIRE(block_size() % z_size_ == 0,
             "layer {}: the weight block {}x{} = {} elements cannot be cut into G_z = {} equal "
             "chunks (grid {})",
             name_, n_local_, k_local_, block_size(), z_size_, grid.shape().str());
  forward_group_ = &in_group;
  backward_group_ = &out_group;
  z_group_ = &grid.z();
  z_prefetch_group_ = &grid.z_prefetch();
}

MatrixShard ParallelLinear::weight_shard() const {
  MatrixShard s;
  s.rows = n_;
  s.cols = k_;
  s.local_rows = n_local_;
  s.local_cols = k_local_;
  s.row_shard = out_shard_;
  s.col_begin = in_shard_ * k_local_;
  if (out_groups_.size() > 1) s.row_groups = out_groups_;
  return s;
}

MatrixShard ParallelLinear::bias_shard() const {
  MatrixShard s = weight_shard();
  s.cols = 1;
  s.local_cols = 1;
  s.col_begin = 0;
  return s;
}

comm::Request ParallelLinear::gather_weight(const ExecSpace& exec, const ConstVector& weight_chunk,
                                           const Vector& block, bool start) const {
  FF_ASSERT(weight_chunk.size() == chunk_size() && block.size() == block_size(), "{}: gather {} -> {}", name_,
            weight_chunk.size(), block.size());
  return comm::all_gather_start(exec, *z_prefetch_group_, weight_chunk, block, start);
}

comm::Request ParallelLinear::gather_weight(const ExecSpace& exec, const ConstBf16Vector& weight_chunk,
                                           const Bf16Vector& block, bool start) const {
  FF_ASSERT(weight_chunk.size() == chunk_size() && block.size() == block_size(), "{}: bf16 gather {} -> {}", name_,
            weight_chunk.size(), block.size());
  return comm::all_gather_start(exec, *z_prefetch_group_, weight_chunk, block, start);
}

comm::Request ParallelLinear::reduce_weight_grad(const ExecSpace& exec, const ConstVector& dweight_block,
                                                 const Vector& reduced, bool start) const {
  FF_ASSERT(dweight_block.size() == block_size() && reduced.size() == chunk_size(), "{}: reduce-scatter {} -> {}",
            name_, dweight_block.size(), reduced.size());
  return comm::reduce_scatter_start(exec, *z_group_, dweight_block, reduced, start);
}

comm::Request ParallelLinear::reduce_weight_grad(const ExecSpace& exec, const ConstBf16Vector& dweight_block,
                                                 const Bf16Vector& reduced, bool start) const {
  FF_ASSERT(dweight_block.size() == block_size() && reduced.size() == chunk_size(), "{}: bf16 reduce-scatter {} -> {}",
            name_, dweight_block.size(), reduced.size());
  return comm::reduce_scatter_start(exec, *z_group_, dweight_block, reduced, start);
}

namespace {

/// Rows [begin, end) of a row-major matrix held in fp32 or bf16.
HeldMatrix held_rows(const HeldMatrix& m, std::size_t begin, std::size_t end) {
  if (m.is_bf16()) return ConstBf16Matrix(m.bf16.data() + begin * m.cols(), end - begin, m.cols());
  return ConstMatrix(m.fp32.data() + begin * m.cols(), end - begin, m.cols());
}

// A product whose partial sums a group adds up (the forward's output over the k shards, the
// backward's input gradient over the n shards): out (m, w) = a (m, ·) op_b(b), multiplied where
// the group has several ranks in P GEMMs of consecutive rows ("pieces") whatever the chunks (a
// BLAS may round a row differently in a GEMM of other rows: OpenBLAS's edge kernels do, cuBLAS
// picks kernels by shape), else in one GEMM and one chunk (a group of one only rounds onto a bf16
// wire) unless `pieced` (a normal layer on a grid with G_y > 1, which sequence sharding's gathered
// forward multiplies in pieces), and summed over `group` in chunks of pieces, each chunk's sum started (or run, when not
// `start`) once its pieces are enqueued, so that it runs behind the next chunk's GEMMs. In bf16
// mode `wire` carries each chunk's rows.
//
// All-reduced (the output replicated over the group): P = summed_gemm_pieces(m); piece p is rows
// [p m / P, (p + 1) m / P) of out, chunk c pieces [c P / chunks, (c + 1) P / chunks), summed in
// place.
//
// Scattered (sequence_shard.hpp: rank r of the group keeps rows [r m / G, (r + 1) m / G) of the
// sum): P = sequence_scatter_pieces(G), q = P / G pieces per shard; the pieces are written into
// `out` (m, w: scratch, the reduce-scatter's send buffer) in chunk order, chunk c holding for
// each shard r in turn its pieces [c q / chunks, (c + 1) q / chunks), so that one reduce-scatter of
// the chunk's m / chunks rows hands each rank rows [c m_s / chunks, (c + 1) m_s / chunks) of its
// shard `shard` (m_s = m / G, w). The same pieces as all-reduced for G dividing max_row_chunks:
// the same values, row for row; the wire then carries the send rows, and its last m_s w elements
// the received ones.
//
// Gathered (sequence sharding, a normal layer's forward: `a` arrives over Y by row chunks,
// RowChunkGather): the scattered pieces read the other way round. Chunk c's GEMMs wait for the
// gather's chunk c and read each shard r's pieces where the chunk layout has them, writing
// them to their rows of `out`; then each shard's rows of the chunk, [r m_s + c m_s / chunks, ...),
// are summed over `group` (one range each; a group of one rounds all rows onto the wire once,
// at the end). The same pieces as all-reduced (pieced) for G_y dividing max_row_chunks.
class PartialSums {
 public:
  PartialSums(const Matrix& out, const comm::Communicator& group, const Bf16Vector& wire, int row_chunks,
              bool pieced = false)
      : out_(out),
        group_(group),
        wire_(wire),
        pieces_(group.size() == 1 && !pieced ? 1 : summed_gemm_pieces(out.extent(0))),
        chunks_(group.size() == 1 ? 1 : std::min<std::size_t>(static_cast<std::size_t>(row_chunks), pieces_)) {}
  PartialSums(const Matrix& out, const comm::Communicator& group, const Bf16Vector& wire, RowChunkGather& gather)
      : out_(out),
        group_(group),
        wire_(wire),
        pieces_(sequence_scatter_pieces(gather.group().size())),
        chunks_(gather.chunks()),
        gather_(&gather) {
    FF_ASSERT(out.extent(0) % pieces_ == 0 && gather.full().rows() == out.extent(0) &&
                  chunks_ * static_cast<std::size_t>(gather.group().size()) <= 2 * max_row_chunks,
              "gathered product of {} rows ({} pieces) from {} gathered rows in {} chunks", out.extent(0), pieces_,
              gather.full().rows(), chunks_);
  }
  PartialSums(const Matrix& send, const Matrix& shard, const comm::Communicator& group, const Bf16Vector& wire,
              int row_chunks)
      : out_(send),
        shard_(shard),
        group_(group),
        wire_(wire),
        pieces_(sequence_scatter_pieces(group.size())),
        chunks_(sequence_scatter_chunks(group.size(), row_chunks)),
        scattered_(true) {
    FF_ASSERT(send.extent(0) % pieces_ == 0 && shard.extent(0) * group.size() == send.extent(0) &&
                  shard.extent(1) == send.extent(1),
              "reduce-scatter of {}x{} rows into a shard of {}x{} over {} ranks ({} pieces)", send.extent(0),
              send.extent(1), shard.extent(0), shard.extent(1), group.size(), pieces_);
  }

  /// `a`: the product's left operand (m rows), unused when gathered (the gather's buffer is).
  void multiply_and_start(ExecutionContext& ctx, Op op_b, const HeldMatrix& a, const WeightBlock& b, bool start,
                          const char* label) {
    const std::size_t shards = shard_count();
    const std::size_t per_shard = pieces_ / shards, shard_rows = out_.extent(0) / shards;
    for (std::size_t c = 0; c < chunks_; ++c) {
      if (gather_ != nullptr) gather_->wait(ctx.compute(), c);
      const std::size_t first = c * per_shard / chunks_, last = (c + 1) * per_shard / chunks_;
      for (std::size_t r = 0; r < shards; ++r) {
        for (std::size_t j = first; j < last; ++j) {
          const std::size_t piece = r * per_shard + j;
          const std::size_t begin = piece_row(piece), end = piece_row(piece + 1);
          // Scattered (equal pieces, chunks cutting every shard evenly): the chunk's place for shard r.
          const std::size_t to = scattered_ ? c * (out_.extent(0) / chunks_) + r * (out_.extent(0) / shards / chunks_) +
                                                  (j - first) * (end - begin)
                                            : begin;
          const HeldMatrix rows = gather_ != nullptr
                                      ? gather_->shard_rows(r, begin - r * shard_rows, end - r * shard_rows)
                                      : held_rows(a, begin, end);
          gemm_held(ctx.gemm(), Op::none, op_b, 1.0f, rows, b, 0.0f, out_rows(to, to + end - begin), label);
        }
      }
      if (scattered_) {
        pending_[c] = start_scatter(ctx.compute(), c, start);
      } else if (gather_ == nullptr) {
        pending_[c] = start_activation_all_reduce(ctx.compute(), group_, flat(out_rows(chunk_row(c), chunk_row(c + 1))),
                                                  wire_rows(chunk_row(c), chunk_row(c + 1)), start);
      } else if (group_.size() > 1) {
        for (std::size_t k = c * shards; k < (c + 1) * shards; ++k) pending_[k] = start_sum(ctx.compute(), k, start);
      }
    }
    if (gather_ != nullptr && group_.size() == 1) pending_[0] = start_sum(ctx.compute(), 0, false);
  }
  /// After multiply_and_start: every chunk's sum complete for work enqueued on exec.
  void finish(const ExecSpace& exec) {
    if (gather_ != nullptr) {
      for (std::size_t k = 0; k < sum_ranges(); ++k) {
        if (pending_[k].active()) pending_[k].wait(exec);
        const auto [begin, end] = sum_range(k);
        finish_activation_all_reduce(exec, group_, flat(out_rows(begin, end)), wire_rows(begin, end));
      }
      return;
    }
    for (std::size_t c = 0; c < chunks_; ++c) {
      if (pending_[c].active()) pending_[c].wait(exec);
      if (scattered_) {
        if (wire_.extent(0) != 0) unpack_bf16(exec, WorkKind::wire, flat(shard_chunk(c)), received_wire(c));
      } else {
        finish_activation_all_reduce(exec, group_, flat(out_rows(chunk_row(c), chunk_row(c + 1))),
                                     wire_rows(chunk_row(c), chunk_row(c + 1)));
      }
    }
  }

 private:
  std::size_t shard_count() const {
    if (scattered_) return static_cast<std::size_t>(group_.size());
    return gather_ != nullptr ? static_cast<std::size_t>(gather_->group().size()) : 1;
  }
  // Gathered: the ranges of rows summed apart, indexed as their requests in pending_: where the
  // group sums, shard r's rows of chunk c at c * shards + r; a group of one, every row at 0.
  std::size_t sum_ranges() const { return group_.size() > 1 ? chunks_ * shard_count() : 1; }
  std::pair<std::size_t, std::size_t> sum_range(std::size_t k) const {
    if (group_.size() == 1) return {0, out_.extent(0)};
    const std::size_t shards = shard_count(), shard_rows = out_.extent(0) / shards, r = k % shards, c = k / shards;
    return {r * shard_rows + c * shard_rows / chunks_, r * shard_rows + (c + 1) * shard_rows / chunks_};
  }
  comm::Request start_sum(const ExecSpace& exec, std::size_t k, bool start) {
    const auto [begin, end] = sum_range(k);
    return start_activation_all_reduce(exec, group_, flat(out_rows(begin, end)), wire_rows(begin, end), start);
  }
  std::size_t piece_row(std::size_t p) const { return p * out_.extent(0) / pieces_; }
  std::size_t chunk_row(std::size_t c) const { return piece_row(c * pieces_ / chunks_); }
  Matrix out_rows(std::size_t begin, std::size_t end) const {
    return Matrix(out_.data() + begin * out_.extent(1), end - begin, out_.extent(1));
  }
  Bf16Vector wire_rows(std::size_t begin, std::size_t end) const {
    if (wire_.extent(0) == 0) return wire_;
    return Bf16Vector(wire_.data() + begin * out_.extent(1), (end - begin) * out_.extent(1));
  }
  // Scattered: chunk c's rows of this rank's shard, and where the wire receives them.
  Matrix shard_chunk(std::size_t c) const {
    const std::size_t rows = shard_.extent(0) / chunks_;
    return Matrix(shard_.data() + c * rows * shard_.extent(1), rows, shard_.extent(1));
  }
  Bf16Vector received_wire(std::size_t c) const {
    const std::size_t w = out_.extent(1), rows = shard_.extent(0) / chunks_;
    return Bf16Vector(wire_.data() + (out_.extent(0) + c * rows) * w, rows * w);
  }
  comm::Request start_scatter(const ExecSpace& exec, std::size_t c, bool start) {
    const std::size_t rows = out_.extent(0) / chunks_;
    const Matrix send = out_rows(c * rows, (c + 1) * rows);
    if (wire_.extent(0) == 0) return comm::reduce_scatter_start(exec, group_, flat(send), flat(shard_chunk(c)), start);
    FF_ASSERT(wire_.extent(0) >= (out_.extent(0) + shard_.extent(0)) * out_.extent(1),
              "bf16 reduce-scatter of {}x{} rows through a wire of {}", out_.extent(0), out_.extent(1),
              wire_.extent(0));
    const Bf16Vector staged = wire_rows(c * rows, (c + 1) * rows);
    pack_bf16(exec, WorkKind::wire, staged, flat(send));
    return comm::reduce_scatter_start(exec, group_, staged, received_wire(c), start);
  }

  Matrix out_;
  Matrix shard_;  // scattered: this rank's rows of the sum
  const comm::Communicator& group_;
  Bf16Vector wire_;
  std::size_t pieces_, chunks_;
  bool scattered_ = false;
  RowChunkGather* gather_ = nullptr;          // gathered: where `a` arrives
  comm::Request pending_[2 * max_row_chunks];  // gathered: chunks x shards sums (at most 16)
};

}  // namespace

void ParallelLinear::forward_block(ExecutionContext& ctx, const Matrix& out, const HeldMatrix& in,
                                   const WeightBlock& weight, const ConstVector& bias,
                                   const LinearWorkspace& ws, int row_chunks) const {
  forward_summed(ctx, out, Matrix(), in, nullptr, weight, bias, ws, row_chunks);
}

void ParallelLinear::forward_block_gathered(ExecutionContext& ctx, const Matrix& out, RowChunkGather& in,
                                            const WeightBlock& weight, const ConstVector& bias,
                                            const LinearWorkspace& ws) const {
  FF_ASSERT(orientation_ == Orientation::normal && &in.group() == backward_group_,
            "{}: a forward on rows gathered over Y needs a normal layer (Y its backward group)", name_);
  forward_summed(ctx, out, Matrix(), in.full(), &in, weight, bias, ws, static_cast<int>(in.chunks()));
}

void ParallelLinear::forward_block_scattered(ExecutionContext& ctx, const Matrix& out_shard, const Matrix& partials,
                                             const HeldMatrix& in, const WeightBlock& weight, const ConstVector& bias,
                                             const LinearWorkspace& ws, int row_chunks) const {
  FF_ASSERT(orientation_ == Orientation::transposed && forward_group_->size() > 1,
            "{}: a forward reduce-scatter over rows needs a transposed layer summed over several ranks", name_);
  forward_summed(ctx, partials, out_shard, in, nullptr, weight, bias, ws, row_chunks);
}

void ParallelLinear::forward_summed(ExecutionContext& ctx, const Matrix& out, const Matrix& shard, const HeldMatrix& in,
                                    RowChunkGather* gather, const WeightBlock& weight, const ConstVector& bias,
                                    const LinearWorkspace& ws, int row_chunks) const {
  ScopedRegion region("fourfold::linear::forward");
  const bool scattered = shard.data() != nullptr;
  const ExecSpace& exec = ctx.compute();
  FF_ASSERT(out.extent(1) == n_local_ && in.cols() == k_local_ && out.extent(0) == in.rows() &&
                weight.rows() == n_local_ && weight.cols() == k_local_,
            "{}: out {}x{} in {}x{} weight {}x{} for block {}x{}", name_, out.extent(0), out.extent(1), in.rows(),
            in.cols(), weight.rows(), weight.cols(), n_local_, k_local_);
  FF_ASSERT(row_chunks >= 1 && row_chunks <= max_row_chunks, "{}: {} row chunks (1 to {})", name_, row_chunks,
            max_row_chunks);
  // The bias in the GEMM (gemm_bias: cuBLASLt's epilogue on CUDA, elsewhere the same GEMM and add
  // as below) where nothing comes between them: one rank sums the k shards (its all-reduce leaves
  // the values as they are) and they cross no bf16 wire (which rounds the sum before the bias).
  // A normal layer on a grid with G_y > 1 multiplies in pieces even where its X group is one
  // rank, as its gathered forward (sequence sharding) does: the same shapes, the same bits.
  const bool pieced = orientation_ == Orientation::normal && backward_group_->size() > 1;
  const bool fuse_bias = bias.extent(0) != 0 && forward_group_->size() == 1 && ws.wire.extent(0) == 0 &&
                         !in.is_bf16() && !weight.is_bf16() && !scattered && !pieced;
  if (fuse_bias) {
    gemm_bias(ctx.gemm(), Op::none, Op::transpose, in.fp32, weight.fp32, bias, out, "fourfold::linear::forward::gemm");
  } else {
    // The forward overlap (fwd) starts each chunk's all-reduce behind the next chunk's GEMMs
    // (PartialSums); every element is summed over the same ranks whatever the chunk (see
    // overlap.hpp for the reduction order).
    // Scattered, each rank keeps its rows of the sum (sequence_shard.hpp).
    // Gathered: each chunk's GEMMs wait for its rows only (RowChunkGather).
    PartialSums sums = scattered          ? PartialSums(out, shard, *forward_group_, ws.wire, row_chunks)
                       : gather != nullptr ? PartialSums(out, *forward_group_, ws.wire, *gather)
                                           : PartialSums(out, *forward_group_, ws.wire, row_chunks, pieced);
    sums.multiply_and_start(ctx, Op::transpose, in, weight, row_chunks > 1, "fourfold::linear::forward::gemm");
    sums.finish(exec);
  }
  // Empty: the caller fuses the bias.
  if (bias.extent(0) != 0 && !fuse_bias) add_row_bias(exec, scattered ? shard : out, bias);
}

void ParallelLinear::backward_block(ExecutionContext& ctx, const Matrix& din, const Matrix& dweight,
                                    float dweight_beta, const Vector& dbias, const ConstMatrix& dout,
                                    const HeldMatrix& in, const WeightBlock& weight, const LinearWorkspace& ws,
                                    bool overlap_input_grad, int row_chunks) const {
  backward_summed(ctx, din, Matrix(), dweight, dweight_beta, dbias, dout, nullptr, in, weight, ws, overlap_input_grad,
                  row_chunks, nullptr);
}

void ParallelLinear::backward_block_gathered(ExecutionContext& ctx, const Matrix& din, const Matrix& dweight,
                                             float dweight_beta, const Vector& dbias, RowChunkGather& dout,
                                             const HeldMatrix& in, const WeightBlock& weight,
                                             const LinearWorkspace& ws, bool overlap_input_grad) const {
  FF_ASSERT(orientation_ == Orientation::transposed && &dout.group() == forward_group_ &&
                dout.natural().data() != nullptr,
            "{}: a backward on an output gradient gathered over Y in row order needs a transposed layer", name_);
  backward_summed(ctx, din, Matrix(), dweight, dweight_beta, dbias, dout.natural(), &dout, in, weight, ws,
                  overlap_input_grad, static_cast<int>(dout.chunks()), nullptr);
}

void ParallelLinear::backward_block_scattered(ExecutionContext& ctx, const Matrix& din_shard,
                                              const Matrix& din_partials, const Matrix& dweight, float dweight_beta,
                                              const Vector& dbias, const ConstMatrix& dout, const HeldMatrix& in,
                                              const WeightBlock& weight, const LinearWorkspace& ws,
                                              bool overlap_input_grad, int row_chunks, comm::Request* in_gather) const {
  FF_ASSERT(orientation_ == Orientation::normal && backward_group_->size() > 1,
            "{}: an input-gradient reduce-scatter over rows needs a normal layer summed over several ranks", name_);
  backward_summed(ctx, din_partials, din_shard, dweight, dweight_beta, dbias, dout, nullptr, in, weight, ws,
                  overlap_input_grad, row_chunks, in_gather);
}

void ParallelLinear::backward_summed(ExecutionContext& ctx, const Matrix& din, const Matrix& din_shard,
                                     const Matrix& dweight, float dweight_beta, const Vector& dbias,
                                     const ConstMatrix& dout, RowChunkGather* dout_gather, const HeldMatrix& in,
                                     const WeightBlock& weight, const LinearWorkspace& ws, bool overlap_input_grad,
                                     int row_chunks, comm::Request* in_gather) const {
  ScopedRegion region("fourfold::linear::backward");
  const ExecSpace& exec = ctx.compute();
  // bf16 mode: dout rounded once here, then read as it is by both GEMMs (the same values each
  // would have rounded it to). The bias gradient reads the fp32 dout; with a bias, that read
  // writes the rounded copy too (one pass over dout for both), else a conversion pass does.
  // Gathered by row chunks (dout_gather): each chunk rounded as it arrives (RowChunkGather), the
  // bias gradient read from the fp32 rows after the input gradient's GEMMs.
  HeldMatrix dout_operand = dout_gather != nullptr ? dout_gather->full() : HeldMatrix(dout);
  bool bias_done = false;
  if (dout_gather == nullptr && ws.output_grad.extent(0) != 0 && ctx.gemm().precision() == GemmPrecision::bf16) {
    FF_ASSERT(ws.output_grad.extent(0) >= dout.size(), "{}: dout of {} elements, a bf16 copy of {}", name_,
              dout.size(), ws.output_grad.extent(0));
    const Bf16Vector rounded = Kokkos::subview(ws.output_grad, Kokkos::make_pair(std::size_t{0}, dout.size()));
    if (dbias.extent(0) != 0 && ws.column_partials.extent(0) != 0) {
      accumulate_column_sums(ctx, dbias, dout, ws.ones, ws.column_partials, rounded);
      bias_done = true;
    } else {
      pack_bf16(exec, WorkKind::conversion, rounded, ConstVector(dout.data(), dout.size()));
    }
    dout_operand = ConstBf16Matrix(rounded.data(), dout.extent(0), dout.extent(1));
  }
  // dX partial sums over this rank's n shard, summed over the n shards: by row chunks where the
  // group sums (each chunk's sum behind the next chunk's GEMMs), and with OAR while dW is
  // computed. The same sums whatever the chunks and the overlap.
  // A transposed layer on a grid with G_y > 1 multiplies in pieces even where X is one rank, as
  // its gathered backward (sequence sharding) does.
  const bool pieced = orientation_ == Orientation::transposed && forward_group_->size() > 1;
  PartialSums din_sums = din_shard.data() != nullptr ? PartialSums(din, din_shard, *backward_group_, ws.wire, row_chunks)
                         : dout_gather != nullptr    ? PartialSums(din, *backward_group_, ws.wire, *dout_gather)
                                                     : PartialSums(din, *backward_group_, ws.wire, row_chunks, pieced);
  din_sums.multiply_and_start(ctx, Op::none, dout_operand, weight, overlap_input_grad || row_chunks > 1,
                              "fourfold::linear::backward::dinput");
  if (!overlap_input_grad) din_sums.finish(exec);
  if (in_gather != nullptr && in_gather->active()) in_gather->wait(exec);  // `in`, gathered behind dX's GEMMs
  // The bias gradient as the GEMM dout^T ones (fp32 operands, no column-sum partials: fp32 mode)
  // with dW from the same read of dout (gemm_bias_grad: cuBLASLt's BGRADB epilogue on CUDA,
  // elsewhere the same two GEMMs in the same order as below).
  const bool fuse_bias_grad = dbias.extent(0) != 0 && !bias_done && ws.column_partials.extent(0) == 0 &&
                              !dout_operand.is_bf16() && !in.is_bf16();
  if (fuse_bias_grad) {
    gemm_bias_grad(ctx.gemm(), Op::transpose, Op::none, dout, in.fp32, dweight_beta, dweight, dbias, ws.ones,
                   "fourfold::linear::backward::dweight");
  } else {
    gemm_held(ctx.gemm(), Op::transpose, Op::none, 1.0f, dout_operand, in, dweight_beta, dweight,
              "fourfold::linear::backward::dweight");
    if (dbias.extent(0) != 0 && !bias_done) {  // empty: no bias (Llama)
      accumulate_column_sums(ctx, dbias, dout, ws.ones, ws.column_partials);
    }
  }
  if (overlap_input_grad) din_sums.finish(exec);
}

void ParallelLinear::forward(ExecutionContext& ctx, const Matrix& out, const ConstMatrix& in,
                             const ConstVector& weight_chunk, const ConstVector& bias,
                             const LinearWorkspace& ws) const {
  const auto gathered = [&] {
    // With G_z = 1 the chunk is the whole block: used in place (the gather would be a copy).
    if (z_size_ == 1) return ConstMatrix(weight_chunk.data(), n_local_, k_local_);
    const Vector block = Kokkos::subview(ws.weight_block, Kokkos::make_pair(std::size_t{0}, block_size()));
    gather_weight(ctx.compute(), weight_chunk, block, false);
    return ConstMatrix(block.data(), n_local_, k_local_);
  };
  forward_block(ctx, out, in, WeightBlock(gathered()), bias, ws);
}

}  // namespace fourfold
