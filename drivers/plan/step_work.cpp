#include "drivers/plan/step_work.hpp"

#include "layers/attention_blocking.hpp"
#include "layers/overlap.hpp"

#include <algorithm>
#include <cmath>

namespace fourfold::plan {

void StepWork::add(WorkKind kind, double bytes_moved, long count) {
  const int k = static_cast<int>(kind);
  launches[k] += count;
  bytes[k] += static_cast<double>(static_cast<long long>(bytes_moved));  // as the ledger adds them
}

long StepWork::total_launches() const {
  long total = 0;
  for (long l : launches) total += l;
  return total;
}

double StepWork::total_bytes() const {
  double total = 0.0;
  for (double b : bytes) total += b;
  return total;
}

// Named, not anonymous: the unity builds of the GPU compile stages put this file in one
// translation unit with the cost model's own byte-size constants.
namespace step_work_detail {

constexpr double f32 = 4.0, b16 = 2.0;
constexpr std::size_t column_sum_chunk_rows = 32;  // layers/elementwise.hpp
constexpr std::size_t layernorm_chunk_rows = 32;   // layers/layernorm.hpp

double ceil_div(double a, double b) { return std::ceil(a / b); }

// Which of a block's matrices a mode keeps, and in bf16 mode how (layers/gpt_memory.cpp).
enum class Field { ln1, qkv, atty, res2, ln2, fch, fch_gelu, res3 };

struct Kept {
  Recompute recompute;
  bool bf16;
  bool kept(Field f) const {
    switch (f) {
      case Field::ln1:
      case Field::ln2:
      case Field::fch_gelu: return recompute == Recompute::none;
      case Field::res3: return true;
      case Field::atty: return recompute == Recompute::none || recompute == Recompute::selective;
      default: return recompute != Recompute::block;
    }
  }
  // Saved for backward as a bf16 copy: every kept matrix, but block recomputation's checkpoints.
  bool saved_as_bf16(Field f) const { return bf16 && kept(f) && !(f == Field::res3 && recompute == Recompute::block); }
  // Written straight into the copy (only GEMMs read it).
  bool written_as_bf16(Field f) const {
    return (f == Field::ln1 || f == Field::ln2 || f == Field::fch_gelu) && saved_as_bf16(f);
  }
  // The embedding output's copy (the packed working set: bf16 without block recomputation).
  bool embedding_saved() const { return bf16 && recompute != Recompute::block; }
  double held_bytes(Field f) const { return saved_as_bf16(f) ? b16 : f32; }
  double out_bytes(Field f) const { return written_as_bf16(f) ? b16 : f32; }
};

// One rank's step, pass by pass: each function adds what the layer of the same name counts.
class Tally {
 public:
  Tally(const ModelDims& model, const comm::GridShape& grid, const StepDims& step, GemmRoute route)
      : model_(model), grid_(grid), step_(step), route_(route),
        kept_{step.memory.recompute, step.memory.precision == GemmPrecision::bf16} {
    bf16_ = kept_.bf16;
    gpt2_ = !model.llama();
    local_batch_ = static_cast<double>(step.micro_batch_size) / (grid.z * grid.data);
    T_ = step.seq_len;
    m_ = local_batch_ * T_;
    c_ = model.channels;
    cx_ = c_ / grid.x;
    cy_ = c_ / grid.y;
    hs_ = c_ / model.heads;
    heads_y_ = static_cast<double>(model.heads) / grid.y;
    kv_y_ = model.kv() / grid.y;
    qkv_y_ = model.qkv_width() / grid.y;
    in_y_ = model.mlp_in_width() / grid.y;
    hid_y_ = model.mlp_hidden() / grid.y;
    head_ = head_chunks(model, grid, step);
    // Sequence sharding (layers/sequence_shard.hpp): the norm region's m_s rows.
    sharded_ = step.memory.sequence_shard && grid.y > 1;
    ms_ = sharded_ ? m_ / grid.y : m_;
    segments_ = sharded_ || std::fmod(m_, grid.y) != 0.0 ? 1.0 : grid.y;
  }

  StepWork work;

  // Counts `bytes` and `count` launches, times the current repetition (identical blocks and
  // micro-batches are tallied once and multiplied: the planner searches thousands of plans).
  void add(WorkKind kind, double bytes, long count = 1) { work.add(kind, bytes * repeat_, count * repeat_); }
  template <class Body>
  void repeat(long times, const Body& body) {
    if (times <= 0) return;
    const long outer = repeat_;
    repeat_ *= times;
    body();
    repeat_ = outer;
  }

  // --- GEMMs (core/gemm.cpp): operands read once in the precision the library reads them, C
  // written (and read where beta != 0); in bf16 mode an fp32 operand is first rounded into the
  // engine's copy (a conversion of 6 bytes per element).
  void gemm(double rows, double cols, double inner, double a_elements, double b_elements, bool beta, bool a_fp32,
            bool b_fp32, double epilogue_bytes = 0.0) {
    if (bf16_ && a_fp32) add(WorkKind::conversion, (f32 + b16) * a_elements);
    if (bf16_ && b_fp32) add(WorkKind::conversion, (f32 + b16) * b_elements);
    (void)inner;
    add(WorkKind::gemm,
        operand_bytes() * (a_elements + b_elements) + f32 * rows * cols * (beta ? 2 : 1) + epilogue_bytes);
  }
  // cuBLASLt fuses the linear layers' bias and bias gradient into their GEMMs in fp32 mode.
  bool fused_epilogues() const { return route_ == GemmRoute::cuda && !bf16_; }
  // Strided batch of `batch` products (rows x inner) (inner x cols), operands already in the
  // GEMM's precision (attention's head-major buffers).
  void batched_gemm(double batch, double rows, double cols, double inner, bool beta) {
    const double bytes = batch * (operand_bytes() * (rows * inner + inner * cols) + f32 * rows * cols * (beta ? 2 : 1));
    const long launches = bf16_ || route_ == GemmRoute::cuda ? 1 : static_cast<long>(batch);
    add(WorkKind::gemm, bytes, launches);
  }

  // --- bf16 on the wire (layers/bf16_wire.cpp).
  void pack(WorkKind kind, double n) { add(kind, (f32 + b16) * n); }
  // A linear layer's X/Y all-reduce of n elements over a group of `group` ranks.
  void activation_all_reduce(double n, int group) {
    if (!bf16_) return;
    if (group == 1) {
      add(WorkKind::conversion, 2.0 * f32 * n);  // rounded in place
    } else {
      pack(WorkKind::wire, n);
      pack(WorkKind::wire, n);  // and back
    }
  }

  // --- Linear layers (layers/linear.cpp): out (m, n) = in (m, k) W^T, W (n, k).
  // A product of m rows and width `width` (inner `inner`) that `group` sums (PartialSums): where
  // the group has several ranks, summed_gemm_pieces GEMMs of consecutive rows whatever the row
  // chunks, and an all-reduce per chunk of pieces (tp_chunks). Scattered (sequence sharding):
  // sequence_scatter_pieces GEMMs, and per chunk of them a reduce-scatter (bf16: its send rows
  // packed, its received rows unpacked). Gathered (sequence sharding, a normal layer's forward
  // on its input's rows gathered over Y by row chunks): sequence_scatter_pieces GEMMs, and per
  // chunk an all-reduce of each Y shard's rows of it where the group sums. A normal layer's
  // forward on a grid with G_y > 1 (`pieced`) multiplies in summed_gemm_pieces GEMMs also where
  // its group is one rank.
  void summed_product(double width, double inner, bool a_fp32, int group, bool scattered = false, bool pieced = false,
                      bool gathered = false) {
    if (gathered) {
      const double pieces = static_cast<double>(sequence_scatter_pieces(grid_.y));
      const double rows = m_ / pieces;
      repeat(static_cast<long>(pieces), [&] { gemm(rows, width, inner, rows * inner, width * inner, false, a_fp32, false); });
      if (group == 1) {
        activation_all_reduce(m_ * width, group);
        return;
      }
      const long ranges = static_cast<long>(sequence_scatter_chunks(grid_.y, std::max(step_.tp_chunks, 1))) * grid_.y;
      repeat(ranges, [&] { activation_all_reduce(m_ / static_cast<double>(ranges) * width, group); });
      return;
    }
    if (scattered) {
      const double pieces = static_cast<double>(sequence_scatter_pieces(group));
      const double chunks = static_cast<double>(sequence_scatter_chunks(group, std::max(step_.tp_chunks, 1)));
      const double rows = m_ / pieces;
      repeat(static_cast<long>(pieces), [&] { gemm(rows, width, inner, rows * inner, width * inner, false, a_fp32, false); });
      if (bf16_) {
        repeat(static_cast<long>(chunks), [&] {
          pack(WorkKind::wire, m_ / chunks * width);
          pack(WorkKind::wire, ms_ / chunks * width);
        });
      }
      return;
    }
    const double pieces =
        group == 1 && !pieced ? 1.0 : static_cast<double>(summed_gemm_pieces(static_cast<std::size_t>(m_)));
    for (int p = 0; p < static_cast<int>(pieces); ++p) {
      const double rows = std::floor((p + 1) * m_ / pieces) - std::floor(p * m_ / pieces);
      gemm(rows, width, inner, rows * inner, width * inner, false, a_fp32, false);
    }
    if (group == 1) {  // one rank: no chunks, the wire's rounding of all rows at once
      activation_all_reduce(m_ * width, group);
      return;
    }
    const double chunks = std::min(static_cast<double>(std::max(step_.tp_chunks, 1)), pieces);
    for (int c = 0; c < static_cast<int>(chunks); ++c) {
      const double end = std::floor(std::floor((c + 1) * pieces / chunks) * m_ / pieces);
      const double begin = std::floor(std::floor(c * pieces / chunks) * m_ / pieces);
      activation_all_reduce((end - begin) * width, group);
    }
  }
  // normal: q/k/v or the MLP's first layer (pieced where G_y > 1; sequence-sharded, on rows
  // gathered over Y by chunks).
  void linear_forward(double n, double k, bool in_bf16, int group, bool bias, bool scattered = false,
                      bool normal = false) {
    if (scattered) {  // a transposed layer's output into the norm region's rows, then their bias
      summed_product(n, k, !in_bf16, group, true);
      if (bias) add(WorkKind::elementwise, f32 * (2.0 * ms_ * n + n));
      return;
    }
    const bool pieced = normal && grid_.y > 1;
    // CUDA, fp32 mode: the bias in cuBLASLt's epilogue where no all-reduce comes between (gemm_bias).
    if (bias && fused_epilogues() && group == 1 && !pieced) {
      gemm(m_, n, k, m_ * k, n * k, false, false, false, f32 * n);
      return;
    }
    summed_product(n, k, !in_bf16, group, false, pieced, normal && sharded_);
    if (bias) add(WorkKind::elementwise, f32 * (2.0 * m_ * n + n));
  }
  // transposed: the attention projection or FC2 (pieced where G_y > 1; sequence-sharded, on
  // its output gradient gathered over Y by row chunks, each chunk put in row order (and rounded
  // in bf16 mode) by one kernel, RowChunkGather).
  void linear_backward(double n, double k, bool in_bf16, int backward_group, bool bias, bool scattered = false,
                       bool transposed = false) {
    bool bias_done = false;
    const bool gathered = transposed && sharded_;
    if (gathered) {
      const double chunks = static_cast<double>(sequence_scatter_chunks(grid_.y, std::max(step_.tp_chunks, 1)));
      repeat(static_cast<long>(chunks), [&] { add(WorkKind::copy, (2.0 * f32 + (bf16_ ? b16 : 0.0)) * m_ / chunks * n); });
    } else if (bf16_) {
      if (bias) {
        column_sums(n, true);
        bias_done = true;
      } else {
        pack(WorkKind::conversion, m_ * n);
      }
    }
    summed_product(k, n, false, backward_group, scattered, transposed && grid_.y > 1, gathered);  // dX: dout W
    const bool accumulate = grid_.z == 1;  // G_z > 1: into the schedule's block, then reduce-scattered
    // CUDA, fp32 mode: cuBLASLt's BGRADB writes the bias gradient beside dW (gemm_bias_grad),
    // then one kernel adds it (+=).
    const bool fused_bias_grad = bias && !bias_done && fused_epilogues();
    gemm(n, k, m_, m_ * n, m_ * k, accumulate, false, !in_bf16, fused_bias_grad ? f32 * n : 0.0);  // dW: dout^T in
    if (fused_bias_grad) {
      add(WorkKind::elementwise, 3.0 * f32 * n);
    } else if (bias && !bias_done) {
      if (bf16_) {
        column_sums(n, false);
      } else {
        gemm(n, 1, m_, m_ * n, m_, true, false, false);  // dout^T ones
      }
    }
    if (grid_.z > 1) {
      // The dW block reduce-scattered over Z (layers/linear_schedule.cpp), then its chunk added.
      const double block = n * k, chunk = block / grid_.z;
      if (step_.memory.grad_reduce == GemmPrecision::bf16) {
        pack(WorkKind::wire, block);
        add(WorkKind::wire, (2.0 * f32 + b16) * chunk);
      } else {
        add(WorkKind::elementwise, 3.0 * f32 * chunk);
      }
    }
  }
  // accumulate_column_sums (layers/elementwise.cpp), partials route, with the bf16 copy of its
  // matrix written in the same pass or not.
  void column_sums(double n, bool copy) {
    const double chunks = ceil_div(m_, static_cast<double>(column_sum_chunk_rows));
    add(WorkKind::elementwise, f32 * (m_ * n + chunks * n) + (copy ? b16 * m_ * n : 0.0));
    add(WorkKind::elementwise, f32 * (chunks * n + 2.0 * n));
  }

  // --- LayerNorm / RMSNorm (layers/layernorm.cpp) over C_x columns, on the norm region's m_s
  // rows.
  double norm_vectors() const { return gpt2_ ? 2.0 : 1.0; }
  void normalise(double out_bytes) {
    add(WorkKind::norm, f32 * (ms_ * cx_ + 2.0 * ms_ + norm_vectors() * cx_) + out_bytes * ms_ * cx_ + 16.0 * ms_);
  }
  void layernorm_forward(double out_bytes) {
    add(WorkKind::norm, f32 * ms_ * cx_ + 16.0 * ms_);
    normalise(out_bytes);
  }
  void residual_layernorm_forward(double out_bytes, bool copy) {
    add(WorkKind::norm, 3.0 * f32 * ms_ * cx_ + (copy ? b16 * ms_ * cx_ : 0.0) + 16.0 * ms_);
    normalise(out_bytes);
  }
  void layernorm_normalise() {
    add(WorkKind::norm, f32 * (2.0 * ms_ * cx_ + 2.0 * ms_ + norm_vectors() * cx_));
  }
  // The parameter gradients' chunks: apart in each segment of the rows (layers/layernorm.hpp,
  // NormRows); sharded, every Y rank's summed on each.
  void layernorm_backward(double in_bytes, bool accumulate) {
    const double mc = ms_ * cx_, in = in_bytes * mc;
    const double chunks = segments_ * ceil_div(ms_ / segments_, static_cast<double>(layernorm_chunk_rows));
    const double summed = sharded_ ? chunks * grid_.y : chunks;
    add(WorkKind::norm, f32 * (mc + cx_ + 2.0 * ms_) + in + 16.0 * ms_);
    add(WorkKind::norm, f32 * ((accumulate ? 3.0 : 2.0) * mc + cx_ + 2.0 * ms_) + in + 16.0 * ms_);
    add(WorkKind::norm, f32 * (mc + 2.0 * ms_ + 2.0 * chunks * cx_) + in);
    add(WorkKind::norm, f32 * (2.0 * summed * cx_ + (gpt2_ ? 4.0 : 2.0) * cx_));
  }

  // --- The MLP activation (layers/gelu.cpp, layers/swiglu.cpp).
  void activation_forward(double out_bytes, bool copy) {
    if (gpt2_) {
      const double e = m_ * in_y_;  // bias + GELU, in place or into the pre-activation's copy
      add(WorkKind::elementwise, f32 * (e + in_y_) + (copy ? b16 : f32) * e + out_bytes * e);
    } else {
      const double e = m_ * hid_y_;
      add(WorkKind::elementwise, 2.0 * f32 * e + (copy ? 2.0 * b16 * e : 0.0) + out_bytes * e);
    }
  }
  void activation_recompute() {  // selective: the output from the restored input, fp32
    if (gpt2_) {
      add(WorkKind::elementwise, 2.0 * f32 * m_ * hid_y_);
    } else {
      add(WorkKind::elementwise, 3.0 * f32 * m_ * hid_y_);
    }
  }
  void activation_backward(double in_bytes) {
    if (gpt2_) {
      const double e = m_ * in_y_;
      add(WorkKind::elementwise, 2.0 * f32 * e + in_bytes * e);
    } else {
      const double e = m_ * hid_y_;
      add(WorkKind::elementwise, 3.0 * f32 * e + in_bytes * 2.0 * e);
    }
  }
  void rotary() {  // Llama: the query and key heads rotated in place
    if (gpt2_) return;
    const double half = hs_ / 2.0, per_row = (heads_y_ + kv_y_) * half;
    add(WorkKind::elementwise, f32 * (4.0 * m_ * per_row + 2.0 * T_ * half));
  }

  // --- Attention (layers/attention.cpp): head-major operands, causal blocks of 128 queries.
  double heads_bytes() const { return bf16_ ? b16 : f32; }
  void permute_to_heads(double group) {
    const double n = m_ * cy_;
    add(WorkKind::copy, n / group * f32 + n * heads_bytes());
  }
  void permute_from_heads(double group) {
    const double n = m_ * cy_ / group;
    add(WorkKind::copy, f32 * (n * group + n));
  }
  void permute_qkv() {
    const double group = heads_y_ / kv_y_;
    permute_to_heads(1.0);
    permute_to_heads(group);
    permute_to_heads(group);
  }
  template <class Body>
  void for_each_block(bool reversed, const Body& body) const {
    const int T = step_.seq_len;
    if (!reversed) {
      for (int first = 0; first < T; first += attention_causal_block)
        body(static_cast<double>(std::min(first + attention_causal_block, T) - first),
             static_cast<double>(std::min(first + attention_causal_block, T)), first == 0);
    } else {
      const int last = (T - 1) / attention_causal_block * attention_causal_block;
      for (int first = last; first >= 0; first -= attention_causal_block)
        body(static_cast<double>(std::min(first + attention_causal_block, T) - first),
             static_cast<double>(std::min(first + attention_causal_block, T)), first == last);
    }
  }
  void attention_forward() {
    const double bh = local_batch_ * heads_y_, h = heads_bytes();
    permute_qkv();
    for_each_block(false, [&](double rows, double end, bool) {
      batched_gemm(bh, rows, end, hs_, false);  // scores
      add(WorkKind::softmax, bh * rows * (end * (f32 + h) + f32));
      batched_gemm(bh, rows, hs_, end, false);  // P V
    });
    permute_from_heads(1.0);
  }
  void attention_backward() {
    const double bh = local_batch_ * heads_y_, h = heads_bytes(), group = heads_y_ / kv_y_;
    permute_qkv();
    permute_to_heads(1.0);  // dO
    add(WorkKind::softmax, f32 * bh * T_ * (2.0 * hs_ + 1.0));
    for_each_block(true, [&](double rows, double end, bool first_visited) {
      batched_gemm(bh, rows, end, hs_, false);  // S again
      batched_gemm(bh, rows, end, hs_, false);  // dP
      add(WorkKind::softmax, bh * rows * (end * 2.0 * (f32 + h) + 2.0 * f32));
      batched_gemm(bh, end, hs_, rows, !first_visited);  // dV
      batched_gemm(bh, rows, hs_, end, false);            // dQ
      batched_gemm(bh, end, hs_, rows, !first_visited);  // dK
    });
    permute_from_heads(1.0);
    permute_from_heads(group);
    permute_from_heads(group);
  }

  // A norm's output as q/k/v or the MLP's first layer reads it (Gpt::gathered_input): whether it
  // is bf16. Saved as bf16, it is; sequence-sharded in bf16 mode, held in fp32, this rank's
  // m_s rows are rounded before the gather (GptDims::norm_gathers_bf16), and the GEMM reads bf16.
  bool gathered_norm_input(Field f) {
    if (kept_.saved_as_bf16(f)) return true;
    if (!(sharded_ && bf16_)) return false;
    pack(WorkKind::conversion, ms_ * cx_);
    return true;
  }

  // --- The block (layers/gpt.cpp): forward up to the MLP, as forward runs it or recomputed.
  void block_forward_to_mlp(bool recomputing) {
    linear_forward(qkv_y_, cx_, gathered_norm_input(Field::ln1), grid_.x, gpt2_, false, true);
    rotary();
    attention_forward();
    if (kept_.saved_as_bf16(Field::qkv)) pack(WorkKind::conversion, m_ * qkv_y_);
    if (kept_.saved_as_bf16(Field::atty)) pack(WorkKind::conversion, m_ * cy_);
    linear_forward(cx_, cy_, kept_.saved_as_bf16(Field::atty), grid_.y, gpt2_, sharded_);
    if (recomputing) {
      add(WorkKind::elementwise, 3.0 * f32 * ms_ * cx_);  // res2 += the block's input
      layernorm_normalise();
    } else {
      residual_layernorm_forward(kept_.out_bytes(Field::ln2), kept_.saved_as_bf16(Field::res2));
    }
    linear_forward(in_y_, cx_, gathered_norm_input(Field::ln2), grid_.x, false, false, true);  // the bias fused below
    activation_forward(kept_.out_bytes(Field::fch_gelu), kept_.saved_as_bf16(Field::fch));
  }

  void forward(bool parameters_changed, double arena) {
    add(WorkKind::copy, 2.0 * 4.0 * m_, 2);  // tokens and targets
    if (bf16_ && parameters_changed) pack(WorkKind::conversion, arena);
    // Embedding: every row looked up (as if local), summed over X Y, positions added (GPT-2).
    add(WorkKind::elementwise, 4.0 * m_ + 2.0 * f32 * m_ * c_);
    add(WorkKind::elementwise, f32 * (2.0 * ms_ * cx_ + (gpt2_ ? T_ * cx_ : 0.0)));  // this rank's rows
    if (kept_.embedding_saved()) pack(WorkKind::conversion, ms_ * cx_);
    layernorm_forward(kept_.out_bytes(Field::ln1));
    // Every block alike but the last, whose residual add feeds ln_f (written in fp32).
    const auto block = [&](bool last) {
      block_forward_to_mlp(false);
      linear_forward(cx_, hid_y_, kept_.saved_as_bf16(Field::fch_gelu), grid_.y, gpt2_, sharded_);
      residual_layernorm_forward(last ? f32 : kept_.out_bytes(Field::ln1), kept_.saved_as_bf16(Field::res3));
    };
    repeat(model_.layers - 1, [&] { block(false); });
    if (model_.layers > 0) block(true);
    lm_head_forward();
    add(WorkKind::elementwise, 3.0 * 8.0);  // the micro-batch's loss into the step's
  }

  // --- LM head and loss (layers/lm_head_loss.cpp), chunk by chunk of rows.
  template <class Body>
  void for_each_chunk(const Body& body) const {
    for (long k = 0; k < head_.chunks; ++k) body(std::min(head_.chunk_rows, m_ - static_cast<double>(k) * head_.chunk_rows), k);
  }
  void lm_head_forward() {
    const double v = head_.vocab_local;
    add(WorkKind::wire, 2.0 * f32 * m_ * c_);  // the X gather unpacked into (m, C)
    for_each_chunk([&](double r, long) {
      gemm(r, v, c_, r * c_, v * c_, false, true, !bf16_);
      add(WorkKind::softmax, f32 * (r * v + r));
      add(WorkKind::softmax, f32 * (2.0 * r * v + 3.0 * r) + 4.0 * r);
      add(WorkKind::softmax, f32 * (2.0 * r * v + 4.0 * r));
    });
    add(WorkKind::softmax, f32 * m_ + 8.0);
  }
  void lm_head_backward() {
    const double v = head_.vocab_local;
    for_each_chunk([&](double r, long k) {
      if (k + 1 != head_.chunks) gemm(r, v, c_, r * c_, v * c_, false, true, !bf16_);  // logits again
      add(WorkKind::softmax, f32 * (2.0 * r * v + 2.0 * r) + 4.0 * r);
      gemm(r, c_, v, r * v, v * c_, false, true, !bf16_);  // dH rows
      gemm(v, c_, r, r * v, r * c_, true, true, true);     // dW += dlogits^T H
    });
    add(WorkKind::copy, 2.0 * f32 * m_ * cx_);  // this rank's columns of dH
  }

  void backward() {
    const bool recomputing = step_.memory.recompute != Recompute::none;
    // Attention recomputation is selective's recomputation plus the attention core's.
    const bool attention = step_.memory.recompute == Recompute::attention;
    const bool selective = step_.memory.recompute == Recompute::selective || attention;
    const bool block = step_.memory.recompute == Recompute::block;
    lm_head_backward();
    layernorm_backward(kept_.held_bytes(Field::res3), false);  // ln_f
    // Every block alike but the first, whose input is the embedding's output.
    const auto block_backward = [&](bool first) {
      // The block input (the previous block's output, or the embedding): restored for a
      // recomputation (bf16 copies only), read as held by ln_1's backward.
      const bool input_saved = first ? kept_.embedding_saved() : kept_.saved_as_bf16(Field::res3);
      if (recomputing && input_saved) pack(WorkKind::conversion, ms_ * cx_);
      if (block) {
        layernorm_normalise();
        block_forward_to_mlp(true);
      }
      // A field kept per block and read back in fp32: restored (selective, and without
      // recomputation attention's inputs) from its bf16 copy.
      const auto restore = [&](Field f, double width) {
        const bool norm_region = f == Field::res2 || f == Field::res3 || f == Field::ln1 || f == Field::ln2;
        if (!block && kept_.saved_as_bf16(f)) pack(WorkKind::conversion, (norm_region ? ms_ : m_) * width);
      };
      if (selective) restore(Field::fch, in_y_);
      if (selective && !kept_.saved_as_bf16(Field::fch_gelu)) activation_recompute();
      linear_backward(cx_, hid_y_, kept_.saved_as_bf16(Field::fch_gelu), grid_.x, gpt2_, false, true);
      activation_backward(kept_.held_bytes(Field::fch));
      if (selective) restore(Field::res2, cx_);
      if (selective && !kept_.saved_as_bf16(Field::ln2)) layernorm_normalise();
      linear_backward(in_y_, cx_, gathered_norm_input(Field::ln2), grid_.y, gpt2_, sharded_);
      layernorm_backward(kept_.held_bytes(Field::res2), true);
      restore(Field::qkv, qkv_y_);
      restore(Field::atty, cy_);
      if (attention) attention_forward();
      linear_backward(cx_, cy_, kept_.saved_as_bf16(Field::atty), grid_.x, gpt2_, false, true);
      attention_backward();
      rotary();
      if (selective && !kept_.saved_as_bf16(Field::ln1)) layernorm_normalise();
      linear_backward(qkv_y_, cx_, gathered_norm_input(Field::ln1), grid_.y, gpt2_, sharded_);
      layernorm_backward(input_saved ? b16 : f32, true);
    };
    repeat(model_.layers - 1, [&] { block_backward(false); });
    if (model_.layers > 0) block_backward(true);
    // Embedding: the gradient gathered over X, into the token rows (as if local) and positions.
    add(WorkKind::elementwise, 4.0 * m_ + 3.0 * f32 * m_ * c_);
    if (gpt2_) add(WorkKind::elementwise, f32 * (m_ * cx_ + 2.0 * T_ * cx_));
  }

 private:
  double operand_bytes() const { return bf16_ ? b16 : f32; }

  const ModelDims& model_;
  const comm::GridShape& grid_;
  const StepDims& step_;
  GemmRoute route_;
  Kept kept_;
  bool bf16_ = false, gpt2_ = true;
  double local_batch_ = 0, T_ = 0, m_ = 0, c_ = 0, cx_ = 0, cy_ = 0, hs_ = 0, heads_y_ = 0, kv_y_ = 0;
  double qkv_y_ = 0, in_y_ = 0, hid_y_ = 0;
  bool sharded_ = false;              // sequence sharding over G_y > 1
  double ms_ = 0, segments_ = 1;      // the norm region's rows; the norms' row segments
  HeadChunks head_;
  long repeat_ = 1;
};

}  // namespace step_work_detail

OptimizerLayout estimated_optimizer_layout(const ModelDims& model, const comm::GridShape& grid, const StepDims& step) {
  const ArenaSizes arena = arena_sizes(model, grid);
  OptimizerLayout layout;
  // Per block, each decayed matrix chunk next to undecayed vectors (GPT-2: 4 linear layers with
  // biases; Llama's matrices are adjacent), plus the embeddings and the final norm.
  layout.adamw_runs = model.llama() ? 3 : 2 + 2L * 4 * model.layers;
  layout.norm_ranges = grid.z > 1 ? 2 : 1;
  layout.norm_elements = arena.z_replicated + arena.z_sharded;
  if (step.memory.shard_optimizer && grid.data > 1) layout.norm_elements /= grid.data;
  return layout;
}

StepWork step_work(const ModelDims& model, const comm::GridShape& grid, const StepDims& step, GemmRoute route,
                   int data_rank, const OptimizerLayout& given) {
  constexpr double f32 = step_work_detail::f32, b16 = step_work_detail::b16;  // local: unity builds
  step_work_detail::Tally tally(model, grid, step, route);
  StepWork& work = tally.work;
  const OptimizerLayout layout = given.adamw_runs > 0 ? given : estimated_optimizer_layout(model, grid, step);
  const ArenaSizes sizes = arena_sizes(model, grid);
  const double arena = sizes.z_replicated + sizes.z_sharded;
  const bool bf16 = step.memory.precision == GemmPrecision::bf16;
  const DataShards shards = data_shards(model, grid, step);
  const bool sharded = shards.parts > 1;
  const long micro_steps = step.batch_size / step.micro_batch_size;

  work.add(WorkKind::elementwise, 8.0);  // the step's loss cleared (a library fill)
  // bf16 mode: with the optimizer sharded, the first forward rounds the gathered parameters.
  tally.forward(sharded, arena);
  tally.backward();
  tally.repeat(micro_steps - 1, [&] {
    tally.forward(false, arena);
    tally.backward();
  });

  // Gradient synchronisation (layers/gradient_sync.cpp): the Z-replicated buckets summed over Z,
  // then every bucket reduced over data (all-reduced, or reduce-scattered into this rank's piece).
  const bool bf16_grads = step.memory.grad_reduce == GemmPrecision::bf16 && (grid.data > 1 || grid.z > 1);
  for (std::size_t b = 0; b < shards.buckets.size(); ++b) {
    const double size = static_cast<double>(shards.buckets[b].second);
    const bool replicated = static_cast<double>(shards.buckets[b].first) < sizes.z_replicated;
    if (replicated && bf16_grads && grid.z > 1) {
      tally.pack(WorkKind::wire, size);
      tally.pack(WorkKind::wire, size);
    }
    const double piece = sharded ? static_cast<double>(shards.piece(b)) : 0.0;
    const double divisible = piece * shards.parts, remainder = size - divisible;
    if (bf16_grads && grid.data > 1) {
      if (divisible > 0) tally.pack(WorkKind::wire, divisible);
      if (remainder > 0) tally.pack(WorkKind::wire, remainder);
      if (piece > 0) tally.pack(WorkKind::wire, piece);
      if (remainder > 0) tally.pack(WorkKind::wire, remainder);
    } else if (sharded && piece > 0) {
      work.add(WorkKind::copy, 2.0 * f32 * piece);
    }
  }

  // Gradient norm (layers/grad_norm.cpp), the clipping scale, AdamW (layers/adamw.cpp).
  work.add(WorkKind::optimizer, f32 * layout.norm_elements + 8.0 * static_cast<double>(layout.norm_ranges),
           layout.norm_ranges);
  work.add(WorkKind::optimizer, 8.0 * (static_cast<double>(layout.norm_ranges) + 1.0));
  work.add(WorkKind::optimizer, 16.0);
  work.add(WorkKind::optimizer, 12.0);  // the clipping scale
  double updated = arena;
  if (sharded) {
    updated = 0.0;
    for (const ArenaSegment& s : shards.owned(data_rank)) updated += static_cast<double>(s.second - s.first);
  }
  // Parameters, gradients, m and v read and written; unsharded in bf16 mode the bf16 copy written.
  work.add(WorkKind::optimizer, 8.0 * f32 * updated + (bf16 && !sharded ? b16 * updated : 0.0), layout.adamw_runs);
  if (sharded) {
    work.add(WorkKind::elementwise, f32 * arena);  // the rest of the gradient arena cleared
    for (std::size_t b = 0; b < shards.buckets.size(); ++b)
      if (shards.piece(b) > 0) work.add(WorkKind::copy, 2.0 * f32 * static_cast<double>(shards.piece(b)));
  }
  work.add(WorkKind::copy, 16.0);  // loss and norm to the host
  return work;
}

}  // namespace fourfold::plan
