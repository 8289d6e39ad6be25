# Sourced by scripts/fuzz.sh and scripts/fuzz-campaign.sh: seed DIR TARGET fills DIR with
# TARGET's kept corpus (tests/fuzz/corpus/TARGET/) and, when $SHARED has the data, inputs cut
# from the CAIP and PDDL sets. Needs $root (the repository) and $SHARED.
seed_into() {
  local dir=$1 target=$2
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
}

# The old interface of scripts/fuzz.sh: seeds $work/TARGET and prints the folder.
seed() {
  seed_into "$work/$1" "$1"
  echo "$work/$1"
}
