#!/usr/bin/env bash
# fourfold on one CPU node: the Debian-packaged Slurm that scripts/slurm/test-local.sh starts, or
# any small cluster of CPU nodes. Trains configs/tiny.toml on 2 ranks by default.
#   scripts/slurm/local.sh [--dry-run] [sbatch arguments...] [-- fourfold-train arguments...]
#   sbatch [sbatch arguments...] scripts/slurm/local.sh [fourfold-train arguments...]
# FOURFOLD_* variables configure it (scripts/slurm/common.sh lists them).
#SBATCH --job-name=fourfold
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --cpus-per-task=1
#SBATCH --time=00:30:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@60
#SBATCH --open-mode=append
#SBATCH --output=fourfold-%j.out
set -euo pipefail

# Slurm runs a copy of this file: find the checkout from FOURFOLD_ROOT (set when the script submits
# itself), the script's folder, the submit directory, or the job's submitted command.
for FOURFOLD_ROOT in "${FOURFOLD_ROOT:-}" "$(dirname "$0")/../.." "${SLURM_SUBMIT_DIR:-}" \
  "${SLURM_JOB_ID:+$(scontrol show job "$SLURM_JOB_ID" 2>/dev/null | sed -n 's|^ *Command=\(.*\)/scripts/slurm/.*|\1|p')}"; do
  [ -n "$FOURFOLD_ROOT" ] && [ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] && break
done
[ -f "$FOURFOLD_ROOT/scripts/slurm/common.sh" ] || { echo "local.sh: cannot find the fourfold checkout: set FOURFOLD_ROOT" >&2; exit 1; }
FOURFOLD_ROOT=$(cd "$FOURFOLD_ROOT" && pwd)

ff_machine=local
ff_default_bin=$FOURFOLD_ROOT/build/bin
ff_default_config=$FOURFOLD_ROOT/configs/tiny.toml
ff_env=(
  OMPI_ALLOW_RUN_AS_ROOT=1          # Open MPI refuses to start as root without both (CI runs as root)
  OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  OPENBLAS_NUM_THREADS=1            # one BLAS thread per rank: ranks already fill the cores
)
# More ranks than cores (sbatch --overcommit): a waiting rank yields its core instead of spinning.
[ "${SLURM_OVERCOMMIT:-0}" = 1 ] && ff_env+=(OMPI_MCA_mpi_yield_when_idle=1)
ff_srun=(
  --mpi=pmix                        # Open MPI 4.1 wires up through Slurm's PMIx plugin
)
# shellcheck source=common.sh
source "$FOURFOLD_ROOT/scripts/slurm/common.sh"
ff_slurm_main "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" "$@"
