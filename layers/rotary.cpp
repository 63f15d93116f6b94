#include "layers/rotary.hpp"

#include "core/error.hpp"
#include "core/ledger.hpp"

#include <cmath>
#include <vector>

namespace fourfold {
namespace {

constexpr double pi = 3.14159265358979323846;

// Row r's position: first + r % seq_len (sequences of seq_len rows, as training lays them out)...
struct SequencePositions {
  std::size_t first, seq_len;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::size_t row) const { return first + row % seq_len; }
};
// ... or one per row (generation's batch, each sequence at its own length).
struct RowPositions {
  PositionView positions;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::size_t row) const { return static_cast<std::size_t>(positions(row)); }
};

// Rotates by +angle (forward) or -angle (backward): direction = +1 or -1. `positions_read`: how
// many distinct positions' cos and sin rows the rows read, for the work count.
template <class PositionOf>
void rotate(const ExecSpace& exec, const char* name, const Matrix& x, int rotated_heads, const PositionOf position_of,
            double positions_read, const RotaryTable& table, float direction) {
  const std::size_t m = x.extent(0);
  const int half = table.head_dim / 2, d = table.head_dim;
  FF_REQUIRE(rotated_heads >= 0 && static_cast<std::size_t>(rotated_heads) * d <= x.extent(1),
             "{}: {} heads of {} do not fit a row of {} columns", name, rotated_heads, d, x.extent(1));
  const Tensor2<float> cos = table.cos, sin = table.sin;
  const std::size_t per_row = static_cast<std::size_t>(rotated_heads) * half;
  // One work item per (row, head, k): m * heads * d/2 of them, contiguous in k, so GPU threads
  // read neighbouring elements and host compilers vectorise the innermost run.
  // The rotated halves read and written; cos and sin read for the sequence's positions.
  count_work(WorkKind::elementwise, bytes_of<float>(4.0 * m * per_row + 2.0 * positions_read * half));
  Kokkos::parallel_for(
      name, Kokkos::RangePolicy<ExecSpace>(exec, 0, m * per_row), KOKKOS_LAMBDA(const std::size_t idx) {
        const std::size_t row = idx / per_row, rest = idx % per_row;
        const std::size_t head = rest / half, k = rest % half;
        const std::size_t p = position_of(row);
        const float c = cos(p, k), s = direction * sin(p, k);
        float& a = x(row, head * d + k);
        float& b = x(row, head * d + k + half);
        const float xa = a, xb = b;
        a = xa * c - xb * s;
        b = xb * c + xa * s;
      });
}

void rotate(const ExecSpace& exec, const char* name, const Matrix& x, int rotated_heads, int seq_len,
            const RotaryTable& table, int first_position, float direction) {
  FF_REQUIRE(seq_len > 0 && first_position >= 0 && first_position + seq_len <= table.positions,
             "{}: positions [{}, {}) outside the rotary table's {}", name, first_position, first_position + seq_len,
             table.positions);
  rotate(exec, name, x, rotated_heads,
         SequencePositions{static_cast<std::size_t>(first_position), static_cast<std::size_t>(seq_len)}, seq_len, table,
         direction);
}

}  // namespace

std::vector<float> rotary_frequencies(int head_dim, double theta, const RopeScaling& scaling) {
  const int half = head_dim / 2;
  std::vector<float> f(static_cast<std::size_t>(half));
  for (int k = 0; k < half; ++k) {
    // transformers: 1.0 / (base ** (arange(0, dim, 2).float() / dim)), in fp32.
    const float exponent = static_cast<float>(2 * k) / static_cast<float>(head_dim);
    const float power = static_cast<float>(std::pow(theta, static_cast<double>(exponent)));
    f[k] = 1.0f / power;
  }
  if (scaling.factor > 0.0) {
    // transformers' _compute_llama3_parameters, in double, rounded once.
    const double low_wavelen = scaling.original_max_position / scaling.low_freq_factor;
    const double high_wavelen = scaling.original_max_position / scaling.high_freq_factor;
    for (float& freq : f) {
      const double inv = freq, wavelen = 2.0 * pi / inv;
      double scaled = wavelen > low_wavelen ? inv / scaling.factor : inv;
      if (wavelen <= low_wavelen && wavelen >= high_wavelen) {
        const double smooth = (scaling.original_max_position / wavelen - scaling.low_freq_factor) /
                              (scaling.high_freq_factor - scaling.low_freq_factor);
        scaled = (1.0 - smooth) * scaled / scaling.factor + smooth * scaled;
      }
      freq = static_cast<float>(scaled);
    }
  }
  return f;
}

RotaryTable::RotaryTable(int positions_, int head_dim_, double theta, const RopeScaling& scaling)
    : positions(positions_), head_dim(head_dim_) {
  FF_REQUIRE(head_dim > 0 && head_dim % 2 == 0, "rotary embeddings: head dimension {} must be even and positive",
             head_dim);
  FF_REQUIRE(theta > 1.0, "rotary embeddings: rope_theta {} must be above 1", theta);
  FF_REQUIRE(positions > 0, "rotary embeddings: {} positions; must be positive", positions);
  validate_rope_scaling(scaling);
  const int half = head_dim / 2;
  const std::vector<float> f = rotary_frequencies(head_dim, theta, scaling);
  cos = Tensor2<float>(Kokkos::view_alloc(std::string("fourfold::rotary::cos")), positions, half);
  sin = Tensor2<float>(Kokkos::view_alloc(std::string("fourfold::rotary::sin")), positions, half);
  auto hc = Kokkos::create_mirror_view(cos);
  auto hs = Kokkos::create_mirror_view(sin);
  for (int p = 0; p < positions; ++p)
    for (int k = 0; k < half; ++k) {
      const float angle = static_cast<float>(p) * f[k];  // transformers' fp32 product
      hc(p, k) = static_cast<float>(std::cos(static_cast<double>(angle)));
      hs(p, k) = static_cast<float>(std::sin(static_cast<double>(angle)));
    }
  Kokkos::deep_copy(cos, hc);
  Kokkos::deep_copy(sin, hs);
}

void rotary_forward(const ExecSpace& exec, const Matrix& qkv, int rotated_heads, int seq_len, const RotaryTable& table,
                    int first_position) {
  rotate(exec, "fourfold::rotary::forward", qkv, rotated_heads, seq_len, table, first_position, 1.0f);
}

void rotary_backward(const ExecSpace& exec, const Matrix& d_qkv, int rotated_heads, int seq_len,
                     const RotaryTable& table, int first_position) {
  rotate(exec, "fourfold::rotary::backward", d_qkv, rotated_heads, seq_len, table, first_position, -1.0f);
}

void rotary_forward(const ExecSpace& exec, const Matrix& qkv, int rotated_heads, const PositionView& row_positions,
                    const RotaryTable& table) {
  FF_ASSERT(row_positions.extent(0) == qkv.extent(0), "rotary_forward: {} positions for {} rows", row_positions.extent(0),
            qkv.extent(0));
  rotate(exec, "fourfold::rotary::forward_rows", qkv, rotated_heads, RowPositions{row_positions},
         static_cast<double>(qkv.extent(0)), table, 1.0f);
}

}  // namespace fourfold
