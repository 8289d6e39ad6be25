// Operators, comparisons, subscripts, unpacking and attributes: Python 3.11 semantics.
#include <map>

#include "core_test_util.h"

namespace plank::core::testing {
namespace {

class Ops : public CoreTest {};

TEST_F(Ops, IntArithmeticTable) {
  struct Case {
    int64_t a, b;
    const char *floordiv, *mod, *div;
  } cases[] = {
      {7, 2, "3", "1", "3.5"},      {-7, 2, "-4", "1", "-3.5"}, {7, -2, "-4", "-1", "-3.5"},
      {-7, -2, "3", "-1", "3.5"},   {6, 3, "2", "0", "2.0"},    {-6, 4, "-2", "2", "-1.5"},
      {1, 3, "0", "1", "0.3333333333333333"},
  };
  for (auto& c : cases) {
    EXPECT_EQ(bin(FloorDiv, I(c.a), I(c.b)), c.floordiv) << c.a << "//" << c.b;
    EXPECT_EQ(bin(Mod, I(c.a), I(c.b)), c.mod) << c.a << "%" << c.b;
    EXPECT_EQ(bin(Div, I(c.a), I(c.b)), c.div) << c.a << "/" << c.b;
  }
  EXPECT_EQ(bin(Add, I(2), I(3)), "5");
  EXPECT_EQ(bin(Sub, I(2), I(3)), "-1");
  EXPECT_EQ(bin(Mul, I(-4), I(3)), "-12");
  EXPECT_EQ(bin(Pow, I(2), I(10)), "1024");
  EXPECT_EQ(bin(Pow, I(2), I(-1)), "0.5");
  EXPECT_EQ(bin(Pow, I(-3), I(3)), "-27");
  EXPECT_EQ(bin(Pow, I(0), I(0)), "1");
}

TEST_F(Ops, FloatArithmeticSigns) {
  EXPECT_EQ(bin(FloorDiv, F(7.5), F(2)), "3.0");
  EXPECT_EQ(bin(FloorDiv, F(-7.5), F(2)), "-4.0");
  EXPECT_EQ(bin(Mod, F(-7.5), F(2)), "0.5");
  EXPECT_EQ(bin(Mod, F(7.5), F(-2)), "-0.5");
  EXPECT_EQ(bin(Mod, F(-0.0), F(1)), "0.0");
  EXPECT_EQ(bin(Mod, I(5), F(-1)), "-0.0");
  EXPECT_EQ(bin(Add, F(0.1), F(0.2)), "0.30000000000000004");
  EXPECT_EQ(bin(Add, I(1), F(0.5)), "1.5");
  EXPECT_EQ(bin(Mul, B(true), F(2.5)), "2.5");
  EXPECT_EQ(bin(Add, B(true), B(true)), "2");
  EXPECT_EQ(bin(Pow, F(2), F(0.5)), "1.4142135623730951");
  EXPECT_EQ(bin(Pow, I(10), F(-2)), "0.01");
}

TEST_F(Ops, ErrorsMatchCPython) {
  EXPECT_EQ(bin(Div, I(1), I(0)), "ZeroDivisionError: division by zero");
  EXPECT_EQ(bin(FloorDiv, I(1), I(0)), "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(bin(Mod, I(1), I(0)), "ZeroDivisionError: integer modulo by zero");
  EXPECT_EQ(bin(Div, F(1), I(0)), "ZeroDivisionError: float division by zero");
  EXPECT_EQ(bin(Div, I(1), F(0)), "ZeroDivisionError: float division by zero");
  EXPECT_EQ(bin(Mod, F(1), F(0)), "ZeroDivisionError: float modulo");
  EXPECT_EQ(bin(FloorDiv, F(1), F(0)), "ZeroDivisionError: float floor division by zero");
  EXPECT_EQ(bin(Pow, I(0), I(-1)), "ZeroDivisionError: 0.0 cannot be raised to a negative power");
  // Past 64 bits an int becomes a big int, as in CPython (ints have arbitrary precision).
  EXPECT_EQ(bin(Add, I(INT64_MAX), I(1)), "9223372036854775808");
  EXPECT_EQ(bin(Mul, I(INT64_MAX), I(2)), "18446744073709551614");
  EXPECT_EQ(bin(Sub, I(INT64_MIN), I(1)), "-9223372036854775809");
  EXPECT_EQ(bin(Pow, I(2), I(63)), "9223372036854775808");
  EXPECT_EQ(bin(Pow, I(2), I(62)), "4611686018427387904");
  EXPECT_EQ(bin(FloorDiv, I(INT64_MIN), I(-1)), "9223372036854775808");
  EXPECT_EQ(un(Neg, I(INT64_MIN)), "9223372036854775808");
  EXPECT_EQ(bin(Add, I(1), S("a")), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  EXPECT_EQ(bin(Add, S("a"), I(1)), "TypeError: can only concatenate str (not \"int\") to str");
  EXPECT_EQ(bin(Add, L({}), T({})), "TypeError: can only concatenate list (not \"tuple\") to list");
  EXPECT_EQ(bin(Mul, S("a"), F(2)), "TypeError: can't multiply sequence by non-int of type 'float'");
  EXPECT_EQ(bin(Sub, S("a"), S("b")), "TypeError: unsupported operand type(s) for -: 'str' and 'str'");
  EXPECT_EQ(bin(Pow, S("a"), I(2)), "TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'int'");
  EXPECT_EQ(bin(Add, N(), I(1)), "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'");
  EXPECT_EQ(un(Neg, S("a")), "TypeError: bad operand type for unary -: 'str'");
}

TEST_F(Ops, Sequences) {
  EXPECT_EQ(bin(Add, S("ab"), S("cd")), "'abcd'");
  EXPECT_EQ(bin(Mul, S("ab"), I(3)), "'ababab'");
  EXPECT_EQ(bin(Mul, I(2), S("x")), "'xx'");
  EXPECT_EQ(bin(Mul, S("ab"), I(-1)), "''");
  EXPECT_EQ(bin(Add, L({I(1)}), L({I(2)})), "[1, 2]");
  EXPECT_EQ(bin(Mul, L({I(0)}), I(3)), "[0, 0, 0]");
  EXPECT_EQ(bin(Add, T({I(1)}), T({I(2)})), "(1, 2)");
  EXPECT_EQ(bin(Mul, T({I(1), I(2)}), I(2)), "(1, 2, 1, 2)");
  EXPECT_EQ(un(Not, L({})), "True");
  EXPECT_EQ(un(Neg, B(true)), "-1");
  EXPECT_EQ(un(Pos, F(-0.0)), "-0.0");
}

TEST_F(Ops, Comparisons) {
  EXPECT_EQ(cmp(Eq, I(1), F(1.0)), "True");
  EXPECT_EQ(cmp(Eq, B(true), I(1)), "True");
  EXPECT_EQ(cmp(Eq, I(1), S("1")), "False");
  EXPECT_EQ(cmp(Ne, N(), I(0)), "True");
  EXPECT_EQ(cmp(Eq, L({I(1), S("a")}), L({F(1.0), S("a")})), "True");
  EXPECT_EQ(cmp(Eq, L({I(1)}), T({I(1)})), "False");
  EXPECT_EQ(cmp(Lt, I(1), F(1.5)), "True");
  EXPECT_EQ(cmp(Lt, S("abc"), S("abd")), "True");
  EXPECT_EQ(cmp(Ge, S("b"), S("abc")), "True");
  EXPECT_EQ(cmp(Lt, L({I(1), I(2)}), L({I(1), I(3)})), "True");
  EXPECT_EQ(cmp(Lt, L({I(1)}), L({I(1), I(0)})), "True");
  EXPECT_EQ(cmp(Gt, T({I(2)}), T({I(1), I(9)})), "True");
  EXPECT_EQ(cmp(Lt, F(std::nan("")), I(1)), "False");
  EXPECT_EQ(cmp(Eq, F(std::nan("")), F(std::nan(""))), "False");
  EXPECT_EQ(cmp(Lt, I(INT64_MAX), F(9223372036854775808.0)), "True");
  EXPECT_EQ(cmp(Lt, I(1), S("a")), "TypeError: '<' not supported between instances of 'int' and 'str'");
  EXPECT_EQ(cmp(Ge, N(), N()), "TypeError: '>=' not supported between instances of 'NoneType' and 'NoneType'");
  EXPECT_EQ(cmp(Lt, L({I(1)}), L({S("a")})), "TypeError: '<' not supported between instances of 'int' and 'str'");
  EXPECT_EQ(cmp(Is, N(), N()), "True");
  Value a = L({}), b = L({});
  EXPECT_EQ(cmp(Is, a, b), "False");
  EXPECT_EQ(cmp(IsNot, a, b), "True");
  EXPECT_EQ(cmp(Is, a, a), "True");
}

TEST_F(Ops, Membership) {
  EXPECT_EQ(cmp(In, S("ell"), S("hello")), "True");
  EXPECT_EQ(cmp(In, S(""), S("x")), "True");
  EXPECT_EQ(cmp(In, I(1), S("x")), "TypeError: 'in <string>' requires string as left operand, not int");
  EXPECT_EQ(cmp(In, F(2.0), L({I(1), I(2)})), "True");
  EXPECT_EQ(cmp(NotIn, I(3), T({I(1), I(2)})), "True");
  EXPECT_EQ(cmp(In, I(1), D({{F(1.0), S("x")}})), "True");
  EXPECT_EQ(cmp(In, I(4), keep(make_range(&t, 0, 10, 2))), "True");
  EXPECT_EQ(cmp(In, I(5), keep(make_range(&t, 0, 10, 2))), "False");
  EXPECT_EQ(cmp(In, I(-4), keep(make_range(&t, 0, -10, -2))), "True");
  EXPECT_EQ(cmp(In, I(1), I(2)), "TypeError: argument of type 'int' is not iterable");
  EXPECT_EQ(cmp(In, L({}), D({})), "TypeError: unhashable type: 'list'");
}

TEST_F(Ops, Truthiness) {
  bool b;
  for (auto [v, want] : std::vector<std::pair<Value, bool>>{{N(), false}, {I(0), false}, {F(0.0), false}, {S(""), false},
                                                             {L({}), false}, {D({}), false}, {T({}), false}, {I(-1), true},
                                                             {F(0.1), true}, {S("0"), true}, {L({N()}), true},
                                                             {keep(make_range(&t, 0, 0, 1)), false}}) {
    ASSERT_TRUE(pk_truth(&t, &b, &v));
    EXPECT_EQ(b, want) << R(v);
  }
}

TEST_F(Ops, IndexingAndSlicing) {
  Value l = L({I(0), I(1), I(2), I(3), I(4)});
  EXPECT_EQ(item(l, I(-1)), "4");
  EXPECT_EQ(item(l, B(true)), "1");
  EXPECT_EQ(item(l, I(5)), "IndexError: list index out of range");
  EXPECT_EQ(item(l, S("a")), "TypeError: list indices must be integers or slices, not str");
  EXPECT_EQ(item(T({I(1)}), I(1)), "IndexError: tuple index out of range");
  EXPECT_EQ(item(S("héllo"), I(1)), "'é'");
  EXPECT_EQ(item(S("abc"), I(-3)), "'a'");
  EXPECT_EQ(item(S("abc"), I(3)), "IndexError: string index out of range");
  EXPECT_EQ(item(S("abc"), S("x")), "TypeError: string indices must be integers, not 'str'");
  EXPECT_EQ(item(I(3), I(0)), "TypeError: 'int' object is not subscriptable");
  EXPECT_EQ(item(keep(make_range(&t, 0, 10, 3)), I(-1)), "9");
  EXPECT_EQ(slice(l, I(1), I(3)), "[1, 2]");
  EXPECT_EQ(slice(l, N(), N(), I(-1)), "[4, 3, 2, 1, 0]");
  EXPECT_EQ(slice(l, I(-2), N()), "[3, 4]");
  EXPECT_EQ(slice(l, N(), N(), I(2)), "[0, 2, 4]");
  EXPECT_EQ(slice(l, I(4), I(0), I(-2)), "[4, 2]");
  EXPECT_EQ(slice(l, I(10), I(20)), "[]");
  EXPECT_EQ(slice(l, I(-100), I(2)), "[0, 1]");
  EXPECT_EQ(slice(l, N(), N(), I(0)), "ValueError: slice step cannot be zero");
  EXPECT_EQ(slice(S("hello"), I(1), I(-1)), "'ell'");
  EXPECT_EQ(slice(S("hello"), N(), N(), I(-1)), "'olleh'");
  EXPECT_EQ(slice(S("héllo"), N(), N(), I(-1)), "'olléh'");
  EXPECT_EQ(slice(T({I(1), I(2), I(3)}), I(1), N()), "(2, 3)");
  EXPECT_EQ(slice(keep(make_range(&t, 0, 10, 1)), I(2), I(8), I(3)), "range(2, 8, 3)");
  EXPECT_EQ(slice(l, F(1.0), N()), "TypeError: slice indices must be integers or None or have an __index__ method");
}

TEST_F(Ops, SetItemAndDicts) {
  Value l = L({I(1), I(2)});
  Value idx = I(-1), v = S("x");
  ASSERT_TRUE(pk_set_item(&t, &l, &idx, &v));
  EXPECT_EQ(R(l), "[1, 'x']");
  idx = I(2);
  EXPECT_FALSE(pk_set_item(&t, &l, &idx, &v));
  EXPECT_EQ(err(), "IndexError: list assignment index out of range");
  Value tup = T({I(1)});
  idx = I(0);
  EXPECT_FALSE(pk_set_item(&t, &tup, &idx, &v));
  EXPECT_EQ(err(), "TypeError: 'tuple' object does not support item assignment");

  Value d = D({});
  Value k1 = I(1), k2 = F(1.0), k3 = B(true), ks = S("b"), ka = S("a");
  Value v1 = S("one"), v2 = S("float"), v3 = S("bool");
  ASSERT_TRUE(pk_set_item(&t, &d, &ks, &v1));
  ASSERT_TRUE(pk_set_item(&t, &d, &k1, &v1));
  ASSERT_TRUE(pk_set_item(&t, &d, &k2, &v2));
  ASSERT_TRUE(pk_set_item(&t, &d, &k3, &v3));
  ASSERT_TRUE(pk_set_item(&t, &d, &ka, &v1));
  EXPECT_EQ(R(d), "{'b': 'one', 1: 'bool', 'a': 'one'}");  // 1 == 1.0 == True: first key kept
  EXPECT_EQ(item(d, F(1.0)), "'bool'");
  EXPECT_EQ(item(d, S("x")), "KeyError: 'x'");
  EXPECT_EQ(item(d, T({I(1), S("a")})), "KeyError: (1, 'a')");
  Value lk = L({});
  EXPECT_FALSE(pk_set_item(&t, &d, &lk, &v1));
  EXPECT_EQ(err(), "TypeError: unhashable type: 'list'");
  Value tk = T({I(1), I(2)});
  ASSERT_TRUE(pk_set_item(&t, &d, &tk, &v1));
  EXPECT_EQ(item(d, T({F(1.0), I(2)})), "'one'");
  // deletion keeps order of the rest; re-insertion goes last
  EXPECT_EQ(method(d, "pop", {S("b")}), "'one'");
  ASSERT_TRUE(pk_set_item(&t, &d, &ks, &v2));
  EXPECT_EQ(R(d), "{1: 'bool', 'a': 'one', (1, 2): 'one', 'b': 'float'}");
}

TEST_F(Ops, ManyDictKeys) {
  Value d = D({});
  for (int i = 0; i < 2000; ++i) dict_set(&t, d, I(i * 7), I(i));
  for (int i = 0; i < 2000; i += 2) ASSERT_TRUE(dict_del(&t, d, I(i * 7)));
  EXPECT_EQ(dict_size(d), 1000u);
  Value out;
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(dict_get(&t, d, F(i * 7.0), &out), i % 2 == 1);
  for (int i = 0; i < 2000; i += 2) dict_set(&t, d, I(i * 7), I(-i));
  EXPECT_EQ(dict_size(d), 2000u);
  EXPECT_EQ(R(item(d, I(7)) == "1" ? I(1) : I(0)), "1");
  std::vector<int64_t> order;
  dict_for_each(d, [&](Value k, Value) { order.push_back(k.i); });
  EXPECT_EQ(order[0], 7);
  EXPECT_EQ(order[999], 1999 * 7);
  EXPECT_EQ(order[1000], 0);
}

// Int keys hash to themselves; the probe sequence must still find every key,
// and misses must stay short, for key sets that share their low bits (multiples
// of a large power of two), negative keys, floats equal to ints, and a table
// churned by deletions. A std::map is the model.
TEST_F(Ops, IntKeyPatternsAgainstAModel) {
  std::vector<std::vector<int64_t>> patterns = {
      [] { std::vector<int64_t> v; for (int64_t i = 0; i < 3000; ++i) v.push_back(i << 20); return v; }(),
      [] { std::vector<int64_t> v; for (int64_t i = 0; i < 3000; ++i) v.push_back(-i * 1024 - 1); return v; }(),
      [] { std::vector<int64_t> v; for (int64_t i = 0; i < 3000; ++i) v.push_back(i * 3 % 1000 + (i % 7) * (int64_t{1} << 40)); return v; }(),
      [] { std::vector<int64_t> v; for (int64_t i = 0; i < 3000; ++i) v.push_back(INT64_MIN + i * 4096); return v; }(),
  };
  for (const auto& keys : patterns) {
    Value d = D({});
    std::map<int64_t, int64_t> model;
    for (size_t i = 0; i < keys.size(); ++i) {
      dict_set(&t, d, I(keys[i]), I(int64_t(i)));
      model[keys[i]] = int64_t(i);
      if (i % 3 == 2) {  // churn: delete an earlier key
        int64_t gone = keys[i / 2];
        EXPECT_EQ(dict_del(&t, d, I(gone)), model.erase(gone) == 1);
      }
    }
    ASSERT_EQ(dict_size(d), model.size());
    Value out;
    for (auto [k, v] : model) {
      ASSERT_TRUE(dict_get(&t, d, I(k), &out)) << k;
      EXPECT_EQ(out.i, v);
      auto* obj = static_cast<DictObject*>(d.obj);
      int64_t at = dict_find_int(obj, k);
      ASSERT_GE(at, 0) << k;
      EXPECT_EQ(obj->entries[size_t(at)].value.i, v);
      if (k > -(int64_t{1} << 52) && k < (int64_t{1} << 52)) {
        EXPECT_TRUE(dict_get(&t, d, F(double(k)), &out)) << k;  // 2.0 finds the key 2
      }
    }
    for (int64_t k : {int64_t{5}, int64_t{-5}, int64_t{1} << 62, INT64_MAX})
      if (!model.count(k)) {
        EXPECT_LT(dict_find_int(static_cast<DictObject*>(d.obj), k), 0) << k;
      }
  }
}

TEST_F(Ops, Unpacking) {
  Value dst[3];
  Value src = T({I(1), I(2), I(3)});
  EXPECT_FALSE(pk_unpack(&t, dst, &src, 2));
  EXPECT_EQ(err(), "ValueError: too many values to unpack (expected 2)");
  src = L({I(1)});
  EXPECT_FALSE(pk_unpack(&t, dst, &src, 2));
  EXPECT_EQ(err(), "ValueError: not enough values to unpack (expected 2, got 1)");
  src = S("ab");
  ASSERT_TRUE(pk_unpack(&t, dst, &src, 2));
  EXPECT_EQ(R(dst[0]) + R(dst[1]), "'a''b'");
  src = I(3);
  EXPECT_FALSE(pk_unpack(&t, dst, &src, 2));
  EXPECT_EQ(err(), "TypeError: cannot unpack non-iterable int object");
  src = D({{S("k"), I(1)}, {S("j"), I(2)}});
  ASSERT_TRUE(pk_unpack(&t, dst, &src, 2));
  EXPECT_EQ(R(dst[1]), "'j'");
}

TEST_F(Ops, AttributesAndMethodsAsValues) {
  Value obj = I(1), name = S("x"), dst;
  EXPECT_FALSE(pk_get_attr(&t, &dst, &obj, &name));
  EXPECT_EQ(err(), "AttributeError: 'int' object has no attribute 'x'");
  Value l = L({}), app = S("append"), v = I(5);
  ASSERT_TRUE(pk_get_attr(&t, &dst, &l, &app));
  keep(dst);
  Value r;
  ASSERT_TRUE(pk_call(&t, &r, &dst, &v, 1, 0, nullptr));
  EXPECT_EQ(R(l), "[5]");
  Value m = S("nope");
  EXPECT_FALSE(pk_call_method(&t, &r, &l, &m, nullptr, 0, 0, nullptr));
  EXPECT_EQ(err(), "AttributeError: 'list' object has no attribute 'nope'");
  EXPECT_FALSE(pk_set_attr(&t, &obj, &name, &v));
  EXPECT_EQ(err(), "AttributeError: 'int' object has no attribute 'x'");
  EXPECT_FALSE(pk_call(&t, &r, &obj, nullptr, 0, 0, nullptr));
  EXPECT_EQ(err(), "TypeError: 'int' object is not callable");
}

TEST_F(Ops, Iteration) {
  auto drain = [&](Value iterable) {
    Value it;
    if (!pk_get_iter(&t, &it, &iterable)) return err();
    keep(it);
    std::string s;
    for (;;) {
      Value v;
      bool done;
      if (!pk_for_iter(&t, &v, &done, &it)) return s + err();
      if (done) break;
      s += R(v) + ";";
    }
    return s;
  };
  EXPECT_EQ(drain(L({I(1), S("a")})), "1;'a';");
  EXPECT_EQ(drain(S("hé")), "'h';'é';");
  EXPECT_EQ(drain(keep(make_range(&t, 5, 0, -2))), "5;3;1;");
  EXPECT_EQ(drain(keep(make_range(&t, INT64_MAX - 2, INT64_MAX, 1))), "9223372036854775805;9223372036854775806;");
  Value d = D({{S("a"), I(1)}, {S("b"), I(2)}});
  EXPECT_EQ(drain(d), "'a';'b';");
  EXPECT_EQ(drain(I(3)), "TypeError: 'int' object is not iterable");
  Value en;
  ASSERT_TRUE(call_raw("enumerate", {L({S("x"), S("y")})}, {{"start", I(1)}}, &en));
  EXPECT_EQ(drain(keep(en)), "(1, 'x');(2, 'y');");
  Value z;
  ASSERT_TRUE(call_raw("zip", {L({I(1), I(2), I(3)}), S("ab")}, {}, &z));
  EXPECT_EQ(drain(keep(z)), "(1, 'a');(2, 'b');");
  Value items;
  ASSERT_TRUE(call_raw("list", {keep(make_dict_view(&t, d, DictViewKind::Items))}, {}, &items));
  EXPECT_EQ(R(items), "[('a', 1), ('b', 2)]");
  // mutation during iteration
  Value it;
  ASSERT_TRUE(pk_get_iter(&t, &it, &d));
  keep(it);
  Value v;
  bool done;
  ASSERT_TRUE(pk_for_iter(&t, &v, &done, &it));
  dict_set(&t, d, S("c"), I(3));
  EXPECT_FALSE(pk_for_iter(&t, &v, &done, &it));
  EXPECT_EQ(err(), "RuntimeError: dictionary changed size during iteration");
}

TEST_F(Ops, AssertAndRaise) {
  Value msg = S("boom");
  EXPECT_FALSE(pk_assert_failed(&t, &msg));
  EXPECT_EQ(err(), "AssertionError: boom");
  EXPECT_FALSE(pk_assert_failed(&t, nullptr));
  EXPECT_EQ(err(), "AssertionError: ");
  EXPECT_FALSE(pk_raise(&t, "ValueError", "bad"));
  EXPECT_TRUE(t.has_error);
  EXPECT_EQ(err(), "ValueError: bad");
}

}  // namespace
}  // namespace plank::core::testing
