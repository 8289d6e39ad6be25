// The JIT's direct calls of methods (codegen emit_method_call: the receiver's
// kind picks the methods table's entry, any other receiver goes through
// pk_call_method), its inline len() (emit_len: ASCII str and list inline,
// anything else through pkj_call_len) and its fused `a + str(x)`
// (begin_concat_str_int: a str and an int, else str() and + as written);
// str.join writing ASCII results in place (both engines). Both engines must print what python3
// prints: results, Unicode case mapping and every error. Expected outputs are
// python3's, except where noted.
#include "both_engines.h"

namespace plank {
namespace {

class CallFastPaths : public testing::BothEngines {};

TEST_P(CallFastPaths, StrMethodsOnAsciiAndUnicode) {
  EXPECT_EQ(run("def f():\n    out = []\n    for s in ['abc', 'straße', 'ΣΑΣ', ' x y ', '', 'Q']:\n"
                "        out.append(s.upper() + '|' + s.lower() + '|' + s.strip() + '|' + str(len(s)))\n"
                "    print(out)\nf()\n"),
            "['ABC|abc|abc|3', 'STRASSE|straße|straße|6', 'ΣΑΣ|σας|ΣΑΣ|3', ' X Y | x y |x y|5', '|||0', 'Q|q|Q|1']\n");
}

// Receivers that are temporaries (register temporaries in the JIT), chained
// calls, keyword arguments, a method that calls back into Plank code.
TEST_P(CallFastPaths, TemporariesKeywordsAndCallbacks) {
  EXPECT_EQ(run("def f():\n    print(('ab' + 'cd').upper(), ' x '.strip().upper().lower(), 'a,b,,c'.split(sep=','),"
                " 'a b c'.split(maxsplit=1))\n"
                "    xs = [3, 1, 2]\n    xs.sort(key=lambda v: -v)\n"
                "    print(xs, 'abcabc'.count('b'), [1, 2, 1].count(1), 'banana'.index('n'), [5, 6].index(6))\nf()\n"),
            "ABCD x ['a', 'b', '', 'c'] ['a', 'b c']\n[3, 2, 1] 2 2 2 1\n");
}

// One call site, receivers of several kinds that each have the method.
TEST_P(CallFastPaths, OneSiteSeveralReceiverKinds) {
  EXPECT_EQ(run("def f():\n    for c in [[1, 2, 3], {'k': 1, 'j': 2}, 'aXa']:\n        print(c.count('a') if c == 'aXa' else"
                " c.pop() if c != {'k': 1, 'j': 2} else c.pop('k'), c)\nf()\n"),
            "3 [1, 2]\n1 {'j': 2}\n2 aXa\n");
}

// Receivers whose kind has no such method, or no methods at all.
TEST_P(CallFastPaths, WrongReceivers) {
  EXPECT_EQ(error_of("def f(x):\n    return x.upper()\nf([1])\n"), "AttributeError: 'list' object has no attribute 'upper'");
  EXPECT_EQ(error_of("def f(x):\n    return x.upper()\nf(5)\n"), "AttributeError: 'int' object has no attribute 'upper'");
  EXPECT_EQ(error_of("def f(x):\n    return x.upper()\nf(None)\n"),
            "AttributeError: 'NoneType' object has no attribute 'upper'");
  EXPECT_EQ(error_of("def f():\n    return 'a'.nosuch()\nf()\n"), "AttributeError: 'str' object has no attribute 'nosuch'");
}

// Errors from binding the arguments and from the methods themselves. (python3
// words `'a'.upper(x=1)` "takes no keyword arguments"; both engines say what
// the interpreter always said.)
TEST_P(CallFastPaths, ErrorsFromMethods) {
  EXPECT_EQ(error_of("def f():\n    return 'a'.upper(1)\nf()\n"), "TypeError: str.upper() takes no arguments (1 given)");
  EXPECT_EQ(error_of("def f():\n    return 'a'.upper(x=1)\nf()\n"),
            "TypeError: str.upper() got an unexpected keyword argument 'x'");
  EXPECT_EQ(error_of("def f():\n    return 'a'.index('z')\nf()\n"), "ValueError: substring not found");
  EXPECT_EQ(error_of("def f():\n    return [].pop()\nf()\n"), "IndexError: pop from empty list");
  EXPECT_EQ(error_of("def f():\n    return {}.pop('k')\nf()\n"), "KeyError: 'k'");
  EXPECT_EQ(error_of("def f():\n    return ','.join([1])\nf()\n"), "TypeError: sequence item 0: expected str instance, int found");
  EXPECT_EQ(error_of("def f():\n    [1, 2].sort(key=lambda v: 1 // 0)\nf()\n"),
            "ZeroDivisionError: integer division or modulo by zero");
}

// A receiver made just before the call must stay alive while the method
// allocates: many collections run during this loop.
TEST_P(CallFastPaths, TemporaryReceiversSurviveCollections) {
  EXPECT_EQ(run("def f(n):\n    bad = 0\n    for i in range(n):\n        s = ('ab' * 30 + str(i)).upper()\n"
                "        t = ('cd' + str(i)).upper()\n"
                "        if s != 'AB' * 30 + str(i) or t != 'CD' + str(i) or len(s) != 60 + len(str(i)):\n"
                "            bad += 1\n    return bad\nprint(f(30000))\n"),
            "0\n");
}

TEST_P(CallFastPaths, Len) {
  EXPECT_EQ(run("def f():\n    s = 'ab'\n    s += 'é'\n    print(len([1, 2]), len({}), len((1,)), len(range(5)), len('日本'),"
                " len('ab' + str(7)), len({'a': 1}.keys()), len(s), len(s) > 2, len(''))\nf()\n"),
            "2 0 1 5 2 3 1 3 True 0\n");
  EXPECT_EQ(error_of("def f(x):\n    return len(x)\nf(5)\n"), "TypeError: object of type 'int' has no len()");
  EXPECT_EQ(error_of("def f(x):\n    return len(x)\nf(None)\n"), "TypeError: object of type 'NoneType' has no len()");
}

// `a + str(x)`: short and long results, a non-ASCII `a` (len counts code
// points, upper maps them), `a` made by an earlier append, a builder local.
TEST_P(CallFastPaths, StrPlusStrOfInt) {
  EXPECT_EQ(run("def f():\n    out = []\n    s = 'x'\n    for i in [0, -5, -9223372036854775807 - 1]:\n"
                "        e = 'é' + str(i)\n        long = 'a' * 40 + str(i)\n        t = 'p'\n        t = t + str(i)\n"
                "        t = t + str(i)\n        s = s + str(i)\n"
                "        out.append([e, len(e), e.upper(), len(long), long[38:], t, '' + str(i)])\n"
                "    print(out, s, len(s))\n    for v in [True, 1.5, 'z', None]:\n        print('v' + str(v))\nf()\n"),
            "[['é0', 2, 'É0', 41, 'aa0', 'p00', '0'], ['é-5', 3, 'É-5', 42, 'aa-5', 'p-5-5', '-5'], "
            "['é-9223372036854775808', 21, 'É-9223372036854775808', 60, 'aa-9223372036854775808', "
            "'p-9223372036854775808-9223372036854775808', '-9223372036854775808']] x0-5-9223372036854775808 24\n"
            "vTrue\nv1.5\nvz\nvNone\n");
  EXPECT_EQ(error_of("def f(a):\n    return a + str(3)\nf(1)\n"),
            "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  EXPECT_EQ(error_of("def f(a):\n    return a + str(3)\nf(None)\n"),
            "TypeError: unsupported operand type(s) for +: 'NoneType' and 'str'");
  EXPECT_EQ(error_of("def f(a):\n    return a + str(3)\nf(['l'])\n"),
            "TypeError: can only concatenate list (not \"str\") to list");
}

// ASCII separator and items of a list or tuple: written into the result in
// place; any non-ASCII part, or another iterable, through a std::string. len
// counts code points either way.
TEST_P(CallFastPaths, StrJoin) {
  EXPECT_EQ(run("def f():\n    print(','.join(['ab', 'c', '']), '-'.join(('x', 'yz')), ''.join([]), ''.join(['a']),"
                " 'é'.join(['a', 'b']), ','.join(['é', 'b']), len(','.join(['é', 'b'])), len('é'.join(['a', 'b'])),"
                " ','.join({'k': 1, 'q': 2}), ''.join('abc'), ''.join(['a', 'b']).upper())\n"
                "    xs = []\n    for i in range(1000):\n        xs.append(str(i) * 3)\n    s = '::'.join(xs)\n"
                "    print(len(s), s[:20], s[-10:], len(s.split('::')))\nf()\n"),
            "ab,c, x-yz  a aéb é,b 3 3 k,q abc AB\n10668 000::111::222::333:: :999999999 1000\n");
}

// The in-place writers' edges: str(x) of every digit count and sign after
// prefixes short and long (compared with the unfused `a + s`); upper and
// lower of every length 0..20 (the 8-byte steps and their overlapping tail)
// over the bytes beside the letters ('@', '[', '`', '{'); split and join of
// parts of every length 0..19 (the short copies' size classes).
TEST_P(CallFastPaths, InPlaceWritersAtTheirEdges) {
  std::string expected_case = "[";
  const std::string w = "@AZ[`az{09 ~@AZ[`az{09 ~";
  for (size_t n = 0; n <= 20; ++n) {
    std::string s = w.substr(0, n), up = s, lo = s;
    for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (char& c : lo) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    expected_case += (n ? ", '" : "'") + up + "|" + lo + "'";
  }
  expected_case += "]\n";
  EXPECT_EQ(run("def f():\n    bad = []\n    xs = [0, 9223372036854775807, -9223372036854775807 - 1]\n    p = 1\n"
                "    for k in range(19):\n        xs = xs + [p, p - 1, -p, 1 - p]\n        if k < 18:\n            p = p * 10\n"
                "    for x in xs:\n        s = str(x)\n        for a in ['', 'p', 'é', 'abcdefghijklmnopqrst']:\n"
                "            if a + str(x) != a + s or len(a + str(x)) != len(a) + len(s):\n                bad.append([a, x])\n"
                "    print(len(xs), bad)\n    w = '@AZ[`az{09 ~'\n    out = []\n    for n in range(21):\n"
                "        s = (w * 2)[:n]\n        out.append(s.upper() + '|' + s.lower())\n    print(out)\n"
                "    parts = []\n    for n in range(20):\n        parts.append('q' * n)\n    j = ','.join(parts)\n"
                "    print(j.split(',') == parts, len(j), j.upper().split(',')[19])\nf()\n"),
            "79 []\n" + expected_case + "True 209 QQQQQQQQQQQQQQQQQQQ\n");
}

INSTANTIATE_TEST_SUITE_P(Engines, CallFastPaths, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace plank
