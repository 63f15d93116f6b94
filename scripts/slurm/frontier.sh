#!/usr/bin/env bash
# fourfold on OLCF Frontier: 4 MI250X per node = 8 GCDs (one rank each), Slingshot-11, Cray
# MPICH, RCCL with the aws-ofi-rccl plugin (set NCCL_NET_PLUGIN to its librccl-net.so). Every job
# needs your project: -A PROJECT in the sbatch arguments (or SBATCH_ACCOUNT); -N sets the nodes;
# -C nvme adds the node-local NVMe if wanted. Building for it: README, "Frontier (AMD MI250X)".
#   scripts/slurm/frontier.sh [--dry-run] [sbatch arguments...] [-- fourfold-train arguments...]
#   sbatch [sbatch arguments...] scripts/slurm/frontier.sh [fourfold-train arguments...]
# FOURFOLD_* variables configure it (scripts/slurm/common.sh lists them).
#SBATCH --job-name=fourfold
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=7
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
[ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] || { echo "frontier.sh: cannot find the fourfold checkout: set FOURFOLD_ROOT" >&2; exit 1; }
FOURFOLD_ROOT=$(cd "$FOURFOLD_ROOT" && pwd)

ff_machine=frontier
ff_default_bin=$FOURFOLD_ROOT/build-gpu/bin
ff_default_config=$FOURFOLD_ROOT/configs/gpt2-124m.toml
ff_cray_mpich=1   # MPICH_GPU_SUPPORT_ENABLED follows FOURFOLD_COMM and the build (common.sh)
ff_need_account=1 # Frontier charges every job to a project
# RCCL over Slingshot, as OLCF (with HPE and AMD) recommends them:
# https://docs.olcf.ornl.gov/software/analytics/pytorch_frontier.html (RCCL plugin section)
# https://github.com/ROCm/aws-ofi-rccl#running-rccl-perf-tests (FI_CXI_ATS)
ff_env=(
  NCCL_SOCKET_IFNAME=hsn0           # RCCL's bootstrap on the first Slingshot NIC (OLCF: all four can hang)
  NCCL_NET_GDR_LEVEL=PHB            # GPUDirect RDMA between a GCD and the NIC under the same host bridge
  NCCL_CROSS_NIC=1                  # rings and trees may use any of the node's 4 NICs
  FI_CXI_ATS=0                      # no PCIe address translation services for GPU memory registration (plugin requirement)
  FI_CXI_DISABLE_HOST_REGISTER=1    # keeps the CXI provider from registering HIP host allocations
  FI_MR_CACHE_MONITOR=kdreg2        # Frontier's registration-cache monitor; memhooks deadlocks with the plugin
  FI_CXI_DEFAULT_CQ_SIZE=131072     # large completion queues for the data-parallel all-reduce at scale
  HSA_FORCE_FINE_GRAIN_PCIE=1       # fine-grained host memory over PCIe, which the NIC reads directly
)
ff_srun=(
  --gpus-per-task=1                 # one GCD per rank ...
  --gpu-bind=closest                # ... the one on the L3 region of the rank's 7 cores (OLCF's layout)
)
# Inside the job: one rank per GCD on every node, whatever the submission's tasks per node.
[ -n "${SLURM_NNODES:-}" ] && ff_srun=(-n "$((SLURM_NNODES * 8))" "${ff_srun[@]}")
# shellcheck source=common.sh
source "$FOURFOLD_ROOT/scripts/slurm/common.sh"
ff_slurm_main "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" "$@"
