#!/bin/sh
# Pictures for docs/caip-execution.md: the village before, then each command of
# examples/caip/showcase.jsonl run in a fresh village and rendered after.
#   scripts/caip-showcase.sh [PLANK] [OUT_DIR]
set -eu
PLANK=${1:-build/bin/plank}
OUT=${2:-docs/images/caip}
mkdir -p "$OUT"
"$PLANK" world render examples/scenes/village.json --out "$OUT/before.png" --tile 8
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
while IFS= read -r line; do
  name=$(printf '%s' "$line" | sed 's/.*"name": "\([^"]*\)".*/\1/')
  printf '%s\n' "$line" > "$tmp"
  printf '%s: ' "$name"
  "$PLANK" exec-lf "$tmp" --render "$OUT/$name.png" --tile 8 | head -1
done < examples/caip/showcase.jsonl
