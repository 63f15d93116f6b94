# Sourced by scripts/gpu/check.sh (and by hand on a GPU machine): points the loader, Open MPI
# and PMIx at a bundle made by scripts/gpu/pack.sh, and finds what the machine itself provides
# (the CUDA runtime and cuBLAS of its CUDA installation, NCCL from the nvidia-nccl wheel or a
# system copy). Sets FOURFOLD_BUNDLE and fourfold_env_problems (empty when all was found).
#   FOURFOLD_BUNDLE=/path/to/bundle source scripts/gpu/env.sh
fourfold_env_problems=""
FOURFOLD_BUNDLE=${FOURFOLD_BUNDLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.gpu-bundle}
export FOURFOLD_BUNDLE

# first_dir_with FILE DIR...: the first DIR holding FILE.
first_dir_with() {
  local file=$1 dir
  shift
  for dir in "$@"; do
    [ -n "$dir" ] && compgen -G "$dir/$file" >/dev/null && { echo "$dir"; return 0; }
  done
  return 1
}

cuda_home=${CUDA_HOME:-${CUDA_PATH:-/usr/local/cuda}}
cuda_lib=$(first_dir_with 'libcublasLt.so*' "$cuda_home/lib64" "$cuda_home/targets/x86_64-linux/lib" /usr/lib/x86_64-linux-gnu) \
  || fourfold_env_problems+="no cuBLAS/CUDA runtime found (looked in $cuda_home/lib64); "
nccl_wheel=$(python3 -c 'import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], "lib"))' 2>/dev/null || true)
nccl_lib=$(first_dir_with 'libnccl.so*' "${NCCL_HOME:+$NCCL_HOME/lib}" "$nccl_wheel" "$cuda_home/lib64" /usr/lib/x86_64-linux-gnu) \
  || fourfold_env_problems+="no libnccl.so found (NCCL_HOME, the nvidia-nccl wheel, $cuda_home/lib64); "
[ -d "$FOURFOLD_BUNDLE/lib" ] || fourfold_env_problems+="no bundle at $FOURFOLD_BUNDLE (make one with scripts/gpu/pack.sh); "

# The bundle's libraries first, then the machine's CUDA and NCCL; its MPI relocated.
export LD_LIBRARY_PATH="$FOURFOLD_BUNDLE/lib${cuda_lib:+:$cuda_lib}${nccl_lib:+:$nccl_lib}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OPAL_PREFIX="$FOURFOLD_BUNDLE/usr"
export PMIX_MCA_mca_base_component_path="$FOURFOLD_BUNDLE/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix"
export PATH="$FOURFOLD_BUNDLE/usr/bin:$FOURFOLD_BUNDLE/bin:$PATH"
# A process started without mpiexec is an MPI singleton with no launcher daemon to start.
export OMPI_MCA_ess_singleton_isolated=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# No network fabrics on a single machine: shared memory and loopback only.
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_pml=ob1 OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
