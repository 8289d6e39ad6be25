#!/usr/bin/env bash
# Fetch the few minecraft-data (npm, MIT) files the Plank world runtime needs,
# for Java Edition ("pc") 1.16.5, into a flat folder:
#
#   <cache>/minecraft-data-3.117.0/pc-1.16.5/{blocks,items,recipes,entities,blockLoot,
#                                             entityLoot,foods,materials,version}.json
#   <cache>/minecraft-data-3.117.0/pc-1.16.5/LICENSE   the licence (MIT, from package.json: the
#                                                      package ships no licence text of its own)
#   <cache>/minecraft-data-3.117.0/pc-1.16.5/SOURCE    package, version, and where each file came from
#
# usage: scripts/fetch-minecraft-data.sh [CACHE_DIR]     (default: $HOME/.cache/plank)
#
# Idempotent: when the folder is complete nothing is downloaded. The package is
# pinned; the files of a version live in several folders (pc/1.16.2, pc/1.16.1, ...),
# so each is resolved through data/dataPaths.json instead of being guessed.
# The runtime finds the folder through $PLANK_MCDATA, else the CMake cache
# variable PLANK_MCDATA_DIR (whose default is the folder this script writes).
set -euo pipefail

PACKAGE=minecraft-data
VERSION=3.117.0
EDITION=pc
MC_VERSION=1.16.5
KEYS=(blocks items recipes entities blockLoot entityLoot foods materials version)

CACHE="${1:-$HOME/.cache/plank}"
ROOT="$CACHE/$PACKAGE-$VERSION"
DEST="$ROOT/$EDITION-$MC_VERSION"

complete() {
  [ -f "$DEST/LICENSE" ] && [ -f "$DEST/SOURCE" ] || return 1
  for key in "${KEYS[@]}"; do [ -s "$DEST/$key.json" ] || return 1; done
}

if complete; then
  echo "fetch-minecraft-data: $DEST is complete"
  exit 0
fi

command -v npm >/dev/null || { echo "fetch-minecraft-data: npm is needed (apt-get install npm)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "fetch-minecraft-data: python3 is needed" >&2; exit 1; }

mkdir -p "$ROOT"
TARBALL="$ROOT/$PACKAGE-$VERSION.tgz"
if [ ! -s "$TARBALL" ]; then
  echo "fetch-minecraft-data: downloading $PACKAGE@$VERSION"
  (cd "$ROOT" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null)
fi

# Work in a scratch folder and move the result in at the end, so an interrupted
# run never leaves a half-written folder that looks complete.
WORK="$(mktemp -d "$ROOT/.work.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# The npm package nests the data repository under package/minecraft-data/.
DATA=package/minecraft-data/data
tar -xzf "$TARBALL" -C "$WORK" "$DATA/dataPaths.json" package/package.json
mkdir -p "$WORK/out"
# Resolve each key to its file inside the package (e.g. blocks -> pc/1.16.2/blocks.json).
python3 - "$WORK/$DATA/dataPaths.json" "$EDITION" "$MC_VERSION" "${KEYS[@]}" >"$WORK/paths" <<'EOF'
import json, sys
paths, edition, version, keys = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
table = json.load(open(paths))[edition][version]
for key in keys:
    if key not in table:
        sys.exit(f"fetch-minecraft-data: dataPaths.json has no '{key}' for {edition} {version}")
    print(key, f"{table[key]}/{key}.json")
EOF

members=()
while read -r key member; do members+=("$DATA/$member"); done <"$WORK/paths"
tar -xzf "$TARBALL" -C "$WORK" "${members[@]}"
while read -r key member; do cp "$WORK/$DATA/$member" "$WORK/out/$key.json"; done <"$WORK/paths"
python3 - "$WORK/package/package.json" >"$WORK/out/LICENSE" <<'EOF'
import json, sys
meta = json.load(open(sys.argv[1]))
print(f"{meta['name']} {meta['version']} is published under the {meta['license']} licence")
print("(the 'license' field of its package.json; the npm package ships no licence file).")
print("Upstream text: https://github.com/PrismarineJS/minecraft-data/blob/master/LICENSE")
EOF
{
  echo "package: $PACKAGE@$VERSION (npm, MIT licence: see LICENSE)"
  echo "edition: $EDITION $MC_VERSION"
  echo "files (key -> path inside the package, from data/dataPaths.json):"
  sed 's/^/  /' "$WORK/paths"
} >"$WORK/out/SOURCE"

rm -rf "$DEST"
mv "$WORK/out" "$DEST"
echo "fetch-minecraft-data: wrote $DEST"
