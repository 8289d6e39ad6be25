#!/usr/bin/env python3
"""Plank's planner beside Fast Downward on the shared PDDL sets, every plan checked by VAL.

    scripts/pddl_bench.py --set ipc-dev [--fd] [--timeout 60] [--memory 4096] [--only blocks,gripper]
    scripts/pddl_bench.py --set mineplanner --timeout 120 --memory 8192 [--fd]
    scripts/pddl_bench.py --set ci        # a reduced set that takes seconds (CI)

Both planners run as whole processes, one at a time, in the same run; time is the CPU time
(user + sys) of the process tree, as Fast Downward's own limit counts it. Writes one CSV row per
problem and planner (--csv), and prints coverage, median time and the cost ratio.
Exit status: 1 when any plan Plank returned is invalid (VAL or, where VAL rejects the domain,
the shared validate_plan.py), else 0.
"""
import argparse
import csv
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def shared_dir(args):
    return args.shared or os.environ.get("SHARED") or os.path.join(ROOT, "..", "shared")


def problems(args):
    base = os.path.join(shared_dir(args), "data", "pddl")
    out = []
    if args.set in ("ipc-dev", "ci"):
        ipc = os.path.join(base, "ipc-dev")
        for domain in sorted(os.listdir(ipc)):
            folder = os.path.join(ipc, domain)
            instances = sorted((f for f in os.listdir(folder) if f.startswith("instance-")),
                               key=lambda f: int(f.split("-")[1].split(".")[0]))
            if args.set == "ci":
                instances = instances[:1]  # the smallest instance of every domain
            for inst in instances:
                out.append(("ipc-dev", domain, inst, os.path.join(folder, "domain.pddl"), os.path.join(folder, inst),
                            os.path.join(folder, "domain.pddl"), os.path.join(folder, inst)))
        if args.set == "ci":
            teach = os.path.join(base, "teach")
            for p in sorted(f for f in os.listdir(teach) if f.startswith("teach-")):
                d = os.path.join(teach, "domain.pddl")
                out.append(("teach", "teach", p, d, os.path.join(teach, p), d, os.path.join(teach, p)))
    elif args.set == "teach":
        teach = os.path.join(base, "teach")
        for p in sorted(f for f in os.listdir(teach) if f.startswith("teach-")):
            d = os.path.join(teach, "domain.pddl")
            out.append(("teach", "teach", p, d, os.path.join(teach, p), d, os.path.join(teach, p)))
    elif args.set == "mineplanner":
        mp = os.path.join(base, "mineplanner")
        for level in ("Easy", "Medium"):
            for task in sorted(os.listdir(mp)):
                folder = os.path.join(mp, task, level)
                if not os.path.isdir(folder):
                    continue
                stem = os.path.join(folder, f"{task}_{level}")
                out.append(("mineplanner", task, level, stem + "_domain.pddl", stem + "_problem.pddl",
                            stem + "_domain.fd.pddl", stem + "_problem.fd.pddl"))
    if args.only:
        keep = set(args.only.split(","))
        out = [p for p in out if p[1] in keep or f"{p[1]}/{p[2]}" in keep]
    return out


def run_timed(cmd, cwd, wall_limit):
    """Runs cmd; returns (exit code, CPU seconds of the process tree, wall seconds, stdout).

    The exit code is None when the wall-clock guard stopped it (a loaded machine gives a run too
    little CPU to reach its CPU limit in time): that is not a crash."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=wall_limit)
        code, stdout = p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        code, stdout = None, (e.stdout or b"").decode(errors="replace")
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return code, cpu, wall, stdout


def validate(args, domain, problem, plan_file, val_domain, val_problem):
    """VAL where it reads the domain; the shared validate_plan.py where it does not (TEACh, MinePlanner originals)."""
    val = os.path.join(shared_dir(args), "tools", "val", "Validate")
    p = subprocess.run([val, val_domain, val_problem, plan_file], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    if "Plan valid" in text:
        return "VAL valid"
    if "Plan failed" in text or "Goal not satisfied" in text or "Plan invalid" in text:
        return "VAL INVALID"
    checker = os.path.join(shared_dir(args), "data", "pddl", "tools", "validate_plan.py")
    p = subprocess.run([sys.executable, checker, domain, problem, plan_file], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    return "validate_plan valid" if text.startswith("VALID") else "validate_plan INVALID"


def run_plank(args, prob, work):
    _, _, _, domain, problem, val_domain, val_problem = prob
    plan_file = os.path.join(work, "plank.plan")
    if os.path.exists(plan_file):
        os.remove(plan_file)
    cmd = [args.plank, "plan", domain, problem, "--json", "--plan-file", plan_file,
           "--timeout", str(args.timeout), "--max-memory", str(args.memory)]
    if args.search:
        cmd += ["--search", args.search]
    if args.plank_args:
        cmd += args.plank_args.split()
    code, cpu, wall, out = run_timed(cmd, work, args.timeout * 10 + 60)  # wall: the machine may be shared
    row = {"planner": "plank", "exit": code, "seconds": round(cpu, 3), "wall_s": round(wall, 3)}
    try:
        j = json.loads(out)
        row.update(solved=int(j["solved"]), cost=j["cost"], length=len(j["plan"]), expanded=j["expanded"],
                   status=j["status"], mode=j.get("mode", ""), grounded_actions=j["grounded_actions"])
    except (ValueError, KeyError):
        row.update(solved=0, status={1: "input errors", 3: "no output", 4: "no output",
                                     None: "wall-clock guard"}.get(code, "crash"))
    if row.get("solved"):
        row["validated"] = validate(args, domain, problem, plan_file, val_domain, val_problem)
    return row


def run_fd(args, prob, work):
    _, _, _, _, _, fd_domain, fd_problem = prob
    fd = os.path.join(shared_dir(args), "tools", "fast-downward", "fast-downward.py")
    fd_work = os.path.join(work, "fd")
    shutil.rmtree(fd_work, ignore_errors=True)
    os.makedirs(fd_work)
    cmd = [sys.executable, fd, "--alias", "lama-first", "--overall-time-limit", f"{args.timeout}s",
           "--overall-memory-limit", f"{args.memory}M", fd_domain, fd_problem]
    code, cpu, wall, out = run_timed(cmd, fd_work, args.timeout * 10 + 60)
    row = {"planner": "fd", "exit": code, "seconds": round(cpu, 3), "wall_s": round(wall, 3)}
    plan = os.path.join(fd_work, "sas_plan")
    row["solved"] = int(code == 0 and os.path.exists(plan))
    if row["solved"]:
        lines = [l for l in open(plan) if l.startswith("(")]
        cost_line = [l for l in open(plan) if l.startswith("; cost")]
        row["length"] = len(lines)
        row["cost"] = int(cost_line[0].split("=")[1].split()[0]) if cost_line else len(lines)
        row["validated"] = validate(args, fd_domain, fd_problem, plan, fd_domain, fd_problem)
    for line in out.splitlines():
        if line.startswith("Expanded ") and "state(s)" in line:
            row["expanded"] = int(line.split()[1])
    return row


def print_markdown(rows):
    """Per domain: problems, solved by each planner, median CPU s, cost ratio (geometric mean)."""
    domains = []
    for r in rows:
        if r["domain"] not in domains:
            domains.append(r["domain"])
    print("| domain | problems | Plank solved | FD solved | Plank median CPU s | FD median CPU s | cost Plank/FD |")
    print("|---|---|---|---|---|---|---|")
    for d in domains:
        rs = [r for r in rows if r["domain"] == d]
        pl = [r for r in rs if r["planner"] == "plank"]
        fd = [r for r in rs if r["planner"] == "fd"]
        both = {}
        for r in rs:
            both.setdefault(r["problem"], {})[r["planner"]] = r
        ratios = [b["plank"]["cost"] / b["fd"]["cost"] for b in both.values()
                  if b.get("plank", {}).get("solved") and b.get("fd", {}).get("solved") and b["fd"].get("cost")]
        med = lambda xs: f"{statistics.median([x['seconds'] for x in xs]):.2f}" if xs else "-"
        ratio = f"{statistics.geometric_mean(ratios):.2f}" if ratios else "-"
        print(f"| {d} | {len(pl)} | {sum(1 for r in pl if r.get('solved'))} | "
              f"{sum(1 for r in fd if r.get('solved')) if fd else '-'} | {med(pl)} | {med(fd)} | {ratio} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", choices=["ipc-dev", "mineplanner", "teach", "ci"], default="ipc-dev")
    ap.add_argument("--only", help="comma-separated domains (or domain/problem)")
    ap.add_argument("--fd", action="store_true", help="also run Fast Downward lama-first")
    ap.add_argument("--timeout", type=int, default=60, help="CPU seconds per run")
    ap.add_argument("--memory", type=int, default=4096, help="MiB per run")
    ap.add_argument("--search", help="Plank's --search configuration (default: Plank's default)")
    ap.add_argument("--plank-args", help="more flags for plank plan, e.g. --lifted")
    ap.add_argument("--plank", default=os.path.join(ROOT, "build", "bin", "plank"))
    ap.add_argument("--shared")
    ap.add_argument("--csv", help="write one row per problem and planner here")
    ap.add_argument("--markdown", action="store_true", help="also print a per-domain markdown table")
    ap.add_argument("--require-all", action="store_true", help="exit 1 unless Plank solves every problem (CI)")
    args = ap.parse_args()

    if not os.path.isdir(os.path.join(shared_dir(args), "data", "pddl")):
        print(f"no shared PDDL data under {shared_dir(args)}: skipped")
        return 77
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for prob in problems(args):
            group, domain, name = prob[:3]
            for runner in ([run_plank, run_fd] if args.fd else [run_plank]):
                row = runner(args, prob, work)
                row.update(set=group, domain=domain, problem=name)
                rows.append(row)
                print(f"{row['planner']:5} {domain:22} {name:28} {row.get('status', 'solved' if row['solved'] else 'failed'):12} "
                      f"cost={row.get('cost', '-')!s:6} cpu={row['seconds']:.2f}s {row.get('validated', '')}",
                      flush=True)

    if args.csv:
        keys = ["set", "domain", "problem", "planner", "solved", "status", "cost", "length", "seconds", "wall_s",
                "expanded", "mode", "grounded_actions", "exit", "validated"]
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)

    def summary(planner):
        rs = [r for r in rows if r["planner"] == planner]
        if not rs:
            return None
        solved = [r for r in rs if r.get("solved")]
        return len(rs), len(solved), statistics.median([r["seconds"] for r in rs]) if rs else 0

    if args.markdown:
        print_markdown(rows)
    invalid = [r for r in rows if "INVALID" in r.get("validated", "")]
    for planner in ("plank", "fd"):
        s = summary(planner)
        if s:
            print(f"{planner}: {s[1]}/{s[0]} solved, median CPU {s[2]:.3f} s")
    if args.fd:
        by = {}
        for r in rows:
            by.setdefault((r["domain"], r["problem"]), {})[r["planner"]] = r
        ratios = [b["plank"]["cost"] / b["fd"]["cost"] for b in by.values()
                  if b.get("plank", {}).get("solved") and b.get("fd", {}).get("solved") and b["fd"]["cost"]]
        times = [b["plank"]["seconds"] / max(b["fd"]["seconds"], 1e-3) for b in by.values()
                 if b.get("plank", {}).get("solved") and b.get("fd", {}).get("solved")]
        if ratios:
            print(f"cost ratio plank/fd on problems both solve: median {statistics.median(ratios):.3f}, "
                  f"geometric mean {statistics.geometric_mean(ratios):.3f} ({len(ratios)} problems)")
            print(f"time ratio plank/fd: median {statistics.median(times):.3f}")
    print(f"invalid plans: {len(invalid)}")
    for r in invalid:
        print(f"  {r['planner']} {r['domain']} {r['problem']}: {r['validated']}")
    unsolved = [r for r in rows if r["planner"] == "plank" and not r.get("solved")]
    if args.require_all and unsolved:
        print("unsolved: " + ", ".join(f"{r['domain']}/{r['problem']}" for r in unsolved))
        return 1
    return 1 if any(r["planner"] == "plank" for r in invalid) else 0


if __name__ == "__main__":
    sys.exit(main())
