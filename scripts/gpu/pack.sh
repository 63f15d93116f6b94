#!/usr/bin/env bash
# Builds fourfold for an NVIDIA GPU here and packs everything a GPU machine without MPI, HDF5
# or OpenBLAS development files needs into one folder that travels with the working tree:
#
#   scripts/gpu/pack.sh [--arch sm_90] [--out DIR] [--cpu-build DIR] [--from-build DIR]
#     --out         the bundle folder (default .gpu-bundle, git-ignored)
#     --cpu-build   the CPU build whose fourfold-train, fourfold-generate, fourfold-plan and
#                   tests/hf_test_tool make the CPU references (default build/, which
#                   scripts/test.sh makes)
#     --from-build  pack this existing CUDA build folder instead of building (e.g. build-cuda/,
#                   CI's -O0 compile check): a bundle for check.sh --dry-run only, marked so in
#                   its manifest, with the test programs that folder has linked (none for CI's)
#
#   DIR/bin, DIR/tests   fourfold's executables and test programs (CUDA, NCCL on), stripped;
#                        tests/programs.txt names every one-rank test program of the suite
#                        (test_core_gemm, the vendor GEMM routes against Kokkos Kernels, first)
#                        and tests/np2.txt those it also runs on 2 ranks
#   DIR/lib              fourfold's and Kokkos's shared libraries and every library they load
#                        that is not part of the GPU machine's base system or CUDA installation
#   DIR/usr              Open MPI's and PMIx's runtime plugins, help texts and launchers, laid
#                        out as under /usr so OPAL_PREFIX relocates them
#   DIR/data             the fortunes corpus as byte-level token shards
#   DIR/reference        what the GPU is compared with, made here on the CPU build: the tests'
#                        tiny Llama as a Hugging Face folder, its losses over 40 steps of
#                        training, its greedy generation of 64 tokens, and the planned memory of
#                        scripts/gpu/llama-1.3b.toml per recompute mode and precision
#   DIR/manifest.txt     what was built, from which commit, for which architecture, and its kind
#                        (gpu: for the GPU machine; compile-check: --from-build, dry runs only)
#   DIR.tar.xz           all of it compressed: what travels (name it in the device call's carry)
#
# Left to the GPU machine: the GPU driver (libcuda), the CUDA runtime and cuBLAS/cuBLASLt of its
# CUDA installation, and NCCL (the nvidia-nccl wheel next to PyTorch, or any libnccl.so.2).
# scripts/gpu/env.sh finds them; scripts/gpu/verify-bundle.sh checks the bundle here with the
# system's MPI, HDF5 and BLAS hidden.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../ci/kokkos.sh"
cd "$fourfold_root"

arch=sm_90
out=$fourfold_root/.gpu-bundle
from_build=""
cpu_build=${FOURFOLD_CPU_BUILD_DIR:-$fourfold_root/build}
fail() { echo "pack: $*" >&2; exit 1; }
value_of() {  # value_of FLAG NEXT-ARGUMENT...: the flag's value, or a clear refusal
  [ $# -ge 2 ] && [ -n "$2" ] && [[ $2 != --* ]] || { echo "pack: $1 needs a value (see --help)" >&2; exit 2; }
  echo "$2"
}
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arch=$(value_of "$@"); shift 2 ;;
    --out) out=$(value_of "$@"); shift 2 ;;
    --from-build) from_build=$(value_of "$@"); shift 2 ;;
    --cpu-build) cpu_build=$(value_of "$@"); shift 2 ;;
    -h|--help) sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pack: unknown argument '$1' (expected --arch ARCH, --out DIR, --cpu-build DIR or --from-build DIR)" >&2
       exit 2 ;;
  esac
done
[[ $arch =~ ^sm_[0-9]{2,3}a?$ ]] || { echo "pack: --arch '$arch' is not a CUDA architecture (expected sm_NN, e.g. sm_80 or sm_90)" >&2; exit 2; }
out=$(mkdir -p "$(dirname "$out")" && cd "$(dirname "$out")" && pwd)/$(basename "$out")

# The CPU build that makes the references: checked first, before any long build.
cpu_build=$(cd "$cpu_build" 2>/dev/null && pwd) || fail "--cpu-build: no folder '$cpu_build' (the CPU build that makes the references; scripts/test.sh builds build/)"
for tool in bin/fourfold-train bin/fourfold-generate bin/fourfold-plan tests/hf_test_tool; do
  [ -x "$cpu_build/$tool" ] || fail "the CPU build $cpu_build has no $tool, which makes the CPU references" \
    "(build it: cmake --build $cpu_build --target fourfold-train fourfold-generate fourfold-plan hf_test_tool," \
    "or run scripts/test.sh; or name another with --cpu-build DIR)"
done
if grep -q '^Kokkos_DIR:PATH=.*cuda' "$cpu_build/CMakeCache.txt" 2>/dev/null; then
  fail "--cpu-build $cpu_build is a CUDA build: the references must come from a CPU build (e.g. build/)"
fi

"$fourfold_root/scripts/install-deps.sh"
if [ -n "$from_build" ]; then
  build=$(cd "$from_build" 2>/dev/null && pwd) || fail "--from-build: no folder '$from_build'"
  [ -f "$build/CMakeCache.txt" ] || fail "--from-build $build is not a CMake build folder (no CMakeCache.txt)"
  grep -q '^Kokkos_DIR:PATH=.*cuda' "$build/CMakeCache.txt" \
    || fail "--from-build $build is not built against Kokkos CUDA (Kokkos_DIR in its CMakeCache.txt:" \
            "'$(sed -n 's/^Kokkos_DIR:PATH=//p' "$build/CMakeCache.txt")')"
  for program in fourfold-train fourfold-bench fourfold-generate fourfold-prep fourfold-plan fourfold-ckpt; do
    [ -x "$build/bin/$program" ] || fail "--from-build $build has no bin/$program (build the CUDA tree first: scripts/ci/cuda-compile.sh)"
  done
  kind=compile-check
  flags=$(sed -n 's/^CMAKE_CXX_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt")
  build_note="packed from the existing build $build (CMAKE_CXX_FLAGS_RELEASE '$flags', Kokkos from $(sed -n 's/^Kokkos_DIR:PATH=//p' "$build/CMakeCache.txt")): for check.sh --dry-run, not for a GPU run"
else
  export PATH=/usr/local/cuda/bin:$PATH
  command -v nvcc >/dev/null || fail "no CUDA toolkit (nvcc)"
  ensure_kokkos cuda "$arch" shared
  # Shared libraries keep the device code of each library in one place instead of in every test
  # program (static builds are several times larger than the 64 MiB that travels).
  build=${FOURFOLD_GPU_BUILD_DIR:-$fourfold_root/build-gpu-$arch}
  cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
    -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DBUILD_SHARED_LIBS=ON -DFOURFOLD_ENABLE_NCCL=ON >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; exit 1; }
  cmake --build "$build" -j "$jobs"
  kind=gpu
  build_note="built in $build (Release, shared libraries; Kokkos 4.6.01 CUDA from $kokkos_prefix)"
fi

rm -rf "$out" "$out.tar.xz"
mkdir -p "$out/bin" "$out/tests" "$out/lib" "$out/data" "$out/reference"
cp "$build"/bin/fourfold-* "$out/bin/"
find "$build/tests" -maxdepth 1 -type f -executable -name 'test_*' -exec cp {} "$out/tests/" \;
# Every test program of the suite, once, as check.sh runs them on one rank: the GEMM test (the
# vendor routes against Kokkos Kernels and a plain loop) first, then ctest's order. And the
# programs the suite also runs on 2 ranks (check.sh runs them where 2 GPUs are).
ctest --test-dir "$build" -N >"$out/tests/ctest-list.txt"
{
  grep -q ': test_core_gemm$' "$out/tests/ctest-list.txt" && echo test_core_gemm
  sed -n 's/.*Test *#[0-9]*: \(test_[a-z_0-9]*\)\(\.np[0-9]*\)\{0,1\}$/\1/p' "$out/tests/ctest-list.txt" | awk '!seen[$0]++' \
    | grep -v '^test_core_gemm$'
} >"$out/tests/programs.txt"
sed -n 's/.*Test *#[0-9]*: \(test_[a-z_0-9]*\)\.np2$/\1/p' "$out/tests/ctest-list.txt" >"$out/tests/np2.txt"
rm "$out/tests/ctest-list.txt"
[ -s "$out/tests/programs.txt" ] || fail "ctest lists no test programs in $build (configured without tests?)"
listed=$(wc -l <"$out/tests/programs.txt")
packed=0
while read -r program; do
  if [ -x "$out/tests/$program" ]; then packed=$((packed + 1)); fi
done <"$out/tests/programs.txt"
if [ "$kind" = gpu ] && [ "$packed" -ne "$listed" ]; then
  fail "$build holds $packed of the suite's $listed test programs: $(while read -r p; do [ -x "$out/tests/$p" ] || printf '%s ' "$p"; done <"$out/tests/programs.txt")"
fi
compgen -G "$build/lib/*.so*" >/dev/null && cp -P "$build"/lib/*.so* "$out/lib/"
if [ "$kind" = gpu ]; then cp -P "$kokkos_prefix"/lib*/*.so* "$out/lib/"; fi

# Open MPI (singleton runs, mpiexec for 2 GPUs) and PMIx, relocatable through OPAL_PREFIX.
ompi_lib=/usr/lib/x86_64-linux-gnu/openmpi/lib
mkdir -p "$out/usr/lib/x86_64-linux-gnu/openmpi/lib" "$out/usr/share" "$out/usr/bin"
cp -a "$ompi_lib/openmpi3" "$out/usr/lib/x86_64-linux-gnu/openmpi/lib/"
[ -d /usr/lib/x86_64-linux-gnu/pmix2 ] && cp -a /usr/lib/x86_64-linux-gnu/pmix2 "$out/usr/lib/x86_64-linux-gnu/"
cp -a /usr/share/openmpi "$out/usr/share/"
[ -d /usr/share/pmix ] && cp -a /usr/share/pmix "$out/usr/share/"
for tool in orterun orted ompi_info; do cp "$(readlink -f "/usr/bin/$tool")" "$out/usr/bin/$tool"; done
ln -sf orterun "$out/usr/bin/mpiexec"
# Network-fabric plugins (UCX, libfabric, verbs, PSM, netlink reachability) stay behind: one
# machine needs only shared memory and loopback, and their libraries would double the bundle.
find "$out/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3" \( -name 'mca_*ucx*' -o -name 'mca_*ofi*' \
  -o -name 'mca_btl_openib*' -o -name 'mca_mtl_psm*' -o -name 'mca_reachable_netlink*' \) -delete

# A probe of the bundled MPI and parallel HDF5 without any GPU code: MPI starts (as a singleton
# or under the bundled mpiexec), and a file is created collectively through MPI-IO. check.sh
# runs it first, so a broken MPI shows up before the GPU programs do.
probe_src=$(mktemp --suffix=.c)
trap 'rm -f "$probe_src"' EXIT
cat >"$probe_src" <<'C'
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
  int provided = 0, rank = 0, size = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int sum = 0, one = 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
  hid_t file = argc > 1 ? H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, fapl) : -1;
  const int ok = sum == size && provided >= MPI_THREAD_FUNNELED && file >= 0;
  if (file >= 0) H5Fclose(file);
  H5Pclose(fapl);
  if (rank == 0) printf("mpi-probe: %d rank(s), thread level %d, parallel HDF5 file %s: %s\n", size, provided,
                        argc > 1 ? argv[1] : "(none)", ok ? "ok" : "FAILED");
  MPI_Finalize();
  return ok ? 0 : 1;
}
C
hdf5_flags=$(pkg-config --cflags --libs hdf5-openmpi)
mpicc -O2 -o "$out/bin/mpi-probe" "$probe_src" $hdf5_flags

# Libraries the GPU machine provides itself: its C runtime and its CUDA installation.
provided='^(linux-vdso|ld-linux-x86-64|libc|libm|libdl|libpthread|librt|libresolv|libutil|libcuda|libcudart|libcublas|libcublasLt|libnccl|libnvidia-[a-z-]*|libnvJitLink)\.so'
# Every ELF file's needed libraries, repeated until nothing new is added.
collect() {
  local changed=1
  while [ $changed -eq 1 ]; do
    changed=0
    while IFS= read -r elf; do
      while read -r name arrow path _; do
        [ "$arrow" = "=>" ] || continue
        if [[ $name =~ $provided ]]; then continue; fi
        if [ "$path" = "not" ]; then
          echo "pack: $elf needs $name, which is not on this machine" >&2
          return 1
        fi
        if [ ! -e "$out/lib/$name" ]; then
          cp -L "$path" "$out/lib/$name"
          changed=1
        fi
      done < <(LD_LIBRARY_PATH="$out/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$elf" 2>/dev/null || true)
    done < <(find "$out/bin" "$out/tests" "$out/lib" "$out/usr" -type f \( -name '*.so*' -o -perm -u+x \) \
               -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; -print)
  done
}
collect
find "$out/bin" "$out/tests" "$out/lib" -type f -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; \
  -exec strip --strip-unneeded {} \; 2>/dev/null || true

# The corpus for the tiny models, GPT-2 124M and the 1.3B Llama (byte tokens are valid ids of both
# vocabularies).
mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
[ ${#texts[@]} -gt 0 ] || fail "the fortunes corpus is not installed (scripts/install-deps.sh installs it)"
"$out/bin/fourfold-prep" --out "$out/data" "${texts[@]}" >/dev/null

# The CPU references (check.sh's questions 3 and 4), by the same commands check.sh runs on the
# GPU (scripts/gpu/commands.sh holds their arguments), with the CPU build's programs on the bundle's data.
"$fourfold_root/scripts/gpu/reference.sh" "$cpu_build" "$out"

{
  echo "fourfold $(git -C "$fourfold_root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
  echo "kind $kind"
  echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -m), $(/usr/local/cuda/bin/nvcc --version 2>/dev/null | tail -1 || echo 'nvcc unknown')"
  echo "build $build_note"
  echo "GPU architecture $arch"
  echo "test programs $packed of $listed packed"
  echo "CPU references from $cpu_build (fourfold-train $(date -u -r "$cpu_build/bin/fourfold-train" +%Y-%m-%dT%H:%M:%SZ))"
  echo "glibc $(ldd --version | head -1 | awk '{print $NF}') or newer needed on the GPU machine"
} >"$out/manifest.txt"
# What travels is the compressed bundle (scripts/gpu/check.sh unpacks it next to itself). A
# compile-check bundle never travels: it is compressed faster (xz -3, about 15% larger), which
# only makes its size check stricter.
xz_level=6
[ "$kind" = gpu ] || xz_level=3
tar -C "$(dirname "$out")" -cf - "$(basename "$out")" | xz -T0 -$xz_level >"$out.tar.xz"
size=$(du -sm "$out" | cut -f1)
compressed=$(du -sm "$out.tar.xz" | cut -f1)
echo "pack: $kind bundle in $out: $size MiB ($packed of $listed test programs, $(ls "$out/lib" | wc -l) libraries);" \
     "$out.tar.xz (xz -$xz_level): $compressed MiB"
[ "$compressed" -le 48 ] || fail "$out.tar.xz is $compressed MiB, over 48 MiB: it and the working tree must travel in 64 MiB"
