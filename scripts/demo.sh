#!/usr/bin/env bash
# The main demo (make demo): what Plank can do today, on real inputs.
# A step that should succeed must exit 0; a step that shows an error must exit 1
# (the input has errors), so a crash or a usage error fails the demo.
set -uo pipefail
PLANK=${PLANK:-build/bin/plank}
SHARED=${SHARED:-../shared}
failed=0
show() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }
ok() { show "$1" "$2"; eval "$2" || { echo "demo: step failed"; failed=1; }; }
shows_error() {
  show "$1" "$2"; eval "$2"; local rc=$?
  [ $rc -eq 1 ] || { echo "demo: expected exit code 1 (input errors), got $rc"; failed=1; }
}

ok "Version and devices" "$PLANK info"
ok "Every DEPS plan style from the paper parses" "$PLANK check examples/deps/*.plank"
shows_error "A broken plan gets one precise diagnostic" "$PLANK check examples/errors/unclosed_dict.plank"
shows_error "A logical form with a misspelt direction" \
  "$PLANK check --lf examples/errors/bad_direction.json --utterance 'build a house to the left of the church'"
ok "A plan program runs under the JIT (same output as python3)" "$PLANK run examples/programs/deps_plan.plank"
ok "The same program under the reference interpreter" "$PLANK run --engine=interp examples/programs/deps_plan.plank"
shows_error "A runtime error shows the Plank call stack" "printf 'def f(d):\\n    return d[\\x27log\\x27]\\nf({})\\n' | $PLANK run -"
ok "The embedded village scene, seen from above and from the side" "$PLANK world render examples/scenes/village.json --ascii"
ok "...and as an isometric picture" "$PLANK world render examples/scenes/village.json --out build/village.png && ls -l build/village.png"
ok "A CAIP command compiled to a Plank program and run in the village" \
  "$PLANK exec-lf examples/lf/build_house.json --utterance 'build a red house next to the tree' --scene village --render build/caip-demo.png"
ok "The semantic parser reads a command (shipped model, Plank's own kernels)" \
  "$PLANK parse 'build a red cube next to the tree' --beam 5 --n 2"
ok "A DEPS episode: the paper's flawed stone-sword plan fails, is explained and re-planned" \
  "$PLANK deps 'obtain 1 stone_sword' --seed 1 --initial-plan examples/deps/03_deps_stone_sword.plank"
ok "A REPL session script" "printf 'x = [1, 2, 3]\\nsum(x) * 2\\n:lf {\\x27dialogue_type\\x27: \\x27NOOP\\x27}\\n' | $PLANK repl"
if [ -d "$SHARED/data/caip" ]; then
  ok "All 3,576 CAIP logical forms validate" \
    "$PLANK check --jsonl $SHARED/data/caip/train.jsonl && $PLANK check --jsonl $SHARED/data/caip/valid.jsonl"
else
  echo "(skipping the CAIP data set: $SHARED/data/caip not found)"
fi
exit $failed
