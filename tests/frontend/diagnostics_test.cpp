// Malformed plans: exactly one precise diagnostic at the right line:col, in plain words.
#include <gtest/gtest.h>

#include "frontend_test_util.h"

namespace plank::frontend::testing {
namespace {

struct Case {
  const char* name;
  const char* text;
  const char* expected;  // "line:col: message", one diagnostic
};
// What ctest's name shows for a case: its name (gtest would print the struct's
// bytes, pointers included, so the names changed from run to run).
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

const Case kCases[] = {
    {"unclosed_dict", "mine({'log': 3, null)\n", "1:21: closing ')' does not match opening '{' at 1:6 (missing '}'?)"},
    {"unclosed_dict_at_eof", "x = {'log': 3\ny = 2\nz = 3\n", "1:5: '{' was never closed"},
    {"unclosed_call", "craft({'planks':12}, {'log':3}, null\nmine({'log':3}, null)\n", "1:6: '(' was never closed"},
    {"unclosed_list_blank_lines", "x = [1, 2\n\n\ny = 3\n", "1:5: '[' was never closed"},
    {"stray_close_paren", "mine({'log':3}, null))\n", "1:22: unexpected ')'"},
    {"stray_close_brace", "x = 1}\n", "1:6: unexpected '}'"},
    {"missing_if_colon", "if x\n    y = 1\n", "1:5: expected ':' after the if condition"},
    {"missing_elif_colon", "if x:\n    pass\nelif y\n    pass\n", "3:7: expected ':' after the elif condition"},
    {"missing_else_colon", "if x:\n    pass\nelse\n    pass\n", "3:5: expected ':' after 'else'"},
    {"missing_while_colon", "while not inventory.has({'log': 3})\n    mine()\n",
     "1:36: expected ':' after the while condition"},
    {"missing_for_colon", "for x in xs\n    pass\n", "1:12: expected ':' after the for loop header"},
    {"missing_def_colon", "def f(x)\n    return x\n", "1:9: expected ':' after the function signature"},
    {"missing_colon_with_comment", "if x   # check\n    pass\n", "1:5: expected ':' after the if condition"},
    {"unexpected_indent", "x = 1\n    y = 2\nz = 3\n", "2:5: unexpected indent"},
    {"unexpected_indent_in_block", "def f():\n    a = 1\n        b = 2\n    return a\n", "3:9: unexpected indent"},
    {"bad_dedent", "if x:\n        a = 1\n    b = 2\n", "3:5: unindent does not match any outer indentation level"},
    {"missing_block", "def f():\nreturn 1\n", "2:1: expected an indented block after function definition on line 1"},
    {"missing_block_if", "if x:\ny = 1\n", "2:1: expected an indented block after 'if' statement on line 1"},
    {"missing_block_at_eof", "while x:\n", "2:1: expected an indented block after 'while' statement on line 1"},
    {"unterminated_string", "craft({'planks:12}, null)\ny = 1\n", "1:8: unterminated string literal"},
    {"unterminated_double", "x = \"abc\n", "1:5: unterminated string literal"},
    {"unterminated_triple", "x = 1\ns = \"\"\"doc\nmore\n", "2:5: unterminated triple-quoted string literal (\"\"\" is never closed)"},
    {"invalid_char", "x = 3 $ 4\n", "1:7: invalid character '$'"},
    {"curly_quote", "mine({\xE2\x80\x99log\xE2\x80\x99:3}, null)\n", "1:7: invalid character '\xE2\x80\x99' (U+2019)"},
    {"missing_comma", "craft({'planks': 4} {'log': 1})\n", "1:21: unexpected '{' (perhaps a missing comma?)"},
    {"missing_comma_in_dict", "x = {'a': 1 'b': 2}\n", "1:13: unexpected ''b'' (perhaps a missing comma?)"},
    {"missing_rhs", "x = \n", "1:4: expected an expression after '='"},
    {"dangling_operator", "y = a +\n", "1:8: expected an expression after '+'"},
    {"double_operator", "y = 3 * / 4\n", "1:9: unexpected '/', expected an expression"},
    {"two_values", "x = 1 2\n", "1:7: unexpected '2', expected ';' or end of line"},
    {"else_without_if", "x = 1\nelse:\n    pass\n", "2:1: 'else' without a matching 'if'"},
    {"assign_to_call", "f() = 3\n", "1:1: cannot assign to function call (did you mean '=='?)"},
    {"assign_to_literal", "3 = x\n", "1:1: cannot assign to literal"},
    {"aug_assign_tuple", "a, b += 1\n", "1:1: 'tuple' is an illegal target for augmented assignment"},
    {"repeated_keyword", "mine(obj='log', obj='dirt')\n", "1:17: keyword argument repeated: 'obj'"},
    {"duplicate_param", "def f(a, a):\n    pass\n", "1:10: duplicate parameter 'a'"},
    {"non_default_after_default", "def f(a=1, b):\n    pass\n",
     "1:12: parameter 'b' without a default follows a parameter with a default"},
    {"leading_zero", "x = 007\n", "1:5: leading zeros in decimal integer literals are not permitted (use 0o for octal)"},
    {"from_without_import", "from actions mine_log\n", "1:14: unexpected 'mine_log', expected 'import'"},
    {"def_without_name", "def (x):\n    pass\n", "1:5: unexpected '(', expected a name"},
};

class Malformed : public ::testing::TestWithParam<Case> {};

TEST_P(Malformed, ExactlyOnePreciseDiagnostic) {
  const Case& c = GetParam();
  Parsed p = parse(c.text);
  EXPECT_EQ(diag_lines(*p.file, p.diags), c.expected) << c.text;
  for (const auto& d : p.diags) {
    EXPECT_EQ(d.code, "syntax");
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.file, p.file);
  }
}

INSTANTIATE_TEST_SUITE_P(Frontend, Malformed, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

TEST(Diagnostics, SeveralIndependentErrorsAreAllReported) {
  Parsed p = parse("mine({'log':3}, null)\nx = = 1\ncraft({'planks':4}, null\n");
  EXPECT_EQ(diag_lines(*p.file, p.diags), "2:5: unexpected '=', expected an expression\n3:6: '(' was never closed");
  ASSERT_EQ(p.module->body.size(), 1u);  // the good first statement survives
}

TEST(Diagnostics, ErrorsInSeparateTopLevelStatements) {
  Parsed p = parse("if a\n    pass\nok = 1\nwhile b\n    pass\n");
  EXPECT_EQ(diag_lines(*p.file, p.diags),
            "1:5: expected ':' after the if condition\n4:8: expected ':' after the while condition");
  EXPECT_EQ(p.module->body.size(), 1u);
}

TEST(Diagnostics, RenderedWithCaret) {
  Parsed p = parse("x = {'log': 3\n");
  ASSERT_EQ(p.diags.size(), 1u);
  EXPECT_EQ(render_text(p.diags[0]), "test.plank:1:5: error: '{' was never closed\n  x = {'log': 3\n      ^\n");
}

TEST(Diagnostics, NestingTooDeepIsReportedNotACrash) {
  std::string deep(10000, '(');
  Parsed p = parse("x = " + deep + "1\n");
  EXPECT_EQ(diag_lines(*p.file, p.diags), "1:205: nesting too deep: more than 200 nested brackets");
  Parsed q = parse("x = " + std::string(10000, '[') + "\n");
  EXPECT_EQ(q.diags.size(), 1u);
  std::string nots;
  for (int i = 0; i < 100000; ++i) nots += "not ";
  Parsed r = parse("x = " + nots + "y\n");
  ASSERT_EQ(r.diags.size(), 1u);
  EXPECT_EQ(r.diags[0].message, "nesting too deep: more than 300 prefix operators in one expression");
  std::string minus(50000, '-');
  Parsed s = parse("x = " + minus + "1\n");
  ASSERT_EQ(s.diags.size(), 1u);
}

TEST(Diagnostics, LongOperatorChainsAreBounded) {
  std::string sum = "x = 1";
  for (int i = 0; i < 20000; ++i) sum += " + 1";
  Parsed p = parse(sum + "\n");
  ASSERT_EQ(p.diags.size(), 1u);
  EXPECT_EQ(p.diags[0].message, "expression nesting too deep (more than 1500 levels)");
  std::string ok = "x = 1";
  for (int i = 0; i < 500; ++i) ok += " + 1";
  EXPECT_TRUE(parse(ok + "\n").diags.empty());
}

TEST(Diagnostics, TooManyIndentationLevels) {
  std::string text;
  for (int i = 0; i < 150; ++i) text += std::string(i, ' ') + "if x:\n";
  text += std::string(150, ' ') + "pass\n";
  Parsed p = parse(text);
  ASSERT_EQ(p.diags.size(), 1u);
  EXPECT_EQ(p.diags[0].message, "too many levels of indentation (more than 100)");
}

}  // namespace
}  // namespace plank::frontend::testing
