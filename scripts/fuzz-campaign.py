#!/usr/bin/env python3
"""The long fuzz campaign (issue 24): every libFuzzer target for a fixed CPU time, the targets
that have run least first, resuming across sessions.

    nice -n 19 scripts/fuzz-campaign.py --cpu-seconds 3600 --until 20:05      # run
    scripts/fuzz-campaign.py --keep                                           # minimise into the repo

State:
  tests/fuzz/campaign.tsv   committed: per target the cumulative CPU seconds, inputs run, the
                            latest coverage, and every crash, leak, timeout and out-of-memory
                            ever found. The order of the next run comes from it.
  WORK (BUILD/campaign/)    not committed: each target's growing corpus (corpus/TARGET, seeded
                            from the kept corpus and the shared data on first use), libFuzzer's
                            logs, the reproducers it writes (findings/TARGET/) and runs.tsv, one
                            line per libFuzzer run.
  tests/fuzz/corpus/TARGET  committed, replayed by every ctest run: --keep rebuilds it as the
                            smallest set with the coverage of the kept corpus and the work corpus
                            (libFuzzer -merge=1); named files (reproducers, hand-written seeds)
                            are always kept, the rest are libFuzzer's sha1-named inputs. Never
                            shared data: the seeds cut from /work/shared and the inputs that hold
                            a run of 47 bytes of one (mutations of a CAIP record or an IPC
                            domain) are left out of the merge.

libFuzzer bounds runs by wall time (-max_total_time); on a shared machine a niced fuzzer gets a
fraction of a core, so the driver runs slices of --slice wall seconds and measures each slice's
CPU time (wait4), until the target has had --cpu-seconds of CPU in this invocation or --until
has come. A slice that ends in a finding stops that target for this invocation (its reproducer
is in findings/TARGET/); the others go on. SIGINT or SIGTERM stops the slice running (libFuzzer
prints its figures), records it and exits.
"""
import argparse
import datetime as dt
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["fuzz_frontend", "fuzz_lf_json", "fuzz_lf_form", "fuzz_neural_files", "fuzz_use_files",
           "fuzz_llm_reply", "fuzz_scene", "fuzz_skill_args", "fuzz_pddl", "fuzz_iglu_reply", "fuzz_capi_values"]
COLUMNS = ["target", "cpu_seconds", "inputs", "slices", "cov", "ft", "crashes", "leaks", "timeouts", "ooms",
           "last_run"]
COUNTED = ["cpu_seconds", "inputs", "slices", "crashes", "leaks", "timeouts", "ooms"]
SHA1_NAME = re.compile(r"^[0-9a-f]{40}$")

stop_requested = False


def read_table(path):
    rows = {t: {c: 0 for c in COLUMNS} | {"target": t, "last_run": "-"} for t in TARGETS}
    if os.path.exists(path):
        with open(path) as f:
            header = None
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cells = line.rstrip("\n").split("\t")
                if header is None:
                    header = cells
                    continue
                row = dict(zip(header, cells))
                t = row["target"]
                rows.setdefault(t, {c: 0 for c in COLUMNS} | {"target": t})
                for c in COLUMNS:
                    if c in row and c not in ("target", "last_run"):
                        rows[t][c] = float(row[c]) if c == "cpu_seconds" else int(row[c])
                rows[t]["last_run"] = row.get("last_run", "-")
    return rows


def write_table(path, rows):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("# The fuzz campaign's cumulative figures per target, written by scripts/fuzz-campaign.py\n")
        f.write("# (cpu_seconds and inputs add up over every session; cov and ft are the latest run's;\n")
        f.write("# crashes, leaks, timeouts and ooms count every finding ever made, fixed or not).\n")
        f.write("\t".join(COLUMNS) + "\n")
        for t in sorted(rows, key=lambda t: TARGETS.index(t) if t in TARGETS else 99):
            r = rows[t]
            cells = [t, "%.0f" % r["cpu_seconds"]] + [str(r[c]) for c in COLUMNS[2:-1]] + [r["last_run"]]
            f.write("\t".join(cells) + "\n")
    os.replace(tmp, path)


def seed(work_corpus, target, shared):
    os.makedirs(work_corpus, exist_ok=True)
    subprocess.run(["bash", "-c", '. "$root/scripts/fuzz-seeds.sh"; seed_into "$1" "$2"', "seed", work_corpus,
                    target], env=os.environ | {"root": ROOT, "SHARED": shared}, check=True)


def parse_log(text):
    """libFuzzer's figures: inputs run, coverage, features, and what kind of finding ended it."""
    out = {"inputs": 0, "cov": None, "ft": None, "finding": None}
    m = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    if m:
        out["inputs"] = int(m[-1])
    else:
        m = re.findall(r"^#(\d+)\s", text, re.M)
        if m:
            out["inputs"] = int(m[-1])
    m = re.findall(r"cov: (\d+) ft: (\d+)", text)
    if m:
        out["cov"], out["ft"] = int(m[-1][0]), int(m[-1][1])
    if "ERROR: libFuzzer: timeout" in text:
        out["finding"] = "timeouts"
    elif "ERROR: libFuzzer: out-of-memory" in text or "ERROR: libFuzzer: malloc(" in text:
        out["finding"] = "ooms"
    elif "ERROR: LeakSanitizer" in text:
        out["finding"] = "leaks"
    elif re.search(r"ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer: deadly signal)|"
                   r"runtime error:|==\d+==ERROR", text):
        out["finding"] = "crashes"
    return out


def run_slice(args, target, wall):
    work = args.work
    corpus = os.path.join(work, "corpus", target)
    if not os.path.isdir(corpus):
        seed(corpus, target, args.shared)
    findings = os.path.join(work, "findings", target)
    os.makedirs(findings, exist_ok=True)
    os.makedirs(os.path.join(work, "logs"), exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
    log_path = os.path.join(work, "logs", "%s-%s.log" % (target, stamp))
    cmd = [os.path.join(args.build, "bin", target), "-max_total_time=%d" % wall, "-timeout=%d" % args.timeout,
           "-rss_limit_mb=%d" % args.rss_limit_mb, "-max_len=%d" % args.max_len, "-print_final_stats=1",
           "-artifact_prefix=%s/" % findings, corpus, os.path.join(ROOT, "tests", "fuzz", "corpus", target)]
    with open(log_path, "w") as log:
        log.write("# " + " ".join(cmd) + "\n")
        log.flush()
        child = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=work,
                                 env=os.environ | {"PLANK_SHARED": args.shared})
        global current_child
        current_child = child
        _, status, usage = os.wait4(child.pid, 0)
        current_child = None
        child.returncode = os.waitstatus_to_exitcode(status)
    with open(log_path, errors="replace") as f:
        figures = parse_log(f.read())
    figures["cpu"] = usage.ru_utime + usage.ru_stime
    figures["rc"] = child.returncode
    figures["log"] = log_path
    if figures["finding"] is None and child.returncode not in (0, 72) and not stop_requested:
        figures["finding"] = "crashes"  # died some other way (a signal the sanitizers did not name)
    return figures


current_child = None


def on_signal(signum, frame):
    global stop_requested
    stop_requested = True
    if current_child is not None:
        try:
            current_child.send_signal(signal.SIGINT)
        except ProcessLookupError:
            pass


def deadline_from(until):
    if not until:
        return None
    now = dt.datetime.now(dt.timezone.utc)
    h, m = map(int, until.split(":"))
    d = now.replace(hour=h, minute=m, second=0, microsecond=0)
    if d <= now:
        d += dt.timedelta(days=1)
    return time.time() + (d - now).total_seconds()


def campaign(args):
    rows = read_table(args.table)
    deadline = deadline_from(args.until)
    spent = {t: 0.0 for t in args.targets}
    stopped = set()
    runs_path = os.path.join(args.work, "runs.tsv")
    os.makedirs(args.work, exist_ok=True)
    while not stop_requested:
        left = None if deadline is None else deadline - time.time()
        if left is not None and left < 30:
            print("campaign: --until reached", flush=True)
            break
        built = [t for t in args.targets if os.access(os.path.join(args.build, "bin", t), os.X_OK)]
        pending = [t for t in built if t not in stopped and spent[t] < args.cpu_seconds]
        if not pending:
            waiting = [t for t in args.targets if t not in built]
            if not waiting or not args.wait_for_build:
                break
            time.sleep(60)  # the niced build is still making the others
            continue
        target = min(pending, key=lambda t: rows[t]["cpu_seconds"])
        wall = args.slice if left is None else int(min(args.slice, left - 15))
        print("%s %s: slice of %d s wall (%.0f CPU-s so far, %.0f in this run)" %
              (time.strftime("%H:%M:%S"), target, wall, rows[target]["cpu_seconds"], spent[target]), flush=True)
        f = run_slice(args, target, wall)
        spent[target] += f["cpu"]
        r = rows[target]
        r["cpu_seconds"] += f["cpu"]
        r["inputs"] += f["inputs"]
        r["slices"] += 1
        if f["cov"] is not None:
            r["cov"], r["ft"] = f["cov"], f["ft"]
        if f["finding"]:
            r[f["finding"]] += 1
            stopped.add(target)
        r["last_run"] = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
        write_table(args.table, rows)
        with open(runs_path, "a") as runs:
            runs.write("\t".join(map(str, [time.strftime("%Y-%m-%dT%H:%M:%S"), target, "%.1f" % f["cpu"],
                                           f["inputs"], f["cov"], f["ft"], f["finding"] or "-", f["rc"],
                                           f["log"]])) + "\n")
        print("   %.1f CPU-s, %d inputs, cov %s ft %s, %s" % (f["cpu"], f["inputs"], f["cov"], f["ft"],
                                                               "FINDING: " + f["finding"] + " (see " + f["log"] + ")"
                                                               if f["finding"] else "clean"), flush=True)
    return 1 if stopped else 0


class SharedText:
    """What the shared data gave a target's work corpus, to tell an input derived from it: one
    that holds a run of at least 47 bytes (WINDOW + STRIDE - 1) of a seed's text, which always
    contains one of the seed's WINDOW-byte windows starting at a multiple of STRIDE. Copies of
    a seed shorter than that are told by their whole content."""
    WINDOW, STRIDE = 32, 16

    def __init__(self, seeds):
        self.whole = set(seeds)
        self.windows = {s[i:i + self.WINDOW] for s in seeds for i in range(0, len(s) - self.WINDOW + 1, self.STRIDE)}

    def holds(self, data):
        if data in self.whole:
            return True
        if not self.windows:
            return False
        w = self.WINDOW
        return any(data[i:i + w] in self.windows for i in range(len(data) - w + 1))


def shared_seeds(target, shared):
    """The inputs scripts/fuzz-seeds.sh cuts from the shared data for `target` (its kept corpus
    left out), as bytes."""
    with tempfile.TemporaryDirectory(prefix=target + "-shared-") as d:
        subprocess.run(["bash", "-c", '. "$seeds"; seed_into "$1" "$2"', "seed", d, target], check=True,
                       env=os.environ | {"seeds": os.path.join(ROOT, "scripts", "fuzz-seeds.sh"),
                                         "root": os.path.join(d, "no-repository"), "SHARED": shared})
        out = []
        for name in sorted(os.listdir(d)):
            with open(os.path.join(d, name), "rb") as f:
                out.append(f.read())
        return out


def found_inputs(folders, shared):
    """The inputs libFuzzer found (sha1-named) in `folders` that hold no shared data: not a seed
    cut from /work/shared (those keep their own names: valid-aa, form007.json, gripper.pddl),
    and not derived from one (a mutation of a CAIP record or an IPC domain is mostly that
    record or domain). Returns ({path by content}, counts of what was left out)."""
    chosen, left_out = {}, {"derived from the shared data": 0, "named seeds": 0}
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not SHA1_NAME.match(name):
                left_out["named seeds"] += 1  # kept by name from the repository, or never
                continue
            with open(path, "rb") as f:
                data = f.read()
            if shared.holds(data):
                left_out["derived from the shared data"] += 1
            else:
                chosen.setdefault(data, path)
    return chosen, left_out


def keep(args):
    """Rebuilds each kept corpus as the smallest set covering its named files, its earlier finds
    and the work corpus's finds, none of which holds shared data (the repository never does)."""
    for target in args.targets:
        binary = os.path.join(args.build, "bin", target)
        work_corpus = os.path.join(args.work, "corpus", target)
        kept = os.path.join(ROOT, "tests", "fuzz", "corpus", target)
        if not os.access(binary, os.X_OK) or not os.path.isdir(work_corpus):
            continue
        os.makedirs(os.path.join(args.work, "logs"), exist_ok=True)
        out = tempfile.mkdtemp(prefix=target + "-", dir=args.work)
        candidates = tempfile.mkdtemp(prefix=target + "-found-", dir=args.work)
        for name in sorted(os.listdir(kept)):
            if not SHA1_NAME.match(name):  # reproducers and hand-written seeds stay, always
                shutil.copy(os.path.join(kept, name), out)
        chosen, left_out = found_inputs([kept, work_corpus], SharedText(shared_seeds(target, args.shared)))
        for path in chosen.values():
            shutil.copy(path, candidates)
        log = os.path.join(args.work, "logs", target + ".merge.log")
        with open(log, "w") as f:
            subprocess.run([binary, "-merge=1", "-max_len=%d" % args.max_len, "-timeout=%d" % args.timeout,
                            "-rss_limit_mb=%d" % args.rss_limit_mb, out, candidates], stdout=f,
                           stderr=subprocess.STDOUT, cwd=args.work, env=os.environ | {"PLANK_SHARED": args.shared},
                           check=True)
        shutil.rmtree(candidates)
        before = os.listdir(kept)
        before_size = sum(os.path.getsize(os.path.join(kept, n)) for n in before)
        for name in before:
            os.remove(os.path.join(kept, name))
        for name in os.listdir(out):
            shutil.move(os.path.join(out, name), kept)
        os.rmdir(out)
        after = os.listdir(kept)
        size = sum(os.path.getsize(os.path.join(kept, n)) for n in after)
        print("%s: kept corpus %d -> %d files, %d -> %d KB (of %d found inputs without shared data; "
              "left out: %s)" % (target, len(before), len(after), before_size // 1024, size // 1024, len(chosen),
                                 ", ".join("%d %s" % (n, why) for why, n in left_out.items())))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build-fuzz"))
    ap.add_argument("--work", help="the campaign's working folder (default BUILD/campaign)")
    ap.add_argument("--table", default=os.path.join(ROOT, "tests", "fuzz", "campaign.tsv"))
    ap.add_argument("--shared", default=os.environ.get("SHARED", os.path.join(os.path.dirname(ROOT), "shared")))
    ap.add_argument("--targets", nargs="*", default=TARGETS)
    ap.add_argument("--cpu-seconds", type=float, default=3600, help="CPU seconds per target in this run")
    ap.add_argument("--slice", type=int, default=600, help="wall seconds per libFuzzer run")
    ap.add_argument("--until", help="HH:MM (UTC): start no slice that would end later")
    ap.add_argument("--wait-for-build", action="store_true", help="wait for targets not built yet")
    ap.add_argument("--timeout", type=int, default=10, help="libFuzzer -timeout: seconds per input")
    ap.add_argument("--rss-limit-mb", type=int, default=2048)
    ap.add_argument("--max-len", type=int, default=8192)
    ap.add_argument("--keep", action="store_true", help="minimise the work corpora into tests/fuzz/corpus and stop")
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    args.work = os.path.abspath(args.work or os.path.join(args.build, "campaign"))
    args.shared = os.path.abspath(args.shared)
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        ap.error("unknown target(s) %s; the targets are %s" % (", ".join(unknown), ", ".join(TARGETS)))
    if args.keep:
        keep(args)
        return 0
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    return campaign(args)


if __name__ == "__main__":
    sys.exit(main())
