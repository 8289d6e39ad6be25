// The Plank front end: tokenizer (INDENT/DEDENT), two-stage ANTLR parse with
// plain-words diagnostics, and the parse-tree -> AST transformer.
//
// Error policy (one root cause, one diagnostic):
//  * the tokenizer reports lexical problems (invalid characters, unterminated
//    strings, bracket mismatches, bad dedents, nesting limits);
//  * the file is parsed whole with SLL + bail; on failure it is re-parsed per
//    top-level statement ("chunk"), each with full LL and a strategy that reports
//    the first error of the chunk and abandons it (no in-rule recovery, so no
//    cascades); a chunk that already holds a lexical error reports nothing more.
#include <pthread.h>

#include <algorithm>
#include <deque>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "PlankLexer.h"
#include "PlankParser.h"
#include "antlr4-runtime.h"
#include "frontend/literals.h"
#include "frontend/parser.h"

namespace plank::frontend {
namespace {

using antlr4::Token;
using antlr4::tree::TerminalNode;
using grammar::PlankLexer;
using P = grammar::PlankParser;

struct Problem {
  Span span;
  std::string message;
};

// ============================================================ char stream
// One ANTLR "character" per byte, so token indexes are byte offsets (Spans).
class ByteStream : public antlr4::ANTLRInputStream {
 public:
  explicit ByteStream(const std::string& bytes) {
    _data.resize(bytes.size());
    for (size_t i = 0; i < bytes.size(); ++i) _data[i] = static_cast<unsigned char>(bytes[i]);
    p = 0;
  }
};

std::string quote_char_for_message(std::string_view text, size_t at, size_t* length) {
  unsigned char c = static_cast<unsigned char>(text[at]);
  if (c < 0x80) {
    *length = 1;
    if (c < 0x20 || c == 0x7f) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "U+%04X", c);
      return buf;
    }
    return "'" + std::string(1, static_cast<char>(c)) + "'";
  }
  size_t n = (c >= 0xF0 && c < 0xF8) ? 4 : (c >= 0xE0) ? 3 : (c >= 0xC0) ? 2 : 1;
  uint32_t cp = n == 4 ? (c & 0x07) : n == 3 ? (c & 0x0F) : n == 2 ? (c & 0x1F) : c;
  bool ok = n > 1 && at + n <= text.size();
  for (size_t k = 1; ok && k < n; ++k) {
    unsigned char cc = static_cast<unsigned char>(text[at + k]);
    if ((cc & 0xC0) != 0x80) ok = false;
    cp = (cp << 6) | (cc & 0x3F);
  }
  char buf[32];
  if (!ok) {
    *length = 1;
    std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
    return buf;
  }
  *length = n;
  std::snprintf(buf, sizeof buf, " (U+%04X)", cp);
  return "'" + std::string(text.substr(at, n)) + "'" + buf;
}

bool is_open(size_t t) { return t == P::LPAR || t == P::LSQB || t == P::LBRACE; }
bool is_close(size_t t) { return t == P::RPAR || t == P::RSQB || t == P::RBRACE; }
size_t closer_of(size_t open) { return open == P::LPAR ? P::RPAR : open == P::LSQB ? P::RSQB : P::RBRACE; }
size_t matching_open(size_t t) { return t == P::RPAR ? P::LPAR : t == P::RSQB ? P::LSQB : P::LBRACE; }
const char* bracket_text(size_t t) {
  switch (t) {
    case P::LPAR: return "(";
    case P::RPAR: return ")";
    case P::LSQB: return "[";
    case P::RSQB: return "]";
    case P::LBRACE: return "{";
    default: return "}";
  }
}
bool ends_operand(size_t t) {
  switch (t) {
    case P::NAME: case P::INT: case P::FLOAT: case P::STRING: case P::RPAR: case P::RSQB:
    case P::RBRACE: case P::NONE: case P::NULL_LIT: case P::TRUE: case P::TRUE_LOWER:
    case P::FALSE: case P::FALSE_LOWER:
      return true;
    default:
      return false;
  }
}

// ============================================================ tokenizer
class Tokenizer : public PlankLexer {
 public:
  Tokenizer(antlr4::CharStream* input, const std::string& text, bool expression_mode)
      : PlankLexer(input), text_(text), expression_mode_(expression_mode) {
    removeErrorListeners();
  }

  std::unique_ptr<Token> nextToken() override {
    while (pending_.empty()) fill();
    auto t = std::move(pending_.front());
    pending_.pop_front();
    return t;
  }

  std::vector<Problem> problems;
  std::vector<uint32_t> chunk_starts;  // byte offsets of tokens that start a top-level statement

 private:
  struct Open {
    size_t type;
    uint32_t offset;
  };

  void report(Span s, std::string msg) { problems.push_back({s, std::move(msg)}); }

  std::unique_ptr<Token> synth(size_t type, uint32_t offset) {
    auto t = std::make_unique<antlr4::CommonToken>(std::make_pair(static_cast<antlr4::TokenSource*>(this), _input),
                                                   type, Token::DEFAULT_CHANNEL, offset, offset - 1);
    t->setText("");
    return t;
  }

  void finish(uint32_t offset) {  // end of input: close the line, the blocks, the file
    if (!at_line_start_) pending_.push_back(synth(P::NEWLINE, offset));
    at_line_start_ = true;
    while (indents_.size() > 1) {
      indents_.pop_back();
      pending_.push_back(synth(P::DEDENT, offset));
    }
    if (!brackets_.empty()) {
      const Open& o = brackets_.back();
      bool later_problem = std::any_of(problems.begin(), problems.end(),
                                       [&](const Problem& p) { return p.span.begin > o.offset; });
      if (!later_problem) report(Span::at(o.offset), std::string("'") + bracket_text(o.type) + "' was never closed");
      brackets_.clear();
    }
    pending_.push_back(synth(Token::EOF, offset));
    done_ = true;
  }

  void fatal(Span s, std::string msg) {
    report(s, std::move(msg));
    brackets_.clear();
    finish(static_cast<uint32_t>(text_.size()));
  }

  uint32_t indent_width(uint32_t offset) const {
    uint32_t ls = offset;
    while (ls > 0 && text_[ls - 1] != '\n' && text_[ls - 1] != '\r') --ls;
    uint32_t col = 0;
    for (uint32_t i = ls; i < offset; ++i) {
      char c = text_[i];
      if (c == '\t') col = (col / 8 + 1) * 8;
      else if (c == '\f') col = 0;
      else ++col;
    }
    return col;
  }

  void fill() {
    if (done_) {
      pending_.push_back(synth(Token::EOF, static_cast<uint32_t>(text_.size())));
      return;
    }
    std::unique_ptr<Token> t = PlankLexer::nextToken();
    size_t type = t->getType();
    uint32_t start = static_cast<uint32_t>(t->getStartIndex());
    if (type == Token::EOF) {
      finish(static_cast<uint32_t>(text_.size()));
      return;
    }
    if (type == P::NEWLINE) {
      if (brackets_.empty() && !at_line_start_) {
        at_line_start_ = true;
        unary_run_ = 0;
        ++logical_line_;
        pending_.push_back(std::move(t));
      }
      return;
    }
    if (type == P::ERRCHAR) {
      if (invalid_reported_line_ != logical_line_) {
        invalid_reported_line_ = logical_line_;
        size_t len = 1;
        std::string what = quote_char_for_message(text_, start, &len);
        report(Span::at(start, static_cast<uint32_t>(len)), "invalid character " + what);
      }
      return;
    }
    if (type == P::UNTERMINATED_STRING) {
      uint32_t stop = static_cast<uint32_t>(t->getStopIndex()) + 1;
      report({start, std::max(stop, start + 1)}, "unterminated string literal");
      brackets_.clear();  // the line ends here; do not also report its open brackets
      return;
    }
    if (type == P::STRING) {
      uint32_t stop = static_cast<uint32_t>(t->getStopIndex()) + 1;
      // '' followed by another quote: a triple-quoted string that never ends
      // (a closed one would have been the longer match).
      if (stop - start == 2 && stop < text_.size() && text_[stop] == text_[start]) {
        std::string q(3, text_[start]);
        fatal(Span::at(start, 3), "unterminated triple-quoted string literal (" + q + " is never closed)");
        return;
      }
    }

    if (at_line_start_) {
      at_line_start_ = false;
      if (!expression_mode_ && !indent(start)) return;
      if (indents_.size() == 1 && type != P::ELIF && type != P::ELSE) chunk_starts.push_back(start);
    }

    if (is_open(type)) {
      if (brackets_.size() >= static_cast<size_t>(kMaxBracketDepth)) {
        fatal(Span::at(start), "nesting too deep: more than " + std::to_string(kMaxBracketDepth) + " nested brackets");
        return;
      }
      brackets_.push_back({type, start});
    } else if (is_close(type)) {
      if (brackets_.empty()) {
        report(Span::at(start), std::string("unexpected '") + bracket_text(type) + "'");
        return;  // dropped: the statement may still parse
      }
      if (brackets_.back().type != matching_open(type)) {
        const Open o = brackets_.back();
        std::string msg = std::string("closing '") + bracket_text(type) + "' does not match opening '" +
                          bracket_text(o.type) + "'";
        // Name where the opener is and what would close it: the usual fix is
        // a missing closer there, not a different one here.
        msg += " at " + std::to_string(line_of(o.offset)) + ":" + std::to_string(column_of(o.offset)) +
               " (missing '" + bracket_text(closer_of(o.type)) + "'?)";
        report(Span::at(start), msg);
        auto it = std::find_if(brackets_.rbegin(), brackets_.rend(),
                               [&](const Open& b) { return b.type == matching_open(type); });
        if (it != brackets_.rend()) brackets_.erase(std::prev(it.base()), brackets_.end());
        else brackets_.pop_back();
      } else {
        brackets_.pop_back();
      }
    }

    // Prefix operators make the parser recurse: bound them per logical line.
    bool unary = type == P::NOT || type == P::LAMBDA || type == P::POWER ||
                 ((type == P::MINUS || type == P::PLUS) && !ends_operand(prev_type_));
    if (unary && ++unary_run_ > kMaxUnaryChain) {
      fatal(Span::at(start), "nesting too deep: more than " + std::to_string(kMaxUnaryChain) +
                                 " prefix operators in one expression");
      return;
    }
    prev_type_ = type;
    pending_.push_back(std::move(t));
  }

  // Emits INDENT/DEDENT before the first token of a logical line. False when fatal.
  bool indent(uint32_t start) {
    uint32_t col = indent_width(start);
    if (col > indents_.back()) {
      if (indents_.size() > static_cast<size_t>(kMaxIndentDepth)) {
        fatal(Span::at(start), "too many levels of indentation (more than " + std::to_string(kMaxIndentDepth) + ")");
        return false;
      }
      indents_.push_back(col);
      pending_.push_back(synth(P::INDENT, start));
    } else if (col < indents_.back()) {
      while (indents_.size() > 1 && col < indents_.back()) {
        indents_.pop_back();
        pending_.push_back(synth(P::DEDENT, start));
      }
      if (col != indents_.back()) report(Span::at(start), "unindent does not match any outer indentation level");
    }
    return true;
  }

  uint32_t column_of(uint32_t offset) const {
    size_t nl = offset == 0 ? std::string::npos : text_.rfind('\n', offset - 1);
    return static_cast<uint32_t>(nl == std::string::npos ? offset + 1 : offset - nl);
  }

  uint32_t line_of(uint32_t offset) const {
    return static_cast<uint32_t>(std::count(text_.begin(), text_.begin() + offset, '\n')) + 1;
  }

  const std::string& text_;
  bool expression_mode_;
  std::deque<std::unique_ptr<Token>> pending_;
  std::vector<uint32_t> indents_{0};
  std::vector<Open> brackets_;
  bool at_line_start_ = true;
  bool done_ = false;
  size_t prev_type_ = 0;
  int unary_run_ = 0;
  uint64_t logical_line_ = 0;
  uint64_t invalid_reported_line_ = UINT64_MAX;
};

// ============================================================ error strategy
struct ChunkAbort {};

std::string token_desc(const std::string& text, Token* t) {
  size_t type = t->getType();
  if (type == Token::EOF) return "end of file";
  if (type == P::NEWLINE) return "end of line";
  if (type == P::INDENT) return "indent";
  if (type == P::DEDENT) return "unindent";
  size_t b = t->getStartIndex(), e = t->getStopIndex() + 1;
  std::string s = e > b && e <= text.size() ? text.substr(b, e - b) : "";
  if (s.size() > 24) s = s.substr(0, 21) + "...";
  return "'" + s + "'";
}

std::string expected_name(const antlr4::dfa::Vocabulary& vocab, size_t type) {
  switch (type) {
    case Token::EOF: return "end of file";
    case P::NAME: return "a name";
    case P::INT: case P::FLOAT: return "a number";
    case P::STRING: return "a string";
    case P::NEWLINE: return "end of line";
    case P::INDENT: return "an indented block";
    case P::DEDENT: return "an unindent";
    default: return vocab.getLiteralName(type);
  }
}

// Reports the first syntax error of a chunk in plain words, then abandons the chunk.
class ReportOnceStrategy : public antlr4::DefaultErrorStrategy {
 public:
  ReportOnceStrategy(const std::string& text, const std::vector<std::unique_ptr<Token>>* tokens)
      : text_(text), tokens_(tokens) {}
  bool reported = false;
  Problem problem;

  void reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) override {
    describe(p, e.getOffendingToken(), p->getExpectedTokens(), false);
  }
  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override {
    describe(p, e.getOffendingToken(), e.getExpectedTokens(), false);
  }
  void reportFailedPredicate(antlr4::Parser* p, const antlr4::FailedPredicateException& e) override {
    describe(p, e.getOffendingToken(), p->getExpectedTokens(), false);
  }
  void reportUnwantedToken(antlr4::Parser* p) override {
    describe(p, p->getCurrentToken(), getExpectedTokens(p), false);
  }
  void reportMissingToken(antlr4::Parser* p) override {
    describe(p, p->getCurrentToken(), getExpectedTokens(p), true);
  }

 private:
  Token* previous(antlr4::Parser* p, Token* t) {
    auto* ts = p->getTokenStream();
    size_t i = t->getTokenIndex();
    while (i > 0) {
      Token* prev = ts->get(--i);
      size_t pt = prev->getType();
      if (pt != P::INDENT && pt != P::DEDENT) return prev;
    }
    return nullptr;
  }

  static std::string clause_of(antlr4::ParserRuleContext* ctx, int* line) {
    for (auto* c = ctx; c; c = dynamic_cast<antlr4::ParserRuleContext*>(c->parent)) {
      size_t r = c->getRuleIndex();
      if (r == P::RuleIf_stmt || r == P::RuleWhile_stmt || r == P::RuleFor_stmt || r == P::RuleFuncdef ||
          r == P::RuleLambdef) {
        // The last keyword child says which clause (if / elif / else).
        Token* kw = c->getStart();
        for (auto* ch : c->children)
          if (auto* tn = dynamic_cast<TerminalNode*>(ch)) {
            size_t tt = tn->getSymbol()->getType();
            if (tt == P::IF || tt == P::ELIF || tt == P::ELSE) kw = tn->getSymbol();
          }
        *line = static_cast<int>(kw->getLine());
        switch (r) {
          case P::RuleWhile_stmt: return "while";
          case P::RuleFor_stmt: return "for";
          case P::RuleFuncdef: return "def";
          case P::RuleLambdef: return "lambda";
          default:
            return kw->getType() == P::ELIF ? "elif" : kw->getType() == P::ELSE ? "else" : "if";
        }
      }
      if (r == P::RuleSimple_stmts || r == P::RuleStmt) break;
    }
    return {};
  }

  void describe(antlr4::Parser* p, Token* t, const antlr4::misc::IntervalSet& expected, bool missing) {
    const auto& vocab = p->getVocabulary();
    auto* ctx = p->getContext();
    size_t tt = t->getType();
    Token* prev = previous(p, t);
    uint32_t at = static_cast<uint32_t>(t->getStartIndex());
    // For an error at the end of a line, point just after the previous token.
    bool at_end = tt == P::NEWLINE || tt == Token::EOF || tt == P::DEDENT;
    Span here = Span::at(at, std::max<uint32_t>(1, static_cast<uint32_t>(t->getStopIndex() + 1) - at));
    if (at_end && prev) here = Span::at(static_cast<uint32_t>(prev->getStopIndex() + 1));
    if (tt == P::INDENT || tt == P::DEDENT) here = Span::at(at);
    std::string prev_text = prev ? token_desc(text_, prev) : "";

    std::vector<size_t> exp;
    for (size_t v : expected.toList()) exp.push_back(v);
    auto has = [&](size_t x) { return std::find(exp.begin(), exp.end(), x) != exp.end(); };
    bool wants_expr = has(P::NAME) && has(P::INT) && has(P::LPAR);
    std::string msg;
    int line = 0;

    if (tt == P::INDENT) {
      msg = "unexpected indent";
    } else if (exp.size() == 1 && exp[0] == P::INDENT) {
      std::string clause = clause_of(ctx, &line);
      std::string what = clause == "def"    ? "function definition"
                         : clause.empty() ? "':'"
                                          : "'" + clause + "' statement";
      msg = "expected an indented block after " + what + (line ? " on line " + std::to_string(line) : "");
      here = Span::at(at, std::max<uint32_t>(1, static_cast<uint32_t>(t->getStopIndex() + 1) - at));
    } else if (exp.size() == 1 && exp[0] == P::COLON && !clause_of(ctx, &line).empty()) {
      std::string clause = clause_of(ctx, &line);
      if (clause == "if" || clause == "elif" || clause == "while") msg = "expected ':' after the " + clause + " condition";
      else if (clause == "else") msg = "expected ':' after 'else'";
      else if (clause == "for") msg = "expected ':' after the for loop header";
      else if (clause == "def") msg = "expected ':' after the function signature";
      else msg = "expected ':' after the lambda parameters";
      if (!at_end && !missing) msg += ", found " + token_desc(text_, t);
    } else if ((tt == P::ELSE || tt == P::ELIF) && (!prev || prev->getType() == P::NEWLINE)) {
      msg = "'" + text_.substr(at, tt == P::ELSE ? 4 : 4) + "' without a matching 'if'";
    } else if (tt == P::DEDENT) {
      msg = "unexpected unindent";
    } else if (wants_expr && (at_end || missing)) {
      msg = "expected an expression" + (prev ? " after " + prev_text : std::string());
    } else if (at_end) {
      msg = std::string(tt == Token::EOF ? "unexpected end of file" : "unexpected end of line");
      if (!exp.empty() && exp.size() <= 3) msg += ", expected " + join(vocab, exp);
    } else {
      msg = "unexpected " + token_desc(text_, t);
      if (prev && ends_operand(prev->getType()) &&
          (tt == P::NAME || tt == P::INT || tt == P::FLOAT || tt == P::STRING || is_open(tt)) && inside_brackets(t)) {
        msg += " (perhaps a missing comma?)";
      } else if (wants_expr) {
        msg += ", expected an expression";
      } else if (!exp.empty() && exp.size() <= 3) {
        msg += ", expected " + join(vocab, exp);
      }
    }
    reported = true;
    problem = {here, msg};
    throw ChunkAbort{};
  }

  bool inside_brackets(Token* t) {
    int depth = 0;
    for (const auto& tok : *tokens_) {
      if (tok->getStartIndex() >= t->getStartIndex() && tok->getType() != P::INDENT) break;
      if (is_open(tok->getType())) ++depth;
      if (is_close(tok->getType()) && depth > 0) --depth;
      if (tok->getType() == P::NEWLINE) depth = 0;
    }
    return depth > 0;
  }

  static std::string join(const antlr4::dfa::Vocabulary& vocab, const std::vector<size_t>& exp) {
    std::vector<std::string> names;
    bool has_newline = std::find(exp.begin(), exp.end(), size_t(P::NEWLINE)) != exp.end();
    for (size_t e : exp) {
      if (e == Token::EOF && has_newline) continue;  // "end of line" says it
      std::string n = expected_name(vocab, e);
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i) out += i + 1 == names.size() ? " or " : ", ";
      out += names[i];
    }
    return out;
  }

  const std::string& text_;
  const std::vector<std::unique_ptr<Token>>* tokens_;
};

// ============================================================ transformer
struct TooDeep {
  Span span;
};

class Builder {
 public:
  Builder(const std::string& text, std::vector<Problem>& problems) : text_(text), problems_(problems) {}

  void file(P::File_inputContext* ctx, ast::StmtList& out) {
    for (auto* s : ctx->stmt()) stmt(s, out);
  }

  ast::ExprPtr expression(P::TestContext* ctx) { return test(ctx); }

 private:
  struct DepthGuard {
    Builder& b;
    DepthGuard(Builder& builder, antlr4::ParserRuleContext* ctx, size_t extra = 1) : b(builder) {
      b.depth_ += extra;
      extra_ = extra;
      if (b.depth_ > static_cast<size_t>(kMaxExprDepth)) throw TooDeep{b.span(ctx)};
    }
    ~DepthGuard() { b.depth_ -= extra_; }
    size_t extra_;
  };

  void error(Span s, std::string msg) { problems_.push_back({s, std::move(msg)}); }

  std::string text(Token* t) const {
    size_t b = t->getStartIndex(), e = t->getStopIndex() + 1;
    return e > b ? text_.substr(b, e - b) : std::string();
  }
  static Span span(Token* t) {
    uint32_t b = static_cast<uint32_t>(t->getStartIndex());
    uint32_t e = static_cast<uint32_t>(t->getStopIndex() + 1);
    return {b, std::max(b, e)};
  }
  static Span span(TerminalNode* n) { return span(n->getSymbol()); }
  static Span span(antlr4::ParserRuleContext* ctx) {
    Span a = span(ctx->getStart());
    Token* stop = ctx->getStop();
    if (!stop || stop->getStopIndex() + 1 < ctx->getStart()->getStartIndex()) return a;
    // A trailing NEWLINE / DEDENT is not part of a statement's span.
    Span b = span(stop);
    return {a.begin, std::max(a.end, b.end)};
  }
  static Span stmt_span(antlr4::ParserRuleContext* ctx, Span last) { return {span(ctx->getStart()).begin, last.end}; }

  // ---------------------------------------------------------- statements
  void stmt(P::StmtContext* ctx, ast::StmtList& out) {
    try {
      if (auto* s = ctx->simple_stmts()) {
        simple(s, out);
      } else {
        out.push_back(compound(ctx->compound_stmt()));
      }
    } catch (const TooDeep& e) {
      error(e.span, "expression nesting too deep (more than " + std::to_string(kMaxExprDepth) + " levels)");
      depth_ = 0;
    }
  }

  void simple(P::Simple_stmtsContext* ctx, ast::StmtList& out) {
    for (auto* s : ctx->small_stmt()) {
      if (auto st = small(s)) out.push_back(std::move(st));
    }
  }

  void suite(P::SuiteContext* ctx, ast::StmtList& out) {
    if (auto* s = ctx->simple_stmts()) {
      simple(s, out);
      return;
    }
    for (auto* s : ctx->stmt()) stmt(s, out);
  }

  static Span last_span(const ast::StmtList& body, Span fallback) { return body.empty() ? fallback : body.back()->span; }

  ast::StmtPtr compound(P::Compound_stmtContext* ctx) {
    if (auto* c = ctx->if_stmt()) {
      auto tests = c->test();
      auto suites = c->suite();
      // Build from the last clause backwards so each elif nests in the previous else.
      ast::StmtList orelse;
      if (suites.size() > tests.size()) suite(suites.back(), orelse);
      ast::StmtPtr result;
      for (size_t i = tests.size(); i-- > 0;) {
        Token* kw = i == 0 ? c->IF()->getSymbol() : c->ELIF(i - 1)->getSymbol();
        auto node = std::make_unique<ast::If>(Span{}, test(tests[i]));
        suite(suites[i], node->body);
        node->orelse = std::move(orelse);
        node->is_elif = i > 0;
        Span end = last_span(node->orelse, last_span(node->body, span(tests[i])));
        node->span = {span(kw).begin, end.end};
        orelse.clear();
        if (i == 0) {
          result = std::move(node);
        } else {
          orelse.push_back(std::move(node));
        }
      }
      return result;
    }
    if (auto* c = ctx->while_stmt()) {
      auto node = std::make_unique<ast::While>(Span{}, test(c->test()));
      suite(c->suite(), node->body);
      node->span = stmt_span(c, last_span(node->body, span(c->test())));
      return node;
    }
    if (auto* c = ctx->for_stmt()) {
      auto target = exprlist(c->exprlist());
      check_target(*target, "for");
      auto node = std::make_unique<ast::For>(Span{}, std::move(target), testlist(c->testlist()));
      suite(c->suite(), node->body);
      node->span = stmt_span(c, last_span(node->body, span(c->testlist())));
      return node;
    }
    auto* c = ctx->funcdef();
    auto node = std::make_unique<ast::FunctionDef>(Span{}, text(c->NAME()->getSymbol()), span(c->NAME()));
    if (c->parameters()) node->params = params(c->parameters());
    suite(c->suite(), node->body);
    node->span = stmt_span(c, last_span(node->body, span(c->NAME())));
    return node;
  }

  std::vector<ast::Param> params(P::ParametersContext* ctx) {
    std::vector<ast::Param> out;
    bool seen_default = false;
    for (auto* p : ctx->param()) {
      ast::Param param{text(p->NAME()->getSymbol()), span(p->NAME()), nullptr};
      for (const auto& q : out)
        if (q.name == param.name) error(param.span, "duplicate parameter '" + param.name + "'");
      if (p->test()) {
        param.default_ = test(p->test());
        seen_default = true;
      } else if (seen_default) {
        error(param.span, "parameter '" + param.name + "' without a default follows a parameter with a default");
      }
      out.push_back(std::move(param));
    }
    return out;
  }

  ast::StmtPtr small(P::Small_stmtContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ExprStmtContext*>(ctx)) return expr_stmt(c->expr_stmt());
    if (dynamic_cast<P::PassStmtContext*>(ctx)) return std::make_unique<ast::Pass>(s);
    if (dynamic_cast<P::BreakStmtContext*>(ctx)) return std::make_unique<ast::Break>(s);
    if (dynamic_cast<P::ContinueStmtContext*>(ctx)) return std::make_unique<ast::Continue>(s);
    if (auto* c = dynamic_cast<P::ReturnStmtContext*>(ctx))
      return std::make_unique<ast::Return>(s, c->testlist() ? testlist(c->testlist()) : nullptr);
    if (auto* c = dynamic_cast<P::AssertStmtContext*>(ctx)) {
      auto tests = c->test();
      return std::make_unique<ast::Assert>(s, test(tests[0]), tests.size() > 1 ? test(tests[1]) : nullptr);
    }
    if (auto* c = dynamic_cast<P::ImportStmtContext*>(ctx)) {
      auto node = std::make_unique<ast::Import>(s);
      for (auto* d : c->dotted_as_name()) {
        ast::ImportAlias a{text_of(d->dotted_name()), span(d->dotted_name()), {}, {}};
        if (d->NAME()) a.as_name = text(d->NAME()->getSymbol()), a.as_span = span(d->NAME());
        node->names.push_back(std::move(a));
      }
      return node;
    }
    auto* c = dynamic_cast<P::FromImportStmtContext*>(ctx);
    if (!c) return nullptr;
    auto node = std::make_unique<ast::FromImport>(s, text_of(c->dotted_name()), span(c->dotted_name()));
    for (auto* n : c->import_as_names()->import_as_name()) {
      auto names = n->NAME();
      ast::ImportAlias a{text(names[0]->getSymbol()), span(names[0]), {}, {}};
      if (names.size() > 1) a.as_name = text(names[1]->getSymbol()), a.as_span = span(names[1]);
      node->names.push_back(std::move(a));
    }
    return node;
  }

  std::string text_of(P::Dotted_nameContext* ctx) {
    std::string out;
    for (auto* n : ctx->NAME()) {
      if (!out.empty()) out += '.';
      out += text(n->getSymbol());
    }
    return out;
  }

  ast::StmtPtr expr_stmt(P::Expr_stmtContext* ctx) {
    Span s = span(ctx);
    auto lists = ctx->testlist();
    if (lists.size() == 1) return std::make_unique<ast::ExprStmt>(s, testlist(lists[0]));
    if (auto* aug = ctx->augassign()) {
      auto target = testlist(lists[0]);
      if (!ast::isa<ast::Name>(target.get()) && !ast::isa<ast::Attribute>(target.get()) &&
          !ast::isa<ast::Subscript>(target.get()))
        error(target->span, "'" + describe(*target) + "' is an illegal target for augmented assignment");
      static const ast::BinaryOp ops[] = {ast::BinaryOp::Add, ast::BinaryOp::Sub, ast::BinaryOp::Mul,
                                          ast::BinaryOp::Div, ast::BinaryOp::FloorDiv, ast::BinaryOp::Mod,
                                          ast::BinaryOp::Pow};
      size_t k = aug->getStart()->getType();
      ast::BinaryOp op = k == P::PLUS_ASSIGN      ? ops[0]
                         : k == P::MINUS_ASSIGN   ? ops[1]
                         : k == P::STAR_ASSIGN    ? ops[2]
                         : k == P::SLASH_ASSIGN   ? ops[3]
                         : k == P::FLOORDIV_ASSIGN ? ops[4]
                         : k == P::PERCENT_ASSIGN ? ops[5]
                                                  : ops[6];
      return std::make_unique<ast::AugAssign>(s, std::move(target), op, testlist(lists[1]));
    }
    ast::ExprList targets;
    for (size_t i = 0; i + 1 < lists.size(); ++i) {
      targets.push_back(testlist(lists[i]));
      check_target(*targets.back(), "assignment");
    }
    return std::make_unique<ast::Assign>(s, std::move(targets), testlist(lists.back()));
  }

  static std::string describe(const ast::Expr& e) {
    switch (e.kind) {
      case ast::ExprKind::Call: return "function call";
      case ast::ExprKind::IntLiteral: case ast::ExprKind::FloatLiteral: case ast::ExprKind::StringLiteral:
      case ast::ExprKind::BoolLiteral: case ast::ExprKind::NoneLiteral: return "literal";
      case ast::ExprKind::Tuple: return "tuple";
      case ast::ExprKind::List: return "list";
      case ast::ExprKind::Dict: return "dict literal";
      case ast::ExprKind::Binary: case ast::ExprKind::Unary: return "expression";
      case ast::ExprKind::Compare: return "comparison";
      case ast::ExprKind::BoolOp: return "expression";
      case ast::ExprKind::Conditional: return "conditional expression";
      case ast::ExprKind::Lambda: return "lambda";
      default: return "expression";
    }
  }

  void check_target(const ast::Expr& e, const char* where) {
    switch (e.kind) {
      case ast::ExprKind::Name: case ast::ExprKind::Attribute: case ast::ExprKind::Subscript: return;
      case ast::ExprKind::Tuple:
        for (const auto& x : static_cast<const ast::TupleExpr&>(e).elements) check_target(*x, where);
        return;
      case ast::ExprKind::List:
        for (const auto& x : static_cast<const ast::ListExpr&>(e).elements) check_target(*x, where);
        return;
      default: {
        std::string msg = "cannot assign to " + describe(e);
        if (std::string(where) == "assignment" && e.kind != ast::ExprKind::Tuple) {
          if (ast::isa<ast::Compare>(&e) || e.kind == ast::ExprKind::Call) msg += " (did you mean '=='?)";
        }
        error(e.span, msg);
      }
    }
  }

  // ---------------------------------------------------------- expressions
  ast::ExprPtr testlist(P::TestlistContext* ctx) {
    auto tests = ctx->test();
    if (tests.size() == 1 && ctx->COMMA().empty()) return test(tests[0]);
    ast::ExprList xs;
    for (auto* t : tests) xs.push_back(test(t));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr exprlist(P::ExprlistContext* ctx) {
    auto items = ctx->arith_expr();
    if (items.size() == 1 && ctx->COMMA().empty()) return arith(items[0]);
    ast::ExprList xs;
    for (auto* t : items) xs.push_back(arith(t));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr test(P::TestContext* ctx) {
    DepthGuard g(*this, ctx);
    if (auto* l = ctx->lambdef()) {
      std::vector<ast::Param> ps;
      if (l->parameters()) ps = params(l->parameters());
      return std::make_unique<ast::Lambda>(span(l), std::move(ps), test(l->test()));
    }
    auto ors = ctx->or_test();
    if (ors.size() == 1) return or_test(ors[0]);
    auto body = or_test(ors[0]);
    auto cond = or_test(ors[1]);
    return std::make_unique<ast::Conditional>(span(ctx), std::move(cond), std::move(body), test(ctx->test()));
  }

  ast::ExprPtr or_test(P::Or_testContext* ctx) {
    auto parts = ctx->and_test();
    if (parts.size() == 1) return and_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(and_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::Or, std::move(xs));
  }

  ast::ExprPtr and_test(P::And_testContext* ctx) {
    auto parts = ctx->not_test();
    if (parts.size() == 1) return not_test(parts[0]);
    DepthGuard g(*this, ctx);
    ast::ExprList xs;
    for (auto* p : parts) xs.push_back(not_test(p));
    return std::make_unique<ast::BoolOp>(span(ctx), ast::BoolOpKind::And, std::move(xs));
  }

  ast::ExprPtr not_test(P::Not_testContext* ctx) {
    if (ctx->comparison()) return comparison(ctx->comparison());
    DepthGuard g(*this, ctx);
    return std::make_unique<ast::Unary>(span(ctx), ast::UnaryOp::Not, not_test(ctx->not_test()));
  }

  ast::ExprPtr comparison(P::ComparisonContext* ctx) {
    auto items = ctx->arith_expr();
    if (items.size() == 1) return arith(items[0]);
    DepthGuard g(*this, ctx);
    auto node = std::make_unique<ast::Compare>(span(ctx), arith(items[0]));
    auto ops = ctx->comp_op();
    for (size_t i = 0; i < ops.size(); ++i) {
      auto* op = ops[i];
      size_t a = op->getStart()->getType();
      size_t b = op->getStop()->getType();
      ast::CompareOp k;
      switch (a) {
        case P::LT: k = ast::CompareOp::Lt; break;
        case P::GT: k = ast::CompareOp::Gt; break;
        case P::EQ: k = ast::CompareOp::Eq; break;
        case P::GE: k = ast::CompareOp::Ge; break;
        case P::LE: k = ast::CompareOp::Le; break;
        case P::NE: k = ast::CompareOp::Ne; break;
        case P::IN: k = ast::CompareOp::In; break;
        case P::NOT: k = ast::CompareOp::NotIn; break;
        default: k = b == P::NOT ? ast::CompareOp::IsNot : ast::CompareOp::Is; break;
      }
      node->ops.push_back(k);
      node->op_spans.push_back(span(op));
      node->comparators.push_back(arith(items[i + 1]));
    }
    return node;
  }

  // term (op term)* and factor (op factor)*: left-associative chains.
  template <typename Ctx, typename Item, typename Fn>
  ast::ExprPtr chain(Ctx* ctx, const std::vector<Item*>& items, Fn build) {
    if (items.size() == 1) return build(items[0]);
    DepthGuard g(*this, ctx, items.size());
    auto lhs = build(items[0]);
    size_t item = 1;
    for (auto* ch : ctx->children) {
      auto* tn = dynamic_cast<TerminalNode*>(ch);
      if (!tn) continue;
      ast::BinaryOp op;
      switch (tn->getSymbol()->getType()) {
        case P::PLUS: op = ast::BinaryOp::Add; break;
        case P::MINUS: op = ast::BinaryOp::Sub; break;
        case P::STAR: op = ast::BinaryOp::Mul; break;
        case P::SLASH: op = ast::BinaryOp::Div; break;
        case P::FLOORDIV: op = ast::BinaryOp::FloorDiv; break;
        default: op = ast::BinaryOp::Mod; break;
      }
      auto rhs = build(items[item++]);
      Span s = {lhs->span.begin, rhs->span.end};
      lhs = std::make_unique<ast::Binary>(s, op, span(tn), std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ast::ExprPtr arith(P::Arith_exprContext* ctx) {
    return chain(ctx, ctx->term(), [this](P::TermContext* t) { return term(t); });
  }
  ast::ExprPtr term(P::TermContext* ctx) {
    return chain(ctx, ctx->factor(), [this](P::FactorContext* f) { return factor(f); });
  }

  ast::ExprPtr factor(P::FactorContext* ctx) {
    if (ctx->power()) return power(ctx->power());
    DepthGuard g(*this, ctx);
    auto op = ctx->getStart()->getType() == P::MINUS ? ast::UnaryOp::Neg : ast::UnaryOp::Pos;
    return std::make_unique<ast::Unary>(span(ctx), op, factor(ctx->factor()));
  }

  ast::ExprPtr power(P::PowerContext* ctx) {
    auto base = atom_expr(ctx->atom_expr());
    if (!ctx->factor()) return base;
    DepthGuard g(*this, ctx);
    auto exp = factor(ctx->factor());
    return std::make_unique<ast::Binary>(span(ctx), ast::BinaryOp::Pow, span(ctx->POWER()), std::move(base),
                                         std::move(exp));
  }

  ast::ExprPtr atom_expr(P::Atom_exprContext* ctx) {
    auto trailers = ctx->trailer();
    DepthGuard g(*this, ctx, trailers.size() + 1);
    auto e = atom(ctx->atom());
    uint32_t begin = e->span.begin;
    for (auto* t : trailers) {
      Span s = {begin, span(t).end};
      if (auto* c = dynamic_cast<P::CallTrailerContext*>(t)) {
        auto call = std::make_unique<ast::Call>(s, std::move(e));
        if (auto* args = c->arglist()) arguments(args, *call);
        e = std::move(call);
      } else if (auto* c = dynamic_cast<P::IndexTrailerContext*>(t)) {
        e = std::make_unique<ast::Subscript>(s, std::move(e), subscripts(c->subscriptlist()));
      } else if (auto* c = dynamic_cast<P::AttrTrailerContext*>(t)) {
        e = std::make_unique<ast::Attribute>(s, std::move(e), text(c->NAME()->getSymbol()), span(c->NAME()));
      }
    }
    return e;
  }

  void arguments(P::ArglistContext* ctx, ast::Call& call) {
    for (auto* a : ctx->argument()) {
      if (a->NAME()) {
        ast::KeywordArg k{text(a->NAME()->getSymbol()), span(a->NAME()), test(a->test())};
        for (const auto& other : call.keywords)
          if (other.name == k.name) error(k.name_span, "keyword argument repeated: '" + k.name + "'");
        call.keywords.push_back(std::move(k));
      } else {
        if (!call.keywords.empty()) call.positional_after_keyword = true;
        call.args.push_back(test(a->test()));
      }
    }
  }

  ast::ExprPtr subscripts(P::SubscriptlistContext* ctx) {
    auto items = ctx->subscript();
    if (items.size() == 1 && ctx->COMMA().empty()) return subscript(items[0]);
    ast::ExprList xs;
    for (auto* s : items) xs.push_back(subscript(s));
    return std::make_unique<ast::TupleExpr>(span(ctx), std::move(xs));
  }

  ast::ExprPtr subscript(P::SubscriptContext* ctx) {
    if (ctx->COLON().empty()) return test(ctx->test(0));
    auto slice = std::make_unique<ast::Slice>(span(ctx));
    if (ctx->lower) slice->lower = test(ctx->lower);
    if (ctx->upper) slice->upper = test(ctx->upper);
    if (ctx->step) slice->step = test(ctx->step);
    return slice;
  }

  ast::ExprList elements(P::Testlist_compContext* ctx) {
    ast::ExprList xs;
    if (ctx)
      for (auto* t : ctx->test()) xs.push_back(test(t));
    return xs;
  }

  ast::ExprPtr atom(P::AtomContext* ctx) {
    Span s = span(ctx);
    if (auto* c = dynamic_cast<P::ParenAtomContext*>(ctx)) {
      auto* tc = c->testlist_comp();
      if (tc && tc->test().size() == 1 && tc->COMMA().empty()) return test(tc->test(0));
      return std::make_unique<ast::TupleExpr>(s, elements(tc));
    }
    if (auto* c = dynamic_cast<P::ListAtomContext*>(ctx))
      return std::make_unique<ast::ListExpr>(s, elements(c->testlist_comp()));
    if (auto* c = dynamic_cast<P::DictAtomContext*>(ctx)) {
      std::vector<ast::DictEntry> entries;
      if (auto* dm = c->dictmaker())
        for (auto* e : dm->dict_entry()) entries.push_back({test(e->test(0)), test(e->test(1))});
      return std::make_unique<ast::DictExpr>(s, std::move(entries));
    }
    if (dynamic_cast<P::NameAtomContext*>(ctx)) return std::make_unique<ast::Name>(s, text(ctx->getStart()));
    if (dynamic_cast<P::IntAtomContext*>(ctx)) {
      std::string t = text(ctx->getStart());
      auto v = parse_int_literal(t);
      if (!v) {
        error(s, "integer literal " + (t.size() > 30 ? t.substr(0, 27) + "..." : t) +
                     " is too large (the largest integer is 9223372036854775807)");
        return std::make_unique<ast::IntLiteral>(s, 0);
      }
      if (t.size() > 1 && t[0] == '0' && std::isdigit(static_cast<unsigned char>(t[1])) && *v != 0)
        error(s, "leading zeros in decimal integer literals are not permitted (use 0o for octal)");
      return std::make_unique<ast::IntLiteral>(s, *v);
    }
    if (dynamic_cast<P::FloatAtomContext*>(ctx))
      return std::make_unique<ast::FloatLiteral>(s, parse_float_literal(text(ctx->getStart())));
    if (auto* c = dynamic_cast<P::StringAtomContext*>(ctx)) {
      std::string value;
      for (auto* st : c->STRING()) value += decode_string_literal(text(st->getSymbol()));
      return std::make_unique<ast::StringLiteral>(s, std::move(value));
    }
    if (dynamic_cast<P::NoneAtomContext*>(ctx)) return std::make_unique<ast::NoneLiteral>(s);
    if (dynamic_cast<P::TrueAtomContext*>(ctx)) return std::make_unique<ast::BoolLiteral>(s, true);
    return std::make_unique<ast::BoolLiteral>(s, false);
  }

  const std::string& text_;
  std::vector<Problem>& problems_;
  size_t depth_ = 0;
};

// ============================================================ driver
std::vector<std::unique_ptr<Token>> copy_range(const std::vector<std::unique_ptr<Token>>& all, size_t b, size_t e,
                                               uint32_t eof_offset, antlr4::TokenSource* source,
                                               antlr4::CharStream* input) {
  std::vector<std::unique_ptr<Token>> out;
  out.reserve(e - b + 1);
  for (size_t i = b; i < e; ++i) out.push_back(std::make_unique<antlr4::CommonToken>(all[i].get()));
  auto eof = std::make_unique<antlr4::CommonToken>(std::make_pair(source, input), Token::EOF, Token::DEFAULT_CHANNEL,
                                                   eof_offset, eof_offset - 1);
  eof->setText("");
  out.push_back(std::move(eof));
  return out;
}

struct ParseOutcome {
  std::vector<Problem> problems;
  std::unique_ptr<ast::Module> module;
  ast::ExprPtr expr;
};

// Parses tokens [b, e) with the given entry rule: SLL + bail first, then LL with
// plain-words reporting. Calls `use` with the tree on success; returns the error.
template <typename Entry, typename Use>
bool parse_range(const std::string& text, const std::vector<std::unique_ptr<Token>>& all, size_t b, size_t e,
                 uint32_t eof_offset, Tokenizer& lexer, antlr4::CharStream* input, Entry entry, Use use,
                 Problem* error) {
  {
    antlr4::ListTokenSource source(copy_range(all, b, e, eof_offset, &lexer, input));
    antlr4::CommonTokenStream stream(&source);
    P parser(&stream);
    parser.removeErrorListeners();
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    try {
      auto* tree = entry(parser);
      use(tree);
      return true;
    } catch (const antlr4::ParseCancellationException&) {
    } catch (const antlr4::RecognitionException&) {
    }
  }
  antlr4::ListTokenSource source(copy_range(all, b, e, eof_offset, &lexer, input));
  antlr4::CommonTokenStream stream(&source);
  stream.fill();
  P parser(&stream);
  parser.removeErrorListeners();
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
  auto strategy = std::make_shared<ReportOnceStrategy>(text, &all);
  parser.setErrorHandler(strategy);
  try {
    auto* tree = entry(parser);
    if (!strategy->reported) {
      use(tree);
      return true;
    }
  } catch (const ChunkAbort&) {
  }
  *error = strategy->reported ? strategy->problem : Problem{Span::at(eof_offset), "invalid syntax"};
  return false;
}

void run_module(const SourceFile& file, ParseOutcome& out) {
  const std::string& text = file.text();
  ByteStream input(text);
  Tokenizer lexer(&input, text, /*expression_mode=*/false);
  std::vector<std::unique_ptr<Token>> tokens;
  for (;;) {
    auto t = lexer.nextToken();
    bool eof = t->getType() == Token::EOF;
    if (!eof) tokens.push_back(std::move(t));
    if (eof) break;
  }
  out.problems = lexer.problems;
  const uint32_t end = static_cast<uint32_t>(text.size());
  auto file_entry = [](P& p) { return p.file_input(); };

  Builder builder(text, out.problems);
  Problem err;
  // Fast path: the whole file at once.
  bool ok = parse_range(
      text, tokens, 0, tokens.size(), end, lexer, &input, file_entry,
      [&](P::File_inputContext* tree) { builder.file(tree, out.module->body); }, &err);
  if (ok) return;

  // Slow path: one chunk per top-level statement, one diagnostic at most per chunk.
  std::vector<size_t> starts;
  {
    size_t k = 0;
    const auto& cs = lexer.chunk_starts;
    for (size_t i = 0; i < tokens.size(); ++i) {
      size_t tt = tokens[i]->getType();
      if (tt == P::INDENT || tt == P::DEDENT || tt == P::NEWLINE) continue;
      uint32_t off = static_cast<uint32_t>(tokens[i]->getStartIndex());
      while (k < cs.size() && cs[k] < off) ++k;
      if (k < cs.size() && cs[k] == off) starts.push_back(i);
    }
    if (starts.empty() || starts[0] != 0) starts.insert(starts.begin(), 0);
  }
  std::vector<Problem> lexical = lexer.problems;
  for (size_t c = 0; c < starts.size(); ++c) {
    size_t b = starts[c], e = c + 1 < starts.size() ? starts[c + 1] : tokens.size();
    uint32_t chunk_begin = b < tokens.size() ? static_cast<uint32_t>(tokens[b]->getStartIndex()) : end;
    uint32_t chunk_end = e < tokens.size() ? static_cast<uint32_t>(tokens[e]->getStartIndex()) : end + 1;
    if (c == 0) chunk_begin = 0;
    Problem chunk_err;
    bool chunk_ok = parse_range(
        text, tokens, b, e, e < tokens.size() ? chunk_end : end, lexer, &input, file_entry,
        [&](P::File_inputContext* tree) { builder.file(tree, out.module->body); }, &chunk_err);
    if (chunk_ok) continue;
    bool has_lexical = std::any_of(lexical.begin(), lexical.end(), [&](const Problem& p) {
      return p.span.begin >= chunk_begin && p.span.begin < chunk_end;
    });
    if (!has_lexical) out.problems.push_back(chunk_err);
  }
}

void run_expression(const SourceFile& file, ParseOutcome& out) {
  const std::string& text = file.text();
  ByteStream input(text);
  Tokenizer lexer(&input, text, /*expression_mode=*/true);
  std::vector<std::unique_ptr<Token>> tokens;
  for (;;) {
    auto t = lexer.nextToken();
    if (t->getType() == Token::EOF) break;
    tokens.push_back(std::move(t));
  }
  out.problems = lexer.problems;
  Builder builder(text, out.problems);
  Problem err;
  bool ok = parse_range(
      text, tokens, 0, tokens.size(), static_cast<uint32_t>(text.size()), lexer, &input,
      [](P& p) { return p.eval_input(); },
      [&](P::Eval_inputContext* tree) {
        try {
          out.expr = builder.expression(tree->test());
        } catch (const TooDeep& e) {
          out.problems.push_back({e.span, "expression nesting too deep"});
        }
      },
      &err);
  if (!ok && lexer.problems.empty()) out.problems.push_back(err);
  if (!out.problems.empty()) out.expr.reset();
}

// Runs fn on a thread with a large stack (the parser recurses per nesting level).
void with_big_stack(const std::function<void()>& fn) {
  struct Box {
    const std::function<void()>* fn;
  } box{&fn};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attr) == 0) {
    if (pthread_attr_setstacksize(&attr, size_t{64} << 20) == 0) {
      started = pthread_create(
                    &thread, &attr,
                    [](void* arg) -> void* {
                      (*static_cast<Box*>(arg)->fn)();
                      return nullptr;
                    },
                    &box) == 0;
    }
    pthread_attr_destroy(&attr);
  }
  if (started) {
    pthread_join(thread, nullptr);
  } else {
    fn();
  }
}

void guarded(const SourceFile& file, ParseOutcome& out, void (*run)(const SourceFile&, ParseOutcome&)) {
  with_big_stack([&] {
    try {
      run(file, out);
    } catch (const std::exception& e) {
      out.problems.push_back({Span::at(0, 0), std::string("internal parser error: ") + e.what()});
    } catch (...) {
      out.problems.push_back({Span::at(0, 0), "internal parser error"});
    }
  });
}

void publish(const SourceRef& file, std::vector<Problem>& problems, DiagnosticSink& sink) {
  std::stable_sort(problems.begin(), problems.end(),
                   [](const Problem& a, const Problem& b) { return a.span.begin < b.span.begin; });
  const uint32_t size = static_cast<uint32_t>(file->text().size());
  for (auto& p : problems) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.file = file;
    d.span = {std::min(p.span.begin, size), std::min(std::max(p.span.end, p.span.begin), size)};
    d.message = std::move(p.message);
    d.code = "syntax";
    sink.report(std::move(d));
  }
}

}  // namespace

std::unique_ptr<ast::Module> parse_module(SourceRef file, DiagnosticSink& sink) {
  if (!file) file = SourceFile::from_string("<empty>", "");
  ParseOutcome out;
  out.module = std::make_unique<ast::Module>();
  out.module->file = file;
  guarded(*file, out, &run_module);
  publish(file, out.problems, sink);
  return std::move(out.module);
}

std::unique_ptr<ast::Expr> parse_expression(SourceRef file, DiagnosticSink& sink) {
  if (!file) file = SourceFile::from_string("<empty>", "");
  ParseOutcome out;
  guarded(*file, out, &run_expression);
  publish(file, out.problems, sink);
  return out.problems.empty() ? std::move(out.expr) : nullptr;
}

}  // namespace plank::frontend
