#!/usr/bin/env python3
"""Draw the hand check of issue 25: N random "done" commands of valid.jsonl.

Runs every line of the data set once (in a fresh village each) to learn which
ones end "done", draws N of them with a fixed seed (the draw is not tuned: the
seed and N are the only inputs), runs each with `plank exec-lf LINE --json
--save-scene --render`, and writes into OUT:

  before.png          the village every command starts from (its caip_history replayed)
  NN.png              the world after command NN

The seed is part of the record: 25 drew the first table (at commit 9add53b), 2611
(chosen before the draw, at 11f4722) the second, 2711 (chosen before the draw, at
6d6670b) the third, 3011 (chosen before the draw) the fourth, 3111 (chosen before the draw, by
the session that fixed the causes of the 3011 draw) the current one. Never re-draw to get a
better sample; re-run the same lines with --lines after a change.
  check.md            a table to judge by hand: command, logical form, reply, blocks changed, picture
  check.jsonl         the same facts, one line each (and the saved scenes' paths under --scenes)

  scripts/caip-hand-check.py [--plank build/bin/plank] [--data ../shared/data/caip/valid.jsonl]
                             [--seed 2711] [-n 40] [--out docs/images/caip-check] [--tile 4]
                             [--scenes DIR]   (keep the after-scenes, plank-scene JSON, for diffing)
                             [--lines 168,424,...]  (run these lines of the data set instead of drawing:
                                                     the same sample again after a change)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def words_of(text, span):
    """A span leaf [0, [a, b]] (or [a, b]) as the words it points at."""
    toks = text.split()
    if isinstance(span, list) and len(span) == 2 and isinstance(span[1], list):
        span = span[1]
    if isinstance(span, list) and len(span) == 2 and all(isinstance(i, int) for i in span):
        a, b = span
        return " ".join(toks[a:b + 1])
    return None


def summary(text, form):
    """The logical form with its spans replaced by their words, compactly."""
    def walk(v):
        if isinstance(v, dict):
            parts = []
            for k, x in v.items():
                if k in ("dialogue_type",):
                    continue
                parts.append(f"{k}: {walk(x)}")
            return "{" + ", ".join(parts) + "}"
        if isinstance(v, list):
            w = words_of(text, v)
            if w is not None:
                return '"' + w + '"'
            return "[" + ", ".join(walk(x) for x in v) + "]"
        return str(v)
    dialogue = form.get("dialogue_type", "")
    if "action_sequence" in form:
        return " ; ".join(walk(a) for a in form["action_sequence"])
    return dialogue + (" " + walk({k: v for k, v in form.items() if k != "dialogue_type"}) if len(form) > 1 else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plank", default="build/bin/plank")
    ap.add_argument("--data", default=os.path.join(os.environ.get("PLANK_SHARED_DIR", "../shared"), "data/caip/valid.jsonl"))
    ap.add_argument("--seed", type=int, default=2711)
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("--out", default="docs/images/caip-check")
    ap.add_argument("--tile", type=int, default=4)
    ap.add_argument("--scenes", default="")
    ap.add_argument("--lines", default="")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    if a.scenes:
        os.makedirs(a.scenes, exist_ok=True)
    lines = [l for l in open(a.data, encoding="utf-8") if l.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log.jsonl")
        if not a.lines:
            subprocess.run([a.plank, "exec-lf", "--jsonl", a.data, "--scene", "village", "--log", log],
                           check=False, stdout=subprocess.DEVNULL)
        if a.lines:
            picked = [int(x) for x in a.lines.split(",")]
        else:
            done = [json.loads(l)["line"] for l in open(log, encoding="utf-8") if json.loads(l)["outcome"] == "done"]
            picked = random.Random(a.seed).sample(sorted(done), a.n)
            print(f"{len(done)} of {len(lines)} lines are done; drew {a.n} with seed {a.seed}", file=sys.stderr)

        subprocess.run([a.plank, "world", "render", "examples/scenes/village.json", "--out",
                        os.path.join(a.out, "before.png"), "--tile", str(a.tile)], check=True)
        rows = []
        for k, line_no in enumerate(picked, 1):
            line = json.loads(lines[line_no - 1])
            one = os.path.join(tmp, "one.json")
            with open(one, "w", encoding="utf-8") as f:
                json.dump(line, f)
            scene = os.path.join(a.scenes or tmp, f"{k:02d}.json")
            png = os.path.join(a.out, f"{k:02d}.png")
            r = subprocess.run([a.plank, "exec-lf", one, "--json", "--save-scene", scene, "--render", png,
                                "--tile", str(a.tile)], capture_output=True, text=True)
            try:
                res = json.loads(r.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                res = {"outcome": "error", "reply": r.stderr.strip()}
            rows.append({"n": k, "line": line_no, "text": line["text"], "form": summary(line["text"], line["logical_form"]),
                         "outcome": res.get("outcome"), "reply": res.get("reply"),
                         "blocks_changed": res.get("blocks_changed"), "entities_changed": res.get("entities_changed"),
                         "built": res.get("built"), "agent": res.get("agent"), "picture": f"{k:02d}.png"})
            print(f"{k:02d} line {line_no}: {line['text']} -> {res.get('outcome')}: {res.get('reply')}", file=sys.stderr)

    with open(os.path.join(a.out, "check.jsonl"), "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    with open(os.path.join(a.out, "check.md"), "w", encoding="utf-8") as f:
        f.write("| # | command | logical form | reply | blocks | picture |\n|---|---|---|---|---|---|\n")
        for row in rows:
            f.write(f"| {row['n']} | {row['text']} | `{row['form']}` | {row['reply']} | {row['blocks_changed']} | "
                    f"[{row['picture']}]({row['picture']}) |\n")


if __name__ == "__main__":
    main()
