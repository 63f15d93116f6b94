// Region labels: "fourfold::<folder>::<what>[<route>]" so profiles read as a tree
// (Kokkos Tools, nsys, rocprof all pick these up).
#pragma once

#include <Kokkos_Core.hpp>

#include <string>

namespace fourfold {

/// RAII Kokkos profiling region (Kokkos 3.4 has no ScopedRegion of its own).
class ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& label) { Kokkos::Profiling::pushRegion(label); }
  ~ScopedRegion() { Kokkos::Profiling::popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};

}  // namespace fourfold
