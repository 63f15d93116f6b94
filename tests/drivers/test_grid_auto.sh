#!/usr/bin/env bash
# fourfold-train --grid auto and --dry-run on 2 ranks: the local machine is calibrated once and
# kept beside the run, the chosen grid and the runner-up are printed and trained on; a dry run
# validates and plans without training (reusing the calibration); bad grids and machines fail
# with a message and a non-zero exit.
set -u
build=$1
source_dir=$2
mpiexec=${MPIEXEC:-mpiexec}
train=$build/bin/fourfold-train
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { OPENBLAS_NUM_THREADS=1 timeout 300 "$mpiexec" -n "$1" "$train" --config "$source_dir/configs/tiny.toml" \
          --data "$work/data/train.bin" --val-data "$work/data/val.bin" "${@:2}" 2>&1; }

"$build/bin/fourfold-prep" --out "$work/data" "$source_dir"/README.md "$source_dir"/drivers/*/*.cpp >/dev/null || fail "fourfold-prep failed"

out=$(run 2 --grid auto --out "$work/run" --steps 2) || fail "--grid auto training failed: $out"
grep -q "grid auto on local (calibration $work/run/calibration-2ranks-fp32.jsonl (measured now))" <<<"$out" \
  || fail "no calibration note: $out"
chosen=$(sed -n 's/.*chose \([0-9x]*\) predicted .*/\1/p' <<<"$out")
[ -n "$chosen" ] || fail "no chosen grid: $out"
grep -q "runner-up [0-9x]* predicted" <<<"$out" || fail "no runner-up: $out"
grep -q "on grid $chosen (2 ranks)" <<<"$out" || fail "did not train on the chosen grid $chosen: $out"
[ -s "$work/run/calibration-2ranks-fp32.jsonl" ] || fail "calibration not kept"
cp "$work/run/calibration-2ranks-fp32.jsonl" "$work/calibration.before"

out=$(run 2 --grid auto --out "$work/run" --steps 2 --dry-run) || fail "dry run failed: $out"
grep -q "(cached)" <<<"$out" || fail "the dry run measured again instead of reading the calibration: $out"
grep -q "chose $chosen" <<<"$out" || fail "the same calibration chose another grid: $out"
grep -q "the configuration is valid" <<<"$out" || fail "no dry-run report: $out"
grep -q "memory    per rank: parameters" <<<"$out" || fail "no memory per rank: $out"
grep -q "step      $chosen predicted .*; micro-batch 16, recompute [a-z]*, optimizer [a-z]*, tp_chunks [1248], hierarchical [a-z]*, sequence_shard [a-z]*; rank 1 of [0-9]* configurations of 4 grids" <<<"$out" \
  || fail "no predicted step: $out"
grep -q "also chose (unset in the configuration): recompute shard_optimizer tp_chunks hierarchical" <<<"$out" || fail "no searched options: $out"
cmp -s "$work/run/calibration-2ranks-fp32.jsonl" "$work/calibration.before" || fail "the calibration was rewritten"
[ "$(wc -l <"$work/run/metrics.jsonl")" -eq 2 ] || fail "the dry run trained"

out=$(run 2 --grid 2x1x1x1 --dry-run --set parallel.machine=perlmutter) || fail "preset dry run failed: $out"
grep -q "machine   perlmutter (preset)" <<<"$out" || fail "preset machine not used: $out"
grep -q "step      2x1x1x1 predicted" <<<"$out" || fail "no prediction for the given grid: $out"

out=$(run 1 --grid auto --dry-run) || fail "one-rank dry run failed: $out"
grep -q "grid      1x1x1x1 on 1 ranks" <<<"$out" || fail "one rank: $out"
grep -q "not predicted" <<<"$out" || fail "one rank: $out"

out=$(run 2 --grid 3x1x1x1 --dry-run) && fail "a 3-rank grid on 2 ranks was accepted: $out"
grep -q "3x1x1x1" <<<"$out" || fail "bad grid message: $out"
out=$(run 2 --grid auto --dry-run --set parallel.machine=summit) && fail "unknown machine accepted: $out"
grep -q "machine 'summit' is neither a preset" <<<"$out" || fail "unknown machine message: $out"
echo PASS
