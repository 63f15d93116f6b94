#!/usr/bin/env bash
# Checks a bundle from scripts/gpu/pack.sh here, as a GPU machine without MPI, HDF5 or OpenBLAS
# will see it. In a private mount namespace every system copy of a library the bundle carries
# (and the Open MPI / PMIx plugin folders) is hidden; then
#   1. every program's and library's dependencies resolve to the bundle, the base C runtime or
#      the CUDA installation (only the GPU driver, libcuda, may be missing here);
#   2. Open MPI starts from the bundle: ompi_info lists its components, and the bundle's MPI and
#      parallel-HDF5 probe runs as a singleton and on 2 ranks under the bundle's mpiexec;
#   3. fourfold-prep (host code only) runs.
#   scripts/gpu/verify-bundle.sh [BUNDLE]        (as root: it needs a mount namespace)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bundle=$(cd "${1:-$root/.gpu-bundle}" && pwd)
[ -f "$bundle/manifest.txt" ] || { echo "verify-bundle: no bundle at $bundle (scripts/gpu/pack.sh)" >&2; exit 1; }

if [ "${FOURFOLD_VERIFY_INSIDE:-}" != 1 ]; then
  exec unshare --mount --fork env FOURFOLD_VERIFY_INSIDE=1 bash "$0" "$bundle"
fi

# Hide the system's copies, but for those this script's own tools load (grep, find and mount need
# PCRE2, which the bundle carries for the tokenizers): a GPU machine has its own base system.
empty=$(mktemp -d)
hidden=0
tool_libraries=" "
for tool in bash mount find grep awk sed head tr timeout du mktemp seq cut cat rm python3 ldd; do
  path=$(command -v "$tool") || continue
  head -c 4 "$(readlink -f "$path")" | grep -q ELF || continue
  tool_libraries+="$(ldd "$path" 2>/dev/null | awk '{print $1}' | tr '\n' ' ')"
done
for lib in "$bundle"/lib/*; do
  name=$(basename "$lib")
  [[ $tool_libraries == *" $name "* ]] && continue
  for dir in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/local/lib; do
    if [ -e "$dir/$name" ] && [ ! -d "$dir/$name" ]; then
      mount --bind /dev/null "$dir/$name" && hidden=$((hidden + 1))
    fi
  done
done
for dir in /usr/lib/x86_64-linux-gnu/openmpi /usr/lib/x86_64-linux-gnu/pmix2 /usr/share/openmpi /usr/share/pmix /etc/openmpi; do
  [ -d "$dir" ] && mount --bind "$empty" "$dir" && hidden=$((hidden + 1))
done
echo "verify-bundle: $hidden system libraries and folders hidden"

FOURFOLD_BUNDLE=$bundle source "$root/scripts/gpu/env.sh"
problems=0
base='^(/lib/x86_64-linux-gnu|/usr/lib/x86_64-linux-gnu|/lib64)/(ld-linux-x86-64|libc|libm|libdl|libpthread|librt|libresolv|libutil)\.so'
while IFS= read -r elf; do
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] || continue
    if [ "$path" = "not" ]; then
      [[ $name == libcuda.so* ]] && continue  # the GPU driver: the GPU machine has it
      echo "verify-bundle: $elf: $name not found"; problems=$((problems + 1)); continue
    fi
    case $path in
      "$bundle"/*|"${cuda_lib:-/nonexistent}"/*|"${nccl_lib:-/nonexistent}"/*) ;;
      *) [[ $path =~ $base ]] || { echo "verify-bundle: $elf: $name from $path, outside the bundle"; problems=$((problems + 1)); } ;;
    esac
  done < <(ldd "$elf" 2>/dev/null || true)
done < <(find "$bundle/bin" "$bundle/tests" "$bundle/lib" "$bundle/usr" -type f \( -name '*.so*' -o -perm -u+x \) \
           -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; -print)
[ $problems -eq 0 ] && echo "verify-bundle: every dependency resolves to the bundle, the C runtime or CUDA"

components=$(ompi_info 2>&1 | grep -c "MCA " || true)
if ompi_info 2>&1 | grep -q "MCA btl: vader"; then
  echo "verify-bundle: Open MPI from the bundle loads $components components (prefix $(ompi_info --path prefix 2>&1 | awk '{print $NF}'))"
else
  echo "verify-bundle: ompi_info from the bundle failed:"; ompi_info 2>&1 | head -5; problems=$((problems + 1))
fi

# MPI and parallel HDF5 from the bundle, as a singleton and on 2 ranks under its mpiexec.
probe_dir=$(mktemp -d)
for ranks in 1 2; do
  if [ $ranks -eq 1 ]; then
    output=$(timeout 60 "$bundle/bin/mpi-probe" "$probe_dir/probe1.h5" 2>&1) && status=0 || status=$?
  else
    output=$(timeout 60 mpiexec -n 2 "$bundle/bin/mpi-probe" "$probe_dir/probe2.h5" 2>&1) && status=0 || status=$?
  fi
  if [ $status -eq 0 ]; then
    echo "verify-bundle: $output"
  else
    echo "verify-bundle: the MPI probe on $ranks rank(s) failed:"; echo "$output" | head -10; problems=$((problems + 1))
  fi
done
rm -rf "$probe_dir"
# GPU programs load everything but the GPU driver, which only a GPU machine has.
missing=$(ldd "$bundle/bin/fourfold-train" | grep "not found" | awk '{print $1}' | tr '\n' ' ')
echo "verify-bundle: fourfold-train lacks only the driver here: ${missing:-nothing}"
[ "${missing// /}" = "libcuda.so.1" ] || [ -z "${missing// /}" ] || problems=$((problems + 1))

text=$(mktemp)
seq 1 40000 >"$text"
prep=$(mktemp -d)
if "$bundle/bin/fourfold-prep" --out "$prep" "$text" >/dev/null && [ -s "$prep/train.bin" ]; then
  echo "verify-bundle: fourfold-prep from the bundle runs"
else
  echo "verify-bundle: fourfold-prep from the bundle failed"; problems=$((problems + 1))
fi
rm -rf "$text" "$prep"
[ $problems -eq 0 ] && echo "verify-bundle: bundle OK ($(du -sm "$bundle" | cut -f1) MiB)" || { echo "verify-bundle: $problems problem(s)"; exit 1; }
