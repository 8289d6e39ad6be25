// A random program generator for Plank's Python-compatible core.
//
// Every program it writes is valid Python 3 and valid Plank, terminates, and
// prints the same text under python3, `plank run --engine=interp` and
// `plank run --engine=jit` — if the engines are right. That makes it the
// driver of differential testing (tests/diff) and of fuzzing; it also
// writes the large programs of the compile-latency benchmark.
//
// How a program is kept well-behaved by construction (see progen.cpp):
//   - types: every variable has one type for its whole life (fresh names), and
//     expressions are generated for a wanted type, so no TypeError;
//   - magnitudes: every int/float expression carries a bound on its absolute
//     value; a value stored in a variable is wrapped (`% 1000003`) when its
//     bound is too large, so no 64-bit overflow (where Python would promote)
//     and every int stays exact as a float;
//   - no exceptions: divisors are nonzero by construction, indexing and
//     pop/remove/index are guarded, dict reads use get() or `in`;
//   - termination: loops iterate over literal ranges, slices of at most a
//     few items or counters, recursion has a bounded depth, and a cost
//     estimate (statements executed) bounds every function and the program.
//
// Deterministic: the same Options give the same text on every platform (own
// PRNG, no std distributions).
#pragma once
#include <cstdint>
#include <string>

namespace plank::progen {

struct Options {
  uint64_t seed = 1;
  // Number of top-level items (function definitions and statements). About 4
  // lines each on average; `plank gen-program --size 1300` is ~5,000 lines.
  int size = 24;
  // When set, about one program in six ends with a statement that raises
  // (ZeroDivisionError, KeyError, IndexError, ValueError), whose `Kind: message`
  // Plank prints as python3's last line does.
  bool may_raise = false;
};

std::string generate_program(const Options& options);

}  // namespace plank::progen
