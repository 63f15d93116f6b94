#!/usr/bin/env bash
# Checks the performance model against this machine: for two model sizes, the planner searches
# every valid grid of N ranks (default 4) with every micro-batch the batch allows; each grid is
# trained for a few steps at the micro-batch the planner chose for it, and the three grids
# predicted fastest also at their next-best micro-batch. Each measured step time (median of the
# timed steps) is put beside the planner's prediction for the local machine, calibrated here
# exactly as `fourfold-train --grid auto` calibrates. Prints both columns per model, the Spearman
# rank correlation, and how far the measured time of the predicted-best configuration is from
# the measured best; the last line is
#   spearman=<worst of the two models> best_gap=<worst of the two, percent>
# Targets: spearman >= 0.8, best_gap <= 10.
#   scripts/validate-plan.sh [--ranks N] [--steps S] [--repeats R] [--precision fp32|bf16] [--keep DIR]
# S steps per run (the first 2 untimed), R runs per grid (default 3; the median of the runs kept,
# so that neither a lucky nor a slow spell of the machine decides a grid). About 17 minutes at the
# defaults on 2 cores (recompute none, optimizer replicated, no sequence sharding, one row chunk,
# as fourfold-train runs a given grid with inline progress, flat collectives: the micro-batch is
# the option searched). --precision: the runs' [train] precision (default fp32); the calibration then
# measures GEMMs at it, as fourfold-train does. Uses build/bin (or $FOURFOLD_BIN), mpirun, python3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/common.sh"
bin=${FOURFOLD_BIN:-$build_dir/bin}
ranks=4
steps=8
repeats=3
keep=
precision=fp32
while [ $# -gt 0 ]; do
  case $1 in
    --ranks) ranks=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --precision) precision=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "validate-plan: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
for n in "$ranks" "$steps" "$repeats"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "validate-plan: '$n' is not a positive integer" >&2; exit 2; }
done
[[ $precision == fp32 || $precision == bf16 ]] ||
  { echo "validate-plan: --precision '$precision' is not fp32 or bf16" >&2; exit 2; }
[ "$ranks" -ge 2 ] || { echo "validate-plan: --ranks $ranks: a grid search needs at least 2 ranks" >&2; exit 2; }
[ "$steps" -ge 3 ] || { echo "validate-plan: --steps $steps: need at least 3 (2 untimed)" >&2; exit 2; }
for tool in fourfold-train fourfold-plan fourfold-prep; do
  [ -x "$bin/$tool" ] || { echo "validate-plan: no $bin/$tool (build first, or set FOURFOLD_BIN)" >&2; exit 1; }
done
command -v python3 >/dev/null || { echo "validate-plan: needs python3" >&2; exit 1; }
mpiexec=${MPIEXEC:-mpirun}
export OPENBLAS_NUM_THREADS=1

if [ -n "$keep" ]; then
  work=$keep
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

# Token shards: the demo's corpus when it is there, else the sources of this repository.
data=$build_dir/data/fortunes
if [ ! -s "$data/train.bin" ]; then
  data=$work/data
  "$bin/fourfold-prep" --out "$data" "$root"/README.md "$root"/*/*.cpp "$root"/*/*/*.cpp >/dev/null
fi

# Two sizes: small, whose activations' collectives (X, Y) weigh most, and wide with few tokens
# per step, whose weights' collectives (Z gathers, the data all-reduce) weigh most. Byte
# vocabulary, so that the LM head does not swamp the blocks. (A wide model at many tokens per
# step is GEMM-bound: its grids then differ by about 5%, which is this machine's run-to-run noise,
# and a rank correlation would measure the noise.)
write_model() {  # name layers heads channels batch micro seq
  cat >"$work/$1.toml" <<EOF
[model]
num_layers = $2
num_heads = $3
channels = $4
vocab_size = 256
padded_vocab_size = 256
max_seq_len = $7
[train]
batch_size = $5
micro_batch_size = $6
seq_len = $7
precision = "$precision"
[data]
train = "$data/train.bin"
val = "$data/val.bin"
EOF
}
write_model small 4 8 256 16 16 128
write_model wide 4 12 768 4 4 128

# The calibration fourfold-train --grid auto would measure, and the overlap it would plan with.
echo "== calibrating the local machine on $ranks ranks ($precision GEMMs)"
auto=$("$mpiexec" -n "$ranks" "$bin/fourfold-train" --config "$work/small.toml" --grid auto --dry-run \
         --set parallel.calibration="$work/calibration.jsonl" 2>&1) || { echo "$auto" >&2; exit 1; }
grep -E "grid auto on|  machine" <<<"$auto"
overlap=$(sed -n 's/.* overlap \([a-z,]*\)[ :(].*/\1/p' <<<"$auto" | head -1)
[ -n "$overlap" ] || { echo "validate-plan: cannot read the overlap from: $auto" >&2; exit 1; }

for model in small wide; do
  "$bin/fourfold-plan" --config "$work/$model.toml" --gpus "$ranks" --machine local \
    --calibration "$work/calibration.jsonl" --overlap "$overlap" --micro-batch-size auto --recompute none \
    --shard-optimizer false --tp-chunks 1 --hierarchical false --sequence-shard false --json --show-infeasible \
    --top 100000 \
    >"$work/$model.plan.jsonl"
  # grid@micro-batch: each grid's best row, and the next-best micro-batch of the 3 fastest grids.
  python3 -c "
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = [r for r in rows if r['feasible']]  # ranked: fastest first
first = {}
for r in rows:
    first.setdefault(r['grid'], r)
chosen = [f\"{g}@{r['micro_batch_size']}\" for g, r in first.items()]
for g in list(first)[:3]:
    other = next((r for r in rows if r['grid'] == g and r['micro_batch_size'] != first[g]['micro_batch_size']), None)
    if other is not None:
        chosen.append(f\"{g}@{other['micro_batch_size']}\")
print('\\n'.join(chosen))" "$work/$model.plan.jsonl" >"$work/$model.configs"
  : >"$work/$model.measured"
done
# Passes over every grid of both models, repeated: a slow spell of the machine then costs one
# run of many grids, not every run of one (the median run of each grid is kept).
for r in $(seq "$repeats"); do
  for model in small wide; do
    for config in $(cat "$work/$model.configs"); do
      grid=${config%@*}
      micro=${config#*@}
      out=$work/$model-$grid-$micro-$r
      rm -rf "$out"
      "$mpiexec" -n "$ranks" "$bin/fourfold-train" --config "$work/$model.toml" --grid "$grid" --steps "$steps" \
        --set train.micro_batch_size="$micro" \
        --out "$out" --set log.every=1000 --set log.peak_gflops=1 --set checkpoint.every=0 \
        --set data.val_batches=1 >"$out.log" 2>&1 || { cat "$out.log" >&2; exit 1; }
      ms=$(python3 -c "
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print(statistics.median(r['step_ms'] for r in rows[2:]))" "$out/metrics.jsonl")
      echo "$config $ms" >>"$work/$model.measured"
      echo "   pass $r: $model $grid micro-batch $micro $ms ms"
    done
  done
done

python3 - "$work" <<'PY'
import json, statistics, sys
work = sys.argv[1]

def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return r

def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va > 0 and vb > 0 else float("nan")

worst_rho, worst_gap = 1.0, 0.0
for model in ("small", "wide"):
    plan = {}
    for line in open(f"{work}/{model}.plan.jsonl"):
        d = json.loads(line)
        if d["feasible"]:
            plan[f"{d['grid']}@{d['micro_batch_size']}"] = d
    runs = {}
    for line in open(f"{work}/{model}.measured"):
        grid, ms = line.split()
        runs.setdefault(grid, []).append(float(ms))
    measured = {grid: statistics.median(times) for grid, times in runs.items()}
    grids = sorted(measured, key=lambda g: plan[g]["step_s"])
    predicted = [1e3 * plan[g]["step_s"] for g in grids]
    actual = [measured[g] for g in grids]
    rho = spearman(predicted, actual)
    best_measured = min(actual)
    gap = 100.0 * (actual[0] / best_measured - 1.0)
    print(f"\n### {model}: {len(grids)} configurations")
    print("| grid | micro-batch | predicted ms | measured ms | predicted compute ms | predicted exposed comm ms |")
    print("|---|---|---|---|---|---|")
    for g, p, a in zip(grids, predicted, actual):
        d = plan[g]
        exposed = sum(d["exposed_s"].values())
        mark = " (measured best)" if a == best_measured else ""
        print(f"| {d['grid']} | {d['micro_batch_size']} | {p:.1f} | {a:.1f}{mark} | "
              f"{1e3 * (d['gemm_s'] + d['other_compute_s']):.1f} | {1e3 * exposed:.1f} |")
    print(f"{model}: spearman={rho:.3f} predicted best {grids[0]} measured {actual[0]:.1f} ms, "
          f"measured best {grids[actual.index(best_measured)]} {best_measured:.1f} ms: gap {gap:.1f}%")
    worst_rho = min(worst_rho, rho)
    worst_gap = max(worst_gap, gap)
print(f"spearman={worst_rho:.3f} best_gap={worst_gap:.1f}")
PY
