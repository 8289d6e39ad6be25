// Tokenizer behaviour seen through the parser: INDENT/DEDENT, brackets, comments, CRLF.
#include <gtest/gtest.h>

#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

using namespace plank::ast;

TEST(Lexer, EmptyAndBlankFiles) {
  for (const char* text : {"", "\n", "\n\n   \n", "# just a comment", "  # indented comment\n\n", "\r\n\r\n"}) {
    auto p = parse(text);
    EXPECT_TRUE(p.diags.empty()) << "[" << text << "] " << diag_lines(*p.file, p.diags);
    EXPECT_TRUE(p.module->body.empty());
  }
}

TEST(Lexer, NoTrailingNewline) {
  auto p = parse("def f():\n    return 1");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 1u);
  EXPECT_EQ(cast<FunctionDef>(p.module->body[0].get())->body.size(), 1u);
}

TEST(Lexer, CrlfLineEndings) {
  auto p = parse("if x:\r\n    a = 1\r\n\r\n    b = 2\r\nc = 3\r\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 2u);
  EXPECT_EQ(cast<If>(p.module->body[0].get())->body.size(), 2u);
}

TEST(Lexer, BlankAndCommentLinesInsideBlocksDoNotDedent) {
  auto p = parse("while x:\n    a = 1\n\n# at column 0\n        # deeper\n    b = 2\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 1u);
  EXPECT_EQ(cast<While>(p.module->body[0].get())->body.size(), 2u);
}

TEST(Lexer, NewlinesInsideBracketsAreIgnored) {
  auto p = parse("craft(\n  {'stick': 4},\n\n      {'planks': 2},  # comment\n  null\n)\nx = [\n1,\n2]\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  EXPECT_EQ(p.module->body.size(), 2u);
}

TEST(Lexer, BackslashContinuation) {
  auto p = parse("x = 1 + \\\n    2\nif a and \\\n   b:\n    pass\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  EXPECT_EQ(p.module->body.size(), 2u);
}

TEST(Lexer, TabsAndMultipleDedents) {
  auto p = parse("def f():\n\tif x:\n\t\ty = 1\n\treturn y\nz = 0\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 2u);
  auto* f = cast<FunctionDef>(p.module->body[0].get());
  EXPECT_EQ(f->body.size(), 2u);
  // Dedent by two levels at once, at end of file without a newline.
  auto q = parse("def f():\n    while a:\n        if b:\n            pass");
  EXPECT_TRUE(q.diags.empty()) << diag_lines(*q.file, q.diags);
}

TEST(Lexer, KeywordsAreNotNames) {
  auto p = parse("nothing = notable or island\n");  // prefixes of keywords stay names
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
}

TEST(Lexer, TripleQuotedStringSpansLines) {
  auto p = parse("s = '''line one\n  line two'''\nt = 1\n");
  EXPECT_TRUE(p.diags.empty()) << diag_lines(*p.file, p.diags);
  ASSERT_EQ(p.module->body.size(), 2u);
  auto* a = cast<Assign>(p.module->body[0].get());
  EXPECT_EQ(cast<StringLiteral>(a->value.get())->value, "line one\n  line two");
}

}  // namespace
}  // namespace plank::frontend::testing
