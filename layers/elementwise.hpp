// Small element-wise kernels shared by the layers.
#pragma once

#include "core/execution_context.hpp"
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
/// out (m, n) += bias (n) on every row.
void add_row_bias(const ExecSpace& exec, const Matrix& out, const ConstVector& bias);
/// sums (n) += column sums of a (m, n), as the GEMM a^T ones (ones: m elements equal to 1).
/// Bias gradients.
void accumulate_column_sums(ExecutionContext& ctx, const Vector& sums, const ConstMatrix& a,
                            const ConstVector& ones);
/// A (rows, cols) matrix as one flat vector (it is contiguous).
inline Vector flat(const Matrix& a) { return Vector(a.data(), a.size()); }
inline ConstVector flat(const ConstMatrix& a) { return ConstVector(a.data(), a.size()); }

}  // namespace fourfold
