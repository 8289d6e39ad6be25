// Expression forms, Python precedence and literal decoding.
#include <gtest/gtest.h>

#include "compiler/frontend/literals.h"
#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

using namespace plank::ast;

// A compact, position-free rendering to check tree shapes: (+ a (* b c)).
std::string shape(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLiteral: return std::to_string(static_cast<const IntLiteral&>(e).value);
    case ExprKind::Name: return static_cast<const Name&>(e).id;
    case ExprKind::Binary: {
      auto& b = static_cast<const Binary&>(e);
      return std::string("(") + op_text(b.op) + " " + shape(*b.lhs) + " " + shape(*b.rhs) + ")";
    }
    case ExprKind::Unary: {
      auto& u = static_cast<const Unary&>(e);
      return std::string("(") + op_text(u.op) + " " + shape(*u.operand) + ")";
    }
    case ExprKind::BoolOp: {
      auto& b = static_cast<const BoolOp&>(e);
      std::string s = std::string("(") + op_text(b.op);
      for (auto& v : b.values) s += " " + shape(*v);
      return s + ")";
    }
    case ExprKind::Compare: {
      auto& c = static_cast<const Compare&>(e);
      std::string s = "(cmp " + shape(*c.left);
      for (size_t i = 0; i < c.ops.size(); ++i) s += std::string(" ") + op_text(c.ops[i]) + " " + shape(*c.comparators[i]);
      return s + ")";
    }
    case ExprKind::Conditional: {
      auto& c = static_cast<const Conditional&>(e);
      return "(ifexp " + shape(*c.test) + " " + shape(*c.body) + " " + shape(*c.orelse) + ")";
    }
    default: return kind_name(e.kind);
  }
}

std::string shape_of(const std::string& text) {
  auto file = SourceFile::from_string("e", text);
  DiagnosticSink sink;
  auto e = parse_expression(file, sink);
  if (!e) return "<error: " + diag_lines(*file, sink.all()) + ">";
  return shape(*e);
}

TEST(Precedence, ArithmeticFollowsPython) {
  EXPECT_EQ(shape_of("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(shape_of("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(shape_of("a / b // c % d"), "(% (// (/ a b) c) d)");
  EXPECT_EQ(shape_of("a ** b ** c"), "(** a (** b c))");
  EXPECT_EQ(shape_of("-a ** 2"), "(- (** a 2))");
  EXPECT_EQ(shape_of("2 ** -1"), "(** 2 (- 1))");
  EXPECT_EQ(shape_of("-+-x"), "(- (+ (- x)))");
  EXPECT_EQ(shape_of("(a + b) * c"), "(* (+ a b) c)");
}

// The six binary levels are one flat rule, grouped by the transformer (issue 24): each level
// binds tighter than the one before, each is left-associative, and a span covers its operands.
TEST(Precedence, EveryBinaryLevelAsPython) {
  EXPECT_EQ(shape_of("a | b ^ c & d << e + f * g"), "(| a (^ b (& c (<< d (+ e (* f g))))))");
  EXPECT_EQ(shape_of("a * b + c << d & e ^ f | g"), "(| (^ (& (<< (+ (* a b) c) d) e) f) g)");
  EXPECT_EQ(shape_of("a << b >> c"), "(>> (<< a b) c)");
  EXPECT_EQ(shape_of("a | b | c ^ d ^ e"), "(| (| a b) (^ (^ c d) e))");
  EXPECT_EQ(shape_of("a - b * c - d"), "(- (- a (* b c)) d)");
  EXPECT_EQ(shape_of("a @ b % -c ** d"), "(% (@ a b) (- (** c d)))");
  EXPECT_EQ(shape_of("~a & b + c"), "(& (~ a) (+ b c))");
  auto file = SourceFile::from_string("e", "x + y * z | w");
  DiagnosticSink sink;
  auto e = parse_expression(file, sink);
  ASSERT_TRUE(e);
  auto& top = static_cast<const Binary&>(*e);
  EXPECT_EQ(top.span.begin, 0u);
  EXPECT_EQ(top.span.end, 13u);
  auto& sum = static_cast<const Binary&>(*top.lhs);
  EXPECT_EQ(sum.span.end, 9u) << "x + y * z";
  EXPECT_EQ(sum.op_span.begin, 2u);
  EXPECT_EQ(static_cast<const Binary&>(*sum.rhs).span.begin, 4u) << "y * z";
}

TEST(Precedence, BooleanAndComparison) {
  EXPECT_EQ(shape_of("a or b and not c"), "(or a (and b (not c)))");
  EXPECT_EQ(shape_of("a and b and c"), "(and a b c)");
  EXPECT_EQ(shape_of("not a == b"), "(not (cmp a == b))");
  EXPECT_EQ(shape_of("a + 1 < b * 2"), "(cmp (+ a 1) < (* b 2))");
  EXPECT_EQ(shape_of("x if c else y or z"), "(ifexp c x (or y z))");
  EXPECT_EQ(shape_of("a if b else c if d else e"), "(ifexp b a (ifexp d c e))");
}

TEST(Precedence, ChainedComparisons) {
  EXPECT_EQ(shape_of("a < b < c"), "(cmp a < b < c)");
  EXPECT_EQ(shape_of("0 <= i != n >= m"), "(cmp 0 <= i != n >= m)");
  EXPECT_EQ(shape_of("x in xs"), "(cmp x in xs)");
  EXPECT_EQ(shape_of("x not in xs"), "(cmp x not in xs)");
  EXPECT_EQ(shape_of("x is not None"), "(cmp x is not NoneLiteral)");
  EXPECT_EQ(shape_of("a == b is c"), "(cmp a == b is c)");
}

TEST(Literals, Numbers) {
  EXPECT_EQ(expr("42"), "(Int 1:1 42)");
  EXPECT_EQ(expr("1_000"), "(Int 1:1 1000)");
  EXPECT_EQ(expr("0x1F"), "(Int 1:1 31)");
  EXPECT_EQ(expr("0o17"), "(Int 1:1 15)");
  EXPECT_EQ(expr("0b101"), "(Int 1:1 5)");
  EXPECT_EQ(expr("9223372036854775807"), "(Int 1:1 9223372036854775807)");
  EXPECT_EQ(expr("2.5"), "(Float 1:1 2.5)");
  EXPECT_EQ(expr(".5"), "(Float 1:1 0.5)");
  EXPECT_EQ(expr("1e3"), "(Float 1:1 1000.0)");
  EXPECT_EQ(expr("3."), "(Float 1:1 3.0)");
}

// Ints have arbitrary precision: a literal past 64 bits keeps its digits (a later stage makes the big int).
TEST(Literals, IntegerPast64BitsKeepsItsDigits) {
  EXPECT_EQ(expr("9223372036854775808"), "(Int 1:1 9223372036854775808)");
  EXPECT_EQ(expr("0x1_0000_0000_0000_0000"), "(Int 1:1 0x10000000000000000)");
  EXPECT_EQ(expr("9223372036854775807"), "(Int 1:1 9223372036854775807)");
}

TEST(Literals, BoolsAndNone) {
  EXPECT_EQ(expr("True"), "(Bool 1:1 True)");
  EXPECT_EQ(expr("true"), "(Bool 1:1 True)");
  EXPECT_EQ(expr("False"), "(Bool 1:1 False)");
  EXPECT_EQ(expr("false"), "(Bool 1:1 False)");
  EXPECT_EQ(expr("None"), "(None 1:1)");
  EXPECT_EQ(expr("null"), "(None 1:1)");
}

TEST(Literals, StringsBothQuotesAndEscapes) {
  EXPECT_EQ(expr("'log'"), "(Str 1:1 \"log\")");
  EXPECT_EQ(expr("\"log\""), "(Str 1:1 \"log\")");
  EXPECT_EQ(expr(R"('it\'s "x"')"), R"((Str 1:1 "it's \"x\""))");
  EXPECT_EQ(expr(R"("a\tb\nc\\d")"), R"((Str 1:1 "a\tb\nc\\d"))");
  EXPECT_EQ(expr(R"('\x41\u00e9\U0001F600\101')"), "(Str 1:1 \"A\xC3\xA9\xF0\x9F\x98\x80" "A\")");
  EXPECT_EQ(expr("'''multi\nline'''"), "(Str 1:1 \"multi\\nline\")");
  EXPECT_EQ(expr("\"\"\"say \"hi\" \"\"\""), "(Str 1:1 \"say \\\"hi\\\" \")");
  EXPECT_EQ(expr("'a' \"b\""), "(Str 1:1 \"ab\")");
  EXPECT_EQ(expr("'caf\xC3\xA9'"), "(Str 1:1 \"caf\xC3\xA9\")");
}

TEST(Literals, DecodeHelpers) {
  EXPECT_EQ(decode_string_literal(R"("\ud83d\ude00")"), "\xF0\x9F\x98\x80");  // JSON surrogate pair
  EXPECT_EQ(decode_string_literal(R"('\q')"), "\\q");                          // unknown escape kept
  EXPECT_EQ(decode_string_literal("'a\\\nb'"), "ab");                         // backslash-newline
  EXPECT_EQ(parse_int_literal("18446744073709551616"), std::nullopt);
  EXPECT_EQ(parse_int_literal("0xff"), 255);
}

TEST(Collections, ListsTuplesDicts) {
  EXPECT_EQ(expr("[1, 2,]"), "(List 1:1\n  (Int 1:2 1)\n  (Int 1:5 2))");
  EXPECT_EQ(expr("()"), "(Tuple 1:1)");
  EXPECT_EQ(expr("(1,)"), "(Tuple 1:1\n  (Int 1:2 1))");
  EXPECT_EQ(expr("(1)"), "(Int 1:2 1)");
  EXPECT_EQ(expr("{}"), "(Dict 1:1)");
  EXPECT_EQ(expr("{'a': 1, \"b\": [2],}"),
            "(Dict 1:1\n  (Entry\n    (Str 1:2 \"a\")\n    (Int 1:7 1))\n  (Entry\n    (Str 1:10 \"b\")\n    (List 1:15\n"
            "      (Int 1:16 2))))");
}

TEST(Collections, DictKeepsSourceOrderAndDuplicates) {
  auto file = SourceFile::from_string("e", "{'z': 1, 'a': 2, 'z': 3}");
  DiagnosticSink sink;
  auto e = parse_expression(file, sink);
  ASSERT_NE(e, nullptr);
  auto* d = dyn_cast<DictExpr>(e.get());
  ASSERT_NE(d, nullptr);
  ASSERT_EQ(d->entries.size(), 3u);
  EXPECT_EQ(cast<StringLiteral>(d->entries[0].key.get())->value, "z");
  EXPECT_EQ(cast<StringLiteral>(d->entries[1].key.get())->value, "a");
  EXPECT_EQ(cast<IntLiteral>(d->entries[2].value.get())->value, 3);
  EXPECT_EQ(file->line_col(d->entries[1].key->span.begin).column, 10u);
}

TEST(Trailers, CallsAttributesSubscriptsSlices) {
  EXPECT_EQ(expr("inventory.has({'log': 3})"),
            "(Call 1:1\n  (Attribute 1:1 has\n    (Name 1:1 inventory))\n  (Dict 1:15\n    (Entry\n"
            "      (Str 1:16 \"log\")\n      (Int 1:23 3))))");
  EXPECT_EQ(expr("f(1, x=2,)"), "(Call 1:1\n  (Name 1:1 f)\n  (Int 1:3 1)\n  (Keyword 1:6 x\n    (Int 1:8 2)))");
  EXPECT_EQ(expr("a[1:2]"), "(Subscript 1:1\n  (Name 1:1 a)\n  (Slice 1:3\n    (Int 1:3 1)\n    (Int 1:5 2)\n    -))");
  EXPECT_EQ(expr("a[::-1]"), "(Subscript 1:1\n  (Name 1:1 a)\n  (Slice 1:3\n    -\n    -\n    (Unary 1:5 -\n      (Int 1:6 1))))");
  EXPECT_EQ(expr("a[:n]"), "(Subscript 1:1\n  (Name 1:1 a)\n  (Slice 1:3\n    -\n    (Name 1:4 n)\n    -))");
  EXPECT_EQ(expr("m[i, j]"), "(Subscript 1:1\n  (Name 1:1 m)\n  (Tuple 1:3\n    (Name 1:3 i)\n    (Name 1:6 j)))");
  EXPECT_EQ(expr("a.b.c()[0]"),
            "(Subscript 1:1\n  (Call 1:1\n    (Attribute 1:1 c\n      (Attribute 1:1 b\n        (Name 1:1 a))))\n"
            "  (Int 1:9 0))");
}

TEST(ParseExpression, SurroundingBlankLinesAndComments) {
  EXPECT_EQ(expr("\n# a logical form\n  {'a': 1}  # trailing\n\n"),
            "(Dict 3:3\n  (Entry\n    (Str 3:4 \"a\")\n    (Int 3:9 1)))");
}

TEST(ParseExpression, MultiLineJsonObject) {
  EXPECT_EQ(expr("{\n  \"dialogue_type\": \"NOOP\",\n  \"x\": [true, false, null]\n}\n"),
            "(Dict 1:1\n  (Entry\n    (Str 2:3 \"dialogue_type\")\n    (Str 2:20 \"NOOP\"))\n  (Entry\n"
            "    (Str 3:3 \"x\")\n    (List 3:8\n      (Bool 3:9 True)\n      (Bool 3:15 False)\n      (None 3:22))))");
}

TEST(ParseExpression, RejectsMoreThanOneExpression) {
  EXPECT_EQ(expr("{}\n{}"), "<errors: 2:1: unexpected '{', expected end of line>");
  EXPECT_EQ(expr(""), "<errors: 1:1: expected an expression>");
}

}  // namespace
}  // namespace plank::frontend::testing
