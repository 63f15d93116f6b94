// Helpers shared by the per-layer tests in this folder (test_linear.cpp, test_layernorm.cpp,
// ...): deterministic global data (the same on every rank), Views filled from functions and
// read back as std::vector<double>, summing owned pieces over the world, relative errors, and
// central finite differences of a float objective.
#pragma once

#include "core/bf16.hpp"
#include "core/rng.hpp"
#include "core/types.hpp"
#include "gpt_test_support.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace fourfold::test {

/// n values shift + scale * N(0, 1), keyed by (stream, index): identical on every rank.
inline std::vector<double> random_values(std::size_t n, std::uint64_t stream, double scale = 1.0,
                                         double shift = 0.0) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = shift + scale * rng::normal(20240611, stream, i);
  return v;
}

/// n integers in [0, bound), keyed by stream: identical on every rank.
inline std::vector<int> random_ints(std::size_t n, std::uint64_t stream, int bound) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<int>(rng::bits(77, stream, i) % static_cast<std::uint64_t>(bound));
  return v;
}

/// A (rows, cols) Matrix with element (i, j) = f(i, j).
inline Matrix make_matrix(const std::string& label, std::size_t rows, std::size_t cols,
                          const std::function<double(std::size_t, std::size_t)>& f) {
  Matrix a(Kokkos::view_alloc(std::string(label)), rows, cols);
  auto h = Kokkos::create_mirror_view(a);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) h(i, j) = static_cast<float>(f(i, j));
  Kokkos::deep_copy(a, h);
  return a;
}

inline Matrix filled_matrix(const std::string& label, std::size_t rows, std::size_t cols, double value) {
  return make_matrix(label, rows, cols, [&](std::size_t, std::size_t) { return value; });
}

/// An (n) Vector with element i = f(i).
inline Vector make_vector(const std::string& label, std::size_t n,
                          const std::function<double(std::size_t)>& f) {
  Vector a(Kokkos::view_alloc(std::string(label)), n);
  auto h = Kokkos::create_mirror_view(a);
  for (std::size_t i = 0; i < n; ++i) h(i) = static_cast<float>(f(i));
  Kokkos::deep_copy(a, h);
  return a;
}

inline Vector filled_vector(const std::string& label, std::size_t n, double value) {
  return make_vector(label, n, [&](std::size_t) { return value; });
}

/// A (rows, cols) bf16 matrix of junk (all bits set: a NaN), for kernels that must write every element.
inline Bf16Matrix junk_bf16_matrix(const std::string& label, std::size_t rows, std::size_t cols) {
  Bf16Matrix a(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), rows, cols);
  auto h = Kokkos::create_mirror_view(a);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) h(i, j) = bf16{0xFFFF};
  Kokkos::deep_copy(a, h);
  return a;
}

/// The bf16 copy of an fp32 matrix (each value rounded once), as a saved activation holds it.
inline Bf16Matrix bf16_copy_of(const std::string& label, const Matrix& m) {
  auto from = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  Bf16Matrix a(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), m.extent(0), m.extent(1));
  auto h = Kokkos::create_mirror_view(a);
  for (std::size_t i = 0; i < h.extent(0); ++i)
    for (std::size_t j = 0; j < h.extent(1); ++j) h(i, j) = to_bf16(from(i, j));
  Kokkos::deep_copy(a, h);
  return a;
}

/// An fp32 matrix with element (i, j) = f(i, j) rounded to bf16: what a restore would expand.
inline Matrix make_rounded_matrix(const std::string& label, std::size_t rows, std::size_t cols,
                                  const std::function<double(std::size_t, std::size_t)>& f) {
  return make_matrix(label, rows, cols, [&](std::size_t i, std::size_t j) {
    return static_cast<double>(round_to_bf16(static_cast<float>(f(i, j))));
  });
}

/// The bits of a bf16 matrix, row-major, on the host.
inline std::vector<std::uint16_t> bits_of(const Bf16Matrix& m) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  std::vector<std::uint16_t> bits;
  for (std::size_t i = 0; i < h.extent(0); ++i)
    for (std::size_t j = 0; j < h.extent(1); ++j) bits.push_back(h(i, j).bits);
  return bits;
}

/// The bits of each value of an fp32 matrix rounded once to bf16 (core/bf16.hpp), row-major.
inline std::vector<std::uint16_t> rounded_bits_of(const Matrix& m) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  std::vector<std::uint16_t> bits;
  for (std::size_t i = 0; i < h.extent(0); ++i)
    for (std::size_t j = 0; j < h.extent(1); ++j) bits.push_back(bf16_bits(h(i, j)));
  return bits;
}

/// The elements of a contiguous row-major View, flattened, as doubles on the host.
template <class View>
std::vector<double> to_vector(const View& v) {
  auto h = Kokkos::create_mirror_view_and_copy(HostSpace(), v);
  std::vector<double> out(h.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<double>(h.data()[i]);
  return out;
}

/// Element-wise sum over all ranks of `comm`, in place.
inline void sum_over(MPI_Comm comm, std::vector<double>& v) {
  MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_DOUBLE, MPI_SUM, comm);
}

/// A global tensor assembled from the pieces each rank owns: values and how many ranks wrote
/// each element (exactly 1 when the ownership rule covers the tensor once).
struct Assembled {
  std::vector<double> values, counts;
  explicit Assembled(std::size_t n) : values(n, 0.0), counts(n, 0.0) {}
  void put(std::size_t i, double v) {
    values[i] += v;
    counts[i] += 1.0;
  }
  void sum(MPI_Comm comm) {
    sum_over(comm, values);
    sum_over(comm, counts);
  }
};

/// Expects every count to be 1: each global element came from exactly one owner.
inline void expect_covered_once(const Assembled& a, const std::string& what) {
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < a.counts.size(); ++i)
    if (a.counts[i] != 1.0 && bad++ == 0) first = i;
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " elements not written exactly once (first: "
                     << first << ", count " << (bad ? a.counts[first] : 1.0) << ")";
}

/// max |a - b| / max |b| (see gpt_test_support), with the sizes checked.
inline double rel_error(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return 1e300;
  return relative_max_error(got, want);
}

/// v scaled by s.
inline std::vector<double> scaled(std::vector<double> v, double s) {
  for (double& x : v) x *= s;
  return v;
}

/// v - c element-wise.
inline std::vector<double> minus(std::vector<double> v, double c) {
  for (double& x : v) x -= c;
  return v;
}

inline double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

/// sum(out * r) in double: the finite-difference objective.
inline double dot(const std::vector<double>& out, const std::vector<double>& r) {
  double s = 0.0;
  for (std::size_t i = 0; i < out.size(); ++i) s += out[i] * r[i];
  return s;
}

/// Central difference of `objective` in element i of the contiguous float View v (perturbed in
/// place by +-h, then restored). The step actually taken (after float rounding) is used.
template <class View>
double central_difference(const View& v, std::size_t i, const std::function<double()>& objective,
                          float h = 1e-2f) {
  const Kokkos::View<float*, typename View::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> flat_view(
      v.data(), v.size());
  const auto element = Kokkos::subview(flat_view, i);
  float x0 = 0.0f;
  Kokkos::deep_copy(x0, element);
  const float plus = x0 + h, minus_ = x0 - h;
  Kokkos::deep_copy(element, plus);
  const double f_plus = objective();
  Kokkos::deep_copy(element, minus_);
  const double f_minus = objective();
  Kokkos::deep_copy(element, x0);
  return (f_plus - f_minus) / (static_cast<double>(plus) - static_cast<double>(minus_));
}

/// Compares central differences with the analytic gradient at `indices` of a float View:
/// |numeric - analytic| <= 2e-2 * max(|analytic|, 0.1 * max |gradient|) (float precision).
template <class View>
void expect_finite_differences(const std::string& what, const View& v,
                               const std::vector<double>& gradient,
                               const std::vector<std::size_t>& indices,
                               const std::function<double()>& objective) {
  const double scale = max_abs(gradient);
  EXPECT_GT(scale, 0.0) << what << ": the gradient is all zero";
  for (std::size_t i : indices) {
    const double numeric = central_difference(v, i, objective);
    const double analytic = gradient[i];
    EXPECT_NEAR(numeric, analytic, 2e-2 * std::max(std::abs(analytic), 0.1 * scale))
        << what << " element " << i;
  }
}

/// A handful of indices spread over [0, n).
inline std::vector<std::size_t> spread_indices(std::size_t n, std::size_t count = 5) {
  std::vector<std::size_t> idx;
  for (std::size_t c = 0; c < count; ++c) idx.push_back((c * (n - 1)) / (count - 1 ? count - 1 : 1));
  idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
  return idx;
}

}  // namespace fourfold::test
