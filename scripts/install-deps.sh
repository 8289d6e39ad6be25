#!/usr/bin/env bash
# The one list of Plank's native dependencies (Debian 12 packages).
# The Makefile runs this only when a probe below finds something missing,
# so a warm machine pays nothing. Safe to run again at any time.
set -euo pipefail

# Debian package -> a file whose presence proves it is installed.
declare -A PROBE=(
  [antlr4]=/usr/bin/antlr4
  [libantlr4-runtime-dev]=/usr/include/antlr4-runtime/antlr4-runtime.h
  [libfmt-dev]=/usr/include/fmt/format.h
  [libgmp-dev]=/usr/include/x86_64-linux-gnu/gmp.h
  [libcli11-dev]=/usr/include/CLI/CLI.hpp
  [libedit-dev]=/usr/include/editline/readline.h
  [nlohmann-json3-dev]=/usr/include/nlohmann/json.hpp
  [libgtest-dev]=/usr/include/gtest/gtest.h
  [libgmock-dev]=/usr/include/gmock/gmock.h
  [libbenchmark-dev]=/usr/include/benchmark/benchmark.h
  [libsqlite3-dev]=/usr/include/sqlite3.h
  [llvm-14-dev]=/usr/lib/llvm-14/lib/cmake/llvm/LLVMConfig.cmake
  [clang]=/usr/bin/clang++
  [libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
  [cmake]=/usr/bin/cmake
  [ninja-build]=/usr/bin/ninja
  [pkg-config]=/usr/bin/pkg-config
  [default-jre-headless]=/usr/bin/java
  [python3]=/usr/bin/python3
  [tmux]=/usr/bin/tmux
  [zlib1g-dev]=/usr/include/zlib.h
  [npm]=/usr/bin/npm
  [libopenblas-dev]=/usr/lib/x86_64-linux-gnu/libopenblas.so
  [libtorch-dev]=/usr/lib/x86_64-linux-gnu/cmake/Torch/TorchConfig.cmake
  [pybind11-dev]=/usr/include/pybind11/pybind11.h
  [python3-dev]=/usr/bin/python3-config
  [python3-pytest]=/usr/lib/python3/dist-packages/pytest/__init__.py
  [liblua5.4-dev]=/usr/include/lua5.4/lua.h
  [libmimalloc-dev]=/usr/include/mimalloc.h
  [libopenmpi-dev]=/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h
  [openmpi-bin]=/usr/bin/mpirun.openmpi
)

missing=()
for pkg in "${!PROBE[@]}"; do
  [ -e "${PROBE[$pkg]}" ] || missing+=("$pkg")
done

if [ "${1:-}" = "--check" ]; then
  [ ${#missing[@]} -eq 0 ] && exit 0
  echo "missing: ${missing[*]}"; exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is present"; exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
