#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS each, seeded from the project's own
# examples (and the CAIP data when ../shared is there). Exits non-zero on the
# first crash, leak or timeout; the reproducer is left in the working directory.
set -euo pipefail
BUILD=${1:-build-fuzz}
SECONDS_EACH=${2:-60}
SHARED=${SHARED:-../shared}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/plank" "$work/jsonl" "$work/lf" "$work/neural"
cp "$root"/examples/deps/*.plank "$root"/examples/errors/*.plank "$work/plank/" 2>/dev/null || true
cp "$root"/examples/lf/* "$root"/examples/errors/*.json "$work/lf/" 2>/dev/null || true
if [ -f "$SHARED/data/caip/valid.jsonl" ]; then
  split -l 20 "$SHARED/data/caip/valid.jsonl" "$work/jsonl/valid-"
  head -n 200 "$SHARED/data/caip/valid.jsonl" | python3 -c '
import json, sys, os
for i, line in enumerate(sys.stdin):
    open(os.path.join(sys.argv[1], "form%03d.json" % i), "w").write(json.dumps(json.loads(line)["logical_form"]))
' "$work/lf"
fi

run() {
  local target=$1 corpus=$2 rc=0
  echo "== $target for ${SECONDS_EACH}s (seed corpus: $(ls "$corpus" | wc -l) files)"
  "$root/$BUILD/bin/$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 "$corpus" >"$work/$target.log" 2>&1 || rc=$?
  grep -E '^Done|stat::number_of_executed_units|stat::peak_rss_mb' "$work/$target.log" || true
  if [ $rc -ne 0 ]; then tail -n 60 "$work/$target.log"; echo "$target FAILED (exit $rc)"; exit 1; fi
}
run fuzz_frontend "$work/plank"
run fuzz_lf_json "$work/jsonl"
run fuzz_lf_form "$work/lf"
# Small seeds for the weights and vectors readers (the shipped weights are MBs).
printf 'the 0.1 0.2\nhouse 1 -1\n' >"$work/neural/vectors.txt"
printf '{"dimensions":2,"vectors":{"a":[1,2,0,0],"b":[3,4,0,1]}}' >"$work/neural/vectors.json"
printf 'PLNKPRS2' >"$work/neural/magic.bin"
run fuzz_neural_files "$work/neural"
# The sentence encoder's inputs: command texts (the tokenizer) and a skeleton model.json.
mkdir -p "$work/use"
printf 'build a red cube next to the tree' >"$work/use/text.txt"
printf 'caf\xc3\xa9 , go ?' >"$work/use/utf8.txt"
printf '{"modelTopology":{"node":[]},"weightsManifest":[{"paths":["group1-shard1of1"],"weights":[{"name":"module/Embeddings_en","shape":[7,256],"dtype":"float32"}]}]}' >"$work/use/model.json"
run fuzz_use_files "$work/use"
# PDDL: domain NUL problem, from the shared IPC and TEACh sets (small ones), and a domain alone.
mkdir -p "$work/pddl"
if [ -d "$SHARED/data/pddl/ipc-dev" ]; then
  for d in gripper blocks miconic-fulladl schedule elevators storage; do
    first=$(ls "$SHARED/data/pddl/ipc-dev/$d"/instance-*.pddl | sort -V | head -n 1)
    { cat "$SHARED/data/pddl/ipc-dev/$d/domain.pddl"; printf '\0'; cat "$first"; } >"$work/pddl/$d.pddl"
  done
  cp "$SHARED/data/pddl/teach/domain.pddl" "$work/pddl/teach-domain.pddl"
fi
printf '(define (domain d) (:predicates (p) (q)) (:action a :parameters () :precondition (p) :effect (q)))\0(define (problem x) (:domain d) (:init (p)) (:goal (q)))' >"$work/pddl/tiny.pddl"
run fuzz_pddl "$work/pddl"
echo "fuzz: all targets ran clean for ${SECONDS_EACH}s each"
