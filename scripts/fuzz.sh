#!/usr/bin/env bash
# Runs libFuzzer targets for SECONDS each, one after the other, each seeded
# from its corpus in tests/fuzz/corpus/<target>/ (plus the CAIP data for the
# logical-form targets when ../shared is there). Exits non-zero on the first
# crash, leak or timeout; the reproducer is left in the working directory.
#
#   scripts/fuzz.sh [BUILD] [SECONDS]
#   FUZZ_TARGETS="fuzz_scene fuzz_llm_reply"   only these
#   FUZZ_KEEP=1     merge what each run found into tests/fuzz/corpus/<target>
#                   (-merge=1 keeps only inputs that add coverage: the corpus stays small)
#   FUZZ_LOG=DIR    keep each target's log there (the figures docs/fuzzing.md quotes)
set -euo pipefail
BUILD=${1:-build-fuzz}
SECONDS_EACH=${2:-60}
SHARED=${SHARED:-../shared}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
targets=${FUZZ_TARGETS:-"fuzz_frontend fuzz_lf_json fuzz_lf_form fuzz_neural_files fuzz_use_files fuzz_llm_reply fuzz_scene fuzz_skill_args fuzz_pddl"}
logs=${FUZZ_LOG:-$work}
mkdir -p "$logs"

seed() {
  local target=$1 dir="$work/$1"
  mkdir -p "$dir"
  cp "$root/tests/fuzz/corpus/$target"/* "$dir/" 2>/dev/null || true
  case $target in
    fuzz_lf_json)
      if [ -f "$SHARED/data/caip/valid.jsonl" ]; then split -l 20 "$SHARED/data/caip/valid.jsonl" "$dir/valid-"; fi ;;
    fuzz_lf_form)
      if [ -f "$SHARED/data/caip/valid.jsonl" ]; then
        head -n 200 "$SHARED/data/caip/valid.jsonl" | python3 -c '
import json, sys, os
for i, line in enumerate(sys.stdin):
    open(os.path.join(sys.argv[1], "form%03d.json" % i), "w").write(json.dumps(json.loads(line)["logical_form"]))
' "$dir"
      fi ;;
    fuzz_pddl)
      # domain NUL problem, from the shared IPC and TEACh sets (small ones), and a domain alone.
      if [ -d "$SHARED/data/pddl/ipc-dev" ]; then
        for d in gripper blocks miconic-fulladl schedule elevators storage; do
          first=$(ls "$SHARED/data/pddl/ipc-dev/$d"/instance-*.pddl | sort -V | head -n 1)
          { cat "$SHARED/data/pddl/ipc-dev/$d/domain.pddl"; printf '\0'; cat "$first"; } >"$dir/$d.pddl"
        done
        cp "$SHARED/data/pddl/teach/domain.pddl" "$dir/teach-domain.pddl"
      fi ;;
  esac
  echo "$dir"
}

for target in $targets; do
  corpus=$(seed "$target")
  log="$logs/$target.log"
  rc=0
  echo "== $target for ${SECONDS_EACH}s (seed corpus: $(ls "$corpus" | wc -l) files)"
  (cd "$work" && "$root/$BUILD/bin/$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 "$corpus") >"$log" 2>&1 || rc=$?
  grep -E '^Done|stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added' "$log" || true
  grep -E '^#[0-9]+ +DONE' "$log" | tail -n 1 || true
  if [ $rc -ne 0 ]; then
    tail -n 60 "$log"
    mv "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* . 2>/dev/null || true
    echo "$target FAILED (exit $rc); reproducer (if any) in $(pwd)"
    exit 1
  fi
  if [ "${FUZZ_KEEP:-0}" = 1 ]; then
    "$root/$BUILD/bin/$target" -merge=1 -max_len=8192 "$root/tests/fuzz/corpus/$target" "$corpus" >"$logs/$target.merge.log" 2>&1
    echo "   corpus now $(ls "$root/tests/fuzz/corpus/$target" | wc -l) files, $(du -sh "$root/tests/fuzz/corpus/$target" | cut -f1)"
  fi
done
echo "fuzz: $targets ran clean for ${SECONDS_EACH}s each"
