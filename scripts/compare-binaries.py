#!/usr/bin/env python3
"""Whole-process CPU (user + sys, os.wait4) of two plank binaries on the same programs, runs
alternated so that both see the same load; the least of --repeat runs each.

    scripts/compare-binaries.py OLD/plank NEW/plank examples/pybench/*.py --engines jit interp
    scripts/compare-binaries.py OLD/plank NEW/plank --total gen/s1*.py    # one figure for the set
"""
import argparse
import os
import subprocess


def cpu_seconds(binary, engine, path):
    p = subprocess.Popen([binary, "run", "--engine", engine, path], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(p.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("programs", nargs="+")
    ap.add_argument("--engines", nargs="+", default=["jit", "interp"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--total", action="store_true", help="time the programs as one set, not one by one")
    a = ap.parse_args()
    groups = [a.programs] if a.total else [[p] for p in a.programs]
    for engine in a.engines:
        sums = [0.0, 0.0]
        for group in groups:
            best = [float("inf"), float("inf")]
            for _ in range(a.repeat):
                for i, binary in enumerate((a.old, a.new)):
                    best[i] = min(best[i], sum(cpu_seconds(binary, engine, p) for p in group))
            sums = [s + b for s, b in zip(sums, best)]
            name = f"{len(group)} programs" if a.total else os.path.basename(group[0])
            print(f"{name:24s} {engine:6s} old {best[0]:7.3f}  new {best[1]:7.3f}  new/old {best[1] / best[0]:.3f}", flush=True)
        if not a.total:
            print(f"{'all':24s} {engine:6s} old {sums[0]:7.3f}  new {sums[1]:7.3f}  new/old {sums[1] / sums[0]:.3f}")


if __name__ == "__main__":
    main()
