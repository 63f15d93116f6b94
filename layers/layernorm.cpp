#include "layers/layernorm.hpp"

#include "comm/collectives.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "layers/elementwise.hpp"

namespace fourfold {
namespace layernorm_detail {

// Two double sums of a row, reduced over a team in one pass.
struct SumPair {
  double a = 0.0, b = 0.0;
  KOKKOS_INLINE_FUNCTION SumPair& operator+=(const SumPair& o) {
    a += o.a;
    b += o.b;
    return *this;
  }
  // Kokkos 3.x joins team partials through volatile references.
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile SumPair& o) volatile {
    a += o.a;
    b += o.b;
  }
};

// Columns one work item of the parameter-gradient partials handles: a contiguous run the host
// compiler vectorises on CPU backends; one on GPUs (neighbouring threads, neighbouring columns).
inline constexpr std::size_t partial_columns = elementwise_chunk > 1 ? 64 : 1;

// One normalised element: the single expression both the forward and a recomputation evaluate.
KOKKOS_INLINE_FUNCTION float normalised(float x, float mean, float rstd, float weight, float bias) {
  return (x - mean) * rstd * weight + bias;
}

// out, mean, rstd from the whole-row sums (s, s2) in row_sums and the row x of this rank. Not
// centred (RMSNorm): mean 0, so that the variance below is mean(x^2). OutView: fp32, or bf16 (the
// output rounded as it is written, for GEMMs that read it as it is).
template <class OutView>
void normalise_into(const ExecSpace& exec, const OutView& out, const Vector& mean, const Vector& rstd,
                    const ConstMatrix& x, const ConstVector& weight, const ConstVector& bias,
                    const Tensor2<double>& row_sums, double channels, const NormSpec& norm) {
  const std::size_t m = x.extent(0), c = x.extent(1);
  const bool centred = norm.centred, has_bias = bias.extent(0) > 0;
  const double eps = norm.eps;
  // Reads x, the row sums, weight and bias; writes out, mean and rstd.
  const double md = static_cast<double>(m), cd = static_cast<double>(c);
  count_work(WorkKind::norm, bytes_of<float>(md * cd + 2 * md + (has_bias ? 2 : 1) * cd) +
                                 static_cast<double>(sizeof(typename OutView::value_type)) * md * cd +
                                 bytes_of<double>(2 * md));
  Kokkos::parallel_for(
      "fourfold::layernorm::forward::normalise", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const double mu = centred ? row_sums(i, 0) / channels : 0.0;
        const double var = row_sums(i, 1) / channels - mu * mu;
        const float r = static_cast<float>(1.0 / kmath::sqrt((var > 0.0 ? var : 0.0) + eps));
        const float mf = static_cast<float>(mu);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c), [&](const std::size_t j) {
          store(out(i, j), normalised(x(i, j), mf, r, weight(j), has_bias ? bias(j) : 0.0f));
        });
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          mean(i) = mf;
          rstd(i) = r;
        });
      });
}

void normalise(const ExecSpace& exec, const OutputMatrix& out, const Vector& mean, const Vector& rstd,
               const ConstMatrix& x, const ConstVector& weight, const ConstVector& bias,
               const Tensor2<double>& row_sums, double channels, const NormSpec& norm) {
  FF_ASSERT(out.rows() == x.extent(0) && out.cols() == x.extent(1), "layernorm: out {}x{} for in {}x{}", out.rows(),
            out.cols(), x.extent(0), x.extent(1));
  if (out.is_bf16()) {
    normalise_into(exec, out.bf16, mean, rstd, x, weight, bias, row_sums, channels, norm);
  } else {
    normalise_into(exec, out.fp32, mean, rstd, x, weight, bias, row_sums, channels, norm);
  }
}

}  // namespace layernorm_detail
}  // namespace fourfold

namespace Kokkos {
template <>
struct reduction_identity<fourfold::layernorm_detail::SumPair> {
  KOKKOS_FORCEINLINE_FUNCTION static fourfold::layernorm_detail::SumPair sum() {
    return fourfold::layernorm_detail::SumPair();
  }
};
}  // namespace Kokkos

namespace fourfold {

using layernorm_detail::SumPair;

void layernorm_forward(const ExecSpace& exec, const OutputMatrix& out, const Vector& mean,
                       const Vector& rstd, const ConstMatrix& in, const ConstVector& weight,
                       const ConstVector& bias, const Tensor2<double>& row_sums,
                       const comm::Communicator& x_group, const NormSpec& norm) {
  ScopedRegion region("fourfold::layernorm::forward");
  const std::size_t m = in.extent(0), c = in.extent(1);
  const double channels = static_cast<double>(c) * x_group.size();
  // Sums of x and x^2 in double over this rank's slice; reduced over X to whole-row sums.
  count_work(WorkKind::norm, bytes_of<float>(static_cast<double>(m) * c) + bytes_of<double>(2.0 * m));
  Kokkos::parallel_for(
      "fourfold::layernorm::forward::sums", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        SumPair sums;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, c),
            [&](const std::size_t j, SumPair& acc) {
              const double v = in(i, j);
              acc.a += v;
              acc.b += v * v;
            },
            sums);
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          row_sums(i, 0) = sums.a;
          row_sums(i, 1) = sums.b;
        });
      });
  comm::all_reduce(exec, x_group, row_sums);
  layernorm_detail::normalise(exec, out, mean, rstd, in, weight, bias, row_sums, channels, norm);
}

void layernorm_normalise(const ExecSpace& exec, const Matrix& out, const ConstMatrix& in, const ConstVector& mean,
                         const ConstVector& rstd, const ConstVector& weight, const ConstVector& bias) {
  ScopedRegion region("fourfold::layernorm::normalise");
  const std::size_t m = in.extent(0), c = in.extent(1);
  FF_ASSERT(out.extent(0) == m && out.extent(1) == c && mean.extent(0) == m && rstd.extent(0) == m &&
                weight.extent(0) == c && (bias.extent(0) == c || bias.extent(0) == 0),
            "layernorm_normalise: in {}x{} out {}x{} mean {} rstd {} weight {} bias {}", m, c, out.extent(0),
            out.extent(1), mean.extent(0), rstd.extent(0), weight.extent(0), bias.extent(0));
  const bool has_bias = bias.extent(0) > 0;
  count_work(WorkKind::norm, bytes_of<float>(2.0 * m * c + 2.0 * m + (has_bias ? 2.0 : 1.0) * c));
  Kokkos::parallel_for(
      "fourfold::layernorm::normalise", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const float mf = mean(i), r = rstd(i);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c), [&](const std::size_t j) {
          out(i, j) = layernorm_detail::normalised(in(i, j), mf, r, weight(j), has_bias ? bias(j) : 0.0f);
        });
      });
}

void residual_layernorm_forward(const ExecSpace& exec, const OutputMatrix& out, const Vector& mean,
                                const Vector& rstd, const Matrix& residual, const ConstMatrix& add,
                                const ConstVector& weight, const ConstVector& bias,
                                const Tensor2<double>& row_sums, const comm::Communicator& x_group,
                                const NormSpec& norm, const Bf16Matrix& residual_copy) {
  ScopedRegion region("fourfold::layernorm::residual_forward");
  FF_ASSERT(add.extent(0) == residual.extent(0) && add.extent(1) == residual.extent(1),
            "residual {}x{} plus {}x{}", residual.extent(0), residual.extent(1), add.extent(0), add.extent(1));
  const bool copy = residual_copy.data() != nullptr;
  FF_ASSERT(!copy || (residual_copy.extent(0) == residual.extent(0) && residual_copy.extent(1) == residual.extent(1)),
            "residual {}x{} with a bf16 copy of {}x{}", residual.extent(0), residual.extent(1),
            residual_copy.extent(0), residual_copy.extent(1));
  const std::size_t m = residual.extent(0), c = residual.extent(1);
  const double channels = static_cast<double>(c) * x_group.size();
  // residual += add (and its bf16 copy) and the sums of the result in one pass.
  count_work(WorkKind::norm, bytes_of<float>(3.0 * m * c) + (copy ? 2.0 * m * c : 0.0) + bytes_of<double>(2.0 * m));
  Kokkos::parallel_for(
      "fourfold::layernorm::residual_forward::sums", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        SumPair sums;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, c),
            [&](const std::size_t j, SumPair& acc) {
              const float x = residual(i, j) + add(i, j);
              residual(i, j) = x;
              if (copy) residual_copy(i, j) = to_bf16(x);
              const double v = x;
              acc.a += v;
              acc.b += v * v;
            },
            sums);
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          row_sums(i, 0) = sums.a;
          row_sums(i, 1) = sums.b;
        });
      });
  comm::all_reduce(exec, x_group, row_sums);
  layernorm_detail::normalise(exec, out, mean, rstd, residual, weight, bias, row_sums, channels, norm);
}

namespace {

// layernorm_backward on an input view of fp32 or bf16 (InView), each element read through as_float.
template <class InView>
void layernorm_backward_from(const ExecSpace& exec, const Matrix& din, const Vector& dweight, const Vector& dbias,
                             const ConstMatrix& dout, const InView& in, const ConstVector& weight,
                             const ConstVector& mean, const ConstVector& rstd, const Tensor2<double>& row_sums,
                             const Matrix& column_partials, const comm::Communicator& x_group, bool accumulate_din,
                             const NormSpec& norm, const NormRows& rows) {
  ScopedRegion region("fourfold::layernorm::backward");
  const std::size_t m = in.extent(0), c = in.extent(1);
  const std::size_t segments = rows.segments;
  FF_ASSERT(segments >= 1 && m % segments == 0, "layernorm_backward: {} rows in {} segments", m, segments);
  const std::size_t chunks = layernorm_partial_rows(m, segments) / 2;
  const std::size_t segment_rows = m / segments, segment_chunks = chunks / segments;
  FF_ASSERT(column_partials.extent(0) >= 2 * chunks && column_partials.extent(1) == c,
            "layernorm column partials {}x{} for {} rows of {} columns", column_partials.extent(0),
            column_partials.extent(1), m, c);
  const double channels = static_cast<double>(c) * x_group.size();
  // Whole-row sums of dnorm = dout * w and dnorm * xhat, reduced over X.
  const double md = static_cast<double>(m), cd = static_cast<double>(c);
  const double in_bytes = static_cast<double>(sizeof(typename InView::value_type)) * md * cd;  // in, read once
  count_work(WorkKind::norm, bytes_of<float>(md * cd + cd + 2 * md) + in_bytes + bytes_of<double>(2 * md));
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::sums", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        const float mu = mean(i), r = rstd(i);
        SumPair sums;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, c),
            [&](const std::size_t j, SumPair& acc) {
              const double xhat = (as_float(in(i, j)) - mu) * r;
              const double dnorm = dout(i, j) * weight(j);
              acc.a += dnorm;
              acc.b += dnorm * xhat;
            },
            sums);
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          row_sums(i, 0) = sums.a;
          row_sums(i, 1) = sums.b;
        });
      });
  comm::all_reduce(exec, x_group, row_sums);
  const bool accumulate = accumulate_din, centred = norm.centred;
  count_work(WorkKind::norm,
             bytes_of<float>((accumulate ? 3 : 2) * md * cd + cd + 2 * md) + in_bytes + bytes_of<double>(2 * md));
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::input", row_teams(exec, m), KOKKOS_LAMBDA(const RowTeam& team) {
        const std::size_t i = team.league_rank();
        // Not centred (RMSNorm): no mean was subtracted, so no mean gradient either.
        const float mean_dnorm = centred ? static_cast<float>(row_sums(i, 0) / channels) : 0.0f;
        const float mean_dnorm_xhat = static_cast<float>(row_sums(i, 1) / channels);
        const float mu = mean(i), r = rstd(i);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, c), [&](const std::size_t j) {
          const float xhat = (as_float(in(i, j)) - mu) * r;
          const float dnorm = dout(i, j) * weight(j);
          const float g = (dnorm - mean_dnorm - xhat * mean_dnorm_xhat) * r;
          // Assigning does not read din (which may hold anything, NaN included).
          din(i, j) = accumulate ? din(i, j) + g : g;
        });
      });

  // Parameter gradients: column sums over the m rows in two fixed-order levels. Level 1: the
  // sums over each chunk of layernorm_chunk_rows rows, per column, into column_partials rows
  // 2k (weight) and 2k + 1 (bias). Level 2: per column, the chunk partials in chunk order.
  const std::size_t blocks = (c + layernorm_detail::partial_columns - 1) / layernorm_detail::partial_columns;
  const Matrix partials = column_partials;
  count_work(WorkKind::norm, bytes_of<float>(md * cd + 2 * md + 2.0 * chunks * cd) + in_bytes);
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::parameter_partials",
      Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks * blocks), KOKKOS_LAMBDA(const std::size_t idx) {
        constexpr std::size_t block = layernorm_detail::partial_columns;
        const std::size_t k = idx / blocks, j0 = idx % blocks * block;
        const std::size_t j1 = j0 + block < c ? j0 + block : c;
        const std::size_t segment_end = (k / segment_chunks + 1) * segment_rows;
        const std::size_t i0 = k / segment_chunks * segment_rows + k % segment_chunks * layernorm_chunk_rows;
        const std::size_t i1 = i0 + layernorm_chunk_rows < segment_end ? i0 + layernorm_chunk_rows : segment_end;
        // block is a constant, so one branch is compiled away (not `if constexpr`: nvcc rejects a
        // lambda's first capture of a variable inside one).
        if (block == 1) {
          float dw = 0.0f, db = 0.0f;
          for (std::size_t i = i0; i < i1; ++i) {
            const float xhat = (as_float(in(i, j0)) - mean(i)) * rstd(i);
            dw += dout(i, j0) * xhat;
            db += dout(i, j0);
          }
          partials(2 * k, j0) = dw;
          partials(2 * k + 1, j0) = db;
        } else {
          float* const pw = &partials(2 * k, 0);
          float* const pb = &partials(2 * k + 1, 0);
          for (std::size_t j = j0; j < j1; ++j) pw[j] = pb[j] = 0.0f;
          for (std::size_t i = i0; i < i1; ++i) {
            const float mu = mean(i), r = rstd(i);
            const auto* const x = &in(i, 0);
            const float* const g = &dout(i, 0);
            for (std::size_t j = j0; j < j1; ++j) {
              pw[j] += g[j] * ((as_float(x[j]) - mu) * r);
              pb[j] += g[j];
            }
          }
        }
      });
  // Rows split over a group (sequence_shard.hpp): every rank's chunk partials, gathered in rank
  // order (the rows' order), then summed as one rank sums all of them.
  Matrix summed = partials;
  std::size_t all_chunks = chunks;
  if (rows.group != nullptr && rows.group->size() > 1) {
    all_chunks = chunks * static_cast<std::size_t>(rows.group->size());
    FF_ASSERT(rows.gathered_partials.extent(0) >= 2 * all_chunks && rows.gathered_partials.extent(1) == c,
              "layernorm gathered partials {}x{} for {} chunks of {} columns", rows.gathered_partials.extent(0),
              rows.gathered_partials.extent(1), all_chunks, c);
    summed = Matrix(rows.gathered_partials.data(), 2 * all_chunks, c);
    comm::all_gather(exec, *rows.group, ConstVector(partials.data(), 2 * chunks * c),
                     Vector(summed.data(), summed.size()));
  }
  const bool has_bias = dbias.extent(0) > 0;
  count_work(WorkKind::norm, bytes_of<float>(2.0 * all_chunks * cd + (has_bias ? 4 : 2) * cd));
  Kokkos::parallel_for(
      "fourfold::layernorm::backward::parameters", Kokkos::RangePolicy<ExecSpace>(exec, 0, c),
      KOKKOS_LAMBDA(const std::size_t j) {
        float dw = 0.0f, db = 0.0f;
        for (std::size_t k = 0; k < all_chunks; ++k) {
          dw += summed(2 * k, j);
          db += summed(2 * k + 1, j);
        }
        dweight(j) += dw;
        if (has_bias) dbias(j) += db;
      });
}

}  // namespace

void layernorm_backward(const ExecSpace& exec, const Matrix& din, const Vector& dweight,
                        const Vector& dbias, const ConstMatrix& dout, const HeldMatrix& in,
                        const ConstVector& weight, const ConstVector& mean, const ConstVector& rstd,
                        const Tensor2<double>& row_sums, const Matrix& column_partials,
                        const comm::Communicator& x_group, bool accumulate_din, const NormSpec& norm,
                        const NormRows& rows) {
  FF_ASSERT(in.rows() == dout.extent(0) && in.cols() == dout.extent(1) && din.extent(0) == dout.extent(0) &&
                din.extent(1) == dout.extent(1),
            "layernorm_backward: in {}x{}, dout {}x{}, din {}x{}", in.rows(), in.cols(), dout.extent(0),
            dout.extent(1), din.extent(0), din.extent(1));
  if (in.is_bf16()) {
    layernorm_backward_from(exec, din, dweight, dbias, dout, in.bf16, weight, mean, rstd, row_sums, column_partials,
                            x_group, accumulate_din, norm, rows);
  } else {
    layernorm_backward_from(exec, din, dweight, dbias, dout, in.fp32, weight, mean, rstd, row_sums, column_partials,
                            x_group, accumulate_din, norm, rows);
  }
}

}  // namespace fourfold
