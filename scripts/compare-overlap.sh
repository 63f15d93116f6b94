#!/usr/bin/env bash
# Overlap on against off: whole optimizer steps (fourfold-bench step) with overlap "none" and
# "all" on every grid below, on a model whose communication is a large share of a step here
# (configs/overlap-bench.toml). Prints one row per grid (step times, speedup, communication
# busy / exposed, hidden fraction overall and on the Z and data axes, and the forward pass's
# communication, exposed with overlap all and none, and hidden fraction), writes the JSON lines
# and a PNG bar chart (exposed vs hidden communication per grid) to the output directory.
#   scripts/compare-overlap.sh [--config FILE] [--steps N] [--repeats R] [--progress MODE] [--with LIST] [--out DIR] [GRID...]
# --with: the overlaps measured against none (default all; e.g. oar,ors,oag,dp for all but fwd).
# Default grids: 2 ranks 2x1x1x1 1x2x1x1 1x1x2x1 1x1x1x2; 4 ranks 2x1x2x1 1x1x2x2.
# Assumes a build in build/ (scripts/test.sh or scripts/demo.sh make one).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$fourfold_root"
config=configs/overlap-bench.toml
steps=5
repeats=2
progress=
with=all
out=build/overlap
grids=()
while [ $# -gt 0 ]; do
  case $1 in
    --config) config=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --progress) progress=$2; shift 2 ;;
    --with) with=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare-overlap: unknown option '$1' (expected --config, --steps, --repeats, --progress, --with, --out or grids)" >&2; exit 2 ;;
    *) [[ $1 =~ ^[0-9]+x[0-9]+x[0-9]+x[0-9]+$ ]] || { echo "compare-overlap: '$1' is not a grid GXxGYxGZxGD" >&2; exit 2; }
       grids+=("$1"); shift ;;
  esac
done
[ ${#grids[@]} -gt 0 ] || grids=(2x1x1x1 1x2x1x1 1x1x2x1 1x1x1x2 2x1x2x1 1x1x2x2)
[[ $steps =~ ^[1-9][0-9]*$ ]] || { echo "compare-overlap: --steps '$steps' is not a positive integer" >&2; exit 2; }
[[ $repeats =~ ^[1-9][0-9]*$ ]] || { echo "compare-overlap: --repeats '$repeats' is not a positive integer" >&2; exit 2; }
[ -f "$config" ] || { echo "compare-overlap: no config file '$config'" >&2; exit 2; }
bench=$build_dir/bin/fourfold-bench
[ -x "$bench" ] || { echo "compare-overlap: build first (scripts/test.sh or scripts/demo.sh)" >&2; exit 1; }
mkdir -p "$out"
results=$out/steps.jsonl
: >"$results"

export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
for grid in "${grids[@]}"; do
  IFS=x read -r gx gy gz gd <<<"$grid"
  ranks=$((gx * gy * gz * gd))
  # Alternate the modes so drift in the machine's speed falls on both alike.
  for ((r = 1; r <= repeats; r++)); do
    for mode in none "$with"; do
      mpiexec -n "$ranks" "$bench" step --config "$config" --grid "$grid" --overlap "$mode" --steps "$steps" \
        ${progress:+--progress "$progress"} \
        | sed "s/^{/{\"repeat\":$r,/" >>"$results"
    done
  done
done

python3 - "$results" "$out" "$with" <<'PY'
import json, statistics, sys
results, out, with_ = sys.argv[1], sys.argv[2], sys.argv[3]
steps = [json.loads(l) for l in open(results) if '"bench":"step"' in l]
grids = list(dict.fromkeys(s["grid"] for s in steps))
def pick(grid, mode):
    return [s for s in steps if s["grid"] == grid and s["overlap"] == mode]
def med(rows, key):
    return statistics.median(r[key] for r in rows)
def axis(rows, table, name):
    return statistics.median(r[table][name] for r in rows)
def hidden(busy, exposed):
    return max(0.0, min(1.0, 1 - exposed / busy)) if busy > 0 else float("nan")
def phase(rows, name, key):
    return statistics.median(r["comm_phase"][name][key] for r in rows)
head = (f"{'grid':>8} {'ranks':>5} {'none ms':>8} {'all ms':>8} {'speedup':>7} {'comm ms':>8} {'exposed':>8} "
        f"{'none exp':>8} {'hidden':>6} {'z hid':>6} {'data hid':>8} {'fwd ms':>7} {'fwd exp':>7} "
        f"{'none fwd':>8} {'fwd hid':>7}")
print(head)
rows = []
for g in grids:
    none, all_ = pick(g, "none"), pick(g, with_)
    ranks = 1
    for d in g.split("x"): ranks *= int(d)
    t_none, t_all = med(none, "step_ms"), med(all_, "step_ms")
    busy, exposed = med(all_, "comm_busy_ms"), med(all_, "comm_exposed_ms")
    zh = hidden(axis(all_, "comm_axis_ms", "z"), axis(all_, "exposed_axis_ms", "z"))
    dh = hidden(axis(all_, "comm_axis_ms", "data"), axis(all_, "exposed_axis_ms", "data"))
    fmt = lambda v: "   -" if v != v else f"{v:.2f}"
    # The forward pass alone (the forward overlap, fwd): its communication with overlap all,
    # what of it the forward waited for, the same with overlap none, and the hidden fraction.
    fb, fe = phase(all_, "forward", "busy_ms"), phase(all_, "forward", "exposed_ms")
    print(f"{g:>8} {ranks:>5} {t_none:8.1f} {t_all:8.1f} {t_none / t_all:7.3f} {busy:8.1f} {exposed:8.1f} "
          f"{med(none, 'comm_exposed_ms'):8.1f} {hidden(busy, exposed):6.2f} {fmt(zh):>6} {fmt(dh):>8} "
          f"{fb:7.1f} {fe:7.1f} {phase(none, 'forward', 'exposed_ms'):8.1f} {fmt(hidden(fb, fe)):>7}")
    rows.append((g, exposed, max(0.0, busy - exposed), med(none, "comm_exposed_ms")))
with open(f"{out}/bars.dat", "w") as f:
    f.write("# grid exposed_all hidden_all exposed_none (ms)\n")
    for g, e, h, n in rows:
        f.write(f"{g} {e:.3f} {h:.3f} {n:.3f}\n")
PY

if command -v gnuplot >/dev/null; then
  gnuplot <<GP
set terminal pngcairo size 960,520
set output "$out/overlap.png"
set title "Communication per step: overlap all (exposed + hidden) next to overlap none (exposed)"
set ylabel "ms per step (mean over ranks)"
set style fill solid 0.85 border -1
set boxwidth 0.36
set key top left
set yrange [0:*]
set xrange [-0.6:*]
plot "$out/bars.dat" using (\$0-0.19):(\$2+\$3) with boxes title "hidden (all)" lc rgb "#2ca02c", \
     "" using (\$0-0.19):2 with boxes title "exposed (all)" lc rgb "#d62728", \
     "" using (\$0+0.19):4 with boxes title "exposed (none)" lc rgb "#7f7f7f", \
     "" using 0:(NaN):xtic(1) notitle
GP
  echo "chart: $out/overlap.png"
else
  echo "compare-overlap: gnuplot not found; no chart (the table and $out/bars.dat are complete)" >&2
fi
echo "per-step JSON lines: $results"
