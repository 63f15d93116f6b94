# Shared by the CI stages: an upstream Kokkos + Kokkos Kernels install per backend, built once
# (by scripts/build-kokkos.sh) and reused by later stages and runs. Sourced, not run.
#   ensure_kokkos BACKEND [ARCH [shared]]   sets kokkos_prefix to the install folder
# The release tarballs come from KOKKOS_SOURCE_DIR, else from ../shared/third_party next to the
# checkout where that exists (these machines and CI), else from the public release URLs.
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"

if [ -z "${KOKKOS_SOURCE_DIR:-}" ] && [ -f "$fourfold_root/../shared/third_party/kokkos-4.6.01.tar.gz" ]; then
  export KOKKOS_SOURCE_DIR=$fourfold_root/../shared/third_party
fi

ensure_kokkos() {
  local backend=$1 arch=${2:-} shared=${3:-}
  kokkos_prefix=${FOURFOLD_DEPS_DIR:-$fourfold_root/.deps}/kokkos-4.6.01-$backend${arch:+-$arch}${shared:+-shared}
  local config
  for config in "$kokkos_prefix"/lib*/cmake/KokkosKernels/KokkosKernelsConfig.cmake; do
    if [ -f "$config" ]; then
      echo "kokkos: reusing $kokkos_prefix"
      return 0
    fi
  done
  rm -rf "$kokkos_prefix"
  "$fourfold_root/scripts/build-kokkos.sh" "$backend" "$kokkos_prefix" ${arch:+--arch "$arch"} \
    ${shared:+--shared} --jobs "$jobs"
}

# What the GPU compile stages build in BUILD (a configured Ninja build folder): every library and
# executable (the directories' `all` targets), and the object files of the tests whose sources
# hold device code (Kokkos kernels), found by grep so that a new one is never missed. The other
# tests are host code calling the libraries: the suites compile them, and scripts/gpu/pack.sh
# builds every test for CUDA when a GPU machine runs them. Sets the array gpu_compile_targets.
gpu_compile_targets_of() {
  local build=$1 src object
  gpu_compile_targets=(core/all comm/all layers/all checkpoint/all text/all drivers/all)
  local all_targets
  all_targets=$(ninja -C "$build" -t targets all)
  while read -r src; do
    object=$(sed -n "s|^\(tests/[^:]*/${src#tests/}\.o\): .*|\1|p" <<<"$all_targets")
    [ -n "$object" ] || { echo "gpu compile: no object file in $build for $src" >&2; return 1; }
    gpu_compile_targets+=($object)
  done < <(cd "$fourfold_root" && grep -lE 'KOKKOS_LAMBDA|KOKKOS_INLINE_FUNCTION|KOKKOS_FUNCTION|parallel_for|parallel_reduce' tests/*.cpp tests/*/*.cpp 2>/dev/null)
}
