# Shared by the README commands: configure + build into build/ (Release, Ninja when present).
# Sourced, not run.
fourfold_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${FOURFOLD_BUILD_DIR:-$fourfold_root/build}
jobs=${FOURFOLD_JOBS:-$(nproc)}

# OpenMPI refuses to run as root without these (CI and these machines run as root), and more
# ranks than cores needs oversubscription; harmless for other MPIs.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# fourfold_build [cmake --build arguments...]: configure (Release, Ninja when present) and build.
fourfold_build() {
  local generator=()
  command -v ninja >/dev/null && [ ! -f "$build_dir/Makefile" ] && generator=(-G Ninja)
  cmake -S "$fourfold_root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build_dir" -j "$jobs" "$@"
}
