#!/usr/bin/env bash
# The figures a change to the agent systems must keep (issue 23's check): CAIP's exec-lf over
# valid and train (per-line logs and totals), 17 DEPS episodes (JSON and one printed run), the
# DEPS evaluation on 10 seeds (flawed + fixed on the interpreter, oracle + nearest on the
# default engine), and the parser's evaluation on valid. Run it with two binaries and compare:
#
#   scripts/agent-figures.sh OLD/plank /tmp/before
#   scripts/agent-figures.sh build/bin/plank /tmp/after
#   for f in /tmp/before/*.json /tmp/before/*.txt; do cmp -s $f /tmp/after/${f##*/} || echo "differs: ${f##*/}"; done
#   scripts/compare-exec-logs.py /tmp/before/exec_train.log.jsonl /tmp/after/exec_train.log.jsonl
#
# *.time files hold wall time and peak memory (GNU time); compare speed with repeated runs.
set -u
P=$1; O=$2; S=${SHARED:-$(cd "$(dirname "$0")/../.." && pwd)/shared}
mkdir -p "$O"
T=$S/data/deps/tasks.json
for f in valid train; do
  /usr/bin/time -f "%e s %M KB" -o "$O/exec_$f.time" "$P" exec-lf --jsonl "$S/data/caip/$f.jsonl" --json \
    --log "$O/exec_$f.log.jsonl" > "$O/exec_$f.json" 2>/dev/null
done
for task in "obtain 1 stone_sword" "obtain 1 iron_pickaxe" "obtain 1 diamond" "obtain 1 bed"; do
  for init in oracle flawed; do
    for seed in 0 3; do
      n=$(echo "$task-$init-$seed" | tr ' ' '_')
      "$P" deps "$task" --initial-plan $init --seed $seed --json > "$O/deps_$n.json" 2>/dev/null
      echo "rc=$?" >> "$O/deps_$n.json"
    done
  done
done
"$P" deps "obtain 1 stone_sword" --initial-plan flawed --seed 1 --no-explainer --json > "$O/deps_noexpl.json" 2>/dev/null
"$P" deps "obtain 1 stone_sword" --initial-plan flawed --seed 2 --selector nearest > "$O/deps_text.txt" 2>/dev/null
/usr/bin/time -f "%e s %M KB" -o "$O/eval_deps_flawed.time" "$P" eval deps --tasks "$T" --seeds 10 --engine interp \
  --initial-plan flawed --selector fixed --json > "$O/eval_deps_flawed.json" 2>/dev/null
/usr/bin/time -f "%e s %M KB" -o "$O/eval_deps_oracle.time" "$P" eval deps --tasks "$T" --seeds 10 \
  --initial-plan oracle --selector nearest --json > "$O/eval_deps_oracle.json" 2>/dev/null
/usr/bin/time -f "%e s %M KB" -o "$O/eval_parser.time" "$P" eval parser --data "$S/data/caip/valid.jsonl" --beam 5 \
  --json > "$O/eval_parser.json" 2>/dev/null
echo "figures written to $O"
