// repr/str of every value kind against CPython's output.
#include "core_test_util.h"

namespace plank::core::testing {
namespace {

TEST(FormatFloat, MatchesPythonRepr) {
  EXPECT_EQ(format_float(0.1), "0.1");
  EXPECT_EQ(format_float(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(format_float(2.0 / 3), "0.6666666666666666");
  EXPECT_EQ(format_float(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_float(1e16), "1e+16");
  EXPECT_EQ(format_float(1e15), "1000000000000000.0");
  EXPECT_EQ(format_float(123456789012345678.0), "1.2345678901234568e+17");
  EXPECT_EQ(format_float(1.5e-7), "1.5e-07");
  EXPECT_EQ(format_float(2.5e-5), "2.5e-05");
  EXPECT_EQ(format_float(0.0001), "0.0001");
  EXPECT_EQ(format_float(0.00001), "1e-05");
  EXPECT_EQ(format_float(100.0), "100.0");
  EXPECT_EQ(format_float(-0.0), "-0.0");
  EXPECT_EQ(format_float(0.0), "0.0");
  EXPECT_EQ(format_float(1.0 / 0.0), "inf");
  EXPECT_EQ(format_float(-1.0 / 0.0), "-inf");
  EXPECT_EQ(format_float(std::nan("")), "nan");
  EXPECT_EQ(format_float(1e300 * 10), "1e+301");
  EXPECT_EQ(format_float(-2.5), "-2.5");
  EXPECT_EQ(format_float(5e-324), "5e-324");
  EXPECT_EQ(format_float(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(format_float(12345.678), "12345.678");
  EXPECT_EQ(format_float(9007199254740993.0), "9007199254740992.0");
}

TEST(FormatStr, QuotesAndEscapes) {
  EXPECT_EQ(quote_str("abc"), "'abc'");
  EXPECT_EQ(quote_str("it's"), "\"it's\"");
  EXPECT_EQ(quote_str("say \"hi\""), "'say \"hi\"'");
  EXPECT_EQ(quote_str("both ' and \""), "'both \\' and \"'");
  EXPECT_EQ(quote_str("a\nb\tc\\"), "'a\\nb\\tc\\\\'");
  EXPECT_EQ(quote_str(std::string_view("\x01\x7f", 2)), "'\\x01\\x7f'");
  EXPECT_EQ(quote_str("h\xc3\xa9llo"), "'h\xc3\xa9llo'");  // é stays
  EXPECT_EQ(quote_str("\xc2\xa0"), "'\\xa0'");             // NBSP is not printable
  EXPECT_EQ(quote_str(""), "''");
}

class Format : public CoreTest {};

TEST_F(Format, Scalars) {
  EXPECT_EQ(R(N()), "None");
  EXPECT_EQ(R(B(true)), "True");
  EXPECT_EQ(R(B(false)), "False");
  EXPECT_EQ(R(I(-42)), "-42");
  EXPECT_EQ(R(I(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(R(F(2.0)), "2.0");
  EXPECT_EQ(to_str(&t, S("plain")), "plain");
  EXPECT_EQ(R(S("plain")), "'plain'");
}

TEST_F(Format, Containers) {
  Value inner = L({I(1), F(2.5), N(), B(true)});
  EXPECT_EQ(R(D({{S("a"), inner}})), "{'a': [1, 2.5, None, True]}");
  EXPECT_EQ(R(T({I(1)})), "(1,)");
  EXPECT_EQ(R(T({})), "()");
  EXPECT_EQ(R(T({I(1), S("x")})), "(1, 'x')");
  EXPECT_EQ(R(L({})), "[]");
  EXPECT_EQ(R(D({})), "{}");
  EXPECT_EQ(R(L({S("it's"), T({L({})})})), "[\"it's\", ([],)]");
  EXPECT_EQ(to_str(&t, L({S("a")})), "['a']");  // str of a container reprs the items
  Value self = L({I(1)});
  list_items(self).push_back(self);
  EXPECT_EQ(R(self), "[1, [...]]");
}

TEST_F(Format, RangesBuiltinsViews) {
  EXPECT_EQ(call("repr", {keep(make_range(&t, 0, 5, 1))}), "'range(0, 5)'");
  EXPECT_EQ(R(keep(make_range(&t, 1, 10, 2))), "range(1, 10, 2)");
  EXPECT_EQ(R(keep(make_builtin(&t, *find_intrinsic("len")))), "<built-in function len>");
  EXPECT_EQ(R(keep(make_builtin(&t, *find_intrinsic("int")))), "<class 'int'>");
  Value d = D({{S("a"), I(1)}, {S("b"), I(2)}});
  EXPECT_EQ(method(d, "keys", {}), "dict_keys(['a', 'b'])");
  EXPECT_EQ(method(d, "values", {}), "dict_values([1, 2])");
  EXPECT_EQ(method(d, "items", {}), "dict_items([('a', 1), ('b', 2)])");
}

TEST_F(Format, PrintUsesSepEndAndStr) {
  EXPECT_EQ(call("print", {S("a"), I(1), F(0.5), N(), L({S("x")})}), "None");
  EXPECT_EQ(out, "a 1 0.5 None ['x']\n");
  out.clear();
  EXPECT_EQ(call("print", {I(1), I(2)}, {{"sep", S("-")}, {"end", S("!")}}), "None");
  EXPECT_EQ(out, "1-2!");
  out.clear();
  EXPECT_EQ(call("print", {}), "None");
  EXPECT_EQ(out, "\n");
  out.clear();
  EXPECT_EQ(call("print", {I(1)}, {{"sep", N()}}), "None");
  EXPECT_EQ(out, "1\n");
  EXPECT_EQ(call("print", {I(1)}, {{"sep", I(3)}}), "TypeError: sep must be None or a string, not int");
}

TEST_F(Format, PercentFormatting) {
  EXPECT_EQ(bin(Mod, S("%d items at %.2f"), T({I(3), F(1.5)})), "'3 items at 1.50'");
  EXPECT_EQ(bin(Mod, S("%s!"), S("hi")), "'hi!'");
  EXPECT_EQ(bin(Mod, S("%r"), S("hi")), "\"'hi'\"");
  EXPECT_EQ(bin(Mod, S("%5d|%-4s|"), T({I(42), S("ab")})), "'   42|ab  |'");
  EXPECT_EQ(bin(Mod, S("%d %d"), T({I(1)})), "TypeError: not enough arguments for format string");
  EXPECT_EQ(bin(Mod, S("x"), I(1)), "TypeError: not all arguments converted during string formatting");
}

}  // namespace
}  // namespace plank::core::testing
