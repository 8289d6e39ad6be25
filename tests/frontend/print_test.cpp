// The AST printer (compiler/frontend/ast_print.h), tested as a property:
// parse a program, print it, parse the print, and the two ASTs are the same
// (their dumps agree once positions are left out); printing the second gives
// the same text again. The corpus is every program of the tree (examples/,
// stdlib/), every CAIP logical form of the data, snippets that reach each
// node kind and precedence level, and modules made with the AST builder.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "compiler/frontend/ast_build.h"
#include "compiler/frontend/ast_print.h"
#include "compiler/frontend/literals.h"
#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

namespace fs = std::filesystem;

// A dump without line:col, so that two parses of differently laid-out text compare.
std::string without_positions(const std::string& dump) {
  static const std::regex position(R"(^(\s*\(\S+) \d+:\d+)", std::regex::multiline);
  return std::regex_replace(dump, position, "$1");
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Parses `text`, prints it, parses the print: same AST, and printing is a fixed point.
void expect_round_trip(const std::string& text, const std::string& name) {
  Parsed first = parse(text, name);
  ASSERT_TRUE(first.diags.empty()) << name << "\n" << diag_lines(*first.file, first.diags);
  std::string printed = ast::print_module(*first.module);
  Parsed second = parse(printed, name + " (printed)");
  ASSERT_TRUE(second.diags.empty()) << name << "\n" << diag_lines(*second.file, second.diags) << "\n" << printed;
  EXPECT_EQ(without_positions(ast::dump_ast(*first.module)), without_positions(ast::dump_ast(*second.module)))
      << name << "\n" << printed;
  EXPECT_EQ(ast::print_module(*second.module), printed) << name;
}

std::vector<fs::path> plank_files_under(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".plank") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Print, EveryProgramOfTheTreeRoundTrips) {
  size_t n = 0;
  for (const char* dir : {"examples", "stdlib"})
    for (const auto& f : plank_files_under(fs::path(PLANK_SOURCE_DIR) / dir)) {
      if (f.string().find("/errors/") != std::string::npos) continue;  // deliberate syntax errors
      expect_round_trip(read_file(f), f.string());
      ++n;
    }
  EXPECT_GE(n, 19u);  // examples/deps and examples/programs at least
}

// Every node kind, every precedence level, and the spellings that need care.
TEST(Print, SnippetsRoundTrip) {
  const char* snippets[] = {
      "x = 1\ny = 2.5\nz = 1e+20\nw = .5e-3\ns = 'it\\'s'\nt = \"a\\\"b'c\"\nu = None\nv = True\nf = False\n",
      "a = [1, (2,), (), (3, 4)]\nb = {'k': [1], (): {}, 1: {'x': None}}\n",
      "r = -2 ** 2\nq = (-2) ** 2\np = 2 ** -1\no = 2 ** 3 ** 4\nn = (2 ** 3) ** 4\nm = -(-x)\nl = +x\n",
      "a = x - (y - z)\nb = (x - y) - z\nc = x * (y + z)\nd = x // y % z\ne = x / (y * z)\n",
      "a = not x == y\nb = (x < y) < z\nc = x < y <= z != w\nd = x in y and x not in z\ne = x is None or x is not y\n",
      "a = (x or y) and z\nb = x or (y and z)\nc = not (x and y)\nd = (not x) == y\n",
      "a = x if c else y if d else z\nb = (x if c else y) if d else z\nc = (lambda: 1) if c else lambda y=2: y\n",
      "f = lambda: lambda x, y=1: x + y\ng = (lambda x: x)(1)\nh = f(a)(b)[c].d\ni = (1).real\nj = 1.5.real\n",
      "a = x[1:2, ::3]\nb = x[()]\nc = x[1,]\nd = x[:]\ne = x[::]\nf = x[a:b:c]\ng = x[(1, 2)]\n",
      "a = b = c = 0\nx, y = y, x\n(p, q) = 1, 2\nn += 1\nn **= 2\nn //= 3\nd['k'] -= 1\nobj.attr = 3\n",
      "import a.b as c, d\nfrom m.n import x, y as z\n",
      "def f(a, b=1, c=None):\n    '''doc'''\n    if a:\n        return\n    elif b:\n        return b\n    elif c:\n        pass\n"
      "    else:\n        return (a, b)\n    while a < 3:\n        a += 1\n        if a == 2:\n            continue\n        break\n"
      "    for k, v in d.items():\n        print(k, v)\n    for (a, b), c in z:\n        pass\n    for a, in z:\n        pass\n"
      "    assert a, 'message'\n    assert b\n    def g():\n        return f\n    return g\n",
      "if a:\n    pass\nelse:\n    if b:\n        pass\n",
      "craft(obj = {'planks': 4}, {'log': 1}, tool = null)\nmine({'log':3}, null); craft({'planks':12}, {'log':3}, null)\n",
      "s = 'tab\\there\\nnew\\x00zero\\x7f del \\u2028 sep \\ud800 lone \\U0001F600 \\\\ back'\nt = 'caf\xc3\xa9'\n",
  };
  // A raw byte that is not UTF-8 ('raw \xff byte') is no longer a string literal at all: the
  // front end reports it at that byte (issue 24; Utf8Agreement.*), so it has no round trip to test.
  // The printer still writes such a byte as it is (StringLiteralsDecodeToTheirText): no escape
  // decodes to it, and a parse of the print then fails at that byte instead of changing the value.
  int i = 0;
  for (const char* s : snippets) expect_round_trip(s, "snippet " + std::to_string(i++));
}

// Every logical form of the CAIP data is a dict literal: as expressions they round-trip too.
TEST(Print, EveryCaipLogicalFormRoundTripsAsAnExpression) {
  fs::path dir = fs::path(PLANK_SHARED_DIR) / "data" / "caip";
  if (!fs::exists(dir / "valid.jsonl")) GTEST_SKIP() << "no CAIP data at " << dir;
  size_t n = 0;
  for (const char* name : {"train.jsonl", "valid.jsonl"}) {
    std::ifstream in(dir / name, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      auto file = SourceFile::from_string(name, line);
      DiagnosticSink sink;
      auto e = parse_expression(file, sink);
      ASSERT_NE(e, nullptr) << line;
      std::string printed = ast::print_expr(*e);
      auto file2 = SourceFile::from_string("printed", printed);
      auto e2 = parse_expression(file2, sink);
      ASSERT_NE(e2, nullptr) << printed;
      ASSERT_EQ(without_positions(ast::dump_ast(*e, *file)), without_positions(ast::dump_ast(*e2, *file2))) << line;
      ++n;
    }
  }
  EXPECT_EQ(n, 3576u);
}

// A string literal decodes back to the text it was made for: every byte value
// below 0x80 and a spread of code points, in both quote styles.
TEST(Print, StringLiteralsDecodeToTheirText) {
  std::string all_ascii;
  for (int c = 0; c < 0x80; ++c) all_ascii += char(c);
  for (const std::string& text : {all_ascii, std::string("it's"), std::string("say \"hi\""), std::string("both ' and \""),
                                  std::string("caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80"), std::string("raw \xff byte"),
                                  std::string()}) {
    std::string lit = ast::string_literal(text);
    EXPECT_EQ(decode_string_literal(lit), text) << lit;
    EXPECT_EQ(lit.find('\n'), std::string::npos) << lit;
  }
  EXPECT_EQ(ast::string_literal("it's"), "\"it's\"");
  EXPECT_EQ(ast::string_literal("a'b\"c"), "'a\\'b\"c'");
}

// A module made with the builder prints as source that parses to the same AST.
TEST(Print, BuiltModulesPrintAsTheSameProgram) {
  using namespace plank::ast::build;
  Span at{0, 5};
  ast::Module m;
  m.file = SourceFile::from_string("<built>", "words");
  ast::StmtList body;
  body.push_back(assign(at, "shape0", call_named(at, "caip_schematic", {}, keywords(keyword(at, "name", str(at, "it's")),
                                                                                           keyword(at, "dig", boolean(at, true))))));
  body.push_back(if_stmt(at, is_none(at, name(at, "shape0")), stmts(return_stmt(at))));
  body.push_back(for_loop(at, "k", call_named(at, "range", exprs(integer(at, 3))),
                          stmts(expr_stmt(at, call_named(at, "caip_build", exprs(name(at, "shape0"), name(at, "k")))))));
  ast::StmtList loop;
  loop.push_back(if_stmt(at, logical_not(at, call_named(at, "caip_step", exprs(str(at, "LEFT")))), stmts(break_stmt(at))));
  loop.push_back(assign(at, "i", binary(at, ast::BinaryOp::Add, name(at, "i"), integer(at, 1))));
  body.push_back(while_loop(at, logical_and(at, exprs(call_named(at, "caip_keep_going", exprs(name(at, "i"))),
                                                      compare(at, name(at, "i"), ast::CompareOp::Lt, integer(at, 5)))),
                            std::move(loop)));
  body.push_back(expr_stmt(at, call_named(at, "f", exprs(list(at, exprs(none(at), integer(at, -2))),
                                                            binary(at, ast::BinaryOp::Pow, integer(at, -2), integer(at, 2))))));
  m.body.push_back(function_def(at, "command", {}, std::move(body)));
  std::vector<ast::Param> params;
  params.push_back(param(at, "x", integer(at, 1)));
  m.body.push_back(function_def(at, "empty", std::move(params), {}));
  m.body.push_back(expr_stmt(at, call_named(at, "command")));
  std::string printed = ast::print_module(m);
  EXPECT_NE(printed.find("shape0 = caip_schematic(name=\"it's\", dig=True)\n    if shape0 is None:\n        return\n"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("f([None, -2], (-2) ** 2)"), std::string::npos) << printed;
  EXPECT_NE(printed.find("def empty(x=1):\n    pass\n"), std::string::npos) << printed;
  Parsed again = parse(printed, "printed");
  ASSERT_TRUE(again.diags.empty()) << diag_lines(*again.file, again.diags) << "\n" << printed;
  EXPECT_EQ(ast::print_module(*again.module), printed);
}

}  // namespace
}  // namespace plank::frontend::testing
