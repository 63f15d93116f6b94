// Small element-wise kernels shared by the layers.
#pragma once

#include "core/execution_context.hpp"
#include "core/gemm.hpp"
#include "core/types.hpp"

namespace fourfold {

/// One team per row of a matrix (league = rows, team size chosen by Kokkos): the row kernels
/// loop over columns with TeamThreadRange and reduce them with team reductions. Host backends
/// get teams of one thread, so a row is a plain loop the compiler can vectorise.
using RowTeam = Kokkos::TeamPolicy<ExecSpace>::member_type;
inline Kokkos::TeamPolicy<ExecSpace> row_teams(const ExecSpace& exec, std::size_t rows) {
  return Kokkos::TeamPolicy<ExecSpace>(exec, static_cast<int>(rows), Kokkos::AUTO);
}

/// y (n) += x (n). Residual adds, gradient accumulation.
void add_into(const ExecSpace& exec, const Vector& y, const ConstVector& x);
// add_row_bias (out (m, n) += bias (n) on every row) is core/gemm.hpp's, the unfused route of
// gemm_bias.
/// Rows of the column-sum partials for m rows: one per chunk of column_sum_chunk_rows rows.
inline constexpr std::size_t column_sum_chunk_rows = 32;
inline constexpr std::size_t column_sum_partial_rows(std::size_t m) {
  return (m + column_sum_chunk_rows - 1) / column_sum_chunk_rows;
}
/// sums (n) += column sums of a (m, n). Bias gradients. Two routes, chosen by the workspace the
/// model allocated for its precision:
///   partials (>= column_sum_partial_rows(m) * n elements; bf16 mode): in fp32, in two
///     fixed-order levels (each chunk of column_sum_chunk_rows rows into a row of partials, then
///     the chunks in order), where a GEMM would round a to bf16 and convert it first;
///   partials empty (fp32 mode): the GEMM a^T ones (ones: >= m elements equal to 1), as ever, so
///     fp32 results stay bit-identical.
///   copy (m * n bf16, partials route only; empty: none) = a rounded to bf16, written by the pass
///     that reads a for the partials: a linear layer's bf16 output-gradient operand in the same
///     read as its bias gradient, in place of a conversion pass of its own.
void accumulate_column_sums(ExecutionContext& ctx, const Vector& sums, const ConstMatrix& a,
                            const ConstVector& ones, const Vector& partials, const Bf16Vector& copy = Bf16Vector());
/// A (rows, cols) matrix as one flat vector (it is contiguous).
inline Vector flat(const Matrix& a) { return Vector(a.data(), a.size()); }
inline ConstVector flat(const ConstMatrix& a) { return ConstVector(a.data(), a.size()); }

}  // namespace fourfold
