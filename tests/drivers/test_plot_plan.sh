#!/usr/bin/env bash
# scripts/plot-plan: a PNG of fourfold-plan's predictions for a power-of-two and a
# non-power-of-two GPU count, from the planner and from a saved JSON-lines file, its chosen
# grid the planner's first; bad input (planner errors, bad options, no feasible grid, no
# gnuplot) rejected with a message and no PNG.
set -u
build=$1
source_dir=$2
plot=$source_dir/scripts/plot-plan
plan=$build/bin/fourfold-plan
export FOURFOLD_BIN=$build/bin
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# png_ok FILE: PNG signature, an IHDR of a sensible size, and more than a blank image's bytes.
png_ok() {
  local magic width height size
  magic=$(head -c 16 "$1" | od -An -tx1 | tr -d ' \n')
  [ "$magic" = 89504e470d0a1a0a0000000d49484452 ] || { echo "$1: no PNG signature and IHDR ($magic)"; return 1; }
  read -r width height < <(od -An -tu4 --endian=big -j 16 -N 8 "$1")
  size=$(stat -c %s "$1")
  [ "$width" -ge 800 ] && [ "$width" -le 4000 ] && [ "$height" -ge 600 ] && [ "$height" -le 4000 ] \
    || { echo "$1: $width x $height pixels"; return 1; }
  [ "$size" -gt 20000 ] || { echo "$1: only $size bytes"; return 1; }
}

if ! command -v gnuplot >/dev/null; then
  out=$("$plot" "$work/a.png" --config gpt2-124m --gpus 8 --machine perlmutter 2>&1) && fail "plotted without gnuplot"
  grep -q "gnuplot ('gnuplot') is missing" <<<"$out" || fail "missing gnuplot message: $out"
  echo "PASS (gnuplot is not installed: only its error message was checked)"
  exit 0
fi

# 8 GPUs: the chosen grid is the planner's first.
args=(--config gpt2-124m --gpus 8 --machine perlmutter --batch-size 64 --micro-batch-size 16)
out=$("$plot" "$work/p8.png" "${args[@]}" 2>&1) || fail "plot-plan, 8 GPUs: $out"
png_ok "$work/p8.png" || fail "8 GPUs: not a valid PNG"
first=$("$plan" "${args[@]}" --json --top 1 | grep -o '"grid":"[0-9x]*"' | cut -d'"' -f4)
[ -n "$first" ] || fail "planner, 8 GPUs: no grid"
grep -q "chosen $first," <<<"$out" || fail "8 GPUs: the planner chose $first: $out"

# 6 GPUs (not a power of two; the default micro-batch of 64 rules some grids out), from a
# saved plan, with other axes and fewer bars; planner options plot-plan sets itself are ignored.
"$plan" --config gpt2-124m --gpus 6 --machine perlmutter --json --show-infeasible --top 1000 >"$work/p6.jsonl" \
  || fail "planner, 6 GPUs"
out=$("$plot" "$work/p6.png" --from "$work/p6.jsonl" --axes z,d --bars 2 --title "six GPUs" 2>&1) \
  || fail "plot-plan --from, 6 GPUs: $out"
png_ok "$work/p6.png" || fail "6 GPUs: not a valid PNG"
out=$("$plot" "$work/p6b.png" --config gpt2-124m --gpus 6 --machine perlmutter --top 2 --json 2>&1) \
  || fail "plot-plan with --top and --json: $out"
png_ok "$work/p6b.png" || fail "6 GPUs from the planner: not a valid PNG"

# expect_error MESSAGE PLOT-PLAN-ARGUMENTS...: fails with MESSAGE and writes no PNG.
expect_error() {
  local message=$1
  shift
  rm -f "$work/bad.png"
  out=$("$plot" "$work/bad.png" "$@" 2>&1) && fail "accepted: $*"
  grep -qF -- "$message" <<<"$out" || fail "plot-plan $*: expected '$message', got: $out"
  [ ! -e "$work/bad.png" ] || fail "plot-plan $*: wrote a PNG"
}
expect_error "machine 'summit' is neither a preset" --config gpt2-124m --gpus 8 --machine summit
expect_error "argument was not expected: --bogus" --config gpt2-124m --gpus 8 --machine perlmutter --bogus
expect_error "--axes 'xy,q'" --axes xy,q --config gpt2-124m --gpus 8 --machine perlmutter
expect_error "--bars '0' is not a positive integer" --bars 0 --config gpt2-124m --gpus 8 --machine perlmutter
expect_error "no feasible grid among the 140 configurations of 48 GPUs of frontier" \
  --config axonn-20b --gpus 48 --machine frontier
expect_error "planner arguments (--gpus 8) do not apply" --from "$work/p6.jsonl" --gpus 8
"$plan" --config gpt2-124m --gpus 8 --machine perlmutter >"$work/table.txt"
expect_error "table.txt line 1 is not JSON" --from "$work/table.txt"
expect_error "--from '$work/none.jsonl': no such readable file" --from "$work/none.jsonl"
out=$("$plot" 2>&1) && fail "no arguments accepted"
grep -q "usage\|scripts/plot-plan OUT.png" <<<"$out" || fail "no usage without arguments: $out"
out=$(GNUPLOT=no-such-gnuplot "$plot" "$work/bad.png" --from "$work/p6.jsonl" 2>&1) && fail "plotted without gnuplot"
grep -q "gnuplot ('no-such-gnuplot') is missing" <<<"$out" || fail "missing gnuplot message: $out"
echo "PASS"
