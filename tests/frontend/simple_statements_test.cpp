// The hand-written parser of simple top-level statements (simple_statements.h)
// must give exactly what ANTLR and the transformer give: the same AST (every
// node's kind, value and whole span), the same diagnostics. Checked on every
// program in the repository and on statements written to sit on either side
// of its edges (the shapes it takes, and the near misses it must leave to ANTLR).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/frontend/ast_walk.h"
#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

namespace fs = std::filesystem;

// Every span (begin and end) of the top-level statements' expressions, in
// walk order: dump_ast shows where a node begins, not where it ends.
void spans_of(const ast::Expr* e, std::string& out) {
  out += std::to_string(static_cast<int>(e->kind)) + "@" + std::to_string(e->span.begin) + "-" +
         std::to_string(e->span.end) + " ";
  ast::for_each_child(e, [&](const ast::Expr* c) { spans_of(c, out); });
}

std::string spans(const ast::Module& m) {
  std::string out;
  for (const auto& s : m.body) {
    out += "stmt@" + std::to_string(s->span.begin) + "-" + std::to_string(s->span.end) + ": ";
    if (auto* x = ast::dyn_cast<ast::ExprStmt>(s.get())) spans_of(x->value.get(), out);
    if (auto* a = ast::dyn_cast<ast::Assign>(s.get())) {
      for (const auto& t : a->targets) spans_of(t.get(), out);
      spans_of(a->value.get(), out);
    }
    if (auto* a = ast::dyn_cast<ast::AugAssign>(s.get())) {
      spans_of(a->target.get(), out);
      spans_of(a->value.get(), out);
    }
    out += "\n";
  }
  return out;
}

std::string diagnostics(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds)
    out += std::to_string(d.span.begin) + "-" + std::to_string(d.span.end) + " " + d.message + "\n";
  return out;
}

// Parses `text` both ways; returns "" when they agree, else what differs.
std::string compare_paths(const std::string& text) {
  auto file = SourceFile::from_string("both.plank", text);
  DiagnosticSink fast_sink, antlr_sink;
  auto fast = parse_module(file, fast_sink);
  auto antlr = parse_module_antlr_only(file, antlr_sink);
  std::string why;
  if (ast::dump_ast(*fast) != ast::dump_ast(*antlr))
    why += "AST:\n" + ast::dump_ast(*fast) + "\nagainst ANTLR's:\n" + ast::dump_ast(*antlr) + "\n";
  if (spans(*fast) != spans(*antlr)) why += "spans:\n" + spans(*fast) + "against ANTLR's:\n" + spans(*antlr);
  if (diagnostics(fast_sink.all()) != diagnostics(antlr_sink.all()))
    why += "diagnostics:\n" + diagnostics(fast_sink.all()) + "against ANTLR's:\n" + diagnostics(antlr_sink.all());
  return why;
}

TEST(SimpleStatements, EveryProgramInTheRepositoryParsesAsWithAntlrAlone) {
  size_t files = 0;
  for (const char* dir : {"examples", "tests"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(PLANK_SOURCE_DIR) / dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".plank" && ext != ".py")) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      EXPECT_EQ(compare_paths(ss.str()), "") << e.path();
      ++files;
    }
  }
  EXPECT_GE(files, 50u) << "the examples and test programs were not found";
}

TEST(SimpleStatements, EachShapeAndEachNearMissParsesAsWithAntlrAlone) {
  const char* statements[] = {
      // taken by the fast path
      "x = 1", "x = y", "a = b = c = 2", "n += 1", "n -= 2.5", "n **= 2", "n >>= k", "s = 'a\\tb'",
      "s = \"é\"", "t = '''long\nstring'''", "f()", "f(1)", "f(1, 'a', x, None, true, False, 0.5,)",
      "x = g(a, b)", "x += g()", "'docstring'", "42", "None", "x_1 = 1_000_000", "x = 0", "print(x)",
      "y = 9223372036854775807",
      // left to ANTLR: must come out the same
      "x = 01", "x = 00", "x = 0x1f", "x = 0_0", "x = 99999999999999999999", "x = 1j", "x = -1",
      "x = r'a\\b'", "x = b'ab'", "x = f'{y}'", "x = 'a' 'b'", "x = u'a'", "x = ub'a'", "x = '\xc0\xaf'",
      "x.a = 1", "x[0] = 1", "a, b = 1, 2", "x = y = f(1) = 2", "f(1) = 2", "1 = x", "None = 1",
      "x = f(a)(b)", "x = f(g(1))", "x = f(k=1)", "x = f(*a)", "x = f(,)", "x = f(1 2)", "x = f(1",
      "x = 1 2", "x = y z", "x += y = 1", "x += 1, 2", "x: int = 1", "x = yield", "x = 1; y = 2",
      "x = (1)", "x = [1]", "x = 1 + 2", "x =", "= 1", "x = = 1", "x ==  1", "if x: y = 1", "  x = 1",
      "x = 1 \\\n + 2", "x = 1 # comment", "del x", "pass", "x = ...", "lambda: 0", "x = not y",
      "x = 'unterminated", "x = $", "x = 1 $", "x = ((", "f(", "f())",
  };
  for (const char* s : statements) {
    const std::string one = std::string(s) + "\n";
    EXPECT_EQ(compare_paths(one), "") << s;
    // and between other statements, both kinds, without the final newline too
    EXPECT_EQ(compare_paths("a = 1\n" + one + "def f():\n    return 1\n" + one + "b = 2\n" + s), "") << s;
  }
}

TEST(SimpleStatements, AStraightLineProgramOfManyBatchesParsesAsWithAntlrAlone) {
  // More statements than one ANTLR batch (512), the hand-parsed ones between them.
  std::string text;
  for (int i = 0; i < 1500; ++i) {
    text += "x" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    if (i % 7 == 0) text += "y = x" + std::to_string(i) + " + 1\n";
    if (i % 300 == 0) text += "z = )\n";  // a syntax error inside a batch
    if (i % 250 == 0) text += "for i in range(2):\n    x = i\n";
  }
  EXPECT_EQ(compare_paths(text), "");
}

}  // namespace
}  // namespace plank::frontend::testing
