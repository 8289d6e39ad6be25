// Private to compiler/frontend (it includes ANTLR headers): the Plank lexer.
//
// Wraps the generated PlankLexer with what a Python-like grammar cannot say:
// INDENT/DEDENT tokens, newlines ignored inside brackets, and the lexical
// diagnostics (invalid characters, unterminated strings, bracket mismatches,
// bad dedents). It also enforces the nesting limits of parser.h, which is what
// bounds how deep the parser can recurse.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "PlankLexer.h"
#include "antlr4-runtime.h"
#include "compiler/frontend/syntax_problem.h"

namespace plank::frontend {

// One ANTLR "character" per byte, so token indexes are byte offsets (Spans).
class ByteStream : public antlr4::ANTLRInputStream {
 public:
  explicit ByteStream(const std::string& bytes);
};

// Token classes shared by the lexer and the syntax-error reporter.
bool is_open_bracket(size_t type);
bool is_close_bracket(size_t type);
bool ends_operand(size_t type);  // a token after which '-' / '+' is binary

class IndentLexer : public grammar::PlankLexer {
 public:
  // expression_mode: no INDENT/DEDENT (a logical form may be indented freely).
  IndentLexer(antlr4::CharStream* input, const std::string& text, bool expression_mode);

  std::unique_ptr<antlr4::Token> nextToken() override;

  std::vector<Problem> problems;
  std::vector<uint32_t> chunk_starts;  // byte offsets of tokens that start a top-level statement

 private:
  struct Open {
    size_t type;
    uint32_t offset;
  };

  void report(Span s, std::string msg) { problems.push_back({s, std::move(msg)}); }
  std::unique_ptr<antlr4::Token> synth(size_t type, uint32_t offset);
  void finish(uint32_t offset);
  void fatal(Span s, std::string msg);
  void fill();
  bool indent(uint32_t start);
  uint32_t indent_width(uint32_t offset) const;
  uint32_t column_of(uint32_t offset) const;
  uint32_t line_of(uint32_t offset) const;

  const std::string& text_;
  bool expression_mode_;
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<uint32_t> indents_{0};
  std::vector<Open> brackets_;
  bool at_line_start_ = true;
  bool after_decorator_ = false;  // the last logical line started with '@'
  bool done_ = false;
  size_t prev_type_ = 0;
  int unary_run_ = 0;
  uint64_t logical_line_ = 0;
  uint64_t invalid_reported_line_ = UINT64_MAX;
};

}  // namespace plank::frontend
