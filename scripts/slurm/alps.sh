#!/usr/bin/env bash
# fourfold on CSCS Alps GH200 nodes (Daint, Clariden, Santis): 4 GH200 per node, Slingshot-11,
# Cray MPICH, NCCL with the aws-ofi-nccl plugin (from the uenv). Add your project (-A/--account)
# to the sbatch arguments.
#   scripts/slurm/alps.sh [--dry-run] [sbatch arguments...] [-- fourfold-train arguments...]
#   sbatch [sbatch arguments...] scripts/slurm/alps.sh [fourfold-train arguments...]
# FOURFOLD_* variables configure it (scripts/slurm/common.sh lists them).
#SBATCH --job-name=fourfold
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
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
[ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] || { echo "alps.sh: cannot find the fourfold checkout: set FOURFOLD_ROOT" >&2; exit 1; }
FOURFOLD_ROOT=$(cd "$FOURFOLD_ROOT" && pwd)

ff_machine=alps
ff_default_bin=$FOURFOLD_ROOT/build-gpu/bin
ff_default_config=$FOURFOLD_ROOT/configs/gpt2-124m.toml
ff_cray_mpich=1   # MPICH_GPU_SUPPORT_ENABLED follows FOURFOLD_COMM (common.sh)
# NCCL over Slingshot, as CSCS sets them for uenvs (the container hook sets the same):
# https://docs.cscs.ch/software/communication/nccl/
ff_env=(
  NCCL_NET_GDR_LEVEL=PHB            # GPUDirect RDMA between a GPU and the NIC on the same NUMA node
  NCCL_CROSS_NIC=1                  # rings and trees may leave a node on another NIC than they entered
  NCCL_PROTO=^LL128                 # NCCL >= 2.27 enables LL128, which CSCS measured slower on Slingshot
  FI_CXI_DISABLE_HOST_REGISTER=1    # keeps the CXI provider from registering CUDA host allocations (deadlocks)
  FI_MR_CACHE_MONITOR=userfaultfd   # memory-registration cache monitor that is safe with the CUDA allocator
  FI_CXI_DEFAULT_CQ_SIZE=131072     # large completion queues for the data-parallel all-reduce at scale
  FI_CXI_DEFAULT_TX_SIZE=32768      # CSCS's measured best transmit queue depth on Alps
  FI_CXI_RX_MATCH_MODE=software     # software tag matching: no hardware match-list exhaustion at scale
)
ff_env_multi_node=(                 # HPE: not on one node, where it only costs network resources
  NCCL_NET='AWS Libfabric'          # use the aws-ofi-nccl plugin, and fail at start-up when it is missing (no TCP fallback)
)
ff_srun=(
  --gpus-per-task=1                 # CUDA_VISIBLE_DEVICES = the rank's own GH200 (CSCS's one-rank-per-GPU layout);
)                                   # the default compute mode would otherwise let ranks share GPU 0
# shellcheck source=common.sh
source "$FOURFOLD_ROOT/scripts/slurm/common.sh"
ff_slurm_main "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" "$@"
