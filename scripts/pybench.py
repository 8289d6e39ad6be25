#!/usr/bin/env python3
"""Whole-process time of the classic Python benchmarks (examples/pybench), unmodified,
on Plank's two engines against CPython (and PyPy when installed), in the same run.

  scripts/pybench.py [--plank build/bin/plank] [--runs 3] [--markdown]

Each program runs as its own process (start-up and compilation included: what a user
waits for); the figure is the least user+sys CPU time of --runs runs (CPU, not wall, because
the project's machines share their cores). Output must equal CPython's, or the row says so.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    """(cpu seconds, stdout bytes, exit code) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.stdout, p.returncode


def best(cmd, runs):
    times, out, rc = [], None, 0
    for _ in range(runs):
        cpu, out, rc = run(cmd)
        times.append(cpu)
    return min(times), out, rc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plank", default=os.path.join(ROOT, "build/bin/plank"))
    ap.add_argument("--python", default="/usr/bin/python3.11")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    folder = os.path.join(ROOT, "examples/pybench")
    programs = a.programs or sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".py"))
    peers = [("python3.11", [a.python])]
    if shutil.which("pypy3"):
        peers.append(("pypy3", ["pypy3"]))
    engines = [("interp", [a.plank, "run", "--engine", "interp"]), ("jit", [a.plank, "run", "--engine", "jit"])]
    header = ["program"] + [n + " s" for n, _ in peers] + [f"plank {e} s" for e, _ in engines] + \
             [f"{e} ÷ python" for e, _ in engines]
    if a.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    else:
        print("  ".join(header), flush=True)
    ratios = {e: [] for e, _ in engines}
    for prog in programs:
        name = os.path.basename(prog)[:-3]
        ref_t, ref_out, ref_rc = best(peers[0][1] + [prog], a.runs)
        row = [name, f"{ref_t:.2f}"]
        for pname, pcmd in peers[1:]:
            t, out, rc = best(pcmd + [prog], a.runs)
            row.append(f"{t:.2f}" if out == ref_out else f"{t:.2f} (differs)")
        cells = []
        for e, cmd in engines:
            t, out, rc = best(cmd + [prog], a.runs)
            same = out == ref_out and rc == ref_rc
            row.append(f"{t:.2f}" + ("" if same else " (output differs)"))
            if same:
                ratios[e].append(t / ref_t)
            cells.append(f"{t / ref_t:.2f}×")
        row += cells
        print(("| " + " | ".join(row) + " |") if a.markdown else "  ".join(row), flush=True)
    for e, rs in ratios.items():
        if rs:
            g = 1.0
            for r in rs:
                g *= r
            print(f"{e}: geometric mean of Plank ÷ python3.11 CPU time over {len(rs)} programs: {g ** (1 / len(rs)):.2f}×")


if __name__ == "__main__":
    main()
