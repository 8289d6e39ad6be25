#!/usr/bin/env bash
# The install test of issue 26: `cmake --install` into a temporary prefix; a C file compiled
# with `pkg-config --cflags --libs plank` and run; a CMake consumer with find_package(Plank)
# configured, built and run. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/plank/plank.h" && test -f "$prefix/include/plank/plank.hpp"

# pkg-config, as a C programmer would
pc_dir=$(dirname "$(find "$prefix" -name plank.pc | head -1)")
flags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs plank)
case "$flags" in *"$prefix"*) ;; *) echo "plank.pc does not point into the prefix: $flags"; exit 1 ;; esac
cc -std=c99 -Wall -Werror -o "$work/consumer" "$src/tests/embed/install/consumer.c" $flags
libdir=$(dirname "$(find "$prefix" -name 'libplank.so' | head -1)")
LD_LIBRARY_PATH="$libdir" "$work/consumer"

# find_package(Plank), as a CMake project would
cmake -S "$src/tests/embed/install" -B "$work/cmake-consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake-consumer" >/dev/null
LD_LIBRARY_PATH="$libdir" "$work/cmake-consumer/consumer"
echo "install test: ok"
