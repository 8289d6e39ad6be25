#!/usr/bin/env python3
"""Compares two `plank exec-lf --jsonl DATA --log FILE` logs line by line: the
action, outcome, reply, blocks_changed and (where both logs have it)
entities_changed of every line. Exit 1 and the first differences when they
differ. Used to check that a change to CAIP keeps its results:

    plank exec-lf --jsonl ../shared/data/caip/train.jsonl --json --log after.jsonl
    scripts/compare-exec-logs.py before.jsonl after.jsonl
"""
import json
import sys

KEYS = ['action', 'outcome', 'reply', 'blocks_changed', 'entities_changed']


def load(path):
    with open(path) as f:
        return {j['line']: j for j in map(json.loads, f)}


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: compare-exec-logs.py BEFORE.jsonl AFTER.jsonl')
    before, after = load(sys.argv[1]), load(sys.argv[2])
    differences = 0
    for line in sorted(set(before) | set(after)):
        a, b = before.get(line), after.get(line)
        if a is None or b is None:
            differences += 1
            print(f'line {line}: only in {"after" if a is None else "before"}')
            continue
        for key in KEYS:
            if key in a and key in b and a[key] != b[key]:
                differences += 1
                if differences <= 40:
                    print(f'line {line} {key}: {a[key]!r} != {b[key]!r}  ({a.get("text", "")})')
    print(f'{len(before)} lines before, {len(after)} after, {differences} differences')
    sys.exit(1 if differences else 0)


if __name__ == '__main__':
    main()
