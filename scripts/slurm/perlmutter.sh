#!/usr/bin/env bash
# fourfold on NERSC Perlmutter GPU nodes: 4 A100 per node, Slingshot-11, Cray MPICH, NCCL with the
# aws-ofi-nccl plugin (module load nccl). Add your account (-A/--account) to the sbatch arguments.
#   scripts/slurm/perlmutter.sh [--dry-run] [sbatch arguments...] [-- fourfold-train arguments...]
#   sbatch [sbatch arguments...] scripts/slurm/perlmutter.sh [fourfold-train arguments...]
# FOURFOLD_* variables configure it (scripts/slurm/common.sh lists them).
#SBATCH --job-name=fourfold
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@300
#SBATCH --open-mode=append
#SBATCH --output=fourfold-%j.out
set -euo pipefail

# Slurm runs a copy of this file: find the checkout from FOURFOLD_ROOT (set when the script submits
# itself), the script's folder, the submit directory, or the job's submitted command.
for FOURFOLD_ROOT in "${FOURFOLD_ROOT:-}" "$(dirname "$0")/../.." "${SLURM_SUBMIT_DIR:-}" \
  "${SLURM_JOB_ID:+$(scontrol show job "$SLURM_JOB_ID" 2>/dev/null | sed -n 's|^ *Command=\(.*\)/scripts/slurm/.*|\1|p')}"; do
  [ -n "$FOURFOLD_ROOT" ] && [ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] && break
done
[ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] || { echo "perlmutter.sh: cannot find the fourfold checkout: set FOURFOLD_ROOT" >&2; exit 1; }
FOURFOLD_ROOT=$(cd "$FOURFOLD_ROOT" && pwd)

ff_machine=perlmutter
ff_default_bin=$FOURFOLD_ROOT/build-gpu/bin
ff_default_config=$FOURFOLD_ROOT/configs/gpt2-124m.toml
ff_cray_mpich=1   # MPICH_GPU_SUPPORT_ENABLED follows FOURFOLD_COMM (common.sh)
# NCCL over Slingshot, as NERSC's NCCL plugin build and HPE set them:
# https://github.com/NERSC/nccl-ofi-plugin/blob/main/env_nccl.sh
# https://github.com/HewlettPackard/shs-ccl-docs/blob/main/ccl_env.sh
ff_env=(
  NCCL_SOCKET_IFNAME=hsn            # NCCL's bootstrap traffic on the Slingshot NICs, not the management network
  NCCL_NET_GDR_LEVEL=PHB            # GPUDirect RDMA between a GPU and the NIC under the same PCIe host bridge
  NCCL_CROSS_NIC=1                  # rings and trees may leave a node on another NIC than they entered (no rail-only fabric)
  FI_CXI_DISABLE_HOST_REGISTER=1    # keeps the CXI provider from registering CUDA host allocations (deadlocks with cudaMalloc*)
  FI_MR_CACHE_MONITOR=userfaultfd   # memory-registration cache monitor that is safe with the CUDA allocator
  FI_CXI_DEFAULT_CQ_SIZE=131072     # large completion queues: the data-parallel all-reduce posts many messages at scale
)
ff_env_multi_node=(                 # HPE: not on one node, where it only costs network resources
  NCCL_NET='AWS Libfabric'          # use the aws-ofi-nccl plugin, and fail at start-up when it is missing (no TCP fallback)
)
ff_srun=(
  --cpu-bind=cores                  # each rank on its own 16 cores (32 hardware threads)
  --gpu-bind=none                   # every rank sees the node's 4 GPUs: fourfold takes local rank % 4, and NCCL keeps
)                                   # CUDA IPC over NVLink between ranks (one visible GPU per rank can force host copies)
# shellcheck source=common.sh
source "$FOURFOLD_ROOT/scripts/slurm/common.sh"
ff_slurm_main "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" "$@"
