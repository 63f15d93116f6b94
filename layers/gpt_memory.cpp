#include "layers/gpt_memory.hpp"

#include "layers/bf16_wire.hpp"
#include "layers/elementwise.hpp"
#include "layers/layernorm.hpp"

#include <algorithm>
#include <string>

namespace fourfold {
namespace {

Matrix alloc_matrix(const char* label, std::size_t rows, std::size_t cols) {
  return Matrix(Kokkos::view_alloc(std::string(label)), rows, cols);
}
Vector alloc_vector(const char* label, std::size_t n) {
  return Vector(Kokkos::view_alloc(std::string(label)), n);
}

// Which recompute modes keep a field per block (memory_options.hpp), indexed by Recompute.
struct Kept {
  bool none, selective, attention, block;
  bool in(Recompute r) const {
    switch (r) {
      case Recompute::none: return none;
      case Recompute::selective: return selective;
      case Recompute::attention: return attention;
      case Recompute::block: return block;
    }
    return true;
  }
};
constexpr Kept every_mode{true, true, true, true};
constexpr Kept unless_recomputed{true, true, true, false};  // GEMM outputs and attention statistics
constexpr Kept unless_attention_recomputed{true, true, false, false};  // the attention output
constexpr Kept only_without_recompute{true, false, false, false};

// A block's matrices: the field, its label, its width (one of GptDims'), when it is kept.
// Fields are reached through accessor functions (a pointer to data member's declaration comes out
// of nvcc's host pass with parentheses g++ warns about).
using MatrixOf = Matrix& (*)(BlockActivations&);
using VectorOf = Vector& (*)(BlockActivations&);
enum class Width { c_x, c_y, qkv, mlp_in, mlp_hidden };
std::size_t width_of(Width w, const GptDims& d) {
  switch (w) {
    case Width::c_x: return static_cast<std::size_t>(d.c_x);
    case Width::c_y: return static_cast<std::size_t>(d.c_y);
    case Width::qkv: return d.qkv_width;
    case Width::mlp_in: return d.mlp_in_width;
    case Width::mlp_hidden: return d.mlp_hidden_width;
  }
  return 0;
}
// norm_region: the field has the norm region's rows (m_s), else all m.
struct MatrixField {
  MatrixOf field;
  const char* label;
  Width width;
  Kept kept;
  bool norm_region;
};
constexpr MatrixField matrix_fields[] = {
    {[](BlockActivations& a) -> Matrix& { return a.ln1; }, "fourfold::act::ln1", Width::c_x, only_without_recompute,
     true},
    {[](BlockActivations& a) -> Matrix& { return a.qkv; }, "fourfold::act::qkv", Width::qkv, unless_recomputed, false},
    {[](BlockActivations& a) -> Matrix& { return a.atty; }, "fourfold::act::atty", Width::c_y,
     unless_attention_recomputed, false},
    {[](BlockActivations& a) -> Matrix& { return a.res2; }, "fourfold::act::res2", Width::c_x, unless_recomputed,
     true},
    {[](BlockActivations& a) -> Matrix& { return a.ln2; }, "fourfold::act::ln2", Width::c_x, only_without_recompute,
     true},
    {[](BlockActivations& a) -> Matrix& { return a.fch; }, "fourfold::act::fch", Width::mlp_in, unless_recomputed,
     false},
    {[](BlockActivations& a) -> Matrix& { return a.fch_gelu; }, "fourfold::act::fch_gelu", Width::mlp_hidden,
     only_without_recompute, false},
    {[](BlockActivations& a) -> Matrix& { return a.res3; }, "fourfold::act::res3", Width::c_x, every_mode, true},
};
// A block's vectors: m_s rows each (the norms' statistics), or attention's statistics; LayerNorm's are always kept, so that
// a recomputed LayerNorm normalises with them instead of reducing its rows over X again.
struct VectorField {
  VectorOf field;
  const char* label;
  bool attention_stats;
  Kept kept;
};
constexpr VectorField vector_fields[] = {
    {[](BlockActivations& a) -> Vector& { return a.ln1_mean; }, "fourfold::act::ln1_mean", false, every_mode},
    {[](BlockActivations& a) -> Vector& { return a.ln1_rstd; }, "fourfold::act::ln1_rstd", false, every_mode},
    {[](BlockActivations& a) -> Vector& { return a.lse; }, "fourfold::act::attention_lse", true, unless_recomputed},
    {[](BlockActivations& a) -> Vector& { return a.ln2_mean; }, "fourfold::act::ln2_mean", false, every_mode},
    {[](BlockActivations& a) -> Vector& { return a.ln2_rstd; }, "fourfold::act::ln2_rstd", false, every_mode},
};

constexpr std::size_t matrix_field_count = sizeof(matrix_fields) / sizeof(matrix_fields[0]);
static_assert(matrix_field_count == static_cast<std::size_t>(BlockField::res3) + 1, "one table row per BlockField");

// The block output, res3: the last field of the table.
bool is_output(std::size_t field) { return field + 1 == matrix_field_count; }

// Whether field `i` is saved for backward as a bf16 copy: in bf16 mode, every matrix the mode
// keeps, except block recomputation's checkpoints (the block outputs), which stay fp32.
bool field_saved_as_bf16(std::size_t i, Recompute recompute, bool bf16) {
  return bf16 && matrix_fields[i].kept.in(recompute) && !(is_output(i) && recompute == Recompute::block);
}

// The working slots of bf16 mode without block recomputation (gpt_memory.hpp), and the slot of
// each field, in the table's order: a field is saved (forward) or restored (backward) before the
// next field of its slot is written.
enum Slot : std::size_t { normed, wide, res2_slot, stream, slot_count };
constexpr Slot slot_of_field[matrix_field_count] = {normed, wide, normed, res2_slot, normed, wide, normed, stream};
constexpr const char* slot_labels[slot_count] = {"fourfold::act::slot_normed", "fourfold::act::slot_wide",
                                                 "fourfold::act::slot_res2", "fourfold::act::slot_stream"};

bool packed_working_set(Recompute recompute, bool bf16, int layers) {
  return bf16 && recompute != Recompute::block && layers > 0;
}

}  // namespace

bool GptActivations::saved_as_bf16(int l, BlockField field) const {
  return saved[l][static_cast<std::size_t>(field)].size() != 0;
}

Matrix GptActivations::working(int l, BlockField field) const {
  BlockActivations& a = const_cast<BlockActivations&>(blocks[l]);  // reached through the accessors only
  return matrix_fields[static_cast<std::size_t>(field)].field(a);
}

HeldMatrix GptActivations::held(int l, BlockField field) const {
  if (!saved_as_bf16(l, field)) return working(l, field);
  return ConstBf16Matrix(copy_target(l, field));
}

bool GptActivations::written_as_bf16(int l, BlockField field) const {
  // Fields whose only readers are GEMMs (the forward's and the weight gradient's), which read the
  // bf16 copy: nothing needs them in fp32.
  const bool gemm_input_only = field == BlockField::ln1 || field == BlockField::ln2 || field == BlockField::fch_gelu;
  return gemm_input_only && saved_as_bf16(l, field);
}

OutputMatrix GptActivations::output(int l, BlockField field) const {
  if (!written_as_bf16(l, field)) return working(l, field);
  return copy_target(l, field);
}

Bf16Matrix GptActivations::copy_target(int l, BlockField field) const {
  if (!saved_as_bf16(l, field)) return Bf16Matrix();
  const Matrix shape = working(l, field);  // the copy has the working buffer's rows and columns
  return Bf16Matrix(saved[l][static_cast<std::size_t>(field)].data(), shape.extent(0), shape.extent(1));
}

void GptActivations::save(const ExecSpace& exec, int l, BlockField field) const {
  if (!saved_as_bf16(l, field) || written_as_bf16(l, field)) return;
  pack_bf16(exec, WorkKind::conversion, saved[l][static_cast<std::size_t>(field)], flat(working(l, field)));
}

void GptActivations::restore(const ExecSpace& exec, int l, BlockField field) const {
  if (!saved_as_bf16(l, field)) return;
  unpack_bf16(exec, WorkKind::conversion, flat(working(l, field)), saved[l][static_cast<std::size_t>(field)]);
}

void GptActivations::save_embedding(const ExecSpace& exec) const {
  if (saved_res0.size() != 0) pack_bf16(exec, WorkKind::conversion, saved_res0, flat(res0));
}

void GptActivations::restore_embedding(const ExecSpace& exec) const {
  if (saved_res0.size() != 0) unpack_bf16(exec, WorkKind::conversion, flat(res0), saved_res0);
}

HeldMatrix GptActivations::held_embedding() const {
  if (saved_res0.size() == 0) return res0;
  return ConstBf16Matrix(saved_res0.data(), res0.extent(0), res0.extent(1));
}

GptActivations::GptActivations(const GptDims& d)
    : recompute(d.forward_only ? Recompute::block : d.recompute),
      bf16(d.bf16_activations && !d.forward_only),
      forward_only(d.forward_only) {
  const std::size_t m = d.rows(), m_s = d.norm_rows();
  tokens = Kokkos::View<int*, MemSpace>("fourfold::tokens", m);
  targets = Kokkos::View<int*, MemSpace>("fourfold::targets", m);
  const std::size_t stats = attention_stats_size(d.local_batch, d.seq_len, d.heads_y);
  const auto width = [&](const MatrixField& f) { return width_of(f.width, d); };
  const auto rows = [&](const MatrixField& f) { return f.norm_region ? m_s : m; };
  if (forward_only) {
    // One set of every field for all blocks (see forward_only), no bf16 copies.
    if (d.layers > 0) {
      for (const MatrixField& f : matrix_fields) f.field(shared) = alloc_matrix(f.label, rows(f), width(f));
      for (const VectorField& f : vector_fields) f.field(shared) = alloc_vector(f.label, f.attention_stats ? stats : m_s);
    }
    blocks.assign(static_cast<std::size_t>(d.layers), shared);
    saved.assign(static_cast<std::size_t>(d.layers), std::vector<Bf16Vector>(matrix_field_count));
    res0 = alloc_matrix("fourfold::act::embedding", m_s, d.c_x);
    lnf = alloc_matrix("fourfold::act::lnf", m_s, d.c_x);
    lnf_mean = alloc_vector("fourfold::act::lnf_mean", m_s);
    lnf_rstd = alloc_vector("fourfold::act::lnf_rstd", m_s);
    losses = alloc_vector("fourfold::act::losses", m);
    return;
  }
  const bool packed = packed_working_set(recompute, bf16, d.layers);
  if (packed) {
    // Every field is saved as bf16 or recomputed, so all of them live in the slots.
    std::size_t elements[slot_count] = {};
    for (std::size_t i = 0; i < matrix_field_count; ++i)
      elements[slot_of_field[i]] =
          std::max(elements[slot_of_field[i]], rows(matrix_fields[i]) * width(matrix_fields[i]));
    elements[normed] = std::max<std::size_t>(elements[normed], m_s * d.c_x);  // ln_f's output
    for (std::size_t k = 0; k < slot_count; ++k) slots.push_back(alloc_vector(slot_labels[k], elements[k]));
    for (std::size_t i = 0; i < matrix_field_count; ++i)
      matrix_fields[i].field(shared) =
          Matrix(slots[slot_of_field[i]].data(), rows(matrix_fields[i]), width(matrix_fields[i]));
  } else if (d.layers > 0) {
    for (std::size_t i = 0; i < matrix_field_count; ++i) {
      const MatrixField& f = matrix_fields[i];
      if (!f.kept.in(recompute) || field_saved_as_bf16(i, recompute, bf16))
        f.field(shared) = alloc_matrix(f.label, rows(f), width(f));
    }
  }
  if (d.layers > 0)
    for (const VectorField& f : vector_fields)
      if (!f.kept.in(recompute)) f.field(shared) = alloc_vector(f.label, f.attention_stats ? stats : m_s);
  blocks.resize(d.layers);
  saved.assign(d.layers, std::vector<Bf16Vector>(matrix_field_count));
  for (std::size_t l = 0; l < blocks.size(); ++l) {
    BlockActivations& a = blocks[l];
    for (std::size_t i = 0; i < matrix_field_count; ++i) {
      const MatrixField& f = matrix_fields[i];
      if (field_saved_as_bf16(i, recompute, bf16)) {
        saved[l][i] = Bf16Vector(Kokkos::view_alloc(std::string(f.label) + "_bf16"), rows(f) * width(f));
        f.field(a) = f.field(shared);
      } else {
        f.field(a) = f.kept.in(recompute) ? alloc_matrix(f.label, rows(f), width(f)) : f.field(shared);
      }
    }
    for (const VectorField& f : vector_fields)
      f.field(a) = f.kept.in(recompute) ? alloc_vector(f.label, f.attention_stats ? stats : m_s) : f.field(shared);
  }
  if (packed) {
    res0 = Matrix(slots[stream].data(), m_s, d.c_x);
    saved_res0 = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::act::embedding_bf16")), m_s * d.c_x);
    lnf = Matrix(slots[normed].data(), m_s, d.c_x);
  } else {
    res0 = alloc_matrix("fourfold::act::embedding", m_s, d.c_x);
    lnf = alloc_matrix("fourfold::act::lnf", m_s, d.c_x);
  }
  lnf_mean = alloc_vector("fourfold::act::lnf_mean", m_s);
  lnf_rstd = alloc_vector("fourfold::act::lnf_rstd", m_s);
  losses = alloc_vector("fourfold::act::losses", m);
}

std::size_t GptActivations::shared_bytes() const {
  BlockActivations& s = const_cast<BlockActivations&>(shared);  // read through the accessors only
  std::size_t total = 0;
  if (forward_only) {
    for (const MatrixField& f : matrix_fields) total += view_bytes(f.field(s));
    for (const VectorField& f : vector_fields) total += view_bytes(f.field(s));
    return total;
  }
  if (!slots.empty()) {
    for (const Vector& slot : slots) total += view_bytes(slot);
  } else {
    for (std::size_t i = 0; i < matrix_field_count; ++i)
      if (!matrix_fields[i].kept.in(recompute) || field_saved_as_bf16(i, recompute, bf16))
        total += view_bytes(matrix_fields[i].field(s));
  }
  for (const VectorField& f : vector_fields)
    if (!f.kept.in(recompute)) total += view_bytes(f.field(s));
  return total;
}

std::size_t GptActivations::bytes() const {
  std::size_t total = view_bytes(tokens) + view_bytes(targets) + view_bytes(lnf_mean) + view_bytes(lnf_rstd) +
                      view_bytes(losses) + shared_bytes() + view_bytes(saved_res0);
  if (slots.empty()) total += view_bytes(res0) + view_bytes(lnf);  // else views of the slots
  if (forward_only) return total;  // every block's fields are the shared ones
  for (const BlockActivations& block : blocks) {
    BlockActivations& a = const_cast<BlockActivations&>(block);  // read through the accessors only
    for (std::size_t i = 0; i < matrix_field_count; ++i)
      if (matrix_fields[i].kept.in(recompute) && !field_saved_as_bf16(i, recompute, bf16))
        total += view_bytes(matrix_fields[i].field(a));
    for (const VectorField& f : vector_fields)
      if (f.kept.in(recompute)) total += view_bytes(f.field(a));
  }
  for (const auto& block : saved)
    for (const Bf16Vector& copy : block) total += view_bytes(copy);
  return total;
}

GptWorkspaces::GptWorkspaces(const GptDims& d)
    : head(d.rows(), d.channels, d.vocab_local, d.loss_chunk_rows),
      attention(d.local_batch, d.seq_len, d.heads_y, d.c_y, d.kv_heads_y,
                d.bf16_wire ? GemmPrecision::bf16 : GemmPrecision::fp32, !d.forward_only) {
  const std::size_t m = d.rows(), m_s = d.norm_rows();
  const bool backward = !d.forward_only;
  // Bias gradients: a GEMM against ones (fp32), or an fp32 column reduction (bf16 mode, where the
  // GEMM would round its operand) over the widest output with a bias.
  if (!backward) {
    // forward only: no bias gradients
  } else if (d.bf16_wire) {
    linear.column_partials = alloc_vector("fourfold::ws::column_partials",
                                          column_sum_partial_rows(m) * std::max({d.qkv_width, d.mlp_in_width,
                                                                                 static_cast<std::size_t>(d.c_x),
                                                                                 static_cast<std::size_t>(d.c_y)}));
  } else {
    linear.ones = alloc_vector("fourfold::ws::ones", m);
    Kokkos::deep_copy(linear.ones, 1.0f);
  }
  // The widest linear input or output: the fused q/k/v's, the MLP's (4 C_y for GPT-2) or a
  // transposed layer's output (C_x); with sequence sharding a reduce-scatter's m send rows and
  // m_s received rows of C_x.
  if (d.bf16_wire)
    linear.wire = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::ws::wire")),
                             std::max(m * std::max({d.qkv_width, d.mlp_in_width, d.mlp_hidden_width,
                                                    static_cast<std::size_t>(d.c_x)}),
                                      d.sequence_sharded() ? (m + m_s) * static_cast<std::size_t>(d.c_x) : 0));
  // bf16 mode: backward's output gradients rounded once for both GEMMs, the widest of them:
  // the fused q/k/v's, the MLP's first layer's or a transposed layer's (C_x).
  if (d.bf16_wire && backward)
    linear.output_grad = Bf16Vector(Kokkos::view_alloc(std::string("fourfold::ws::output_grad_bf16")),
                                    m * std::max({d.qkv_width, d.mlp_in_width, static_cast<std::size_t>(d.c_x)}));
  loss = DeviceScalar<double>("fourfold::loss");
  row_sums = Tensor2<double>("fourfold::ws::row_sums", m_s, 2);
  if (backward) {
    ln_partials = alloc_matrix("fourfold::ws::ln_partials", layernorm_partial_rows(m_s, d.norm_segments()), d.c_x);
    d_res = alloc_matrix("fourfold::grad::res", m_s, d.c_x);
    d_ln = alloc_matrix("fourfold::grad::ln", m_s, d.c_x);
  }
  if (d.sequence_sharded()) {
    if (backward)
      ln_gathered_partials = alloc_matrix("fourfold::ws::ln_gathered_partials",
                                          d.sequence_shards() * layernorm_partial_rows(m_s), d.c_x);
    rows_full = alloc_matrix("fourfold::ws::rows_full", m, d.c_x);
    if (backward && d.mlp_in_width < static_cast<std::size_t>(d.c_x))
      gradient_chunks = alloc_matrix("fourfold::ws::gradient_chunks", m, d.c_x);
    if (d.norm_gathers_bf16()) {
      gathered_bf16 = Bf16Matrix(Kokkos::view_alloc(std::string("fourfold::ws::gathered_bf16")), m, d.c_x);
      if (!d.norm_outputs_bf16())
        norm_out_bf16 = Bf16Matrix(Kokkos::view_alloc(std::string("fourfold::ws::norm_out_bf16")), m_s, d.c_x);
    } else {
      gathered = alloc_matrix("fourfold::ws::gathered", m, d.c_x);
    }
  }
  if (backward) {
    d_qkv = alloc_matrix("fourfold::grad::qkv", m, d.qkv_width);
    d_atty = alloc_matrix("fourfold::grad::atty", m, d.c_y);
    d_fch = alloc_matrix("fourfold::grad::fch", m, d.mlp_in_width);
    d_fch_gelu = alloc_matrix("fourfold::grad::fch_gelu", m, d.mlp_hidden_width);
  }
  full = alloc_matrix("fourfold::ws::full", m, d.channels);
}

std::size_t GptWorkspaces::bytes() const {
  return view_bytes(linear.ones) + view_bytes(linear.column_partials) + view_bytes(linear.wire) +
         view_bytes(linear.output_grad) + view_bytes(linear.weight_block) + view_bytes(linear.weight_grad_block) +
         view_bytes(linear.weight_grad_chunk) + head.bytes() + attention.bytes() + view_bytes(row_sums) +
         view_bytes(d_res) + view_bytes(ln_partials) + view_bytes(d_ln) + view_bytes(d_qkv) + view_bytes(d_atty) +
         view_bytes(d_fch) + view_bytes(d_fch_gelu) + view_bytes(full) + view_bytes(ln_gathered_partials) +
         view_bytes(rows_full) + view_bytes(gradient_chunks) + view_bytes(gathered) + view_bytes(gathered_bf16) +
         view_bytes(norm_out_bf16);
}

}  // namespace fourfold
