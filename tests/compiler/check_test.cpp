// The checker: static errors with exact positions, scopes, warnings.
#include <gtest/gtest.h>

#include "compiler/check/check.h"
#include "compiler/frontend/parser.h"

namespace plank {
namespace {

struct Checked {
  std::unique_ptr<ast::Module> ast;
  DiagnosticSink sink;
  check::CheckedModule cm;
};

std::unique_ptr<Checked> check_text(const std::string& text) {
  auto c = std::make_unique<Checked>();
  auto file = SourceFile::from_string("t.plank", text);
  c->ast = frontend::parse_module(file, c->sink);
  EXPECT_FALSE(c->sink.has_errors()) << render_text(c->sink.all());
  c->cm = check::check_module(*c->ast, c->sink);
  return c;
}

// "line:col: message" of every diagnostic.
std::vector<std::string> errors(const std::string& text) {
  auto c = check_text(text);
  std::vector<std::string> out;
  for (const auto& d : c->sink.all()) {
    auto lc = d.file->line_col(d.span.begin);
    out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " +
                  (d.severity == Severity::Warning ? "warning: " : "") + d.message);
  }
  return out;
}

using V = std::vector<std::string>;

TEST(Check, ReturnOutsideFunction) { EXPECT_EQ(errors("x = 1\nreturn x\n"), V{"2:1: 'return' outside function"}); }

TEST(Check, BreakContinueOutsideLoop) {
  EXPECT_EQ(errors("break\n"), V{"1:1: 'break' outside loop"});
  EXPECT_EQ(errors("if True:\n    continue\n"), V{"2:5: 'continue' not properly in loop"});
  // a def inside a loop starts a new loop context
  EXPECT_EQ(errors("while True:\n    def f():\n        break\n    break\n"), V{"3:9: 'break' outside loop"});
  EXPECT_TRUE(errors("for i in [1]:\n    if i:\n        break\n    continue\n").empty());
}

TEST(Check, IntrinsicArity) {
  EXPECT_EQ(errors("n = len([1], [2])\n"), V{"1:5: len() takes exactly one argument (2 given)"});
  EXPECT_EQ(errors("n = len()\n"), V{"1:5: len() takes exactly one argument (0 given)"});
  // shadowed builtins are not checked statically
  EXPECT_TRUE(errors("def len(a, b):\n    return 0\nn = len(1, 2)\n").empty());
}

TEST(Check, DuplicateParameterInHandBuiltAst) {
  // The parser reports duplicates in source; the checker also guards ASTs built otherwise.
  auto file = SourceFile::from_string("t.plank", "f = lambda a, a: a\n");
  ast::Module m;
  m.file = file;
  std::vector<ast::Param> params;
  params.push_back({"a", Span{11, 12}, nullptr});
  params.push_back({"a", Span{14, 15}, nullptr});
  auto lambda = std::make_unique<ast::Lambda>(Span{4, 18}, std::move(params),
                                              std::make_unique<ast::Name>(Span{17, 18}, "a"));
  ast::ExprList targets;
  targets.push_back(std::make_unique<ast::Name>(Span{0, 1}, "f"));
  m.body.push_back(std::make_unique<ast::Assign>(Span{0, 18}, std::move(targets), std::move(lambda)));
  DiagnosticSink sink;
  check::check_module(m, sink);
  ASSERT_EQ(sink.all().size(), 1u);
  EXPECT_EQ(sink.all()[0].message, "duplicate parameter 'a'");
  EXPECT_EQ(sink.all()[0].span.begin, 14u);
}

TEST(Check, Imports) {
  EXPECT_EQ(errors("import numpy\n"), V{"1:8: no module named 'numpy'"});
  EXPECT_EQ(errors("from os import path\n"), V{"1:6: no module named 'os'"});
  EXPECT_EQ(errors("from actions import print, not_an_action\n"),
            V{"1:28: cannot import name 'not_an_action' from 'actions'"});
  EXPECT_EQ(errors("import actions\nactions.nope(1)\n"), V{"2:9: module 'actions' has no attribute 'nope'"});
}

TEST(Check, PositionalAfterKeywordWarns) {
  auto e = errors("def f(a, b=1):\n    return a\nf(b=2, 3)\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].rfind("3:1: warning: positional argument follows keyword argument", 0), 0u) << e[0];
}

TEST(Check, LogicalFormDictIsValidated) {
  auto c = check_text("form = {\"dialogue_type\": \"NOT_A_TYPE\"}\n");
  ASSERT_TRUE(c->sink.has_errors());
  // a dict without dialogue_type is just data
  EXPECT_TRUE(errors("form = {\"type\": \"NOT_A_TYPE\"}\n").empty());
}

TEST(Check, ScopesFollowPython) {
  auto c = check_text(
      "g = 1\n"
      "def outer(p):\n"
      "    x = 1\n"
      "    y = 2\n"
      "    def inner():\n"
      "        return x + g + len([])\n"
      "    return inner\n");
  const check::Scope* outer = nullptr;
  const check::Scope* inner = nullptr;
  for (const auto& s : c->cm.scopes) {
    if (s->name == "outer") outer = s.get();
    if (s->name == "inner") inner = s.get();
  }
  ASSERT_TRUE(outer && inner);
  EXPECT_EQ(inner->qualified, "outer.<locals>.inner");
  EXPECT_EQ(outer->resolve("x").binding, check::Binding::Cell);
  EXPECT_EQ(outer->resolve("y").binding, check::Binding::Local);
  EXPECT_EQ(outer->resolve("p").binding, check::Binding::Local);
  EXPECT_EQ(inner->resolve("x").binding, check::Binding::Free);
  EXPECT_EQ(inner->resolve("g").binding, check::Binding::Global);
  EXPECT_EQ(inner->resolve("len").binding, check::Binding::Builtin);
  EXPECT_EQ(inner->resolve("undefined_name").binding, check::Binding::Global);
  EXPECT_EQ(inner->frees, std::vector<std::string>{"x"});
}

TEST(Check, FreeVariablesThreadThroughMiddleScopes) {
  auto c = check_text("def a():\n    v = 1\n    def b():\n        def c():\n            return v\n        return c\n    return b\n");
  for (const auto& s : c->cm.scopes)
    if (s->name == "b" || s->name == "c") {
      EXPECT_EQ(s->frees, std::vector<std::string>{"v"}) << s->name;
    }
}

}  // namespace
}  // namespace plank
