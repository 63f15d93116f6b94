#!/usr/bin/env bash
# Builds fourfold for an NVIDIA GPU here and packs everything a GPU machine without MPI, HDF5
# or OpenBLAS development files needs into one folder that travels with the working tree:
#
#   scripts/gpu/pack.sh [--arch sm_90] [--out DIR]       DIR defaults to .gpu-bundle (git-ignored)
#
#   DIR/bin, DIR/tests   fourfold's executables and test programs (CUDA, NCCL on), stripped
#   DIR/lib              fourfold's and Kokkos's shared libraries and every library they load
#                        that is not part of the GPU machine's base system or CUDA installation
#   DIR/usr              Open MPI's and PMIx's runtime plugins, help texts and launchers, laid
#                        out as under /usr so OPAL_PREFIX relocates them
#   DIR/data             the fortunes corpus as byte-level token shards
#   DIR/manifest.txt     what was built, from which commit, for which architecture
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
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arch=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pack: unknown argument '$1' (expected --arch ARCH or --out DIR)" >&2; exit 2 ;;
  esac
done

"$fourfold_root/scripts/install-deps.sh"
export PATH=/usr/local/cuda/bin:$PATH
command -v nvcc >/dev/null || { echo "pack: no CUDA toolkit (nvcc)" >&2; exit 1; }
ensure_kokkos cuda "$arch" shared

# Shared libraries keep the device code of each library in one place instead of in every test
# program (static builds are several times larger than the 64 MiB that travels).
build=${FOURFOLD_GPU_BUILD_DIR:-$fourfold_root/build-gpu-$arch}
cmake -S "$fourfold_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_PREFIX_PATH="$kokkos_prefix" -DBUILD_SHARED_LIBS=ON -DFOURFOLD_ENABLE_NCCL=ON >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$jobs"

rm -rf "$out"
mkdir -p "$out/bin" "$out/tests" "$out/lib" "$out/data"
cp "$build"/bin/fourfold-* "$out/bin/"
find "$build/tests" -maxdepth 1 -type f -executable -name 'test_*' -exec cp {} "$out/tests/" \;
# The test programs the suite also runs on 2 ranks (check.sh runs them where 2 GPUs are).
ctest --test-dir "$build" -N | sed -n 's/.*Test *#[0-9]*: \(test_[a-z_0-9]*\)\.np2$/\1/p' >"$out/tests/np2.txt"
cp -P "$build"/lib/*.so* "$out/lib/"
cp -P "$kokkos_prefix"/lib*/*.so* "$out/lib/"

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
cat >"$build/mpi_probe.c" <<'C'
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
mpicc -O2 -o "$out/bin/mpi-probe" "$build/mpi_probe.c" $hdf5_flags

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

# The corpus for the tiny model, and GPT-2 124M (byte tokens are valid GPT-2 token ids).
mapfile -t texts < <(find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' | sort)
"$out/bin/fourfold-prep" --out "$out/data" "${texts[@]}" >/dev/null

{
  echo "fourfold $(git -C "$fourfold_root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
  echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -m), $(nvcc --version | tail -1)"
  echo "GPU architecture $arch; Kokkos 4.6.01 (CUDA, shared) from $kokkos_prefix"
  echo "glibc $(ldd --version | head -1 | awk '{print $NF}') or newer needed on the GPU machine"
} >"$out/manifest.txt"
# What travels is the compressed bundle (scripts/gpu/check.sh unpacks it next to itself).
tar -C "$(dirname "$out")" -cf - "$(basename "$out")" | xz -T0 -6 >"$out.tar.xz"
size=$(du -sm "$out" | cut -f1)
packed=$(du -sm "$out.tar.xz" | cut -f1)
echo "pack: bundle in $out: $size MiB ($(ls "$out/tests" | wc -l) test programs, $(ls "$out/lib" | wc -l) libraries);" \
     "$out.tar.xz: $packed MiB"
[ "$packed" -le 48 ] || { echo "pack: $out.tar.xz is over 48 MiB: it and the working tree must travel in 64 MiB" >&2; exit 1; }
