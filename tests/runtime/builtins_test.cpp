// Builtins and methods, including their error messages.
#include "core_test_util.h"

namespace plank::core::testing {
namespace {

class Builtins : public CoreTest {};

TEST_F(Builtins, LenRangeStrRepr) {
  EXPECT_EQ(call("len", {S("héllo")}), "5");
  EXPECT_EQ(call("len", {L({I(1), I(2)})}), "2");
  EXPECT_EQ(call("len", {D({{I(1), I(2)}})}), "1");
  EXPECT_EQ(call("len", {keep(make_range(&t, 0, 10, 3))}), "4");
  EXPECT_EQ(call("len", {I(5)}), "TypeError: object of type 'int' has no len()");
  EXPECT_EQ(call("len", {I(1), I(2)}), "TypeError: len() takes exactly one argument (2 given)");
  EXPECT_EQ(call("len", {}), "TypeError: len() takes exactly one argument (0 given)");
  EXPECT_EQ(call("list", {keep(make_range(&t, 0, 0, 1))}), "[]");
  EXPECT_EQ(call("range", {I(3)}), "range(0, 3)");
  EXPECT_EQ(call("range", {I(1), I(10), I(3)}), "range(1, 10, 3)");
  EXPECT_EQ(call("range", {I(1), I(10), I(0)}), "ValueError: range() arg 3 must not be zero");
  EXPECT_EQ(call("range", {F(1.5)}), "TypeError: 'float' object cannot be interpreted as an integer");
  EXPECT_EQ(call("range", {}), "TypeError: range expected at least 1 argument, got 0");
  EXPECT_EQ(call("range", {I(1), I(2), I(3), I(4)}), "TypeError: range expected at most 3 arguments, got 4");
  EXPECT_EQ(call("list", {keep(make_range(&t, 10, 0, -3))}), "[10, 7, 4, 1]");
  EXPECT_EQ(call("str", {F(1e16)}), "'1e+16'");
  EXPECT_EQ(call("str", {L({S("a")})}), "\"['a']\"");
  EXPECT_EQ(call("str", {}), "''");
  EXPECT_EQ(call("repr", {S("a")}), "\"'a'\"");
  EXPECT_EQ(call("len", {I(1)}, {{"bogus", I(1)}}), "TypeError: len() got an unexpected keyword argument 'bogus'");
}

TEST_F(Builtins, IntFloatBool) {
  EXPECT_EQ(call("int", {S(" -42 ")}), "-42");
  EXPECT_EQ(call("int", {S("1_000")}), "1000");
  EXPECT_EQ(call("int", {F(-3.9)}), "-3");
  EXPECT_EQ(call("int", {B(true)}), "1");
  EXPECT_EQ(call("int", {}), "0");
  EXPECT_EQ(call("int", {S("12a")}), "ValueError: invalid literal for int() with base 10: '12a'");
  EXPECT_EQ(call("int", {S("")}), "ValueError: invalid literal for int() with base 10: ''");
  EXPECT_EQ(call("int", {S("4.5")}), "ValueError: invalid literal for int() with base 10: '4.5'");
  EXPECT_EQ(call("int", {F(1.0 / 0.0)}), "OverflowError: cannot convert float infinity to integer");
  EXPECT_EQ(call("int", {F(std::nan(""))}), "ValueError: cannot convert float NaN to integer");
  EXPECT_EQ(call("int", {N()}),
            "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'");
  EXPECT_EQ(call("int", {S("99999999999999999999")}), "99999999999999999999");
  EXPECT_EQ(call("float", {S(" 2.5 ")}), "2.5");
  EXPECT_EQ(call("float", {S("-inf")}), "-inf");
  EXPECT_EQ(call("float", {S("1e3")}), "1000.0");
  EXPECT_EQ(call("float", {I(3)}), "3.0");
  EXPECT_EQ(call("float", {S("abc")}), "ValueError: could not convert string to float: 'abc'");
  EXPECT_EQ(call("float", {S("0x10")}), "ValueError: could not convert string to float: '0x10'");
  EXPECT_EQ(call("float", {N()}), "TypeError: float() argument must be a string or a real number, not 'NoneType'");
  EXPECT_EQ(call("bool", {S("")}), "False");
  EXPECT_EQ(call("bool", {L({I(0)})}), "True");
  EXPECT_EQ(call("bool", {}), "False");
}

TEST_F(Builtins, AbsMinMaxSum) {
  EXPECT_EQ(call("abs", {I(-3)}), "3");
  EXPECT_EQ(call("abs", {F(-2.5)}), "2.5");
  EXPECT_EQ(call("abs", {B(true)}), "1");
  EXPECT_EQ(call("abs", {S("x")}), "TypeError: bad operand type for abs(): 'str'");
  EXPECT_EQ(call("abs", {I(INT64_MIN)}), "9223372036854775808");
  EXPECT_EQ(call("min", {I(3), I(1), I(2)}), "1");
  EXPECT_EQ(call("max", {L({I(3), F(7.5), I(2)})}), "7.5");
  EXPECT_EQ(call("max", {S("abc")}), "'c'");
  EXPECT_EQ(call("min", {L({I(1), I(1)})}), "1");
  EXPECT_EQ(call("max", {L({})}), "ValueError: max() arg is an empty sequence");
  EXPECT_EQ(call("max", {L({})}, {{"default", I(0)}}), "0");
  EXPECT_EQ(call("min", {}), "TypeError: min expected at least 1 argument, got 0");
  EXPECT_EQ(call("max", {I(1), S("a")}), "TypeError: '>' not supported between instances of 'str' and 'int'");
  Value len = keep(make_builtin(&t, *find_intrinsic("len")));
  EXPECT_EQ(call("max", {L({S("aa"), S("b"), S("cc")})}, {{"key", len}}), "'aa'");  // first maximal wins
  EXPECT_EQ(call("min", {S("bb"), S("a"), S("c")}, {{"key", len}}), "'a'");
  EXPECT_EQ(call("sum", {L({I(1), I(2), I(3)})}), "6");
  EXPECT_EQ(call("sum", {L({F(0.5), I(1)})}, {{"start", I(10)}}), "11.5");
  EXPECT_EQ(call("sum", {L({L({I(1)}), L({I(2)})}), L({})}), "[1, 2]");
  EXPECT_EQ(call("sum", {L({S("a")}), S("")}), "TypeError: sum() can't sum strings [use ''.join(seq) instead]");
  EXPECT_EQ(call("sum", {L({I(1), S("a")})}), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
}

TEST_F(Builtins, SortedIsStableWithKeyAndReverse) {
  Value data = L({T({I(1), S("b")}), T({I(0), S("a")}), T({I(1), S("a")}), T({I(0), S("b")})});
  EXPECT_EQ(call("sorted", {data}), "[(0, 'a'), (0, 'b'), (1, 'a'), (1, 'b')]");
  EXPECT_EQ(call("sorted", {L({I(3), F(1.5), B(true), I(2)})}, {{"reverse", B(true)}}), "[3, 2, 1.5, True]");
  Value len = keep(make_builtin(&t, *find_intrinsic("len")));
  Value words = L({S("ccc"), S("a"), S("bb"), S("d"), S("ee")});
  EXPECT_EQ(call("sorted", {words}, {{"key", len}}), "['a', 'd', 'bb', 'ee', 'ccc']");
  EXPECT_EQ(call("sorted", {words}, {{"key", len}, {"reverse", B(true)}}), "['ccc', 'bb', 'ee', 'a', 'd']");
  EXPECT_EQ(call("sorted", {S("cab")}), "['a', 'b', 'c']");
  EXPECT_EQ(call("sorted", {D({{I(2), N()}, {I(1), N()}})}), "[1, 2]");
  EXPECT_EQ(call("sorted", {L({I(1), S("a")})}), "TypeError: '<' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(R(words), "['ccc', 'a', 'bb', 'd', 'ee']");
}

TEST_F(Builtins, IsinstanceAndConstructors) {
  auto ty = [&](const char* n) { return keep(make_builtin(&t, *find_intrinsic(n))); };
  EXPECT_EQ(call("isinstance", {I(1), ty("int")}), "True");
  EXPECT_EQ(call("isinstance", {B(true), ty("int")}), "True");
  EXPECT_EQ(call("isinstance", {I(1), ty("bool")}), "False");
  EXPECT_EQ(call("isinstance", {F(1), T({ty("int"), ty("float")})}), "True");
  EXPECT_EQ(call("isinstance", {S("x"), T({ty("list"), ty("dict")})}), "False");
  EXPECT_EQ(call("isinstance", {L({}), ty("list")}), "True");
  EXPECT_EQ(call("isinstance", {I(1), I(2)}), "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union");
  EXPECT_EQ(call("isinstance", {I(1), ty("len")}), "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union");
  EXPECT_EQ(call("list", {S("ab")}), "['a', 'b']");
  EXPECT_EQ(call("list", {}), "[]");
  EXPECT_EQ(call("tuple", {L({I(1)})}), "(1,)");
  EXPECT_EQ(call("dict", {L({T({S("a"), I(1)}), L({S("b"), I(2)})})}, {{"c", I(3)}}), "{'a': 1, 'b': 2, 'c': 3}");
  EXPECT_EQ(call("dict", {L({I(1)})}), "TypeError: cannot convert dictionary update sequence element #0 to a sequence");
  EXPECT_EQ(call("dict", {L({T({I(1)})})}), "ValueError: dictionary update sequence element #0 has length 1; 2 is required");
  EXPECT_EQ(call("type", {I(1)}), "<class 'int'>");
  EXPECT_EQ(call("type", {B(true)}), "<class 'bool'>");
}

TEST_F(Builtins, Round) {
  EXPECT_EQ(call("round", {F(2.5)}), "2");
  EXPECT_EQ(call("round", {F(3.5)}), "4");
  EXPECT_EQ(call("round", {F(-2.5)}), "-2");
  EXPECT_EQ(call("round", {F(0.5)}), "0");
  EXPECT_EQ(call("round", {F(2.675), I(2)}), "2.67");
  EXPECT_EQ(call("round", {F(0.125), I(2)}), "0.12");
  EXPECT_EQ(call("round", {F(1.23456), I(3)}), "1.235");
  EXPECT_EQ(call("round", {F(1234.5), I(-2)}), "1200.0");
  EXPECT_EQ(call("round", {I(1250), I(-2)}), "1200");
  EXPECT_EQ(call("round", {I(1350), I(-2)}), "1400");
  EXPECT_EQ(call("round", {I(7)}), "7");
  EXPECT_EQ(call("round", {F(2.5), N()}), "2");
  EXPECT_EQ(call("round", {F(1.0 / 0.0)}), "OverflowError: cannot convert float infinity to integer");
}

class Methods : public CoreTest {};

TEST_F(Methods, StrSplitJoinStrip) {
  EXPECT_EQ(method(S("  a  b c "), "split", {}), "['a', 'b', 'c']");
  EXPECT_EQ(method(S("a,b,,c"), "split", {S(",")}), "['a', 'b', '', 'c']");
  EXPECT_EQ(method(S("a b c d"), "split", {N(), I(2)}), "['a', 'b', 'c d']");
  EXPECT_EQ(method(S("  a b  "), "split", {}, {{"maxsplit", I(1)}}), "['a', 'b  ']");
  EXPECT_EQ(method(S(""), "split", {}), "[]");
  EXPECT_EQ(method(S(""), "split", {S(",")}), "['']");
  EXPECT_EQ(method(S("a,b,c"), "split", {S(","), I(1)}), "['a', 'b,c']");
  EXPECT_EQ(method(S("x"), "split", {S("")}), "ValueError: empty separator");
  EXPECT_EQ(method(S("x"), "split", {I(1)}), "TypeError: must be str or None, not int");
  EXPECT_EQ(method(S(", "), "join", {L({S("a"), S("b")})}), "'a, b'");
  EXPECT_EQ(method(S(""), "join", {S("abc")}), "'abc'");
  EXPECT_EQ(method(S("-"), "join", {L({S("a"), I(1)})}), "TypeError: sequence item 1: expected str instance, int found");
  EXPECT_EQ(method(S("  hi \n"), "strip", {}), "'hi'");
  EXPECT_EQ(method(S("xxhixx"), "strip", {S("x")}), "'hi'");
  EXPECT_EQ(method(S("  hi "), "lstrip", {}), "'hi '");
  EXPECT_EQ(method(S("  hi "), "rstrip", {}), "'  hi'");
  EXPECT_EQ(method(S("abcba"), "rstrip", {S("ab")}), "'abc'");
}

TEST_F(Methods, StrOthers) {
  EXPECT_EQ(method(S("Hello"), "lower", {}), "'hello'");
  EXPECT_EQ(method(S("Hello"), "upper", {}), "'HELLO'");
  EXPECT_EQ(method(S("aaa"), "replace", {S("a"), S("b")}), "'bbb'");
  EXPECT_EQ(method(S("aaa"), "replace", {S("a"), S("b"), I(2)}), "'bba'");
  EXPECT_EQ(method(S("ab"), "replace", {S(""), S("-")}), "'-a-b-'");
  EXPECT_EQ(method(S("hello"), "startswith", {S("he")}), "True");
  EXPECT_EQ(method(S("hello"), "startswith", {T({S("x"), S("h")})}), "True");
  EXPECT_EQ(method(S("hello"), "endswith", {S("lo")}), "True");
  EXPECT_EQ(method(S("hello"), "endswith", {T({S("x"), S("y")})}), "False");
  EXPECT_EQ(method(S("hello"), "startswith", {S("ll"), I(2)}), "True");
  EXPECT_EQ(method(S("hello"), "startswith", {I(1)}),
            "TypeError: startswith first arg must be str or a tuple of str, not int");
  EXPECT_EQ(method(S("hello"), "find", {S("l")}), "2");
  EXPECT_EQ(method(S("hello"), "find", {S("z")}), "-1");
  EXPECT_EQ(method(S("hello"), "find", {S("l"), I(3)}), "3");
  EXPECT_EQ(method(S("héllo"), "find", {S("l")}), "2");
  EXPECT_EQ(method(S("hello"), "index", {S("z")}), "ValueError: substring not found");
  EXPECT_EQ(method(S("aaaa"), "count", {S("aa")}), "2");
  EXPECT_EQ(method(S("abc"), "count", {S("")}), "4");
  EXPECT_EQ(method(S("123"), "isdigit", {}), "True");
  EXPECT_EQ(method(S(""), "isdigit", {}), "False");
  EXPECT_EQ(method(S("ab1"), "isalpha", {}), "False");
}

TEST_F(Methods, List) {
  Value l = L({I(1), I(2)});
  EXPECT_EQ(method(l, "append", {I(3)}), "None");
  EXPECT_EQ(method(l, "insert", {I(0), I(0)}), "None");
  EXPECT_EQ(method(l, "insert", {I(-1), S("x")}), "None");
  EXPECT_EQ(method(l, "insert", {I(100), S("end")}), "None");
  EXPECT_EQ(R(l), "[0, 1, 2, 'x', 3, 'end']");
  EXPECT_EQ(method(l, "pop", {}), "'end'");
  EXPECT_EQ(method(l, "pop", {I(3)}), "'x'");
  EXPECT_EQ(method(l, "pop", {I(10)}), "IndexError: pop index out of range");
  EXPECT_EQ(method(L({}), "pop", {}), "IndexError: pop from empty list");
  EXPECT_EQ(method(l, "index", {I(2)}), "2");
  EXPECT_EQ(method(l, "index", {I(9)}), "ValueError: 9 is not in list");
  EXPECT_EQ(method(l, "index", {S("a")}), "ValueError: 'a' is not in list");
  EXPECT_EQ(method(l, "extend", {T({I(4), I(5)})}), "None");
  EXPECT_EQ(method(l, "remove", {I(4)}), "None");
  EXPECT_EQ(method(l, "remove", {I(4)}), "ValueError: list.remove(x): x not in list");
  EXPECT_EQ(method(l, "count", {F(1.0)}), "1");
  EXPECT_EQ(method(l, "reverse", {}), "None");
  EXPECT_EQ(R(l), "[5, 3, 2, 1, 0]");
  EXPECT_EQ(method(l, "sort", {}), "None");
  EXPECT_EQ(R(l), "[0, 1, 2, 3, 5]");
  EXPECT_EQ(method(l, "sort", {}, {{"reverse", B(true)}}), "None");
  EXPECT_EQ(R(l), "[5, 3, 2, 1, 0]");
  EXPECT_EQ(method(l, "copy", {}), "[5, 3, 2, 1, 0]");
  EXPECT_EQ(method(l, "append", {}), "TypeError: list.append() takes exactly one argument (0 given)");
  Value mixed = L({I(1), S("a")});
  EXPECT_EQ(method(mixed, "sort", {}), "TypeError: '<' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(R(mixed), "[1, 'a']");
}

TEST_F(Methods, Dict) {
  Value d = D({{S("a"), I(1)}});
  EXPECT_EQ(method(d, "get", {S("a")}), "1");
  EXPECT_EQ(method(d, "get", {S("z")}), "None");
  EXPECT_EQ(method(d, "get", {S("z"), I(0)}), "0");
  EXPECT_EQ(method(d, "setdefault", {S("b"), L({})}), "[]");
  EXPECT_EQ(method(d, "setdefault", {S("b"), I(5)}), "[]");
  EXPECT_EQ(method(d, "update", {D({{S("c"), I(3)}, {S("a"), I(9)}})}), "None");
  EXPECT_EQ(R(d), "{'a': 9, 'b': [], 'c': 3}");
  EXPECT_EQ(method(d, "pop", {S("b")}), "[]");
  EXPECT_EQ(method(d, "pop", {S("b")}), "KeyError: 'b'");
  EXPECT_EQ(method(d, "pop", {S("b"), I(0)}), "0");
  EXPECT_EQ(method(d, "copy", {}), "{'a': 9, 'c': 3}");
  EXPECT_EQ(call("list", {keep(make_dict_view(&t, d, DictViewKind::Values))}), "[9, 3]");
  Value keys;
  Value name = S("keys");
  ASSERT_TRUE(pk_call_method(&t, &keys, &d, &name, nullptr, 0, 0, nullptr));
  keep(keys);
  EXPECT_EQ(cmp(In, S("c"), keys), "True");
  EXPECT_EQ(call("len", {keys}), "2");
}

TEST_F(Builtins, CapabilitiesAreChecked) {
  static bool called = false;
  Intrinsic net{"test_fetch", {}, "None", kCapNetwork, "test", "Test-only intrinsic needing the network.",
                [](Thread*, Value* r, const CallArgs&) {
                  called = true;
                  *r = Value::none();
                  return true;
                }};
  static uint32_t idx = add_intrinsic(net);
  Value r;
  EXPECT_FALSE(pk_call_intrinsic(&t, &r, idx, nullptr, 0, 0, nullptr));
  EXPECT_EQ(err(), "CapabilityError: 'test_fetch' needs the network capability (run with --allow net)");
  EXPECT_FALSE(called);
  t.capabilities |= kCapNetwork;
  EXPECT_TRUE(pk_call_intrinsic(&t, &r, idx, nullptr, 0, 0, nullptr));
  EXPECT_TRUE(called);
  EXPECT_EQ(find_intrinsic("test_fetch"), idx);
}

TEST(IntrinsicsTable, EveryEntryDocumentedAndBuiltinsNeedNoCapability) {
  for (auto& in : intrinsics()) {
    EXPECT_FALSE(in.doc.empty()) << in.name;
    EXPECT_NE(in.fn, nullptr) << in.name;
    if (in.category == "builtin") {
      EXPECT_EQ(in.capabilities, 0u) << in.name;
    }
  }
  for (auto& m : methods()) {
    EXPECT_FALSE(m.doc.empty()) << m.name;
    EXPECT_NE(m.fn, nullptr) << m.name;
  }
  for (const char* n : {"print", "len", "range", "str", "int", "float", "bool", "abs", "min", "max", "sum", "sorted",
                        "enumerate", "zip", "isinstance", "list", "dict", "tuple", "repr", "round"})
    EXPECT_TRUE(find_intrinsic(n).has_value()) << n;
  auto& len = intrinsics()[*find_intrinsic("len")];
  EXPECT_EQ(len.min_positional(), 1u);
  EXPECT_EQ(len.max_positional(), 1u);
  auto& print = intrinsics()[*find_intrinsic("print")];
  EXPECT_EQ(print.min_positional(), 0u);
  EXPECT_EQ(print.max_positional(), UINT32_MAX);
  auto& range = intrinsics()[*find_intrinsic("range")];
  EXPECT_EQ(range.min_positional(), 1u);
  EXPECT_EQ(range.max_positional(), 3u);
  EXPECT_NE(find_method(ObjKind::Str, "split"), nullptr);
  EXPECT_EQ(find_method(ObjKind::Str, "append"), nullptr);
  std::string md = reference_markdown();
  EXPECT_NE(md.find("| `len(obj: any) -> int` | none |"), std::string::npos) << md.substr(0, 2000);
  EXPECT_NE(md.find("`str.split(sep: str = None, maxsplit: int = -1) -> list[str]`"), std::string::npos);
  EXPECT_NE(md.find("print(*objects: any, sep: str = ' ', end: str = '\\n', file: any = None, flush: bool = False) -> None"),
            std::string::npos);
}

}  // namespace
}  // namespace plank::core::testing
