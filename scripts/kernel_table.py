#!/usr/bin/env python3
"""Joins two runs of `fourfold-bench kernels` (JSON lines: before, after) into one table per
(grid, batch x seq_len, precision): each kernel's time before and after, the speed-up, and the
rate after (GFLOP/s for GEMM-like kernels, GB/s of least traffic for memory-bound ones).
Usage: kernel_table.py BEFORE.jsonl AFTER.jsonl"""
import json
import sys


def load(path):
    runs = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            d = json.loads(line)
            if d.get("bench") != "kernels":
                continue
            key = (d["grid"], d["batch"], d["seq_len"], d["precision"])
            runs.setdefault(key, {})[d["kernel"]] = d
    return runs


def rate(d):
    if "gflops" in d:
        return f"{d['gflops']:.1f} GFLOP/s"
    if "gb_per_s" in d:
        return f"{d['gb_per_s']:.1f} GB/s"
    return "-"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: kernel_table.py BEFORE.jsonl AFTER.jsonl")
    before, after = load(sys.argv[1]), load(sys.argv[2])
    if not after:
        sys.exit(f"kernel_table.py: no kernels JSON lines in {sys.argv[2]}")
    for key, kernels in after.items():
        grid, batch, seq, precision = key
        old = before.get(key, {})
        print(f"\n# grid {grid}, batch {batch} x {seq}, {precision}")
        print(f"| {'kernel':<26} | {'before ms':>10} | {'after ms':>10} | {'speed-up':>8} | {'after rate':>16} |")
        print(f"|{'-' * 28}|{'-' * 12}|{'-' * 12}|{'-' * 10}|{'-' * 18}|")
        total_before = total_after = 0.0
        for name, d in kernels.items():
            b = old.get(name)
            speedup = f"{b['ms'] / d['ms']:.2f}x" if b else "new"
            if b and name != "triad":
                total_before += b["ms"]
                total_after += d["ms"]
            print(f"| {name:<26} | {b['ms'] if b else float('nan'):>10.3f} | {d['ms']:>10.3f} | {speedup:>8} | {rate(d):>16} |")
        if total_after > 0:
            print(f"| {'(kernels in both runs)':<26} | {total_before:>10.3f} | {total_after:>10.3f} | "
                  f"{total_before / total_after:>7.2f}x | {'':>16} |")


if __name__ == "__main__":
    main()
