// The PDDL front end's public API (compiler/pddl/parse.h): lexing, a two-stage
// ANTLR parse (SLL with bail-out, then LL for the error message), and the
// transformer. One root cause, one diagnostic: the first syntax error of a
// file is reported in plain words and the file is abandoned.
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "PddlLexer.h"
#include "PddlParser.h"
#include "antlr4-runtime.h"
#include "compiler/frontend/stack_guard.h"
#include "compiler/pddl/parse.h"
#include "compiler/pddl/syntax/transformer.h"
#include "support/edit_distance.h"

namespace plank::pddl {
namespace {

using antlr4::Token;
using L = pddl_grammar::PddlLexer;
using P = pddl_grammar::PddlParser;

// ANTLR's input stream indexes code points; spans are bytes, so the stream is
// fed one byte per symbol (PDDL itself is ASCII).
class ByteStream : public antlr4::ANTLRInputStream {
 public:
  explicit ByteStream(const std::string& bytes) {
    _data.resize(bytes.size());
    for (size_t i = 0; i < bytes.size(); ++i) _data[i] = static_cast<unsigned char>(bytes[i]);
    p = 0;
  }
};

struct SyntaxProblem {
  Span span;
  std::string message;
  std::vector<std::string> expected;
};

struct Abort {};

// What a token is, in the words of an error message.
std::string expected_name(size_t type) {
  switch (type) {
    case Token::EOF: return "end of file";
    case P::LP: return "'('";
    case P::RP: return "')'";
    case P::MINUS: return "'-'";
    case P::EQUALS: return "'='";
    case P::NAME: return "a name";
    case P::VARIABLE: return "a variable (?x)";
    case P::NUMBER: return "a number";
    case P::KEYWORD: return "a requirement (:strips, :typing, ...)";
    case P::DEFINE: return "'define'";
    case P::DOMAIN: return "'domain'";
    case P::PROBLEM: return "'problem'";
    case P::AND: return "'and'";
    case P::OR: return "'or'";
    case P::NOT: return "'not'";
    case P::IMPLY: return "'imply'";
    case P::EXISTS: return "'exists'";
    case P::FORALL: return "'forall'";
    case P::WHEN: return "'when'";
    case P::EITHER: return "'either'";
    case P::INCREASE: return "'increase'";
    case P::REQUIREMENTS: return "':requirements'";
    case P::TYPES: return "':types'";
    case P::CONSTANTS: return "':constants'";
    case P::PREDICATES: return "':predicates'";
    case P::FUNCTIONS: return "':functions'";
    case P::ACTION: return "':action'";
    case P::DERIVED: return "':derived'";
    case P::PARAMETERS: return "':parameters'";
    case P::PRECONDITION: return "':precondition'";
    case P::EFFECT: return "':effect'";
    case P::DOMAIN_REF: return "':domain'";
    case P::OBJECTS: return "':objects'";
    case P::INIT: return "':init'";
    case P::GOAL: return "':goal'";
    case P::METRIC: return "':metric'";
    default: return {};
  }
}

std::string token_text(const std::string& text, Token* t) {
  if (t->getType() == Token::EOF) return "end of file";
  size_t b = t->getStartIndex(), e = t->getStopIndex() + 1;
  std::string s = e > b && e <= text.size() ? text.substr(b, e - b) : "";
  if (s.size() > 24) s = s.substr(0, 21) + "...";
  return "'" + s + "'";
}

// The action, section or file part the parser was in, for "in action 'move'".
std::string where(antlr4::ParserRuleContext* ctx) {
  for (auto* c = ctx; c; c = dynamic_cast<antlr4::ParserRuleContext*>(c->parent)) {
    if (auto* a = dynamic_cast<P::ActionDefContext*>(c)) {
      if (a->name()) return " in action '" + a->name()->getText() + "'";
      return " in an action";
    }
    if (dynamic_cast<P::InitDefContext*>(c)) return " in (:init ...)";
    if (dynamic_cast<P::GoalDefContext*>(c)) return " in (:goal ...)";
    if (dynamic_cast<P::ObjectsDefContext*>(c)) return " in (:objects ...)";
    if (dynamic_cast<P::TypesDefContext*>(c)) return " in (:types ...)";
    if (dynamic_cast<P::PredicatesDefContext*>(c)) return " in (:predicates ...)";
    if (dynamic_cast<P::ConstantsDefContext*>(c)) return " in (:constants ...)";
    if (dynamic_cast<P::RequireDefContext*>(c)) return " in (:requirements ...)";
  }
  return {};
}

class ReportFirstError : public antlr4::DefaultErrorStrategy {
 public:
  ReportFirstError(const SourceFile& file, const std::vector<Span>* open_parens)
      : file_(file), text_(file.text()), open_parens_(open_parens) {}
  bool reported = false;
  SyntaxProblem problem;

  void reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) override {
    describe(p, e.getOffendingToken(), p->getExpectedTokens());
  }
  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override {
    describe(p, e.getOffendingToken(), e.getExpectedTokens());
  }
  void reportFailedPredicate(antlr4::Parser* p, const antlr4::FailedPredicateException& e) override {
    describe(p, e.getOffendingToken(), p->getExpectedTokens());
  }
  void reportUnwantedToken(antlr4::Parser* p) override { describe(p, p->getCurrentToken(), getExpectedTokens(p)); }
  void reportMissingToken(antlr4::Parser* p) override { describe(p, p->getCurrentToken(), getExpectedTokens(p)); }

 private:
  [[noreturn]] void describe(antlr4::Parser* p, Token* t, const antlr4::misc::IntervalSet& expected_set) {
    reported = true;
    problem.span = {static_cast<uint32_t>(t->getStartIndex()),
                    static_cast<uint32_t>(t->getType() == Token::EOF ? t->getStartIndex() : t->getStopIndex() + 1)};
    std::vector<std::string> expected;
    for (size_t type : expected_set.toList()) {
      std::string n = expected_name(type);
      if (!n.empty() && std::find(expected.begin(), expected.end(), n) == expected.end()) expected.push_back(n);
    }
    problem.expected = expected;
    std::string in = where(p->getContext());
    size_t type = t->getType();
    std::string got = token_text(text_, t);
    if (type == Token::EOF && open_parens_ && !open_parens_->empty()) {
      // Say which '(' is still open: the innermost is where a ')' is missing
      // if the indentation is to be trusted.
      LineCol at = file_.line_col(open_parens_->back().begin);
      got = "end of file: the '(' at " + std::to_string(at.line) + ":" + std::to_string(at.column) +
            " is never closed";
    }
    std::string list;
    for (size_t i = 0; i < expected.size(); ++i) {
      if (i) list += i + 1 == expected.size() ? " or " : ", ";
      list += expected[i];
    }
    problem.message = "unexpected " + got + in;
    if (type == P::KEYWORD || type == P::NAME) {
      // A misspelt section keyword (":parameter") or connective ("forall").
      std::string word = text_.substr(t->getStartIndex(), t->getStopIndex() + 1 - t->getStartIndex());
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (const auto& e : expected) {
        if (e.size() < 3 || e.front() != '\'') continue;
        std::string plain = e.substr(1, e.size() - 2);
        if (plain != word && levenshtein(plain, word) <= 2) {
          problem.message += "; did you mean " + e + "?";
          break;
        }
      }
    }
    if (!list.empty()) problem.message += ": expected " + list;
    throw Abort{};
  }

  const SourceFile& file_;
  const std::string& text_;
  const std::vector<Span>* open_parens_;
};

// The '(' left open at the end of the text (innermost last), and whether the
// nesting stays within kMaxNesting; spans of the first too-deep '(' otherwise.
struct Nesting {
  std::vector<Span> open;
  bool too_deep = false;
  Span deep_at;
};

Nesting scan_nesting(const std::vector<std::unique_ptr<Token>>& tokens) {
  Nesting n;
  for (const auto& t : tokens) {
    if (t->getType() == P::LP) {
      n.open.push_back(Span::at(static_cast<uint32_t>(t->getStartIndex())));
      if (!n.too_deep && n.open.size() > static_cast<size_t>(kMaxNesting)) {
        n.too_deep = true;
        n.deep_at = n.open.back();
      }
    } else if (t->getType() == P::RP && !n.open.empty()) {
      n.open.pop_back();
    }
  }
  return n;
}

void run(const SourceRef& file, ast::File& out, std::vector<SyntaxProblem>& problems, size_t& lexical_errors) {
  const std::string& text = file->text();
  ByteStream input(text);
  L lexer(&input);
  lexer.removeErrorListeners();
  std::vector<std::unique_ptr<Token>> tokens;
  for (;;) {
    auto t = lexer.nextToken();
    bool eof = t->getType() == Token::EOF;
    tokens.push_back(std::move(t));
    if (eof) break;
  }
  // Stray characters are hidden from the parser and reported here.
  for (const auto& t : tokens) {
    size_t type = t->getType();
    if (type != P::COMMA && type != P::ERROR_CHAR) continue;
    Span at{static_cast<uint32_t>(t->getStartIndex()), static_cast<uint32_t>(t->getStopIndex() + 1)};
    if (type == P::COMMA) {
      problems.push_back({at, "',' is not PDDL: list variables and names with spaces only, as in "
                              "(?l - location ?r - receptacle); read as a space", {}});
    } else {
      problems.push_back({at, "unexpected character '" + t->getText() + "' (read as a space)", {}});
    }
  }
  lexical_errors = problems.size();
  Nesting nesting = scan_nesting(tokens);
  if (nesting.too_deep) {
    problems.push_back({nesting.deep_at,
                        "parentheses nest deeper than " + std::to_string(kMaxNesting) + " levels",
                        {}});
    return;
  }
  {
    antlr4::ListTokenSource source(std::move(tokens));
    antlr4::CommonTokenStream stream(&source);
    P parser(&stream);
    parser.removeErrorListeners();
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    try {
      auto* tree = parser.pddlFile();
      syntax::transform(tree, out);
      return;
    } catch (const antlr4::ParseCancellationException&) {
    } catch (const antlr4::RecognitionException&) {
    }
  }
  // The slow path, only for a file with an error: full LL, plain words.
  ByteStream input2(text);
  L lexer2(&input2);
  lexer2.removeErrorListeners();
  antlr4::CommonTokenStream stream(&lexer2);
  P parser(&stream);
  parser.removeErrorListeners();
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
  auto strategy = std::make_shared<ReportFirstError>(*file, &nesting.open);
  parser.setErrorHandler(strategy);
  try {
    auto* tree = parser.pddlFile();
    if (!strategy->reported) {
      syntax::transform(tree, out);
      return;
    }
  } catch (const Abort&) {
  }
  problems.push_back(strategy->reported ? strategy->problem
                                        : SyntaxProblem{Span::at(static_cast<uint32_t>(text.size()), 0),
                                                        "invalid PDDL", {}});
}

}  // namespace

ast::File parse_file(SourceRef file, DiagnosticSink& sink) {
  ast::File out;
  out.source = file;
  std::vector<SyntaxProblem> problems;
  size_t lexical_errors = 0;
  // The parser recurses a few frames per '(' level; kMaxNesting bounds it.
  frontend::run_with_stack(size_t{8} << 20, [&] {
    try {
      run(file, out, problems, lexical_errors);
    } catch (const std::exception& e) {
      problems.push_back({Span::at(0, 0), std::string("internal PDDL parser error: ") + e.what(), {}});
    } catch (...) {
      problems.push_back({Span::at(0, 0), "internal PDDL parser error", {}});
    }
  });
  // Stray characters alone leave a tree the checker can still look at; a
  // syntax error leaves none.
  if (problems.size() > lexical_errors) {
    out.domain.reset();
    out.problem.reset();
  }
  const uint32_t size = static_cast<uint32_t>(file->text().size());
  for (auto& p : problems) {
    Diagnostic d;
    d.file = file;
    d.span = {std::min(p.span.begin, size), std::min(std::max(p.span.end, p.span.begin), size)};
    d.message = std::move(p.message);
    d.expected = std::move(p.expected);
    d.code = "pddl.syntax";
    sink.report(std::move(d));
  }
  return out;
}

}  // namespace plank::pddl
