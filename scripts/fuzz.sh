#!/usr/bin/env bash
# Fuzzes every reader of outside data with libFuzzer (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer): llm.c token shards, llm.c weight headers, safetensors headers, the TOML config,
# checkpoint metadata, fourfold-plan's calibration and machine files, and tokenizer.json files (tests/fuzz/).
#   scripts/fuzz.sh [SECONDS] [HARNESS...]
# Runs each harness SECONDS (default 60), as many at once as there are cores, from the checked-in seeds (tests/fuzz/corpus/<harness>),
# growing a working corpus in build-fuzz/corpus/<harness>, and prints one line per harness:
#   fuzz <harness>: <executions> executions in <seconds> s, corpus <entries>, <clean|FAILED>
# A crash, a sanitizer report, an exception other than the readers' UserError, or an allocation
# over 64 MiB (a header believed beyond the input's size) fails the harness; its input is kept
# in build-fuzz/findings/. Exits non-zero when any harness failed. Needs clang and libFuzzer
# (Debian: clang, libclang-rt-14-dev).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: SECONDS '$seconds' is not a positive integer" >&2; exit 2; }
shift || true
all=(fuzz_token_shard fuzz_llmc_header fuzz_safetensors_header fuzz_train_config fuzz_checkpoint_meta fuzz_plan_inputs
     fuzz_tokenizer_json)
harnesses=("${@:-${all[@]}}")
for h in "${harnesses[@]}"; do
  [[ " ${all[*]} " == *" $h "* ]] || { echo "fuzz: unknown harness '$h'; expected one of: ${all[*]}" >&2; exit 2; }
done
command -v clang++ >/dev/null || { echo "fuzz: needs clang++ (Debian: apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }
build=${FOURFOLD_FUZZ_BUILD:-$root/build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFOURFOLD_ENABLE_FUZZ=ON -DFOURFOLD_SANITIZE=address,undefined -DFOURFOLD_ENABLE_TESTS=OFF \
    -DFOURFOLD_ENABLE_NATIVE=OFF >"$build.configure.log" 2>&1 ||
    { tail -30 "$build.configure.log" >&2; echo "fuzz: configure failed (log: $build.configure.log)" >&2; exit 1; }
fi
cmake --build "$build" --target fourfold_fuzzers >"$build/fuzz-build.log" 2>&1 ||
  { tail -30 "$build/fuzz-build.log" >&2; echo "fuzz: build failed (log: $build/fuzz-build.log)" >&2; exit 1; }

mkdir -p "$build/findings"
export TMPDIR=${TMPDIR:-/tmp}
# run_one HARNESS: fuzzes it and writes its summary line to $build/HARNESS.summary.
run_one() {
  local h=$1 corpus=$build/corpus/$1 log=$build/$1.log status=clean
  mkdir -p "$corpus"
  # Seeds (read-only, checked in) after the working corpus, which receives the new inputs.
  # intercept_tls_get_addr=0: LLVM <= 16's runtime can misread a dynamic TLS block and crash
  # LeakSanitizer's tracer at exit (scripts/ci/openmp-suite.sh says how).
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1:intercept_tls_get_addr=0 \
    "$build/fuzz/$h" "$corpus" "$root/tests/fuzz/corpus/$h" -max_total_time="$seconds" -max_len=16384 \
      -malloc_limit_mb=64 -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
      -artifact_prefix="$build/findings/$h-" >"$log" 2>&1 || status=FAILED
  local runs rate entries
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  entries=$(find "$corpus" -type f | wc -l)
  echo "fuzz $h: ${runs:-0} executions in $seconds s (${rate:-0}/s), corpus $entries, $status" >"$build/$h.summary"
}
# As many harnesses at once as the machine has cores (FOURFOLD_FUZZ_JOBS): each gets its full time.
jobs=${FOURFOLD_FUZZ_JOBS:-$(nproc)}
running=0
for h in "${harnesses[@]}"; do
  rm -f "$build/$h.summary"
  run_one "$h" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true
failed=0
for h in "${harnesses[@]}"; do
  if [ ! -f "$build/$h.summary" ]; then
    echo "fuzz $h: did not report; log $build/$h.log" >&2
    failed=1
    continue
  fi
  cat "$build/$h.summary"
  if grep -q FAILED "$build/$h.summary"; then
    failed=1
    grep -E "ERROR|runtime error|SUMMARY|Test unit written|terminate|mappings" "$build/$h.log" | head -20 >&2 || true
    echo "fuzz: $h failed; log $build/$h.log, inputs in $build/findings/" >&2
  fi
done
exit $failed
