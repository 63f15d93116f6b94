// AdamW with bias correction and decoupled weight decay, on the model's parameter arena.
// The two moments are arenas of the same size, so they are sharded exactly like their
// parameters (1/(G_x G_y G_z) of each block matrix per rank, Z-sharded chunks included).
#pragma once

#include "core/types.hpp"
#include "layers/param_layout.hpp"

#include <vector>

namespace fourfold {

struct AdamWSettings {
  float beta1 = 0.9f;
  float beta2 = 0.95f;
  float eps = 1e-8f;
  float weight_decay = 0.1f;  // applied to tensors with ParamInfo::weight_decay only
};

class AdamW {
 public:
  /// Moments sized like `parameters`; decay applies to the ranges of tensors marked for it.
  AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size, const AdamWSettings& settings);

  /// One update, the t-th (t starts at 1): g = grad_scale * gradients (clipping),
  /// m = b1 m + (1-b1) g, v = b2 v + (1-b2) g^2,
  /// p -= lr * (m / (1-b1^t) / (sqrt(v / (1-b2^t)) + eps) + wd * p).
  /// The gradients are consumed: left zero, ready for the next step's accumulation (this
  /// saves the separate zeroing pass over the arena). Enqueued on `exec`; the clipping scale is
  /// read on the device, so nothing waits for the gradient norm on the host.
  void step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
            const DeviceScalar<const float>& grad_scale, long t);
  /// The same with a scale known on the host.
  void step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
            float grad_scale, long t);

  Vector first_moment() const { return m_; }
  Vector second_moment() const { return v_; }
  const AdamWSettings& settings() const { return settings_; }

 private:
  struct Range {
    std::size_t begin, end;
    bool decay;
  };
  AdamWSettings settings_;
  std::vector<Range> ranges_;  // contiguous arena ranges with one decay setting, in order
  Vector m_, v_;
  DeviceScalar<float> scale_;  // () the host-given scale of the second step()
};

}  // namespace fourfold
