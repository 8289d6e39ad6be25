#!/usr/bin/env bash
# The install test of issue 26: `cmake --install` into a temporary prefix; a C file compiled
# with `pkg-config --cflags --libs plank` and run; a CMake consumer with find_package(Plank)
# configured, built and run. Then the prefix is moved elsewhere (so no path of the build can
# work) and, with no PLANK_* variable set, a C program, the `plank` command and the installed
# Python module each parse with the model, run a DEPS episode and run a plan that imports the
# Plank-written stdlib: everything is found beside libplank / the executable.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/plank/plank.h" && test -f "$prefix/include/plank/plank.hpp"
test -d "$prefix/share/plank/stdlib" && test -f "$prefix/share/plank/models/parser.bin"

# pkg-config, as a C programmer would
pc_dir=$(dirname "$(find "$prefix" -name plank.pc | head -1)")
flags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs plank)
case "$flags" in *"$prefix"*) ;; *) echo "plank.pc does not point into the prefix: $flags"; exit 1 ;; esac
cc -std=c99 -Wall -Werror -o "$work/consumer" "$src/tests/embed/install/consumer.c" $flags
cc -std=c99 -Wall -Werror -o "$work/relocated" "$src/tests/embed/install/relocated.c" $flags
libdir=$(dirname "$(find "$prefix" -name 'libplank.so' | head -1)")
LD_LIBRARY_PATH="$libdir" "$work/consumer"

# find_package(Plank), as a CMake project would
cmake -S "$src/tests/embed/install" -B "$work/cmake-consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake-consumer" >/dev/null
LD_LIBRARY_PATH="$libdir" "$work/cmake-consumer/consumer"

# Moved: the build's absolute paths (the source tree's stdlib and models) must not be needed.
moved="$work/elsewhere/plank"
mkdir -p "$work/elsewhere"
mv "$prefix" "$moved"
libdir="$moved/${libdir#"$prefix"/}"
clean_env=(env -u PLANK_DATA_DIR -u PLANK_STDLIB -u PLANK_PARSER_MODEL -u PLANK_RUNTIME_DATA -u PLANK_MCDATA
           -u PLANK_SCENES -u PLANK_SHARED -u PYTHONPATH)
# minecraft-data is installed only when the build machine has it (make deps fetches it).
deps=yes
[ -d "$moved/share/plank/minecraft-data" ] || { deps=no-deps; echo "install test: no minecraft-data, no DEPS episode"; }
"${clean_env[@]}" LD_LIBRARY_PATH="$libdir" "$work/relocated" "$deps"

printf 'from collections import Counter\nprint(Counter("abracadabra")["a"])\n' > "$work/plan.plank"
out=$("${clean_env[@]}" "$moved/bin/plank" run "$work/plan.plank")
test "$out" = 5 || { echo "installed plank run: $out"; exit 1; }

python=$(grep -m1 '^Python_EXECUTABLE:' "$build/CMakeCache.txt" | cut -d= -f2 || true)
site="$moved/${libdir#"$moved"/}/python3/site-packages"
if [ -n "$python" ] && [ -f "$site/plank/__init__.py" ]; then
  "${clean_env[@]}" PYTHONPATH="$site" PLANK_TEST_DEPS="$deps" "$python" - <<'PY'
import os
import plank
forms = plank.parse("build a house")
assert forms and isinstance(forms[0][0], dict), forms
if os.environ["PLANK_TEST_DEPS"] == "yes":
    episode = plank.deps.run_episode("obtain 1 crafting_table", seed=0)
    assert episode["success"], episode
p = plank.Plank()
p.run("from collections import Counter\ncounts = Counter('abracadabra')\n")
assert p.eval("counts['a']") == 5
print("python from the moved prefix:", plank.__file__)
PY
fi
echo "install test: ok"
