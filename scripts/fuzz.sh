#!/usr/bin/env bash
# Runs libFuzzer targets for SECONDS each, one after the other, each seeded
# from its corpus in tests/fuzz/corpus/<target>/ (plus the CAIP data for the
# logical-form targets when ../shared is there). Exits non-zero on the first
# crash, leak or timeout; the reproducer is left in the working directory.
#
#   scripts/fuzz.sh [BUILD] [SECONDS]
#   FUZZ_TARGETS="fuzz_scene fuzz_llm_reply"   only these
#   FUZZ_KEEP=1     merge what each run found into tests/fuzz/corpus/<target> (fuzz-campaign.py
#                   --keep: only inputs that add coverage, and none that holds shared data)
#   FUZZ_LOG=DIR    keep each target's log there (the figures docs/fuzzing.md quotes)
set -euo pipefail
BUILD=${1:-build-fuzz}
SECONDS_EACH=${2:-60}
SHARED=${SHARED:-../shared}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
targets=${FUZZ_TARGETS:-"fuzz_frontend fuzz_lf_json fuzz_lf_form fuzz_neural_files fuzz_use_files fuzz_llm_reply fuzz_scene fuzz_skill_args fuzz_pddl fuzz_iglu_reply fuzz_capi_values"}
logs=${FUZZ_LOG:-$work}
mkdir -p "$logs"

. "$root/scripts/fuzz-seeds.sh"

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
    # The campaign's --keep: libFuzzer's finds only, never the shared data seeded above.
    mkdir -p "$work/keep/corpus" && ln -sfn "$corpus" "$work/keep/corpus/$target"
    python3 "$root/scripts/fuzz-campaign.py" --keep --build "$root/$BUILD" --work "$work/keep" --shared "$SHARED" \
      --targets "$target"
  fi
done
echo "fuzz: $targets ran clean for ${SECONDS_EACH}s each"
