// Every statement form, checked through the AST dump (golden strings) and structural asserts.
#include <gtest/gtest.h>

#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

using namespace plank::ast;

TEST(Statements, ExpressionStatementCall) {
  EXPECT_EQ(dump("mine({'log':3}, null)\n"),
            "(Module\n"
            "  (ExprStmt 1:1\n"
            "    (Call 1:1\n"
            "      (Name 1:1 mine)\n"
            "      (Dict 1:6\n"
            "        (Entry\n"
            "          (Str 1:7 \"log\")\n"
            "          (Int 1:13 3)))\n"
            "      (None 1:17))))\n");
}

TEST(Statements, FunctionDefWithDefaultsAndReturn) {
  EXPECT_EQ(dump("def f(a, b=2):\n    return a + b\n"),
            "(Module\n"
            "  (Def 1:1 f\n"
            "    (Param 1:7 a)\n"
            "    (Param 1:10 b\n"
            "      (Int 1:12 2))\n"
            "    (Body\n"
            "      (Return 2:5\n"
            "        (Binary 2:12 +\n"
            "          (Name 2:12 a)\n"
            "          (Name 2:16 b))))))\n");
}

TEST(Statements, NestedDefAndBareReturn) {
  auto p = parse("def outer():\n    def inner(x,):\n        return\n    return inner\n");
  ASSERT_TRUE(p.diags.empty());
  auto* outer = dyn_cast<FunctionDef>(p.module->body.at(0).get());
  ASSERT_NE(outer, nullptr);
  ASSERT_EQ(outer->body.size(), 2u);
  auto* inner = dyn_cast<FunctionDef>(outer->body[0].get());
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->name, "inner");
  ASSERT_EQ(inner->params.size(), 1u);
  EXPECT_EQ(inner->params[0].name, "x");
  EXPECT_EQ(p.file->line_col(inner->params[0].span.begin).column, 15u);
  auto* ret = dyn_cast<Return>(inner->body.at(0).get());
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ret->value, nullptr);
}

TEST(Statements, IfElifElse) {
  EXPECT_EQ(dump("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    pass\n"),
            "(Module\n"
            "  (If 1:1\n"
            "    (Name 1:4 a)\n"
            "    (Then\n"
            "      (Assign 2:5\n"
            "        (Name 2:5 x)\n"
            "        (Int 2:9 1)))\n"
            "    (Else\n"
            "      (Elif 3:1\n"
            "        (Name 3:6 b)\n"
            "        (Then\n"
            "          (Assign 4:5\n"
            "            (Name 4:5 x)\n"
            "            (Int 4:9 2)))\n"
            "        (Else\n"
            "          (Pass 6:5))))))\n");
}

TEST(Statements, WhileBreakContinue) {
  EXPECT_EQ(dump("while not done:\n    if x: break\n    continue\n"),
            "(Module\n"
            "  (While 1:1\n"
            "    (Unary 1:7 not\n"
            "      (Name 1:11 done))\n"
            "    (Body\n"
            "      (If 2:5\n"
            "        (Name 2:8 x)\n"
            "        (Then\n"
            "          (Break 2:11)))\n"
            "      (Continue 3:5))))\n");
}

TEST(Statements, ForWithTupleTarget) {
  EXPECT_EQ(dump("for k, v in items:\n    total += v\n"),
            "(Module\n"
            "  (For 1:1\n"
            "    (Tuple 1:5\n"
            "      (Name 1:5 k)\n"
            "      (Name 1:8 v))\n"
            "    (Name 1:13 items)\n"
            "    (Body\n"
            "      (AugAssign 2:5 +=\n"
            "        (Name 2:5 total)\n"
            "        (Name 2:14 v)))))\n");
}

TEST(Statements, AssertWithAndWithoutMessage) {
  auto p = parse("assert inventory.has({'log': 1}), \"not enough log\"\nassert x\n");
  ASSERT_TRUE(p.diags.empty());
  auto* a = dyn_cast<Assert>(p.module->body.at(0).get());
  ASSERT_NE(a, nullptr);
  ASSERT_TRUE(isa<Call>(a->test.get()));
  auto* msg = dyn_cast<StringLiteral>(a->message.get());
  ASSERT_NE(msg, nullptr);
  EXPECT_EQ(msg->value, "not enough log");
  auto* b = dyn_cast<Assert>(p.module->body.at(1).get());
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->message, nullptr);
}

TEST(Statements, AssignmentForms) {
  EXPECT_EQ(dump("a, b = b, a\nx[i] = y.z = 0\n[p, (q, r)] = t\n"),
            "(Module\n"
            "  (Assign 1:1\n"
            "    (Tuple 1:1\n"
            "      (Name 1:1 a)\n"
            "      (Name 1:4 b))\n"
            "    (Tuple 1:8\n"
            "      (Name 1:8 b)\n"
            "      (Name 1:11 a)))\n"
            "  (Assign 2:1\n"
            "    (Subscript 2:1\n"
            "      (Name 2:1 x)\n"
            "      (Name 2:3 i))\n"
            "    (Attribute 2:8 z\n"
            "      (Name 2:8 y))\n"
            "    (Int 2:14 0))\n"
            "  (Assign 3:1\n"
            "    (List 3:1\n"
            "      (Name 3:2 p)\n"
            "      (Tuple 3:5\n"
            "        (Name 3:6 q)\n"
            "        (Name 3:9 r)))\n"
            "    (Name 3:15 t)))\n");
}

TEST(Statements, AugmentedAssignmentOperators) {
  auto p = parse("n += 1\nn -= 1\nn *= 2\nn /= 2\nn //= 2\nn %= 2\nn **= 2\n");
  ASSERT_TRUE(p.diags.empty());
  const BinaryOp want[] = {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div,
                           BinaryOp::FloorDiv, BinaryOp::Mod, BinaryOp::Pow};
  ASSERT_EQ(p.module->body.size(), 7u);
  for (size_t i = 0; i < 7; ++i) {
    auto* a = dyn_cast<AugAssign>(p.module->body[i].get());
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->op, want[i]) << i;
  }
}

TEST(Statements, Imports) {
  EXPECT_EQ(dump("import math, os.path as p\nfrom actions import mine_log, craft_planks as cp\n"
                 "from a.b import (x,\n  y,)\n"),
            "(Module\n"
            "  (Import 1:1\n"
            "    (Alias 1:8 math)\n"
            "    (Alias 1:14 os.path as p))\n"
            "  (FromImport 2:1 actions\n"
            "    (Alias 2:21 mine_log)\n"
            "    (Alias 2:31 craft_planks as cp))\n"
            "  (FromImport 3:1 a.b\n"
            "    (Alias 3:18 x)\n"
            "    (Alias 4:3 y)))\n");
}

TEST(Statements, SemicolonsAndComments) {
  auto p = parse("a = 1; b = 2;  # two statements\n# only a comment\n\nc = 3;\n");
  ASSERT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 3u);
  for (auto& s : p.module->body) EXPECT_TRUE(isa<Assign>(s.get()));
}

TEST(Statements, SpansCoverTheStatement) {
  auto p = parse("def f():\n    x = 1\n    return x\ny = 2\n");
  ASSERT_TRUE(p.diags.empty());
  auto& def = *p.module->body[0];
  EXPECT_EQ(def.span.begin, 0u);
  EXPECT_EQ(p.file->text().substr(def.span.begin, def.span.end - def.span.begin), "def f():\n    x = 1\n    return x");
  auto& y = *p.module->body[1];
  EXPECT_EQ(p.file->text().substr(y.span.begin, y.span.end - y.span.begin), "y = 2");
}

TEST(Statements, PositionalAfterKeywordIsRecorded) {
  auto p = parse("craft(obj = {\"wooden_axe\":1}, {\"planks\": 3}, tool = \"crafting_table\")\n");
  ASSERT_TRUE(p.diags.empty());
  auto* call = cast<Call>(cast<ExprStmt>(p.module->body[0].get())->value.get());
  EXPECT_TRUE(call->positional_after_keyword);
  ASSERT_EQ(call->args.size(), 1u);
  ASSERT_EQ(call->keywords.size(), 2u);
  EXPECT_EQ(call->keywords[0].name, "obj");
  EXPECT_EQ(call->keywords[1].name, "tool");
  EXPECT_EQ(p.file->line_col(call->keywords[1].name_span.begin).column, 46u);
}

TEST(Statements, Lambda) {
  EXPECT_EQ(dump("f = lambda x, y=1: x\n"),
            "(Module\n"
            "  (Assign 1:1\n"
            "    (Name 1:1 f)\n"
            "    (Lambda 1:5\n"
            "      (Param 1:12 x)\n"
            "      (Param 1:15 y\n"
            "        (Int 1:17 1))\n"
            "      (Name 1:20 x))))\n");
}

TEST(Statements, SingleLineSuites) {
  auto p = parse("if x: a = 1; b = 2\nwhile y: pass\ndef g(): return 1\n");
  ASSERT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 3u);
  EXPECT_EQ(cast<If>(p.module->body[0].get())->body.size(), 2u);
}

}  // namespace
}  // namespace plank::frontend::testing
