// Locals that build a string in place (compiler/lower/mark_string_builders,
// core::append_str_in_place): every way the string could be seen by someone
// else must still see an immutable str. Expected outputs are python3's.
#include "both_engines.h"

namespace plank {
namespace {

class StringBuilder : public testing::BothEngines {};

// A returned builder is sealed: the caller's `+=` on it must not change what
// another name holds.
TEST_P(StringBuilder, ReturnedStringIsImmutable) {
  EXPECT_EQ(run("def build(n):\n    s = ''\n    for i in range(n):\n        s += str(i)\n    return s\n"
                "a = build(5)\nb = a\nb += 'x'\nprint(a, b, len(a), len(b))\n"),
            "01234 01234x 5 6\n");
}

// Strings made from the builder with `+` keep their value as it grows on.
TEST_P(StringBuilder, DerivedStringsKeepTheirValue) {
  EXPECT_EQ(run("def f():\n    s = 'ab'\n    s += 'c'\n    u = s + 'd'\n    s += 'e'\n    v = s + 'f'\n"
                "    s = s + s\n    print(u, v, s, len(s))\nf()\n"),
            "abcd abcef abceabce 8\n");
}

// A hash cached by `in` is dropped when the string grows.
TEST_P(StringBuilder, CachedHashFollowsAppends) {
  EXPECT_EQ(run("def f():\n    d = {'abc': 1, 'abcd': 2}\n    s = 'ab'\n    s += 'c'\n    r1 = s in d\n"
                "    h = s == 'abc'\n    s += 'd'\n    print(r1, h, s in d, s == 'abcd', s < 'abce', 'abc' in s)\nf()\n"),
            "True True True True True True\n");
}

TEST_P(StringBuilder, NonAsciiAppends) {
  EXPECT_EQ(run("def f():\n    s = 'é'\n    for c in ['ß', 'a', '日本']:\n"
                "        s += c\n        print(len(s), s)\n    s += 'z'\n    return s\nx = f()\nprint(x, len(x), x.upper())\n"),
            "2 éß\n3 éßa\n5 éßa日本\néßa日本z 6 ÉSSA日本Z\n");
}

// Locals whose string escapes (into a list, another local, a closure, an
// iterator) are not builders: every alias keeps its own value.
TEST_P(StringBuilder, EscapingLocalsAreNotBuilders) {
  EXPECT_EQ(run("def f(n):\n    s = ''\n    parts = []\n    for i in range(n):\n        s += 'a'\n        parts.append(s)\n"
                "    return parts\nprint(f(4))\n"),
            "['a', 'aa', 'aaa', 'aaaa']\n");
  EXPECT_EQ(run("def g(n):\n    s = ''\n    t = ''\n    for i in range(n):\n        s += 'b'\n        t = s\n    t += 'c'\n"
                "    return s + '|' + t\nprint(g(3))\n"),
            "bbb|bbbc\n");
  EXPECT_EQ(run("def h():\n    s = 'q'\n    def inner():\n        return s\n    s += 'r'\n    x = inner()\n    s += 't'\n"
                "    return x + inner()\nprint(h())\n"),
            "qrqrt\n");
  EXPECT_EQ(run("def k():\n    s = 'x'\n    for c in s:\n        s += c\n    s += 'y'\n    return s\nprint(k())\n"), "xxy\n");
}

// The benchmark's shape, numbers in the same local, and lists: only strs change.
TEST_P(StringBuilder, MixedLoop) {
  EXPECT_EQ(run("def f():\n    s = ''\n    n = 0\n    for i in range(1000):\n        s += str(i % 7)\n"
                "        if i % 100 == 0:\n            s = s + '.'\n        n = n + len(s)\n"
                "    return s[-5:] + ' ' + str(len(s)) + ' ' + str(n)\nprint(f())\n"
                "def g():\n    s = [1]\n    s += [2]\n    s = s + [3]\n    return s\nprint(g())\n"),
            "12345 1010 506000\n[1, 2, 3]\n");
}

// Appending in place allocates no object, nor does a list append or an
// int-keyed dict insert: loops that only grow a string, a list or a dict
// still end at the heap budget with MemoryError (the step budget is only a
// backstop for this test).
TEST_P(StringBuilder, AppendLoopsEndAtTheHeapBudget) {
  max_heap_bytes = 8 << 20;
  max_steps = 20'000'000;
  EXPECT_EQ(error_of("def f():\n    s = ''\n    c = 'abcd'\n    while True:\n        s += c\nf()\n"),
            "MemoryError: heap limit of 8388608 bytes exceeded");
  EXPECT_EQ(error_of("def f():\n    xs = []\n    while True:\n        xs.append(1)\nf()\n"),
            "MemoryError: heap limit of 8388608 bytes exceeded");
  EXPECT_EQ(error_of("def f():\n    d = {}\n    i = 0\n    while True:\n        d[i] = i\n        i += 1\nf()\n"),
            "MemoryError: heap limit of 8388608 bytes exceeded");
}

INSTANTIATE_TEST_SUITE_P(Engines, StringBuilder, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace plank
