#!/usr/bin/env bash
# Regenerates the sample session in docs/repl.md: runs `plank repl` in a real
# terminal (tmux), types docs/repl-session.txt line by line (waiting for each
# prompt, as a person would), and puts the screen between the markers
# <!-- session:begin --> and <!-- session:end --> of docs/repl.md.
#
#   scripts/repl-session.sh [build/bin/plank]
set -euo pipefail
cd "$(dirname "$0")/.."
plank=${1:-build/bin/plank}
socket=plank_repl_doc_$$
home=$(mktemp -d)
tmux_() { tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; rm -rf "$home"' EXIT

# The screen, without trailing blanks.
screen() { tmux_ capture-pane -p -J -S -1000 -t doc | sed -e 's/[[:space:]]*$//'; }
prompts() { screen | grep -cE "^(>>>|\.\.\.|\((paused|deps)\))" || true; }
# Until the cursor line is a prompt (or 20 s).
wait_prompt() {
  for _ in $(seq 400); do
    last=$(screen | sed -e '/^$/d' | tail -n 1)
    case "$last" in ">>>" | "..." | "(paused)" | "(deps)") return 0 ;; esac
    sleep 0.05
  done
  echo "repl-session.sh: no prompt; the screen:" >&2
  screen >&2
  return 1
}

tmux_ new-session -d -s doc -x 110 -y 200 \
  "cd '$PWD' && HOME='$home' TERM=xterm '$plank' repl --history - --color never --engine jit"
tmux_ set-option -t doc remain-on-exit on >/dev/null
wait_prompt
while IFS= read -r -u 3 line || [[ -n "$line" ]]; do
  before=$(prompts)
  tmux_ send-keys -t doc -l "$line"
  tmux_ send-keys -t doc Enter
  for _ in $(seq 400); do [[ $(prompts) -gt $before ]] && break; sleep 0.05; done
  wait_prompt
done 3< docs/repl-session.txt
tmux_ send-keys -t doc C-d
sleep 0.3
captured=$(screen | sed -e '/^Pane is dead/d' | sed -e 's/^Plank [0-9.]* (/Plank VERSION (/')
captured=$(printf '%s\n' "$captured" | sed -e 's/parse [0-9.]* ms, compile [0-9.]* ms/parse N ms, compile N ms/; s/run [0-9.]* ms, total [0-9.]* ms/run N ms, total N ms/')

python3 - "$captured" <<'PY'
import re, sys
text = sys.argv[1].rstrip() + "\n"
path = "docs/repl.md"
doc = open(path).read()
begin, end = "<!-- session:begin -->\n", "<!-- session:end -->"
head, rest = doc.split(begin, 1)
_, tail = rest.split(end, 1)
open(path, "w").write(head + begin + "```console\n$ plank repl\n" + text + "```\n" + end + tail)
PY
echo "docs/repl.md: session updated"
