#!/usr/bin/env bash
# Installs every Debian package fourfold needs to build, test and run its demo.
# Idempotent: prints nothing and installs nothing when everything is already there.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config git
  libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev   # Kokkos 3.4 + Kokkos Kernels (Serial)
  libopenblas-dev                                          # fast host BLAS behind KokkosBlas::gemm
  libdnnl-dev ocl-icd-opencl-dev opencl-c-headers         # oneDNN: bf16 GEMMs on the host (AVX512-BF16); its CMake package needs OpenCL's
  libopenmpi-dev openmpi-bin                               # MPI
  libhdf5-openmpi-dev hdf5-tools                           # parallel HDF5 checkpoints
  googletest libgtest-dev                                  # tests
  libtomlplusplus-dev libcli11-dev nlohmann-json3-dev libfmt-dev   # config, CLI, JSON, formatting
  libpcre2-dev libicu-dev                                  # tokenizers: pre-tokenizer patterns, Unicode NFC
  gnuplot-nox python3                                      # loss-curve plots (scripts/plot-metrics)
  fortunes                                                 # the demo's text corpus
  hipcc libamdhip64-dev rocm-device-libs rocm-cmake        # HIP compiler and runtime (CI's HIP compile stage)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
