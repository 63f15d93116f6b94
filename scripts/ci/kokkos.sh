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
