#include "layers/adamw.hpp"

#include "comm/collectives.hpp"
#include "core/bf16.hpp"
#include "core/error.hpp"
#include "core/ledger.hpp"
#include "core/math.hpp"
#include "core/profiling.hpp"
#include "core/sync.hpp"

#include <cmath>
#include <string>

namespace fourfold {

AdamW::AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size, const AdamWSettings& settings)
    : AdamW(params, arena_size, settings, DataShards{1, {{0, arena_size}}}, 0) {}

AdamW::AdamW(const std::vector<ParamInfo>& params, std::size_t arena_size, const AdamWSettings& settings,
             const DataShards& shards, int part)
    : settings_(settings),
      arena_size_(arena_size),
      shards_(shards),
      part_(shards.parts > 1 ? part : 0),  // unsharded: every data rank holds the whole state
      scale_("fourfold::adamw::scale") {
  FF_REQUIRE(shards.parts >= 1 && part >= 0 && (shards.parts == 1 || part < shards.parts),
             "optimizer share {} of {}: expected 0 to {}", part, shards.parts, shards.parts - 1);
  if (shards_.parts == 1) shards_.buckets = {{0, arena_size}};
  segments_ = shards_.owned(part_);
  // Contiguous arena ranges with one decay setting, in order.
  std::vector<std::pair<ArenaSegment, bool>> decay;
  for (const ParamInfo& p : params) {
    if (!decay.empty() && decay.back().first.second == p.offset && decay.back().second == p.weight_decay) {
      decay.back().first.second = p.offset + p.size;
    } else {
      decay.push_back({{p.offset, p.offset + p.size}, p.weight_decay});
    }
  }
  std::size_t state = 0;
  for (const ArenaSegment& s : segments_) {
    FF_REQUIRE(s.second <= arena_size, "optimizer segment [{}, {}) beyond the arena of {}", s.first, s.second,
               arena_size);
    for (const auto& [range, wd] : decay) {
      const std::size_t lo = std::max(s.first, range.first), hi = std::min(s.second, range.second);
      if (lo < hi) runs_.push_back({lo, hi, state + (lo - s.first), wd});
    }
    state += s.second - s.first;
  }
  m_ = Vector(Kokkos::view_alloc(std::string("fourfold::adamw::m")), state);
  v_ = Vector(Kokkos::view_alloc(std::string("fourfold::adamw::v")), state);
}

void AdamW::step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
                 float grad_scale, long t, const Bf16Vector& bf16_parameters) {
  count_work(WorkKind::copy, bytes_of<float>(1.0), 1, Launch::library);  // the scale written to the device
  Kokkos::deep_copy(exec, scale_, grad_scale);
  step(exec, parameters, gradients, lr, scale_, t, bf16_parameters);
}

void AdamW::step(const ExecSpace& exec, const Vector& parameters, const Vector& gradients, float lr,
                 const DeviceScalar<const float>& grad_scale, long t, const Bf16Vector& bf16_parameters) {
  ScopedRegion region("fourfold::adamw::step");
  FF_REQUIRE(t >= 1, "AdamW step number {} must start at 1", t);
  FF_REQUIRE(parameters.extent(0) == arena_size_ && gradients.extent(0) == arena_size_,
             "AdamW over an arena of {}: parameters {}, gradients {}", arena_size_, parameters.extent(0),
             gradients.extent(0));
  const bool round_into_bf16 = bf16_parameters.extent(0) != 0;
  FF_REQUIRE(!round_into_bf16 || bf16_parameters.extent(0) == arena_size_,
             "AdamW over an arena of {}: a bf16 copy of {} parameters", arena_size_, bf16_parameters.extent(0));
  bf16* const p16_data = bf16_parameters.data();
  const float b1 = settings_.beta1, b2 = settings_.beta2, eps = settings_.eps;
  const float correction1 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b1), static_cast<double>(t)));
  const float correction2 = 1.0f - static_cast<float>(std::pow(static_cast<double>(b2), static_cast<double>(t)));
  float* const p_data = parameters.data();
  float* const g_data = gradients.data();
  constexpr std::size_t chunk = elementwise_chunk;
  for (const Run& r : runs_) {
    const float wd = r.decay ? settings_.weight_decay : 0.0f;
    const std::size_t begin = r.begin, end = r.end;
    float* const m_data = m_.data() + r.state;
    float* const v_data = v_.data() + r.state;
    // Parameters, gradients (cleared), m and v: each read and written; the bf16 copy written.
    count_work(WorkKind::optimizer,
               bytes_of<float>(8.0 * (end - begin)) + (round_into_bf16 ? bytes_of<bf16>(1.0 * (end - begin)) : 0.0));
    Kokkos::parallel_for(
        "fourfold::adamw::update",
        Kokkos::RangePolicy<ExecSpace>(exec, 0, (end - begin + chunk - 1) / chunk),
        KOKKOS_LAMBDA(const std::size_t c) {
          // A contiguous run per work item, written with restrict pointers so the host
          // compiler vectorises it.
          const std::size_t offset = c * chunk, first = begin + offset;
          const std::size_t n = first + chunk < end ? chunk : end - first;
          float* KOKKOS_RESTRICT p = p_data + first;
          float* KOKKOS_RESTRICT g = g_data + first;
          float* KOKKOS_RESTRICT m = m_data + offset;
          float* KOKKOS_RESTRICT v = v_data + offset;
          const float scale = grad_scale();
          for (std::size_t i = 0; i < n; ++i) {
            const float gi = g[i] * scale;
            g[i] = 0.0f;
            const float mi = b1 * m[i] + (1.0f - b1) * gi;
            const float vi = b2 * v[i] + (1.0f - b2) * gi * gi;
            m[i] = mi;
            v[i] = vi;
            p[i] -= lr * ((mi / correction1) / (kmath::sqrt(vi / correction2) + eps) + wd * p[i]);
          }
          if (round_into_bf16) {
            // A second sweep over the run just written (still in cache): the update loop above
            // stays one the host compiler vectorises.
            bf16* KOKKOS_RESTRICT p16 = p16_data + first;
            for (std::size_t i = 0; i < n; ++i) p16[i] = to_bf16(p[i]);
          }
        });
  }
  // Sharded, the rest of the arena holds partial sums of other ranks' pieces: cleared as well.
  if (sharded()) count_work(WorkKind::elementwise, bytes_of<float>(static_cast<double>(gradients.extent(0))), 1, Launch::library);
  if (sharded()) Kokkos::deep_copy(exec, gradients, 0.0f);
}

void AdamW::moments_to_host(ExecutionContext& ctx, const HostTensor1<float>& m, const HostTensor1<float>& v,
                            const comm::Communicator& data) const {
  FF_REQUIRE(m.extent(0) == arena_size_ && v.extent(0) == arena_size_,
             "AdamW moments of an arena of {} into host arrays of {} and {}", arena_size_, m.extent(0), v.extent(0));
  const auto own_m = Kokkos::create_mirror_view(m_), own_v = Kokkos::create_mirror_view(v_);
  copy_to_host(ctx.counters(), ctx.compute(), own_m, m_, "fourfold::adamw: first moment to the host");
  copy_to_host(ctx.counters(), ctx.compute(), own_v, v_, "fourfold::adamw: second moment to the host");
  if (!sharded()) {
    Kokkos::deep_copy(m, own_m);
    Kokkos::deep_copy(v, own_v);
    return;
  }
  FF_REQUIRE(data.size() == shards_.parts, "AdamW sharded {} ways gathered over {} data ranks", shards_.parts,
             data.size());
  // Every rank's state (the same size on each), then each rank's segments put in place.
  const std::size_t n = state_size();
  const HostTensor1<float> all_m("fourfold::adamw::gathered_m", n * shards_.parts),
      all_v("fourfold::adamw::gathered_v", n * shards_.parts);
  const HostExecSpace host;
  comm::all_gather(host, data, HostTensor1<const float>(own_m.data(), n), all_m);
  comm::all_gather(host, data, HostTensor1<const float>(own_v.data(), n), all_v);
  for (int r = 0; r < shards_.parts; ++r) {
    std::size_t state = static_cast<std::size_t>(r) * n;
    for (const ArenaSegment& s : shards_.owned(r)) {
      for (std::size_t i = s.first; i < s.second; ++i, ++state) {
        m(i) = all_m(state);
        v(i) = all_v(state);
      }
    }
  }
}

void AdamW::moments_from_host(ExecutionContext& ctx, const HostTensor1<const float>& m,
                              const HostTensor1<const float>& v) {
  FF_REQUIRE(m.extent(0) == arena_size_ && v.extent(0) == arena_size_,
             "AdamW moments of an arena of {} from host arrays of {} and {}", arena_size_, m.extent(0), v.extent(0));
  const auto own_m = Kokkos::create_mirror_view(m_), own_v = Kokkos::create_mirror_view(v_);
  std::size_t state = 0;
  for (const ArenaSegment& s : segments_) {
    for (std::size_t i = s.first; i < s.second; ++i, ++state) {
      own_m(state) = m(i);
      own_v(state) = v(i);
    }
  }
  copy_from_host(ctx.counters(), ctx.compute(), m_, own_m, "fourfold::adamw: first moment from the host");
  copy_from_host(ctx.counters(), ctx.compute(), v_, own_v, "fourfold::adamw: second moment from the host");
}

}  // namespace fourfold
