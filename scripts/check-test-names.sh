#!/usr/bin/env bash
# Every GoogleTest name, as ctest sees it, must be the same from run to run and
# readable: a parameter gtest cannot print (a struct, a char pointer) shows up
# as "N-byte object <...>" or "0x... pointing to", addresses that change with
# each run, so ctest's names (and -R filters, and CI history) would too. Lists
# each test binary twice and compares. Give parameter types a PrintTo, or use
# std::string, and a name generator.
set -euo pipefail
bin=${1:?usage: check-test-names.sh BIN_DIR}
status=0
count=0
for t in "$bin"/plank_*_tests; do
  [ -x "$t" ] || continue
  a=$("$t" --gtest_list_tests 2>/dev/null) || { echo "$t: --gtest_list_tests failed"; status=1; continue; }
  b=$("$t" --gtest_list_tests 2>/dev/null)
  count=$((count + 1))
  if [ "$a" != "$b" ]; then
    echo "$(basename "$t"): test names differ between two listings:"
    diff <(echo "$a") <(echo "$b") | head -n 6
    status=1
  fi
  if bad=$(echo "$a" | grep -E -- '-byte object <| pointing to '); then
    echo "$(basename "$t"): parameters printed as bytes or addresses:"
    echo "$bad" | head -n 5
    status=1
  fi
done
[ $count -gt 0 ] || { echo "no test binaries in $bin"; exit 1; }
[ $status -eq 0 ] && echo "$count test binaries: every test name is stable"
exit $status
