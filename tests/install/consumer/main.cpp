// Uses the installed headers and libraries: grid arithmetic and the GEMM wrapper.
#include <comm/grid_layout.hpp>
#include <core/gemm.hpp>
#include <core/runtime.hpp>

#include <cstdio>

int main(int argc, char** argv) {
  fourfold::Runtime runtime(argc, argv);
  const fourfold::comm::GridLayout layout({2, 1, 2, 1}, 4);
  fourfold::Matrix a("a", 2, 2), c("c", 2, 2);
  Kokkos::deep_copy(a, 1.0f);
  fourfold::gemm(fourfold::ExecSpace(), fourfold::Op::none, fourfold::Op::none, 1.0f, a, a, 0.0f, c);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
  const bool ok = layout.stride(fourfold::comm::GroupKind::z) == 2 && h(1, 1) == 2.0f;
  std::printf("consumer %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
