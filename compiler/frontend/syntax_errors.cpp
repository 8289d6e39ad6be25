// Syntax errors in plain words: see syntax_errors.h.
#include "compiler/frontend/syntax_errors.h"

#include <algorithm>

#include "PlankParser.h"
#include "compiler/frontend/indent_lexer.h"

namespace plank::frontend {
namespace {

using antlr4::Token;
using antlr4::tree::TerminalNode;
using P = grammar::PlankParser;

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

// The token before t, skipping the synthesized INDENT / DEDENT.
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

// The compound statement (or lambda) whose header the parser is in, and the line of its keyword.
std::string clause_of(antlr4::ParserRuleContext* ctx, int* line) {
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

// "a name, ':' or end of line".
std::string join(const antlr4::dfa::Vocabulary& vocab, const std::vector<size_t>& exp) {
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

// Whether a colon is what is expected (a def's `->` or an `if`'s `:=` aside: the colon is what is missing).
bool only_colon(const std::vector<size_t>& exp) {
  bool colon = false;
  for (size_t e : exp) {
    if (e == P::COLON) colon = true;
    else if (e != P::ARROW && e != P::WALRUS) return false;
  }
  return colon;
}

}  // namespace

void ReportOnceStrategy::reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) {
  describe(p, e.getOffendingToken(), p->getExpectedTokens(), false);
}
void ReportOnceStrategy::reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) {
  describe(p, e.getOffendingToken(), e.getExpectedTokens(), false);
}
void ReportOnceStrategy::reportFailedPredicate(antlr4::Parser* p, const antlr4::FailedPredicateException& e) {
  describe(p, e.getOffendingToken(), p->getExpectedTokens(), false);
}
void ReportOnceStrategy::reportUnwantedToken(antlr4::Parser* p) {
  describe(p, p->getCurrentToken(), getExpectedTokens(p), false);
}
void ReportOnceStrategy::reportMissingToken(antlr4::Parser* p) {
  describe(p, p->getCurrentToken(), getExpectedTokens(p), true);
}

void ReportOnceStrategy::describe(antlr4::Parser* p, Token* t, const antlr4::misc::IntervalSet& expected, bool missing) {
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
  } else if (only_colon(exp) && !clause_of(ctx, &line).empty()) {
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
        (tt == P::NAME || tt == P::INT || tt == P::FLOAT || tt == P::STRING || is_open_bracket(tt)) && inside_brackets(t)) {
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

bool ReportOnceStrategy::inside_brackets(Token* t) const {
  int depth = 0;
  for (const auto& tok : *tokens_) {
    if (tok->getStartIndex() >= t->getStartIndex() && tok->getType() != P::INDENT) break;
    if (is_open_bracket(tok->getType())) ++depth;
    if (is_close_bracket(tok->getType()) && depth > 0) --depth;
    if (tok->getType() == P::NEWLINE) depth = 0;
  }
  return depth > 0;
}

}  // namespace plank::frontend
