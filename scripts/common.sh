# Shared by the README commands: configure + build into build/ (Release, Ninja when present).
# Sourced, not run.
fourfold_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${FOURFOLD_BUILD_DIR:-$fourfold_root/build}
jobs=${FOURFOLD_JOBS:-$(nproc)}

# OpenMPI refuses to run as root without these (CI and these machines run as root), and more
# ranks than cores needs oversubscription; harmless for other MPIs.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# Debian 12's OpenBLAS (0.3.21) does not know newer Xeons (Sapphire Rapids reports a bare "Intel(R)
# Xeon(R) Processor") and falls back to its generic Prescott kernels: GEMMs 3x slower, calibration
# 88 s instead of 29 s. Name the core from the CPU's flags unless the user chose one.
if [ -z "${OPENBLAS_CORETYPE:-}" ] && [ -r /proc/cpuinfo ]; then
  case " $(grep -m1 '^flags' /proc/cpuinfo) " in
    *" avx512f "*) export OPENBLAS_CORETYPE=SkylakeX ;;
    *" avx2 "*) export OPENBLAS_CORETYPE=Haswell ;;
  esac
fi

# fourfold_build [cmake --build arguments...]: configure (Release, Ninja when present) and build.
fourfold_build() {
  local generator=()
  command -v ninja >/dev/null && [ ! -f "$build_dir/Makefile" ] && generator=(-G Ninja)
  cmake -S "$fourfold_root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build_dir" -j "$jobs" "$@"
}
