// AdamW with bias correction and decoupled weight decay, on the model's parameter arena.
// The two moments cover the arena segments this rank updates: the whole arena (sharded exactly
// like the parameters, 1/(G_x G_y G_z) of each block matrix per rank, Z-sharded chunks
// included), or with the optimizer sharded over data (ZeRO-1, data_shards.hpp) only this data
// rank's pieces of the gradient buckets and their remainders: 1/G_data of that.
#pragma once

#include "comm/communicator.hpp"
#include "core/execution_context.hpp"
#include "core/types.hpp"
#include "layers/data_shards.hpp"
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
  /// Moments for the whole arena; decay applies to the ranges of tensors marked for it.
  AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size, const AdamWSettings& settings);
  /// Moments for data rank `part`'s share of `shards` (shards.parts = G_data), or for the whole
  /// arena when shards.parts == 1.
  AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size, const AdamWSettings& settings,
        const DataShards& shards, int part);

  /// One update, the t-th (t starts at 1), of the segments this rank owns: g = grad_scale *
  /// gradients (clipping), m = b1 m + (1-b1) g, v = b2 v + (1-b2) g^2,
  /// p -= lr * (m / (1-b1^t) / (sqrt(v / (1-b2^t)) + eps) + wd * p).
  /// The gradients are consumed: the whole arena is left zero, ready for the next step's
  /// accumulation. Sharded, the parameters outside this rank's segments are stale until they
  /// are gathered over data (Gpt::gather_parameters). Enqueued on `exec`; the clipping scale is
  /// read on the device, so nothing waits for the gradient norm on the host.
  /// bf16_parameters (arena_size, or empty): bf16 mode's copy of the parameters that the GEMMs
  /// read (Gpt::bf16_parameters); each updated parameter is rounded into it by the update itself,
  /// so that no separate pass rounds the weights (2 bytes more per updated element).
  void step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
            const DeviceScalar<const float>& grad_scale, long t, const Bf16Vector& bf16_parameters = Bf16Vector());
  /// The same with a scale known on the host.
  void step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
            float grad_scale, long t, const Bf16Vector& bf16_parameters = Bf16Vector());

  /// The moments this rank holds, in the order of segments(): (state_size()).
  Vector first_moment() const { return m_; }
  Vector second_moment() const { return v_; }
  const AdamWSettings& settings() const { return settings_; }
  bool sharded() const { return shards_.parts > 1; }
  /// The arena segments this rank's moments cover, in their storage order.
  const std::vector<ArenaSegment>& segments() const { return segments_; }
  std::size_t state_size() const { return m_.extent(0); }
  /// Update kernels per step: the segments cut where the decay setting changes.
  std::size_t runs() const { return runs_.size(); }

  /// m and v of the whole arena (arena_size each) in host memory on every rank: sharded, every
  /// data rank's share all-gathered over `data`. Waits for the device.
  void moments_to_host(ExecutionContext& ctx, const HostTensor1<float>& m, const HostTensor1<float>& v,
                       const comm::Communicator& data) const;
  /// Sets the moments from whole-arena host copies: this rank keeps its segments.
  void moments_from_host(ExecutionContext& ctx, const HostTensor1<const float>& m, const HostTensor1<const float>& v);

 private:
  struct Run {
    std::size_t begin, end;  // arena elements
    std::size_t state;       // where element `begin` is in m_ and v_
    bool decay;
  };
  AdamWSettings settings_;
  std::size_t arena_size_ = 0;
  DataShards shards_;
  int part_ = 0;
  std::vector<ArenaSegment> segments_;
  std::vector<Run> runs_;  // the segments cut where the decay setting changes
  Vector m_, v_;
  DeviceScalar<float> scale_;  // () the host-given scale of the second step()
};

}  // namespace fourfold
