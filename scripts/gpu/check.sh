#!/usr/bin/env bash
# The one prepared run of a GPU lease (one NVIDIA GPU, the CUDA toolkit; no MPI, HDF5 or OpenBLAS
# development files needed). It loads the bundle scripts/gpu/pack.sh made on a build machine
# (.gpu-bundle, which travels with the working tree) with the machine's CUDA and NCCL, and answers
# five questions in this order, skipping the steps the budget no longer fits and saying so:
#   1. Does it run? The MPI + parallel-HDF5 probe, every one-rank test program of the suite
#      (test_core_gemm first: the vendor GEMM routes against Kokkos Kernels), 4 at a time, the
#      2-rank ones where 2 GPUs are, and 200 steps of the tiny GPT-2.
#   2. How fast is bf16, honestly? The 1.3B Llama of scripts/gpu/llama-1.3b.toml (24 layers, C 2048,
#      16 heads / 8 KV, I 5632, T 2048, batch 8) for 10 steps in bf16, then in fp32 with TF32 off
#      (NVIDIA_TF32_OVERRIDE=0; fourfold's fp32 GEMMs are plain SGEMM anyway), each with the first
#      recompute mode of none, selective, attention, block whose planned memory fits the GPU:
#      tokens/s and MFU (fourfold-train, against the peak of the GPU it names, which is
#      nvidia-smi's name), the GEMM share (the planned GEMM FLOPs at the rate fourfold-bench gemm
#      measures for the model's shapes, over the step time), the ledger's launches and bytes by
#      kind per step (fourfold-bench step) and the host waits per step (fourfold-bench model).
#   3. Is Llama exact on the GPU? The tests' tiny Llama (a Hugging Face folder in the bundle) for
#      40 steps: each step's loss against the CPU's (the bundle's reference), relative difference.
#   4. Does generation run? fourfold-generate on that folder, greedy, 64 tokens: the same ids as
#      the CPU's, and tokens/s.
#   5. Does overlap pay on one GPU? GPT-2 124M steps with overlap none and all (and all in bf16),
#      and 20 training steps of it in fp32 and bf16, as the earlier checks ran them.
# Writes OUT/summary.jsonl (one JSON line per question), OUT/summary.txt (the table, also printed),
# OUT/steps.tsv and each step's log OUT/NAME.log.
#
#   scripts/gpu/check.sh [--bundle DIR] [--out DIR] [--budget SECONDS] [--dry-run] [--cpu-build DIR]
#     --bundle     the bundle (default .gpu-bundle in the checkout, or .gpu-bundle.tar.xz unpacked)
#     --budget     the whole run's time in seconds (default 540): a step starts only where what it
#                  needs is left, and its limit is cut to what is left
#     --out        where logs and runs go (default $OUT when set, else build/gpu-check)
#     --dry-run    no GPU: print every command of the five questions and check the script, the
#                  bundle (manifest, programs, their libraries but the GPU driver, each option a
#                  command gives a fourfold program, every file a command names, the references)
#                  and, with a CPU build of the tree, each training command's arguments
#                  (fourfold-train --dry-run). Without a bundle it prints the commands only.
#     --cpu-build  the CPU build for that argument check (default build/ where it has fourfold-train)
# Exits non-zero when a step fails, when the GPU's losses or ids differ from the CPU's, or (dry run)
# when the bundle or a command has a problem.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/scripts/gpu/commands.sh"
bundle=$root/.gpu-bundle
out=${OUT:-$root/build/gpu-check}
dry_run=0
budget=540
cpu_build=""
value_of() {  # value_of FLAG NEXT-ARGUMENT...: the flag's value, or a clear refusal
  [ $# -ge 2 ] && [ -n "$2" ] && [[ $2 != --* ]] || { echo "gpu-check: $1 needs a value (see --help)" >&2; exit 2; }
  echo "$2"
}
while [ $# -gt 0 ]; do
  case $1 in
    --bundle) bundle=$(value_of "$@") || exit 2; shift 2 ;;
    --out) out=$(value_of "$@") || exit 2; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    --budget) budget=$(value_of "$@") || exit 2; shift 2 ;;
    --cpu-build) cpu_build=$(value_of "$@") || exit 2; shift 2 ;;
    -h|--help) sed -n '2,38p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $budget =~ ^[0-9]+$ ]] && [ "$budget" -ge 60 ] \
  || { echo "gpu-check: --budget '$budget' is not a whole number of seconds of at least 60" >&2; exit 2; }
if [ -n "$cpu_build" ]; then
  [ -x "$cpu_build/bin/fourfold-train" ] \
    || { echo "gpu-check: --cpu-build '$cpu_build' has no bin/fourfold-train (a CPU build of this tree)" >&2; exit 2; }
elif [ -x "$root/build/bin/fourfold-train" ]; then
  cpu_build=$root/build
fi
command -v python3 >/dev/null || { echo "gpu-check: python3 is needed for the summary" >&2; exit 1; }

# The bundle travels compressed: unpack it next to the archive the first time.
if [ ! -d "$bundle" ] && [ -f "$bundle.tar.xz" ]; then
  if [ $dry_run -eq 1 ]; then
    echo "gpu-check: [dry run] would unpack $bundle.tar.xz"
  else
    tar -C "$(dirname "$bundle")" -xJf "$bundle.tar.xz" || { echo "gpu-check: cannot unpack $bundle.tar.xz" >&2; exit 1; }
  fi
fi
bundle=$(cd "$bundle" 2>/dev/null && pwd || echo "$bundle")
mkdir -p "$out" || { echo "gpu-check: cannot create --out '$out'" >&2; exit 2; }
out=$(cd "$out" && pwd)
log=$out/check.log
table=$out/steps.tsv
: >"$log"
: >"$table"
say() { echo "gpu-check: $*" | tee -a "$log"; }
failed=0
problems=0
have_bundle=0
[ -f "$bundle/manifest.txt" ] && have_bundle=1
kind=$(sed -n 's/^kind //p' "$bundle/manifest.txt" 2>/dev/null)
problem() { say "[dry run] PROBLEM: $*"; problems=$((problems + 1)); }

# quoted COMMAND...: the command as a shell would take it back.
quoted() {
  local text
  text=$(printf '%q ' "$@")
  echo "${text% }"
}
# record QUESTION NAME STATUS SECONDS DETAIL COMMAND...: one row of the step table.
record() {
  local question=$1 name=$2 status=$3 seconds=$4 detail=$5
  shift 5
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$question" "$name" "$status" "$seconds" "$detail" "$(quoted "$@")" >>"$table"
}

original_ld_library_path=${LD_LIBRARY_PATH:-}
original_path=$PATH
FOURFOLD_BUNDLE=$bundle source "$root/scripts/gpu/env.sh"
export FOURFOLD_SOURCE_DIR=$root  # tests that read the checkout (configs/) find it here

# check_command NAME COMMAND...: (dry run) the program exists and loads here but for the GPU
# driver, each option it is given is one it defines (a string literal of the program or of
# fourfold's libraries it loads), and every file it is told to read exists.
declare -A libraries_checked=()
check_command() {
  local name=$1
  shift
  local words=("$@") i=0
  if [ "${words[0]}" = env ]; then
    i=1
    while [[ ${words[i]} == *=* ]]; do i=$((i + 1)); done
  fi
  local program=${words[i]}
  if [[ $program != */* ]]; then
    command -v "$program" >/dev/null || problem "$name: '$program' is not on PATH"
    return 0
  fi
  if [[ $program == "$bundle"/* ]] && [ $have_bundle -eq 0 ]; then return 0; fi
  if [[ $program == "$bundle/tests/"* ]] && [ "$kind" = compile-check ] && [ ! -e "$program" ]; then
    return 0  # a compile-check bundle holds no test programs (counted once below)
  fi
  if [ ! -x "$program" ]; then
    problem "$name: $program is not in the bundle (or not executable)"
    return 0
  fi
  if [ -z "${libraries_checked[$program]:-}" ]; then
    local missing
    missing=$(ldd "$program" 2>&1 | awk '/not found/ {print $1}' | grep -v '^libcuda\.so' | tr '\n' ' ')
    [ -z "$missing" ] || problem "$name: $program cannot load $missing(only the GPU driver, libcuda, may be missing here)"
    # Where its option names are: the program, and fourfold's shared libraries it loads from the
    # bundle (a gpu bundle's trainer keeps its key table in a library).
    libraries_checked[$program]="$program $(ldd "$program" 2>/dev/null | awk -v lib="$bundle/lib/" \
      'index($3, lib) == 1 && $1 ~ /^libfourfold/ {printf "%s ", $3}')"
  fi
  local -a searched
  read -r -a searched <<<"${libraries_checked[$program]}"
  # fourfold-train's arguments go through the CPU build's own parser where there is one
  # (validate_training); without it, its fixed words --config and --set, which an optimising
  # compiler compares inline instead of keeping as strings, are taken as given.
  local literal_check=0 train=0
  [[ $(basename "$program") == fourfold-* ]] && literal_check=1
  if [ "$(basename "$program")" = fourfold-train ]; then
    train=1
    [ -z "$cpu_build" ] || literal_check=0
  fi
  local previous="" word flag
  for word in "${words[@]:i+1}"; do
    if [[ $word == --* ]] && [ $literal_check -eq 1 ] && ! { [ $train -eq 1 ] && [[ ${word%%=*} == --config || ${word%%=*} == --set ]]; }; then
      # CLI11 and the trainer's key table keep each option's name as a C string literal.
      flag=${word%%=*}
      LC_ALL=C grep -a -q -P "\Q$flag\E\x00" "${searched[@]}" \
        || problem "$name: $(basename "$program") defines no option $flag (in ${searched[*]})"
    fi
    if [[ $word == "$root"/* || $word == "$bundle"/* ]] && [[ $word != "$out"/* ]] && [ "$previous" != --out ]; then
      if [[ $word == "$bundle"/* ]] && [ $have_bundle -eq 0 ]; then
        :
      elif [ ! -e "$word" ]; then
        problem "$name: names $word, which does not exist"
      fi
    fi
    previous=$word
  done
}

# validate_training NAME COMMAND...: (dry run, with a CPU build) the same arguments pass the CPU
# build's fourfold-train --dry-run: the configuration, every --set key and value, the grid, and the
# Hugging Face folder's config.
validate_training() {
  local name=$1
  shift
  [ -n "$cpu_build" ] && [ $have_bundle -eq 1 ] || return 0
  local words=("$@") i=0
  if [ "${words[0]}" = env ]; then
    i=1
    while [[ ${words[i]} == *=* ]]; do i=$((i + 1)); done
  fi
  [ "$(basename "${words[i]}")" = fourfold-train ] || return 0
  local check_log=$out/$name.cpu-dry-run.log
  if env -u OPAL_PREFIX -u PMIX_MCA_mca_base_component_path LD_LIBRARY_PATH="$original_ld_library_path" \
       PATH="$original_path" timeout 120 "$cpu_build/bin/fourfold-train" "${words[@]:i+1}" --dry-run >"$check_log" 2>&1; then
    validated=$((validated + 1))
  else
    problem "$name: the CPU build's fourfold-train --dry-run refuses these arguments: $(tail -3 "$check_log" | tr '\n' ' ')"
  fi
}
validated=0

# step QUESTION NAME NEED LIMIT COMMAND...: runs (or, dry, checks and prints) one command. It
# starts only where NEED seconds of the budget are left; its limit is LIMIT, cut to what is left;
# its output goes to OUT/NAME.log, whose tail is shown.
commands=0
step() {
  local question=$1 name=$2 need=$3 limit=$4
  shift 4
  commands=$((commands + 1))
  if [ $dry_run -eq 1 ]; then
    say "[dry run] Q$question $name (needs ${need}s, limit ${limit}s): $(quoted "$@")"
    check_command "$name" "$@"
    validate_training "$name" "$@"
    record "$question" "$name" "not run" 0 "dry run" "$@"
    return 0
  fi
  local left=$((budget - SECONDS))
  [ $left -ge 0 ] || left=0
  if [ $left -lt "$need" ]; then
    say "$name: skipped: it needs ${need}s and ${left}s of the ${budget}s budget are left"
    record "$question" "$name" skipped 0 "budget: ${left}s left, ${need}s needed" "$@"
    return 0
  fi
  # Cut to what is left, with the 10 s a stuck program is given after its TERM.
  [ "$limit" -le $((left - 10)) ] || limit=$((left > 11 ? left - 10 : 1))
  say "Q$question $name: $(quoted "$@")"
  local start=$SECONDS status=0
  timeout --kill-after=10 "$limit" "$@" >"$out/$name.log" 2>&1 || status=$?
  tail -n 8 "$out/$name.log" | tee -a "$log"
  if [ $status -eq 0 ]; then
    record "$question" "$name" passed $((SECONDS - start)) "" "$@"
  else
    record "$question" "$name" failed $((SECONDS - start)) "exit $status$([ $status -eq 124 ] && echo ", the ${limit}s limit")" "$@"
    say "$name: FAILED (exit $status after $((SECONDS - start)) s; $out/$name.log)"
    failed=1
  fi
}

say "bundle $bundle: $(head -1 "$bundle/manifest.txt" 2>/dev/null || echo 'missing') (kind ${kind:-unknown})"
if [ $dry_run -eq 1 ]; then
  [ -n "$fourfold_env_problems" ] && say "[dry run] environment here: $fourfold_env_problems"
  if [ $have_bundle -eq 0 ]; then
    say "[dry run] no bundle at $bundle: the commands are printed, not checked against a bundle (scripts/gpu/pack.sh makes one)"
  else
    case $kind in
      gpu|compile-check) ;;
      *) problem "$bundle/manifest.txt names no kind gpu or compile-check (a bundle from an older pack.sh?)" ;;
    esac
    python3 "$root/scripts/gpu/summarize.py" --check-references "$bundle" | tee -a "$log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || problems=$((problems + 1))
  fi
  # What the commands assume of the GPU: an H100 80GB (the recompute modes chosen below).
  gpu_name="NVIDIA H100 80GB HBM3"
  gpu_mib=81559
  gpus=0
  say "[dry run] commands as on one $gpu_name ($gpu_mib MiB)"
else
  [ -z "$fourfold_env_problems" ] || { say "cannot run: $fourfold_env_problems"; exit 1; }
  [ "$kind" = gpu ] || { say "cannot run: $bundle is a '${kind:-unknown}' bundle; only a 'gpu' bundle from scripts/gpu/pack.sh (without --from-build) is built for a GPU run"; exit 1; }
  gpu_line=$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader,nounits 2>&1 | head -1)
  say "GPU: $gpu_line"
  gpu_name=$(echo "$gpu_line" | cut -d, -f1 | sed 's/^ *//; s/ *$//')
  gpu_mib=$(echo "$gpu_line" | cut -d, -f2 | tr -dc '0-9')
  [ -n "$gpu_mib" ] || { say "cannot run: nvidia-smi gave no memory.total ('$gpu_line')"; exit 1; }
  gpus=$( (nvidia-smi -L 2>/dev/null || true) | grep -c '^GPU' )
  missing=$(ldd "$bundle/bin/fourfold-train" 2>/dev/null | grep 'not found' || true)
  [ -z "$missing" ] || say "libraries not found for fourfold-train: $(echo "$missing" | awk '{print $1}' | tr '\n' ' ')"
fi
say "$gpus GPU(s) visible"
data=$bundle/data
ref=$bundle/reference
bin=$bundle/bin
tf32_off=(env NVIDIA_TF32_OVERRIDE=0)

say "==== 1. Does it run? (the MPI probe, the suite's one-rank tests, the tiny GPT-2)"
step 1 mpi-probe 5 60 "$bin/mpi-probe" "$out/probe.h5"
# The suite's test programs on one rank (MPI ones as singletons), 4 at a time on the one GPU; no
# new one starts after tests_cap seconds of this phase, nor where the budget is nearly spent.
if [ -f "$bundle/tests/programs.txt" ]; then
  mapfile -t programs <"$bundle/tests/programs.txt"
else
  programs=()
  for test in "$bundle"/tests/test_*; do [ -x "$test" ] && programs+=("$(basename "$test")"); done
fi
if [ ${#programs[@]} -eq 0 ]; then
  say "no test programs listed in $bundle/tests (make the bundle with scripts/gpu/pack.sh)"
  [ $dry_run -eq 1 ] && [ $have_bundle -eq 0 ] || { failed=1; problems=$((problems + 1)); }
fi
tests_cap=180
lanes=4
if [ $dry_run -eq 1 ]; then
  for program in "${programs[@]}"; do
    step 1 "$program.np1" 0 120 "$bundle/tests/$program"
  done
  if [ "$kind" = compile-check ]; then
    present=0
    for program in "${programs[@]}"; do [ -x "$bundle/tests/$program" ] && present=$((present + 1)); done
    say "[dry run] the compile-check bundle holds $present of these ${#programs[@]} test programs (CI's CUDA stage" \
        "links none; a gpu bundle must hold all, which pack.sh checks)"
  fi
else
  mkdir -p "$out/tests"
  phase_end=$((SECONDS + tests_cap))
  for program in "${programs[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge $lanes ]; do wait -n; done
    left=$((budget - SECONDS))
    if [ $SECONDS -ge $phase_end ] || [ $left -lt 30 ]; then
      echo "skipped" >"$out/tests/$program.status"
      continue
    fi
    limit=$((left - 10 < 120 ? left - 10 : 120))
    (
      start=$SECONDS status=0
      timeout --kill-after=10 "$limit" "$bundle/tests/$program" >"$out/$program.np1.log" 2>&1 || status=$?
      echo "$status $((SECONDS - start)) $limit" >"$out/tests/$program.status"
    ) &
  done
  wait
  passed=0
  for program in "${programs[@]}"; do
    read -r status seconds limit <"$out/tests/$program.status" || status=lost
    command="$bundle/tests/$program"
    case $status in
      0) record 1 "$program.np1" passed "$seconds" "" "$command"; passed=$((passed + 1)) ;;
      skipped) record 1 "$program.np1" skipped 0 "the tests' ${tests_cap}s or the budget was spent" "$command"
               say "$program: skipped (the tests' ${tests_cap}s or the budget was spent)" ;;
      *) record 1 "$program.np1" failed "${seconds:-0}" "exit $status$([ "$status" = 124 ] && echo ", the ${limit}s limit")" "$command"
         say "$program: FAILED (exit $status; $out/$program.np1.log)"; tail -n 15 "$out/$program.np1.log" | tee -a "$log"
         failed=1 ;;
    esac
  done
  say "one-rank tests: $passed of ${#programs[@]} passed in $((SECONDS - phase_end + tests_cap)) s"
fi
# 2-rank tests need one GPU per rank.
if [ "$gpus" -ge 2 ] && [ -f "$bundle/tests/np2.txt" ]; then
  while read -r test; do
    step 1 "$test.np2" 30 180 mpiexec -n 2 "$bundle/tests/$test"
  done <"$bundle/tests/np2.txt"
else
  say "2-rank tests: skipped ($gpus GPU(s); they need 2)"
fi
rm -rf "$out/runs/tiny"
step 1 train-tiny 20 90 "$bin/fourfold-train" --config "$root/configs/tiny.toml" --grid 1x1x1x1 --steps 200 \
  --data "$data/train.bin" --val-data "$data/val.bin" --out "$out/runs/tiny" --set log.every=50

say "==== 2. How fast is bf16, honestly? (scripts/gpu/llama-1.3b.toml)"
llama=$root/scripts/gpu/llama-1.3b.toml
batch=$(toml_value "$llama" batch_size) && seq_len=$(toml_value "$llama" seq_len) \
  && channels=$(toml_value "$llama" channels) && heads=$(toml_value "$llama" num_heads) \
  && kv_heads=$(toml_value "$llama" num_kv_heads) && intermediate=$(toml_value "$llama" intermediate_size) \
  || { say "cannot read the model of $llama"; exit 1; }
rows=$((batch * seq_len))
head_size=$((channels / heads))
# One layer's GEMMs (forward, M x N x K): fused q/k/v, attention projection, fused gate and up, down.
llama_shapes=(--shape "8192x8192x8192" --shape "${rows}x$(((heads + 2 * kv_heads) * head_size))x$channels"
              --shape "${rows}x${channels}x${channels}" --shape "${rows}x$((2 * intermediate))x$channels"
              --shape "${rows}x${channels}x$intermediate")
declare -A recompute=()
for precision in bf16 fp32; do
  if [ $have_bundle -eq 1 ] || [ $dry_run -eq 0 ]; then
    choice=$(python3 "$root/scripts/gpu/summarize.py" --choose-recompute "$ref/llama-1.3b-plan.jsonl" "$precision" "$gpu_mib" 2>&1)
  else
    choice="selective assumed: no bundle, so no plan"
  fi
  if [[ $choice =~ ^(none|selective|attention|block)\  ]]; then
    recompute[$precision]=${choice%% *}
    [[ $choice == *assumed* ]] && say "$precision: recompute $choice" \
      || say "$precision: recompute ${recompute[$precision]} (planned ${choice#* } GiB; the GPU has $((gpu_mib / 1024)) GiB)"
  else
    recompute[$precision]=""
    say "$precision: no recompute mode fits: $choice"
    [ $dry_run -eq 1 ] && problems=$((problems + 1))
  fi
done
llama_run() {  # llama_run PRECISION: the 1.3B Llama in that precision, when a recompute mode fits
  local precision=$1 prefix=()
  [ "$precision" = fp32 ] && prefix=("${tf32_off[@]}")
  local mode=${recompute[$precision]}
  if [ -z "$mode" ]; then
    record 2 "train-llama-1.3b-$precision" skipped 0 "no recompute mode fits the GPU" -
    return 0
  fi
  step 2 "bench-gemm-$precision" 15 60 "${prefix[@]}" "$bin/fourfold-bench" gemm --precision "$precision" \
    "${llama_shapes[@]}" --warmup 3 --iters 10
  step 2 "train-llama-1.3b-$precision" "$([ "$precision" = bf16 ] && echo 60 || echo 90)" 200 "${prefix[@]}" \
    "$bin/fourfold-train" --config "$llama" --grid 1x1x1x1 --steps 10 --data "$data/train.bin" \
    --precision "$precision" --set "train.recompute=\"$mode\""
  step 2 "bench-step-llama-1.3b-$precision" 30 120 "${prefix[@]}" "$bin/fourfold-bench" step --config "$llama" \
    --grid 1x1x1x1 --set "train.precision=\"$precision\"" --set "train.recompute=\"$mode\"" --warmup 1 --steps 2
}
llama_run bf16
step 2 bench-model-syncs 15 60 "$bin/fourfold-bench" model --family llama --depth 24 --batch 8 --seq-len 1024 \
  --warmup 1 --steps 2 --count-syncs --recompute "${recompute[bf16]:-selective}"
llama_run fp32

say "==== 3. Is Llama exact on the GPU? (the tests' tiny Llama, against the CPU's losses)"
rm -rf "$out/runs/tiny-llama"
tiny_llama_train_args "$data/train.bin" "$ref/tiny-llama" "$out/runs/tiny-llama"
step 3 train-tiny-llama 20 90 "${tf32_off[@]}" "$bin/fourfold-train" "${tiny_llama_train[@]}"

say "==== 4. Does generation run? (greedy, against the CPU's ids)"
tiny_llama_generate_args "$ref/tiny-llama"
step 4 generate-tiny-llama 10 60 "${tf32_off[@]}" "$bin/fourfold-generate" "${tiny_llama_generate[@]}"

say "==== 5. Does overlap pay on one GPU? (GPT-2 124M)"
for mode in none all; do
  step 5 "bench-step-$mode" 20 90 "$bin/fourfold-bench" step --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
    --batch-size 8 --seq-len 1024 --overlap $mode --warmup 2 --steps 5
done
step 5 bench-step-bf16 20 90 "$bin/fourfold-bench" step --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --batch-size 8 --seq-len 1024 --overlap all --warmup 2 --steps 5 --set train.precision='"bf16"'
step 5 train-gpt2-124m 30 120 "$bin/fourfold-train" --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --steps 20 --batch-size 8 --micro-batch-size 8 --seq-len 1024 --data "$data/train.bin" \
  --set train.warmup_steps=2 --set log.every=1
step 5 train-gpt2-124m-bf16 30 120 "$bin/fourfold-train" --config "$root/configs/gpt2-124m.toml" --grid 1x1x1x1 \
  --steps 20 --batch-size 8 --micro-batch-size 8 --seq-len 1024 --data "$data/train.bin" \
  --set train.warmup_steps=2 --set log.every=1 --set train.precision='"bf16"'

say "==== summary ($out/summary.jsonl, $out/summary.txt)"
dry_flag=()
[ $dry_run -eq 1 ] && dry_flag=(--dry-run)
python3 "$root/scripts/gpu/summarize.py" --out "$out" --bundle "$bundle" --config "$llama" --gpu-name "$gpu_name" \
  --gpu-mib "$gpu_mib" "${dry_flag[@]}" | tee -a "$log"
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
  failed=1
  [ $dry_run -eq 0 ] || problem "scripts/gpu/summarize.py failed on the dry run's step table"
fi
if [ $dry_run -eq 1 ]; then
  if [ $have_bundle -eq 0 ] && [ $problems -eq 0 ]; then
    say "[dry run] $commands commands printed; no bundle, so they were checked against the checkout only"
    exit 0
  fi
  [ -n "$cpu_build" ] && say "[dry run] $validated training commands' arguments accepted by $cpu_build/bin/fourfold-train --dry-run" \
    || say "[dry run] no CPU build: the training commands' arguments were not run through fourfold-train --dry-run"
  if [ $problems -eq 0 ]; then
    say "[dry run] $commands commands checked against the $kind bundle $bundle ($(du -sm "$bundle" | cut -f1) MiB): no problems"
    exit 0
  fi
  say "[dry run] $problems problem(s)"
  exit 1
fi
say "run took $SECONDS s of the ${budget} s budget"
exit $failed
