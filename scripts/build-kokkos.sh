#!/usr/bin/env bash
# Builds and installs upstream Kokkos and Kokkos Kernels (4.6.01) the way cluster users get
# them from Spack or modules, for one backend:
#
#   scripts/build-kokkos.sh BACKEND PREFIX [--arch ARCH] [--jobs N] [--shared]
#
#   BACKEND  cuda    Kokkos CUDA + Serial, lambdas on, Kokkos Kernels with cuBLAS and the host BLAS
#            openmp  Kokkos OpenMP + Serial, Kokkos Kernels with the host BLAS (OpenBLAS)
#            serial  Kokkos Serial, Kokkos Kernels with the host BLAS
#   PREFIX   where both are installed (PREFIX/lib/cmake/{Kokkos,KokkosKernels}); then configure
#            fourfold with -DCMAKE_PREFIX_PATH=PREFIX
#   --arch   GPU architecture for cuda: sm_90 (Hopper, default), sm_80 (Ampere A100),
#            sm_86, sm_89, sm_70, sm_100, or a Kokkos name such as HOPPER90
#   --shared build shared libraries (smaller executables; used for GPU bundles)
#
# Sources: the release tarballs kokkos-4.6.01.tar.gz and kokkos-kernels-4.6.01.tar.gz, taken
# from KOKKOS_SOURCE_DIR (a folder holding them, or unpacked source folders of the same names)
# or else downloaded from the public GitHub release URLs.
#
# CUDA 13 removed sm_70 (nvcc_wrapper's default architecture) and changed three runtime
# signatures Kokkos 4.6.01 calls (cudaGraphAddDependencies, cudaMemAdvise, cudaMemPrefetchAsync).
# With CUDA >= 13 the unpacked sources are adapted (each change guarded by CUDART_VERSION, so
# the result still builds with older CUDA); with older CUDA nothing is changed.
#
# Kokkos Kernels builds only the BLAS and batched components with no explicit instantiations:
# fourfold instantiates the few GEMMs it calls, and the vendor BLAS does the work.
set -euo pipefail

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
die() { echo "build-kokkos: error: $*" >&2; exit 1; }

[ $# -ge 2 ] || usage
backend=$1
prefix=$2
shift 2
arch=sm_90
jobs=$(nproc)
shared=OFF
while [ $# -gt 0 ]; do
  case $1 in
    --arch) [ $# -ge 2 ] || die "--arch needs a value (e.g. sm_90)"; arch=$2; shift 2 ;;
    --arch=*) arch=${1#--arch=}; shift ;;
    --jobs) [ $# -ge 2 ] || die "--jobs needs a value"; jobs=$2; shift 2 ;;
    --shared) shared=ON; shift ;;
    -h|--help) usage 0 ;;
    *) die "unknown argument '$1' (expected --arch ARCH, --jobs N or --shared)" ;;
  esac
done
case $backend in
  cuda|openmp|serial) ;;
  *) die "unknown backend '$backend' (expected cuda, openmp or serial)" ;;
esac

version=4.6.01
kokkos_url=https://github.com/kokkos/kokkos/releases/download/$version/kokkos-$version.tar.gz
kernels_url=https://github.com/kokkos/kokkos-kernels/releases/download/$version/kokkos-kernels-$version.tar.gz

# Kokkos architecture option for a CUDA architecture name.
kokkos_arch() {
  case $1 in
    sm_70|VOLTA70) echo VOLTA70 ;;
    sm_75|TURING75) echo TURING75 ;;
    sm_80|AMPERE80) echo AMPERE80 ;;
    sm_86|AMPERE86) echo AMPERE86 ;;
    sm_89|ADA89) echo ADA89 ;;
    sm_90|HOPPER90) echo HOPPER90 ;;
    sm_100|BLACKWELL100) echo BLACKWELL100 ;;
    sm_120|BLACKWELL120) echo BLACKWELL120 ;;
    *) die "unknown --arch '$1' (expected sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120 or the Kokkos name)" ;;
  esac
}
sm_of() {
  case $1 in
    VOLTA70) echo sm_70 ;; TURING75) echo sm_75 ;; AMPERE80) echo sm_80 ;; AMPERE86) echo sm_86 ;;
    ADA89) echo sm_89 ;; HOPPER90) echo sm_90 ;; BLACKWELL100) echo sm_100 ;; BLACKWELL120) echo sm_120 ;;
  esac
}

# Every argument is checked before anything is made.
if [ "$backend" = cuda ]; then
  karch=$(kokkos_arch "$arch") || exit 1
  sm=$(sm_of "$karch")
fi
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/fourfold-kokkos-XXXXXX")
trap 'rm -rf "$work"' EXIT

# unpack NAME URL: leaves the source folder $work/NAME-$version
unpack() {
  local name=$1 url=$2 dir=${KOKKOS_SOURCE_DIR:-}
  local tarball=
  if [ -n "$dir" ]; then
    if [ -d "$dir/$name-$version" ]; then
      cp -a "$dir/$name-$version" "$work/"
      return
    fi
    if [ -f "$dir/$name-$version.tar.gz" ]; then tarball=$dir/$name-$version.tar.gz
    elif [ -f "$dir" ] && [[ $(basename "$dir") == "$name-$version.tar.gz" ]]; then tarball=$dir
    else die "KOKKOS_SOURCE_DIR='$dir' holds neither $name-$version.tar.gz nor a folder $name-$version"
    fi
  else
    tarball=$work/$name-$version.tar.gz
    echo "build-kokkos: downloading $url"
    if command -v curl >/dev/null; then curl -fsSL -o "$tarball" "$url"
    elif command -v wget >/dev/null; then wget -q -O "$tarball" "$url"
    else die "neither curl nor wget to download $url; set KOKKOS_SOURCE_DIR to a folder with the tarballs"
    fi || die "download of $url failed; set KOKKOS_SOURCE_DIR to a folder with the tarballs"
  fi
  tar -xzf "$tarball" -C "$work" || die "cannot unpack $tarball"
  [ -d "$work/$name-$version" ] || die "$tarball did not unpack to a folder $name-$version"
}

# Adapts Kokkos 4.6.01's CUDA sources to the CUDA 13 runtime API, each change behind
# CUDART_VERSION >= 13000. Fails if a call site is not found as expected (another Kokkos
# version needs its own review).
adapt_for_cuda13() {
  local src=$1 sm=$2
  local instance=$src/core/src/Cuda/Kokkos_Cuda_Instance.hpp
  python3 - "$instance" <<'PY' || die "could not adapt $instance to CUDA 13"
import sys
path = sys.argv[1]
text = open(path).read()
edits = [
    ("    return cudaGraphAddDependencies(graph, from, to, numDependencies);\n",
     "#if CUDART_VERSION >= 13000\n"
     "    return cudaGraphAddDependencies(graph, from, to, nullptr, numDependencies);\n"
     "#else\n"
     "    return cudaGraphAddDependencies(graph, from, to, numDependencies);\n"
     "#endif\n"),
    ("    return cudaMemAdvise(devPtr, count, advice, device);\n",
     "#if CUDART_VERSION >= 13000\n"
     "    cudaMemLocation location{};\n"
     "    location.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost\n"
     "                                              : cudaMemLocationTypeDevice;\n"
     "    location.id = device == cudaCpuDeviceId ? 0 : device;\n"
     "    return cudaMemAdvise(devPtr, count, advice, location);\n"
     "#else\n"
     "    return cudaMemAdvise(devPtr, count, advice, device);\n"
     "#endif\n"),
    ("    return cudaMemPrefetchAsync(devPtr, count, dstDevice,\n"
     "                                get_input_stream(stream));\n",
     "#if CUDART_VERSION >= 13000\n"
     "    cudaMemLocation location{};\n"
     "    location.type = cudaMemLocationTypeDevice;\n"
     "    location.id = dstDevice;\n"
     "    return cudaMemPrefetchAsync(devPtr, count, location, 0,\n"
     "                                get_input_stream(stream));\n"
     "#else\n"
     "    return cudaMemPrefetchAsync(devPtr, count, dstDevice,\n"
     "                                get_input_stream(stream));\n"
     "#endif\n"),
]
for old, new in edits:
    if text.count(old) != 1:
        sys.exit(f"expected exactly one call site:\n{old}")
    text = text.replace(old, new)
open(path, "w").write(text)
PY
  # nvcc_wrapper's built-in default (sm_70) no longer exists in CUDA 13; CMake's compiler
  # checks run without -arch, so the default must be an architecture this CUDA has.
  sed -i "s/^default_arch=\"sm_70\"/default_arch=\"$sm\"/" "$src/bin/nvcc_wrapper"
  grep -q "^default_arch=\"$sm\"" "$src/bin/nvcc_wrapper" || die "could not set nvcc_wrapper's default architecture"
  echo "build-kokkos: adapted Kokkos $version to CUDA 13 (runtime API call sites, nvcc_wrapper default $sm)"
}

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
unpack kokkos "$kokkos_url"
unpack kokkos-kernels "$kernels_url"
kokkos_src=$work/kokkos-$version
kernels_src=$work/kokkos-kernels-$version

kokkos_options=(-DKokkos_ENABLE_SERIAL=ON)
kernels_options=()
cxx=${CXX:-g++}
case $backend in
  cuda)
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || die "backend cuda needs nvcc (CUDA toolkit) on PATH or in /usr/local/cuda"
    command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
    cuda_version=$(nvcc --version | sed -n 's/.*release \([0-9]*\)\.\([0-9]*\).*/\1/p')
    [ -n "$cuda_version" ] || die "cannot read the CUDA version from 'nvcc --version'"
    if [ "$cuda_version" -ge 13 ]; then
      adapt_for_cuda13 "$kokkos_src" "$sm"
    fi
    export NVCC_WRAPPER_DEFAULT_COMPILER=$cxx
    cxx=$kokkos_src/bin/nvcc_wrapper
    kokkos_options+=(-DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_"$karch"=ON)
    kernels_options+=(-DKokkosKernels_ENABLE_TPL_CUBLAS=ON)
    ;;
  openmp)
    kokkos_options+=(-DKokkos_ENABLE_OPENMP=ON)
    ;;
  serial) ;;
esac

start=$SECONDS
echo "build-kokkos: Kokkos $version ($backend${karch:+, $karch}) -> $prefix"
cmake -S "$kokkos_src" -B "$work/build-kokkos" "${generator[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_STANDARD=17 \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=$shared -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF "${kokkos_options[@]}" >"$work/kokkos-configure.log" 2>&1 \
  || { tail -40 "$work/kokkos-configure.log"; die "configuring Kokkos failed"; }
cmake --build "$work/build-kokkos" -j "$jobs" >"$work/kokkos-build.log" 2>&1 \
  || { tail -60 "$work/kokkos-build.log"; die "building Kokkos failed"; }
cmake --install "$work/build-kokkos" >/dev/null
echo "build-kokkos: Kokkos installed in $((SECONDS - start)) s"

start=$SECONDS
# The installed nvcc_wrapper (and the compiler Kokkos recorded) builds Kokkos Kernels too.
[ "$backend" = cuda ] && cxx=$prefix/bin/nvcc_wrapper
cmake -S "$kernels_src" -B "$work/build-kernels" "${generator[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_STANDARD=17 \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" -DBUILD_SHARED_LIBS=$shared \
  -DKokkosKernels_ENABLE_ALL_COMPONENTS=OFF -DKokkosKernels_ENABLE_COMPONENT_BLAS=ON \
  -DKokkosKernels_ENABLE_COMPONENT_BATCHED=ON -DKokkosKernels_ENABLE_TPL_BLAS=ON \
  -DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_ENABLE_TESTS=OFF \
  -DKokkosKernels_ENABLE_PERFTESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF \
  "${kernels_options[@]}" >"$work/kernels-configure.log" 2>&1 \
  || { tail -40 "$work/kernels-configure.log"; die "configuring Kokkos Kernels failed (needs a BLAS: libopenblas-dev)"; }
cmake --build "$work/build-kernels" -j "$jobs" >"$work/kernels-build.log" 2>&1 \
  || { tail -60 "$work/kernels-build.log"; die "building Kokkos Kernels failed"; }
cmake --install "$work/build-kernels" >/dev/null
echo "build-kokkos: Kokkos Kernels installed in $((SECONDS - start)) s"
echo "build-kokkos: done; configure fourfold with -DCMAKE_PREFIX_PATH=$prefix"
