# Shared by the Slurm launch scripts (perlmutter.sh, frontier.sh, alps.sh, local.sh). Sourced, not
# run. A machine script sets its #SBATCH header and these, then calls ff_slurm_main "$@":
#   ff_machine        name used in messages
#   ff_env            NAME=value defaults exported in the job; a variable already set in the
#                     environment keeps its value (so any of them can be tuned per submission)
#   ff_env_multi_node the same, exported only when the job spans more than one node
#   ff_srun           srun flags of the machine (GPU binding, MPI plugin...)
#   ff_default_bin    where fourfold-train is when FOURFOLD_BIN is not set
#   ff_default_config the run configuration when FOURFOLD_CONFIG is not set
#   ff_cray_mpich     1 on Cray MPICH machines: MPICH_GPU_SUPPORT_ENABLED follows FOURFOLD_COMM
#                     and the build (see ff_export_env)
#   ff_need_account   1 where every job must name a project (-A/--account or SBATCH_ACCOUNT):
#                     submitting without one stops with a message instead of sbatch's refusal
#
# Three ways to call a machine script:
#   scripts/slurm/M.sh [--dry-run] [sbatch arguments...] [-- fourfold-train arguments...]
#       outside a job: submits itself with sbatch (--dry-run prints the sbatch command, the
#       #SBATCH header and the srun command line with its environment, and submits nothing)
#   sbatch [sbatch arguments...] scripts/slurm/M.sh [fourfold-train arguments...]
#       the same submission done by hand
#   scripts/slurm/M.sh [fourfold-train arguments...]   inside an allocation (salloc): runs srun
#
# Variables (all optional):
#   FOURFOLD_CONFIG    run configuration (default: ff_default_config)
#   FOURFOLD_GRID      GXxGYxGZxGD or auto (default auto: fourfold-train calibrates the machine,
#                      keeps the calibration in OUT so that a requeued job picks the same grid,
#                      and trains on the grid its performance model predicts fastest)
#   FOURFOLD_OUT       output directory: metrics.jsonl, checkpoints (default
#                      ${SCRATCH:-<checkout>/build/runs}/fourfold-<job id>, the same across requeues)
#   FOURFOLD_BIN       folder holding fourfold-train (default: ff_default_bin)
#   FOURFOLD_DATA      training shards, a file or a glob (--data; default: the config's)
#   FOURFOLD_VAL_DATA  validation shards (--val-data; set to empty to turn validation off)
#   FOURFOLD_STEPS     optimizer steps (--steps; default: the config's)
#   FOURFOLD_COMM      auto, nccl or mpi (--comm; default: the config's)
#   FOURFOLD_ARGS      more fourfold-train arguments, split on spaces (e.g. "--set checkpoint.every=200")
#   FOURFOLD_SRUN_ARGS more srun arguments, split on spaces
#   FOURFOLD_REQUEUE_ON_TIMEOUT  1 (default): when Slurm signals that the time limit is near
#                      (#SBATCH --signal=B:USR1@SECONDS; sbatch --signal=B:USR1@600 sets another
#                      lead), the batch shell passes SIGUSR1 to fourfold-train, which saves a
#                      checkpoint at its next step boundary and exits with status 75; the job
#                      then requeues itself and its next start resumes from that very step (no
#                      step lost); 0 lets the job end at its time limit
#   FOURFOLD_ROOT      the fourfold checkout (found from the script's path otherwise)
#
# Every start of the job passes --resume to fourfold-train when OUT/checkpoints holds a complete
# checkpoint (a requeued or resubmitted job continues from the newest one), and starts a new run
# otherwise. fourfold-train refuses a bare --resume without a checkpoint and a new run in an OUT that
# already holds metrics.jsonl, so a job stopped before its first checkpoint has that file moved
# aside (metrics.jsonl.restart-N) and starts over.
#
# Rank placement: fourfold numbers ranks x fastest, then y, z, data
# (world_rank = ((d*Gz + z)*Gy + y)*Gx + x), so consecutive ranks form the X groups, then the Y
# groups. srun's block distribution (--distribution=block:block) fills each node with consecutive
# ranks, so the X and Y groups (and X*Y up to the GPUs of a node) stay inside a node, on NVLink /
# Infinity Fabric, and only Z and data groups cross the network. fourfold-plan and
# --grid auto assume exactly this placement.

ff_machine=${ff_machine:-slurm}
declare -p ff_env_multi_node >/dev/null 2>&1 || ff_env_multi_node=()
ff_cray_mpich=${ff_cray_mpich:-0}

ff_say() { echo "fourfold-slurm[$ff_machine]: $*"; }
ff_die() { echo "fourfold-slurm[$ff_machine]: error: $*" >&2; exit 1; }

# ff_quote WORD...: the words as a shell would need them typed.
ff_quote() {
  local quoted=() w
  for w in "$@"; do
    if [[ -z $w || $w =~ [^A-Za-z0-9_@%+=:,./-] ]]; then
      quoted+=("'${w//\'/\'\\\'\'}'")
    else
      quoted+=("$w")
    fi
  done
  echo "${quoted[*]}"
}

# ff_export_env: exports ff_env (keeping values already in the environment) and the MPI setting
# that depends on the collective route; fills ff_env_shown with NAME=value for printing.
ff_export_env() {
  ff_env_shown=()
  local kv name value all=("${ff_env[@]}")
  # Dry runs show the multi-node ones; a job on one node leaves them out.
  [ "${SLURM_JOB_NUM_NODES:-2}" -gt 1 ] && all+=("${ff_env_multi_node[@]}")
  for kv in "${all[@]}"; do
    name=${kv%%=*}
    value=${kv#*=}
    [ -n "${!name+x}" ] && value=${!name}
    export "$name=$value"
    ff_env_shown+=("$name=$value")
  done
  if [ "$ff_cray_mpich" = 1 ]; then
    # GPU-aware Cray MPICH only where fourfold hands device memory to MPI (--comm mpi, built with
    # FOURFOLD_ENABLE_GPU_AWARE_MPI, which then links the GTL library). On the NCCL/RCCL route MPI
    # sees host memory only, and CSCS warns that GPU-aware MPI next to NCCL can deadlock:
    # https://docs.cscs.ch/software/communication/nccl/ (GPU-aware MPI with NCCL);
    # =1 without GTL aborts MPI_Init: https://docs.cscs.ch/software/communication/cray-mpich/
    # A build without NCCL/RCCL but with GPU-aware MPI (read from the CMakeCache.txt next to the
    # binaries' folder) takes the MPI route with device memory under comm auto too.
    local gpu_mpi=0
    [ "${FOURFOLD_COMM:-}" = mpi ] && gpu_mpi=1
    if [ "${FOURFOLD_COMM:-auto}" = auto ] && [ "$(ff_build_option FOURFOLD_ENABLE_GPU_AWARE_MPI)" = ON ] &&
      [ "$(ff_build_option FOURFOLD_ENABLE_NCCL)" = OFF ]; then
      gpu_mpi=1
    fi
    export MPICH_GPU_SUPPORT_ENABLED=${MPICH_GPU_SUPPORT_ENABLED:-$gpu_mpi}
    ff_env_shown+=("MPICH_GPU_SUPPORT_ENABLED=$MPICH_GPU_SUPPORT_ENABLED")
  fi
}

# ff_train_args OUT [fourfold-train arguments...]: fills ff_args with fourfold-train's arguments
# (everything but --resume).
ff_train_args() {
  local out=$1
  shift
  ff_args=(--config "${FOURFOLD_CONFIG:-$ff_default_config}" --grid "${FOURFOLD_GRID:-auto}" --out "$out")
  [ -n "${FOURFOLD_DATA:-}" ] && ff_args+=(--data "$FOURFOLD_DATA")
  [ -n "${FOURFOLD_VAL_DATA+x}" ] && ff_args+=(--val-data "$FOURFOLD_VAL_DATA")
  [ -n "${FOURFOLD_STEPS:-}" ] && ff_args+=(--steps "$FOURFOLD_STEPS")
  [ -n "${FOURFOLD_COMM:-}" ] && ff_args+=(--comm "$FOURFOLD_COMM")
  local extra=()
  read -r -a extra <<<"${FOURFOLD_ARGS:-}"
  ff_args+=("${extra[@]}" "$@")
}

# ff_srun_args: fills ff_srun_all with every srun flag.
ff_srun_args() {
  local extra=() cpus=()
  read -r -a extra <<<"${FOURFOLD_SRUN_ARGS:-}"
  # Since Slurm 22.05 srun no longer takes --cpus-per-task from the allocation: pass it on.
  [ -n "${SLURM_CPUS_PER_TASK:-}" ] && cpus=(--cpus-per-task="$SLURM_CPUS_PER_TASK")
  # block:block = consecutive ranks on a node (X and Y groups intra-node, see above);
  # --kill-on-bad-exit: one failed rank ends the step instead of leaving the others in a collective.
  ff_srun_all=(--distribution=block:block --kill-on-bad-exit=1 "${cpus[@]}" "${ff_srun[@]}" "${extra[@]}")
}

ff_bin() { echo "${FOURFOLD_BIN:-$ff_default_bin}"; }

# ff_build_option NAME: the value (ON/OFF) of a fourfold CMake option in the build whose bin/
# folder holds fourfold-train, or nothing when that build's CMakeCache.txt is not there.
ff_build_option() {
  local cache
  cache=$(ff_bin)/../CMakeCache.txt
  [ -f "$cache" ] || return 0
  sed -n "s/^$1:BOOL=//p" "$cache" | head -n 1
}

# ff_has_account SBATCH_ARGS...: true unless the machine charges every job to a project and
# neither the arguments nor SBATCH_ACCOUNT name one.
ff_has_account() {
  [ "${ff_need_account:-0}" = 1 ] || return 0
  [ -n "${SBATCH_ACCOUNT:-}" ] && return 0
  local a
  for a in "$@"; do
    case $a in -A | -A?* | --account | --account=?*) return 0 ;; esac
  done
  return 1
}
ff_no_account="$ff_machine charges every job to a project: pass -A PROJECT (or set SBATCH_ACCOUNT)"

# ff_run_in_job [fourfold-train arguments...]: one start of the job (the first or a requeued one).
ff_run_in_job() {
  [ "${1:-}" = -- ] && shift
  local out=${FOURFOLD_OUT:-${SCRATCH:-$FOURFOLD_ROOT/build/runs}/fourfold-$SLURM_JOB_ID}
  local train
  train=$(ff_bin)/fourfold-train
  [ -x "$train" ] || ff_die "no fourfold-train in '$(ff_bin)' (build it, or set FOURFOLD_BIN)"
  ff_export_env
  ff_srun_args
  ff_train_args "$out" "$@"
  mkdir -p "$out"

  local restart=${SLURM_RESTART_COUNT:-0} resume=() newest
  newest=$(compgen -G "$out/checkpoints/step_*.h5" | sort | tail -n 1 || true)
  ff_say "job $SLURM_JOB_ID, start $((restart + 1)) (requeued $restart times), ${SLURM_JOB_NUM_NODES:-1} node(s), ${SLURM_NTASKS:-?} ranks, out $out"
  local newest_step=${newest##*/step_}
  newest_step=${newest_step%.h5}
  if [ -n "$newest" ] && [ -n "${FOURFOLD_STEPS:-}" ] && [ $((10#${newest_step:-0})) -ge "$FOURFOLD_STEPS" ]; then
    # A job requeued after its final checkpoint: fourfold-train would refuse to resume it.
    ff_say "the run is complete ($(basename "$newest"), FOURFOLD_STEPS=$FOURFOLD_STEPS): nothing to do"
    return 0
  fi
  if [ -n "$newest" ]; then
    resume=(--resume)
    ff_say "resuming from the newest complete checkpoint in $out/checkpoints ($(basename "$newest"))"
  else
    if [ -e "$out/metrics.jsonl" ]; then
      mv "$out/metrics.jsonl" "$out/metrics.jsonl.restart-$restart"
      ff_say "no checkpoint yet: the earlier start's metrics.jsonl moved to metrics.jsonl.restart-$restart"
    fi
    ff_say "no checkpoint in $out/checkpoints: starting a new run"
  fi
  # --resume goes before the user's arguments, so an explicit --resume FILE among them wins.
  local cmd=(srun "${ff_srun_all[@]}" "$train" "${ff_args[@]:0:6}" "${resume[@]}" "${ff_args[@]:6}")
  ff_say "environment: ${ff_env_shown[*]:-(none)}"
  ff_say "running: $(ff_quote "${cmd[@]}")"

  # srun runs in the background so that the batch shell can take Slurm's time-limit warning.
  local pid rc
  local requeue=${FOURFOLD_REQUEUE_ON_TIMEOUT:-1}
  if [ "$requeue" = 1 ]; then
    # srun passes SIGUSR1 on to every task: fourfold-train saves at its next step boundary.
    trap 'ff_say "time limit near: SIGUSR1 to fourfold-train (a checkpoint at the next step boundary, then a requeue)"
          kill -USR1 "$pid" 2>/dev/null || true' USR1
  fi
  "${cmd[@]}" &
  pid=$!
  while true; do
    rc=0
    wait "$pid" || rc=$?
    # A trapped signal interrupts wait with a status above 128 while srun still runs.
    if [ $rc -gt 128 ] && kill -0 "$pid" 2>/dev/null; then continue; fi
    break
  done
  ff_say "fourfold-train ended with status $rc"
  if [ $rc -eq 75 ] && [ "$requeue" = 1 ]; then
    # 75: saved at a stop signal (drivers/train/stop_signal.hpp); the next start resumes there.
    ff_say "saved at the signal: requeueing job $SLURM_JOB_ID (the next start resumes from that step)"
    scontrol requeue "$SLURM_JOB_ID"
    return 0
  fi
  return $rc
}

# ff_dry_run SCRIPT SBATCH_ARGS... -- TRAIN_ARGS...: prints what a submission would do.
ff_dry_run() {
  local script=$1
  shift
  local sbatch_args=() train_args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do sbatch_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  train_args=("$@")
  local out=${FOURFOLD_OUT:-${SCRATCH:-$FOURFOLD_ROOT/build/runs}/fourfold-<job id>}
  ff_export_env
  local SLURM_CPUS_PER_TASK=${SLURM_CPUS_PER_TASK:-$(sed -n 's/^#SBATCH --cpus-per-task=//p' "$script")}
  ff_srun_args
  ff_train_args "$out" "${train_args[@]}"
  ff_say "dry run: nothing is submitted"
  echo "sbatch header of $script:"
  grep '^#SBATCH' "$script" | sed 's/^/  /'
  echo "submit:"
  echo "  FOURFOLD_ROOT=$(ff_quote "$FOURFOLD_ROOT") $(ff_quote sbatch "${sbatch_args[@]}" "$script" "${train_args[@]}")"
  echo "in the job, at its first start and at every requeued start:"
  local kv multi=" ${ff_env_multi_node[*]%%=*} " note
  for kv in "${ff_env_shown[@]}"; do
    note=""
    [[ $multi == *" ${kv%%=*} "* ]] && note="   # only in jobs on more than one node"
    echo "  export $(ff_quote "$kv")$note"
  done
  echo "  $(ff_quote srun "${ff_srun_all[@]}" "$(ff_bin)/fourfold-train" "${ff_args[@]}")"
  echo "  (with --resume after --out once $out/checkpoints holds a complete checkpoint)"
  [ -x "$(ff_bin)/fourfold-train" ] || ff_say "note: $(ff_bin)/fourfold-train does not exist here (set FOURFOLD_BIN)"
  ff_has_account "${sbatch_args[@]}" || ff_say "note: $ff_no_account"
  return 0
}

# ff_slurm_main SCRIPT "$@": the entry point of every machine script.
ff_slurm_main() {
  local script=$1
  shift
  case "${1:-}" in
    -h | --help)
      sed -n '2,/^#SBATCH/p' "$script" | sed '$d' | sed 's/^# \{0,1\}//'
      echo "Variables and modes: see $FOURFOLD_ROOT/scripts/slurm/common.sh"
      return 0
      ;;
  esac
  local dry=0 args=() a
  for a in "$@"; do
    if [ "$a" = --dry-run ] && [ $dry -eq 0 ]; then dry=1; else args+=("$a"); fi
  done
  if [ $dry -eq 1 ]; then
    [ -n "${SLURM_JOB_ID:-}" ] && ff_say "note: inside job $SLURM_JOB_ID the script itself runs the srun line below"
    ff_dry_run "$script" "${args[@]}"
    return 0
  fi
  if [ -n "${SLURM_JOB_ID:-}" ]; then
    ff_run_in_job "${args[@]}"
    return
  fi
  # Outside a job: submit this script. sbatch exports the environment (FOURFOLD_* included) to the
  # job; FOURFOLD_ROOT lets the job find this checkout, since Slurm runs a copy of the script.
  local sbatch_args=() train_args=()
  set -- "${args[@]}"
  while [ $# -gt 0 ] && [ "$1" != -- ]; do sbatch_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  train_args=("$@")
  ff_has_account "${sbatch_args[@]}" || ff_die "$ff_no_account"
  command -v sbatch >/dev/null || ff_die "sbatch not found (not on a Slurm login node?); --dry-run shows the commands"
  [ -x "$(ff_bin)/fourfold-train" ] || ff_say "warning: $(ff_bin)/fourfold-train does not exist (yet?)"
  FOURFOLD_ROOT=$FOURFOLD_ROOT sbatch "${sbatch_args[@]}" "$script" "${train_args[@]}"
}
