#!/usr/bin/env python3
"""The answers of scripts/gpu/check.sh: one JSON line per question (OUT/summary.jsonl) and a table
(OUT/summary.txt, also printed), from the step table check.sh keeps (OUT/steps.tsv), each step's
log (OUT/NAME.log) and the bundle's CPU references.

  summarize.py --out OUT --bundle BUNDLE --config TOML --gpu-name NAME --gpu-mib MIB [--dry-run]
  summarize.py --choose-recompute PLAN.jsonl PRECISION GPU_MIB   the recompute mode check.sh runs
  summarize.py --check-references BUNDLE                          the references parse (dry runs)

Exits 1 when a question's answer is "no" (a step failed, the GPU's losses or ids differ from the
CPU's) or, with --check-references, when a reference is missing or does not parse.
"""
import argparse
import json
import math
import os
import re
import statistics
import sys

# Question 3 passes where every step's loss is within this relative difference of the CPU's: the
# tolerance the suite holds the same tiny Llama to across grids (tests/checkpoint/test_llama_hf.sh).
LOSS_TOLERANCE = 1e-4
# A plan fits a GPU whose memory.total holds it with this share to spare (CUDA context, library
# workspaces, allocator slack).
MEMORY_HEADROOM = 0.90
RECOMPUTE_ORDER = ["none", "selective", "attention", "block"]
TITLES = {
    1: "Does it run?",
    2: "How fast is bf16, honestly?",
    3: "Is Llama exact on the GPU?",
    4: "Does generation run?",
    5: "Does overlap pay on one GPU?",
}

# fourfold-train's step line (drivers/train/telemetry.cpp) and start-up notes (trainer.cpp).
STEP_LINE = re.compile(
    r"^step\s+(?P<step>\d+) \| loss (?P<loss>\S+) \| lr \S+ \| grad norm \S+ \| (?P<ms>[\d.]+) ms .*?"
    r"\| (?P<tok>[\d.]+) tok/s(?: \| MFU\((?P<peak>\w+) peak\) (?P<mfu>[\d.]+)%)?(?: \| GEMM eff (?P<eff>[\d.]+)%)?")
MFU_NOTE = re.compile(r"MFU against (?P<gflops>[\d.]+) GFLOP/s \((?P<source>[^)]*)\)|no MFU \((?P<none>[^)]*)\)")
MEMORY_NOTE = re.compile(r"^memory on rank 0: .* total (?P<gib>[\d.]+) GiB")
# fourfold-generate's stderr line (drivers/generate/generate_main.cpp).
GENERATE_LINE = re.compile(r"fourfold-generate: (?P<n>\d+) new tokens in (?P<s>[\d.]+) s \((?P<rate>[\d.]+) tokens/s\)")


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def json_lines(text, key, value):
    """The JSON objects of a log whose KEY is VALUE."""
    found = []
    for line in (text or "").splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if obj.get(key) == value:
            found.append(obj)
    return found


def parse_train(text):
    """Step lines and start-up figures of a fourfold-train log."""
    steps = []
    mfu_source = None
    peak_gflops = None
    memory_gib = None
    for line in (text or "").splitlines():
        m = STEP_LINE.match(line)
        if m:
            steps.append({
                "step": int(m["step"]), "loss": float(m["loss"]), "step_ms": float(m["ms"]),
                "tokens_per_s": float(m["tok"]),
                "mfu": float(m["mfu"]) / 100 if m["mfu"] else None, "mfu_peak": m["peak"],
                "gemm_efficiency": float(m["eff"]) / 100 if m["eff"] else None})
            continue
        m = MFU_NOTE.search(line)
        if m and mfu_source is None:
            mfu_source = m["source"] or m["none"]
            peak_gflops = float(m["gflops"]) if m["gflops"] else None
        m = MEMORY_NOTE.match(line)
        if m:
            memory_gib = float(m["gib"])
    return {"steps": steps, "mfu_source": mfu_source, "peak_gflops": peak_gflops, "memory_gib": memory_gib}


def steady(values):
    """The median of the steps after the first two (start-up allocations, first-call set-up)."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    return statistics.median(values[2:] if len(values) > 4 else values)


def parse_generate(text):
    ids = None
    rate = None
    for line in (text or "").splitlines():
        m = GENERATE_LINE.search(line)
        if m:
            rate = float(m["rate"])
        elif re.fullmatch(r"\s*\d+(\s+\d+)*\s*", line) and ids is None:
            ids = [int(x) for x in line.split()]
    return ids, rate


def load_plan(path):
    plans = []
    for line in (read(path) or "").splitlines():
        if line.strip():
            plans.append(json.loads(line))
    return plans


def choose_recompute(plans, precision, gpu_mib):
    """The first recompute mode (none, selective, attention, block) whose planned memory fits."""
    gib = gpu_mib / 1024.0
    for mode in RECOMPUTE_ORDER:
        for p in plans:
            if p["precision"] == precision and p["recompute"] == mode and p["memory_gib"] <= MEMORY_HEADROOM * gib:
                return p
    return None


def toml_model(path):
    values = {}
    for line in (read(path) or "").splitlines():
        m = re.match(r"\s*(\w+)\s*=\s*([^#]+)", line)
        if m:
            values[m[1]] = m[2].strip().strip('"')
    return values


def gemm_shapes(model):
    """One layer's linear GEMMs (M x N x K, forward) with their FLOP weights: fused q/k/v, the
    attention projection, the fused gate and up projections, the down projection."""
    b, t, c = int(model["batch_size"]), int(model["seq_len"]), int(model["channels"])
    h, kv, i = int(model["num_heads"]), int(model["num_kv_heads"]), int(model["intermediate_size"])
    m, hs = b * t, c // h
    return [(m, (h + 2 * kv) * hs, c), (m, c, c), (m, 2 * i, c), (m, c, i)]


def layer_gemm_rate(gemm_lines, shapes):
    """The FLOP-weighted harmonic mean of the measured rates of one layer's GEMM shapes (TFLOP/s):
    the rate at which that layer's GEMM FLOPs run."""
    rates = {(g["m"], g["n"], g["k"]): g["gflops_per_rank"] / 1e3 for g in gemm_lines}
    total_flops = time = 0.0
    for shape in shapes:
        if shape not in rates or rates[shape] <= 0:
            return None
        flops = 2.0 * shape[0] * shape[1] * shape[2]
        total_flops += flops
        time += flops / rates[shape]
    return total_flops / time


class Steps:
    def __init__(self, path):
        self.rows = []
        for line in (read(path) or "").splitlines():
            parts = line.split("\t")
            if len(parts) >= 6:
                self.rows.append({"question": int(parts[0]), "name": parts[1], "status": parts[2],
                                  "seconds": parts[3], "detail": parts[4], "command": parts[5]})

    def of(self, question):
        return [r for r in self.rows if r["question"] == question]

    def get(self, name):
        for r in self.rows:
            if r["name"] == name:
                return r
        return None

    def passed(self, name):
        r = self.get(name)
        return r is not None and r["status"] == "passed"


def status_of(rows):
    if not rows:
        return "not run"
    states = {r["status"] for r in rows}
    if states == {"not run"}:
        return "not run (dry run)"
    if "failed" in states:
        return "failed"
    if "skipped" in states:
        return "partial" if "passed" in states else "skipped"
    return "passed"


def fmt(value, spec, missing="n/a"):
    return missing if value is None else format(value, spec)


def summarize(args):
    out, bundle = args.out, args.bundle
    steps = Steps(os.path.join(out, "steps.tsv"))
    log = lambda name: read(os.path.join(out, name + ".log"))
    answers = []
    bad = False

    # 1. Does it run?
    rows = steps.of(1)
    tests = [r for r in rows if r["name"].startswith("test_")]
    failed_tests = [r["name"] for r in tests if r["status"] == "failed"]
    skipped_tests = [r["name"] for r in tests if r["status"] == "skipped"]
    gemm_test = steps.get("test_core_gemm.np1")
    q1 = {"question": 1, "title": TITLES[1], "status": status_of(rows),
          "tests": {"programs": len(tests), "passed": sum(r["status"] == "passed" for r in tests),
                    "failed": failed_tests, "skipped": skipped_tests},
          "vendor_gemm_routes_vs_kokkos_kernels": gemm_test["status"] if gemm_test else "not listed",
          "mpi_probe": (steps.get("mpi-probe") or {}).get("status"),
          "train_tiny": (steps.get("train-tiny") or {}).get("status")}
    answer1 = (f"{q1['tests']['passed']} of {len(tests)} one-rank test programs passed"
               f" (GEMM routes vs Kokkos Kernels: {q1['vendor_gemm_routes_vs_kokkos_kernels']})"
               + (f"; failed: {' '.join(failed_tests)}" if failed_tests else "")
               + (f"; {len(skipped_tests)} skipped" if skipped_tests else "")
               + f"; MPI probe {q1['mpi_probe']}; tiny GPT-2 200 steps {q1['train_tiny']}")
    answers.append((q1, answer1))

    # 2. How fast is bf16? The 1.3B Llama in bf16 and in fp32 (TF32 off).
    model = toml_model(args.config)
    plans = load_plan(os.path.join(bundle, "reference", "llama-1.3b-plan.jsonl"))
    shapes = gemm_shapes(model)
    q2 = {"question": 2, "title": TITLES[2], "status": status_of(steps.of(2)), "gpu": args.gpu_name,
          "gpu_memory_gib": round(args.gpu_mib / 1024.0, 1),
          "model": (f"Llama L={model.get('num_layers')} C={model.get('channels')} NH={model.get('num_heads')} "
                    f"KV={model.get('num_kv_heads')} I={model.get('intermediate_size')} V={model.get('vocab_size')}"),
          "batch": f"{model.get('batch_size')} x {model.get('seq_len')} tokens", "runs": {}}
    syncs = json_lines(log("bench-model-syncs"), "bench", "model_syncs")
    host_waits = syncs[0]["host_syncs_per_step"] if syncs else None
    q2["host_waits_per_step"] = host_waits
    q2["host_waits_note"] = ("fourfold-bench model --count-syncs on its 24-layer Llama (C 1024, T 1024, fp32): "
                             "that bench has no config or precision option; the count is the step's structure")
    for precision, label in (("bf16", "bf16"), ("fp32", "fp32 (TF32 off)")):
        plan = choose_recompute(plans, precision, args.gpu_mib)
        train = parse_train(log(f"train-llama-1.3b-{precision}"))
        bench = json_lines(log(f"bench-step-llama-1.3b-{precision}"), "bench", "step_summary")
        gemms = [g for g in json_lines(log(f"bench-gemm-{precision}"), "op", "gemm")]
        tokens_per_s = steady([s["tokens_per_s"] for s in train["steps"]])
        step_ms = steady([s["step_ms"] for s in train["steps"]])
        mfu = steady([s["mfu"] for s in train["steps"]])
        rate = layer_gemm_rate(gemms, shapes)
        gemm_share = None
        if plan and rate and step_ms:
            gemm_share = plan["gemm_tflop_per_step"] / rate / (step_ms / 1e3)
        run = {
            "precision": label,
            "recompute": plan["recompute"] if plan else None,
            "planned_memory_gib": round(plan["memory_gib"], 1) if plan else None,
            "trainer_memory_gib": train["memory_gib"],
            "steps_logged": len(train["steps"]),
            "tokens_per_s": tokens_per_s,
            "step_ms": step_ms,
            "mfu": mfu,
            "mfu_peak": train["mfu_source"],
            "peak_gflops": train["peak_gflops"],
            "peak_is_this_gpu": (args.gpu_name in train["mfu_source"]) if train["mfu_source"] else None,
            "gemm_rate_tflops": rate,
            "gemm_share": gemm_share,
            "gemm_share_method": ("estimate: the step's GEMM FLOPs as fourfold-plan counts them (reference/"
                                  "llama-1.3b-plan.jsonl), at the FLOP-weighted rate fourfold-bench gemm measured "
                                  "for one layer's GEMM shapes here, over the trainer's step time"),
            "host_waits_per_step": host_waits,
        }
        if bench:
            b = bench[0]
            run.update({"bench_step_ms": b.get("step_ms_median"), "launches_per_step": b.get("launches"),
                        "launches_by_kind": b.get("launches_by_kind"), "bytes_by_kind": b.get("bytes_by_kind"),
                        "planned_launches": plan["launches"] if plan else None})
        q2["runs"][precision] = run
    bf, fp = q2["runs"]["bf16"], q2["runs"]["fp32"]
    q2["bf16_over_fp32"] = (bf["tokens_per_s"] / fp["tokens_per_s"]) if bf["tokens_per_s"] and fp["tokens_per_s"] else None
    parts = []
    for run in (bf, fp):
        parts.append(f"{run['precision']}: {fmt(run['tokens_per_s'], ',.0f')} tok/s, MFU {fmt(run['mfu'], '.1%')}"
                     f" (recompute {run['recompute']}), GEMM share ~{fmt(run['gemm_share'], '.0%')},"
                     f" {fmt(run.get('launches_per_step'), 'd')} launches/step")
    answer2 = "; ".join(parts) + f"; {fmt(host_waits, 'g')} host waits/step; bf16/fp32 {fmt(q2['bf16_over_fp32'], '.1f')}x"
    if bf["mfu_peak"]:
        answer2 += f"; MFU against {bf['mfu_peak']}"
    if q2["status"] in ("skipped", "not run"):
        answer2 = f"not answered ({q2['status']})"
    answers.append((q2, answer2))

    # 3. Is Llama exact? The GPU's 40 losses against the CPU's.
    reference = json.loads(read(os.path.join(bundle, "reference", "tiny-llama-losses.json")) or "{}")
    cpu_losses = reference.get("losses", [])
    gpu_losses = [json.loads(line)["loss"] for line in
                  (read(os.path.join(out, "runs", "tiny-llama", "metrics.jsonl")) or "").splitlines() if line.strip()]
    rel = [abs(g - c) / abs(c) for g, c in zip(gpu_losses, cpu_losses)]
    q3 = {"question": 3, "title": TITLES[3], "status": status_of(steps.of(3)), "steps": len(gpu_losses),
          "cpu_steps": len(cpu_losses), "tolerance": LOSS_TOLERANCE,
          "relative_difference": rel, "max_relative_difference": max(rel) if rel else None,
          "gpu_losses": gpu_losses, "cpu_losses": cpu_losses}
    if q3["status"] == "passed":
        exact = len(gpu_losses) == len(cpu_losses) and all(math.isfinite(x) for x in gpu_losses) and \
            max(rel) <= LOSS_TOLERANCE
        q3["matches_cpu"] = exact
        q3["status"] = "passed" if exact else "differs from the CPU"
        bad |= not exact
        answer3 = (f"{'yes' if exact else 'NO'}: {len(gpu_losses)} steps, largest relative loss difference "
                   f"{fmt(q3['max_relative_difference'], '.1e')} (tolerance {LOSS_TOLERANCE:g})")
    else:
        answer3 = f"not answered ({q3['status']})"
    answers.append((q3, answer3))

    # 4. Does generation run? The GPU's greedy ids against the CPU's, and tokens/s.
    cpu_ids = [int(x) for x in (read(os.path.join(bundle, "reference", "tiny-llama-greedy.ids")) or "").split()]
    gpu_ids, rate = parse_generate(log("generate-tiny-llama"))
    q4 = {"question": 4, "title": TITLES[4], "status": status_of(steps.of(4)), "tokens_per_s": rate,
          "gpu_ids": gpu_ids, "cpu_ids": cpu_ids}
    if q4["status"] == "passed":
        same = gpu_ids == cpu_ids
        q4["same_ids_as_cpu"] = same
        first = next((i for i, (a, b) in enumerate(zip(gpu_ids or [], cpu_ids)) if a != b), None)
        q4["first_difference"] = first
        q4["status"] = "passed" if same else "differs from the CPU"
        bad |= not same
        answer4 = (f"{'yes' if same else 'NO'}: {len(gpu_ids or [])} greedy ids "
                   f"{'equal to' if same else 'differ from'} the CPU's"
                   + (f" (first at {first})" if first is not None else "") + f"; {fmt(rate, ',.1f')} tokens/s")
    else:
        answer4 = f"not answered ({q4['status']})"
    answers.append((q4, answer4))

    # 5. Does overlap pay on one GPU? GPT-2 124M steps with overlap none and all, as before.
    q5 = {"question": 5, "title": TITLES[5], "status": status_of(steps.of(5))}
    for name in ("none", "all", "bf16"):
        summary = json_lines(log(f"bench-step-{name}"), "bench", "step_summary")
        q5[f"step_{name}"] = ({k: summary[0].get(k) for k in ("overlap", "precision", "step_ms_median",
                                                               "hidden_fraction", "launches")} if summary else None)
    for precision in ("fp32", "bf16"):
        name = "train-gpt2-124m" + ("-bf16" if precision == "bf16" else "")
        train = parse_train(log(name))
        q5[f"train_{precision}"] = {"tokens_per_s": steady([s["tokens_per_s"] for s in train["steps"]]),
                                    "mfu": steady([s["mfu"] for s in train["steps"]])}
    none, all_ = q5["step_none"], q5["step_all"]
    q5["all_over_none"] = (all_["step_ms_median"] / none["step_ms_median"]) if none and all_ else None
    answer5 = (f"124M step {fmt(none and none['step_ms_median'], '.1f')} ms (none) vs "
               f"{fmt(all_ and all_['step_ms_median'], '.1f')} ms (all): all/none {fmt(q5['all_over_none'], '.3f')}; "
               f"training {fmt(q5['train_fp32']['tokens_per_s'], ',.0f')} tok/s fp32, "
               f"{fmt(q5['train_bf16']['tokens_per_s'], ',.0f')} bf16")
    if q5["status"] in ("skipped", "not run"):
        answer5 = f"not answered ({q5['status']})"
    answers.append((q5, answer5))

    for q, _ in answers:
        q["steps_run"] = [{k: r[k] for k in ("name", "status", "seconds", "detail")} for r in steps.of(q["question"])]
        bad |= q["status"] == "failed"
    with open(os.path.join(out, "summary.jsonl"), "w") as f:
        for q, _ in answers:
            f.write(json.dumps(q) + "\n")
    width = max(len(t) for t in TITLES.values()) + 4
    lines = [f"{'question':<{width}}  {'status':<20}  answer"]
    for q, answer in answers:
        if args.dry_run:
            answer = f"{len(q['steps_run'])} command(s) printed above"
        lines.append(f"{str(q['question']) + '. ' + q['title']:<{width}}  {q['status']:<20}  {answer}")
    table = "\n".join(lines) + "\n"
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(table)
    sys.stdout.write(table)
    return 1 if bad else 0


def check_references(bundle):
    """The references a dry run can check without a GPU: present, complete, and parsed by the same
    code that reads the GPU's logs."""
    ref = os.path.join(bundle, "reference")
    problems = []
    losses = json.loads(read(os.path.join(ref, "tiny-llama-losses.json")) or "{}").get("losses", [])
    if len(losses) != 40 or not all(math.isfinite(x) for x in losses):
        problems.append(f"tiny-llama-losses.json holds {len(losses)} losses, not 40 finite ones")
    train = parse_train(read(os.path.join(ref, "tiny-llama-train.cpu.log")))
    logged = {s["step"]: s["loss"] for s in train["steps"]}
    if not logged or any(abs(logged[k] - losses[k - 1]) > 5e-5 * abs(losses[k - 1]) for k in logged if k <= len(losses)):
        problems.append("the step lines of tiny-llama-train.cpu.log do not parse into the reference's losses")
    if train["mfu_source"] is None or train["memory_gib"] is None:
        problems.append("tiny-llama-train.cpu.log has no MFU note or memory line that the summary can read")
    ids = (read(os.path.join(ref, "tiny-llama-greedy.ids")) or "").split()
    if len(ids) != 64 or not all(x.isdigit() for x in ids):
        problems.append(f"tiny-llama-greedy.ids holds {len(ids)} words, not 64 token ids")
    _, rate = parse_generate(read(os.path.join(ref, "tiny-llama-generate.cpu.log")))
    if rate is None:
        problems.append("tiny-llama-generate.cpu.log has no tokens/s line that the summary can read")
    for name in ("config.json", "model.safetensors"):
        if not os.path.isfile(os.path.join(ref, "tiny-llama", name)):
            problems.append(f"tiny-llama/{name} is missing")
    plans = load_plan(os.path.join(ref, "llama-1.3b-plan.jsonl"))
    for precision in ("bf16", "fp32"):
        modes = {p["recompute"] for p in plans if p["precision"] == precision}
        if modes != set(RECOMPUTE_ORDER):
            problems.append(f"llama-1.3b-plan.jsonl plans {sorted(modes)} in {precision}, not {RECOMPUTE_ORDER}")
    for p in problems:
        print(f"gpu-check: [dry run] reference: {p}")
    if not problems:
        print(f"gpu-check: [dry run] references: 40 CPU losses {losses[0]:.4f} -> {losses[-1]:.4f} "
              f"(the CPU log's step lines parse to them), 64 greedy ids, CPU generation at {rate:.1f} tokens/s, "
              f"1.3B plans for {len(plans)} precision x recompute pairs")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out")
    parser.add_argument("--bundle")
    parser.add_argument("--config")
    parser.add_argument("--gpu-name", default="")
    parser.add_argument("--gpu-mib", type=float, default=0)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--choose-recompute", nargs=3, metavar=("PLAN", "PRECISION", "GPU_MIB"))
    parser.add_argument("--check-references", metavar="BUNDLE")
    args = parser.parse_args()
    if args.choose_recompute:
        path, precision, mib = args.choose_recompute
        plan = choose_recompute(load_plan(path), precision, float(mib))
        if plan is None:
            print(f"no recompute mode of {path} fits {float(mib) / 1024:.1f} GiB in {precision}", file=sys.stderr)
            return 1
        print(plan["recompute"], f"{plan['memory_gib']:.1f}")
        return 0
    if args.check_references:
        return check_references(args.check_references)
    for name in ("out", "bundle", "config"):
        if getattr(args, name) is None:
            parser.error(f"--{name} is needed to summarize")
    return summarize(args)


if __name__ == "__main__":
    sys.exit(main())
