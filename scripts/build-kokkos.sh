#!/usr/bin/env bash
# Builds and installs upstream Kokkos and Kokkos Kernels (4.6.01) the way cluster users get
# them from Spack or modules, for one backend:
#
#   scripts/build-kokkos.sh BACKEND PREFIX [--arch ARCH] [--jobs N] [--shared]
#
#   BACKEND  cuda    Kokkos CUDA + Serial, lambdas on, Kokkos Kernels with cuBLAS and the host BLAS
#            hip     Kokkos HIP + Serial built with hipcc, Kokkos Kernels with rocBLAS where it
#                    is found (else its portable GPU kernels) and no host BLAS
#            openmp  Kokkos OpenMP + Serial, Kokkos Kernels with the host BLAS (OpenBLAS)
#            serial  Kokkos Serial, Kokkos Kernels with the host BLAS
#   PREFIX   where both are installed (PREFIX/lib/cmake/{Kokkos,KokkosKernels}); then configure
#            fourfold with -DCMAKE_PREFIX_PATH=PREFIX
#   --arch   GPU architecture for cuda: sm_90 (Hopper, default), sm_80 (Ampere A100),
#            sm_86, sm_89, sm_70, sm_100, or a Kokkos name such as HOPPER90;
#            for hip: gfx90a (MI250X, default) or gfx942 (MI300), or AMD_GFX90A / AMD_GFX942
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
# hip: the compiler is HIPCC, else hipcc on PATH, else ROCM_PATH/bin/hipcc (ROCM_PATH defaults
# to /opt/rocm); it must know the architecture (gfx942 needs a ROCm newer than 5.2), which is
# checked by compiling a small kernel for it first. rocThrust is not used. rocBLAS is used when
# ROCBLAS_ROOT, or the ROCm installation hipcc belongs to, holds include/rocblas/rocblas.h and
# librocblas.so (in lib, lib64 or lib/<multiarch>).
#
# Kokkos Kernels builds only the BLAS and batched components with no explicit instantiations:
# fourfold instantiates the few GEMMs it calls, and the vendor BLAS does the work.
set -euo pipefail

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
die() { echo "build-kokkos: error: $*" >&2; exit 1; }

[ $# -ge 2 ] || usage
backend=$1
prefix=$2
shift 2
arch=
jobs=$(nproc)
shared=OFF
while [ $# -gt 0 ]; do
  case $1 in
    --arch) [ $# -ge 2 ] || die "--arch needs a value (e.g. sm_90 or gfx90a)"; arch=$2; shift 2 ;;
    --arch=*) arch=${1#--arch=}; shift ;;
    --jobs) [ $# -ge 2 ] || die "--jobs needs a value"; jobs=$2; shift 2 ;;
    --shared) shared=ON; shift ;;
    -h|--help) usage 0 ;;
    *) die "unknown argument '$1' (expected --arch ARCH, --jobs N or --shared)" ;;
  esac
done
case $backend in
  cuda|hip|openmp|serial) ;;
  *) die "unknown backend '$backend' (expected cuda, hip, openmp or serial)" ;;
esac
case $jobs in
  ''|*[!0-9]*|0) die "--jobs needs a positive number, not '$jobs'" ;;
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
# Kokkos architecture option and offload architecture for an AMD GPU name.
kokkos_amd_arch() {
  case $1 in
    gfx90a|AMD_GFX90A) echo AMD_GFX90A ;;
    gfx942|AMD_GFX942) echo AMD_GFX942 ;;
    *) die "unknown --arch '$1' for hip (expected gfx90a (MI250X), gfx942 (MI300) or the Kokkos name AMD_GFX90A / AMD_GFX942)" ;;
  esac
}
sm_of() {
  case $1 in
    VOLTA70) echo sm_70 ;; TURING75) echo sm_75 ;; AMPERE80) echo sm_80 ;; AMPERE86) echo sm_86 ;;
    ADA89) echo sm_89 ;; HOPPER90) echo sm_90 ;; BLACKWELL100) echo sm_100 ;; BLACKWELL120) echo sm_120 ;;
  esac
}

# The HIP compiler: HIPCC, hipcc on PATH, or the one in ROCM_PATH.
find_hipcc() {
  local c=${HIPCC:-}
  if [ -z "$c" ]; then
    c=$(command -v hipcc || true)
    [ -n "$c" ] || c=${ROCM_PATH:-/opt/rocm}/bin/hipcc
  fi
  [ -x "$c" ] || c=$(command -v "$c" || true)
  if [ -z "$c" ] || [ ! -x "$c" ]; then die "backend hip needs hipcc (set HIPCC, put hipcc on PATH or set ROCM_PATH; Debian: apt-get install hipcc)"; fi
  echo "$c"
}
# hipcc's HIP and clang versions, on one line (hipcc --version also runs rocm_agent_enumerator,
# which prints a traceback on machines without /sys/class/kfd: only the version lines are kept).
hip_version() {
  "$1" --version 2>/dev/null | sed -n -e 's/^HIP version: \(.*\)/HIP \1/p' -e 's/^\(.*clang version [^ ]*\).*/\1/p' | paste -sd, - | sed 's/,/, /g' | grep . || echo "version unknown"
}
# Fails unless hipcc compiles a HIP kernel for the offload architecture $2.
check_offload_arch() {
  local hipcc=$1 gfx=$2 probe why
  probe=$(mktemp -d "${TMPDIR:-/tmp}/fourfold-hip-probe-XXXXXX")
  printf '#include <hip/hip_runtime.h>\n__global__ void fourfold_probe(int* x) { *x = 1; }\n' >"$probe/probe.hip"
  if "$hipcc" --offload-arch="$gfx" -x hip -c "$probe/probe.hip" -o "$probe/probe.o" >"$probe/log" 2>&1; then
    rm -rf "$probe"
    return 0
  fi
  why=$(grep -m1 'error' "$probe/log" | sed 's/;.*//' || true)
  rm -rf "$probe"
  if [[ $why == *"$gfx"* ]]; then
    die "--arch $gfx: $hipcc ($(hip_version "$hipcc")) does not know $gfx ($why); use a ROCm whose compiler knows it (gfx942/MI300: ROCm 6 or newer) or another --arch"
  fi
  [ -n "$why" ] || why="no error message; try $hipcc --offload-arch=$gfx -x hip -c FILE"
  die "$hipcc ($(hip_version "$hipcc")) cannot compile a HIP kernel for $gfx: $why (Debian: apt-get install hipcc libamdhip64-dev rocm-device-libs)"
}

# Every argument is checked before anything is made.
case $backend in
  cuda)
    karch=$(kokkos_arch "${arch:-sm_90}") || exit 1
    sm=$(sm_of "$karch")
    ;;
  hip)
    karch=$(kokkos_amd_arch "${arch:-gfx90a}") || exit 1
    gfx=$(echo "${karch#AMD_}" | tr '[:upper:]' '[:lower:]')
    hipcc=$(find_hipcc) || exit 1
    check_offload_arch "$hipcc" "$gfx"
    ;;
  *)
    [ -z "$arch" ] || die "--arch applies to the cuda and hip backends, not to $backend"
    ;;
esac
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
host_blas=ON
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
    kokkos_options+=(-DKokkos_ENABLE_CUDA=ON "-DKokkos_ARCH_$karch=ON")
    kernels_options+=(-DKokkosKernels_ENABLE_TPL_CUBLAS=ON)
    ;;
  hip)
    cxx=$hipcc
    # fourfold's GEMMs on HIP run on device memory only: no host BLAS is needed (nor looked for,
    # which spares machines whose BLAS only the Cray compiler wrappers link).
    host_blas=OFF
    kokkos_options+=(-DKokkos_ENABLE_HIP=ON "-DKokkos_ARCH_$karch=ON" -DKokkos_ENABLE_ROCTHRUST=OFF)
    # rocBLAS: ROCBLAS_ROOT, else the ROCm installation hipcc belongs to (ROCM_PATH, or hipcc's
    # parent folder: /opt/rocm/bin/hipcc -> /opt/rocm).
    rocblas_root=
    rocblas_lib=
    for root in "${ROCBLAS_ROOT:-}" "${ROCM_PATH:-}" "$(cd "$(dirname "$(readlink -f "$hipcc")")/.." && pwd)" /opt/rocm; do
      [ -n "$root" ] || continue
      [ -f "$root/include/rocblas/rocblas.h" ] || continue
      rocblas_lib=$( (compgen -G "$root/lib*/librocblas.so*"; compgen -G "$root/lib/*-linux-gnu/librocblas.so*") | head -n 1 || true)
      if [ -n "$rocblas_lib" ]; then
        rocblas_root=$root
        rocblas_lib=$(dirname "$rocblas_lib")
        break
      fi
    done
    if [ -n "$rocblas_root" ]; then
      kernels_options+=(-DKokkosKernels_ENABLE_TPL_ROCBLAS=ON -DROCBLAS_LIBRARIES=rocblas
                        -DROCBLAS_LIBRARY_DIRS="$rocblas_lib" -DROCBLAS_INCLUDE_DIRS="$rocblas_root/include")
      echo "build-kokkos: rocBLAS found in $rocblas_root: Kokkos Kernels calls it for device GEMMs"
    else
      kernels_options+=(-DKokkosKernels_ENABLE_TPL_ROCBLAS=OFF)
      echo "build-kokkos: no rocBLAS (include/rocblas/rocblas.h and librocblas.so under ROCBLAS_ROOT, ROCM_PATH or hipcc's ROCm): device GEMMs use Kokkos Kernels' portable kernels"
    fi
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
  -DKokkosKernels_ENABLE_COMPONENT_BATCHED=ON -DKokkosKernels_ENABLE_TPL_BLAS=$host_blas \
  -DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_ENABLE_TESTS=OFF \
  -DKokkosKernels_ENABLE_PERFTESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF \
  "${kernels_options[@]}" >"$work/kernels-configure.log" 2>&1 \
  || { tail -40 "$work/kernels-configure.log"; die "configuring Kokkos Kernels failed (needs a BLAS: libopenblas-dev)"; }
cmake --build "$work/build-kernels" -j "$jobs" >"$work/kernels-build.log" 2>&1 \
  || { tail -60 "$work/kernels-build.log"; die "building Kokkos Kernels failed"; }
cmake --install "$work/build-kernels" >/dev/null
echo "build-kokkos: Kokkos Kernels installed in $((SECONDS - start)) s"
echo "build-kokkos: done; configure fourfold with -DCMAKE_PREFIX_PATH=$prefix"
