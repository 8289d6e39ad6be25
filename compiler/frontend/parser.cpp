// The Plank front end's public API (parser.h): wires the indent-aware lexer,
// the two-stage ANTLR parse with plain-words errors, and the transformer.
//
// Error policy (one root cause, one diagnostic):
//  * the lexer reports lexical problems (invalid characters, unterminated
//    strings, bracket mismatches, bad dedents, nesting limits);
//  * the file is parsed whole with SLL + bail; on failure it is re-parsed per
//    top-level statement ("chunk"), each with full LL and a strategy that reports
//    the first error of the chunk and abandons it (no in-rule recovery, so no
//    cascades); a chunk that already holds a lexical error reports nothing more.
//
// ANTLR keeps its prediction (DFA) cache in statics of the generated parser,
// shared by every call and thread; nothing here clears it, so after the first
// parses prediction is mostly cache hits.
#include "compiler/frontend/parser.h"

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "PlankParser.h"
#include "antlr4-runtime.h"
#include "compiler/frontend/indent_lexer.h"
#include "compiler/frontend/simple_statements.h"
#include "compiler/frontend/stack_guard.h"
#include "compiler/frontend/syntax_errors.h"
#include "compiler/frontend/transformer.h"

namespace plank::frontend {
namespace {

using antlr4::Token;
using P = grammar::PlankParser;

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
                 uint32_t eof_offset, IndentLexer& lexer, antlr4::CharStream* input, Entry entry, Use use,
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

void run_chunks(const std::string& text, const std::vector<std::unique_ptr<Token>>& tokens,
                const std::vector<size_t>& starts, size_t first, size_t last, uint32_t end, IndentLexer& lexer,
                antlr4::CharStream* input, const std::vector<Problem>& lexical, ParseOutcome& out);

void run_module(const SourceFile& file, ParseOutcome& out, bool simple_statements) {
  const std::string& text = file.text();
  ByteStream input(text);
  IndentLexer lexer(&input, text, /*expression_mode=*/false);
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

  // The token index where each top-level statement ("chunk") starts.
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
  const std::vector<Problem> lexical = lexer.problems;

  // Straight-line top-level statements of the commonest shapes are parsed by
  // hand (simple_statements.h); each run of the others goes to ANTLR, kBatch
  // statements at a time. A whole file at once held its whole parse tree
  // (about 40 contexts a statement: a 100,000-line program took 575 MB and
  // most of its time freeing them); a batch's tree is freed once the batch is
  // transformed. A batch that does not parse falls to the slow path, statement
  // by statement, as a whole file used to.
  constexpr size_t kBatch = 512;
  auto parse_batches = [&](size_t from, size_t to) {
    for (size_t first = from; first < to; first += kBatch) {
      const size_t last = std::min(first + kBatch, to);
      const size_t b = starts[first], e = last < starts.size() ? starts[last] : tokens.size();
      const uint32_t batch_end = e < tokens.size() ? static_cast<uint32_t>(tokens[e]->getStartIndex()) : end;
      Problem err;
      if (parse_range(
              text, tokens, b, e, batch_end, lexer, &input, file_entry,
              [&](P::File_inputContext* tree) { transform_file(text, tree, out.module->body, out.problems); }, &err))
        continue;
      run_chunks(text, tokens, starts, first, last, end, lexer, &input, lexical, out);
    }
  };
  size_t antlr_from = 0;  // the first statement of the run waiting for ANTLR
  for (size_t c = 0; simple_statements && c < starts.size(); ++c) {
    const size_t b = starts[c], e = c + 1 < starts.size() ? starts[c + 1] : tokens.size();
    ast::StmtPtr st = parse_simple_statement(text, tokens, b, e);
    if (!st) continue;
    parse_batches(antlr_from, c);
    out.module->body.push_back(std::move(st));
    antlr_from = c + 1;
  }
  parse_batches(antlr_from, starts.size());
}

void run_module(const SourceFile& file, ParseOutcome& out) { run_module(file, out, true); }
void run_module_antlr_only(const SourceFile& file, ParseOutcome& out) { run_module(file, out, false); }

// Slow path: one chunk per top-level statement of starts[first, last), one diagnostic at most per chunk.
void run_chunks(const std::string& text, const std::vector<std::unique_ptr<Token>>& tokens,
                const std::vector<size_t>& starts, size_t first, size_t last, uint32_t end, IndentLexer& lexer,
                antlr4::CharStream* input, const std::vector<Problem>& lexical, ParseOutcome& out) {
  auto file_entry = [](P& p) { return p.file_input(); };
  for (size_t c = first; c < last; ++c) {
    size_t b = starts[c], e = c + 1 < starts.size() ? starts[c + 1] : tokens.size();
    uint32_t chunk_begin = b < tokens.size() ? static_cast<uint32_t>(tokens[b]->getStartIndex()) : end;
    uint32_t chunk_end = e < tokens.size() ? static_cast<uint32_t>(tokens[e]->getStartIndex()) : end + 1;
    if (c == 0) chunk_begin = 0;
    Problem chunk_err;
    bool chunk_ok = parse_range(
        text, tokens, b, e, e < tokens.size() ? chunk_end : end, lexer, input, file_entry,
        [&](P::File_inputContext* tree) { transform_file(text, tree, out.module->body, out.problems); }, &chunk_err);
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
  IndentLexer lexer(&input, text, /*expression_mode=*/true);
  std::vector<std::unique_ptr<Token>> tokens;
  for (;;) {
    auto t = lexer.nextToken();
    if (t->getType() == Token::EOF) break;
    tokens.push_back(std::move(t));
  }
  out.problems = lexer.problems;
  Problem err;
  bool ok = parse_range(
      text, tokens, 0, tokens.size(), static_cast<uint32_t>(text.size()), lexer, &input,
      [](P& p) { return p.eval_input(); },
      [&](P::Eval_inputContext* tree) {
        try {
          out.expr = transform_expression(text, tree->test(), out.problems);
        } catch (const TooDeep& e) {
          out.problems.push_back({e.span, "expression nesting too deep"});
        }
      },
      &err);
  if (!ok && lexer.problems.empty()) out.problems.push_back(err);
  if (!out.problems.empty()) out.expr.reset();
}

}  // namespace

// An f-string field's expression: lexed and parsed alone, its spans shifted to the file's.
ast::ExprPtr parse_fstring_field(const std::string& text, uint32_t offset, std::vector<Problem>& problems, int depth) {
  // A field's expression may be written over several lines (in a triple-quoted f-string): parenthesise it so
  // that the lexer joins them, and shift by one more for the '('.
  std::string wrapped = "(" + text + "\n)";
  ByteStream input(wrapped);
  IndentLexer lexer(&input, wrapped, /*expression_mode=*/true);
  std::vector<std::unique_ptr<Token>> tokens;
  for (;;) {
    auto t = lexer.nextToken();
    if (t->getType() == Token::EOF) break;
    tokens.push_back(std::move(t));
  }
  auto shifted = [&](Problem p) {
    uint32_t b = p.span.begin > 0 ? p.span.begin - 1 : 0, e = p.span.end > 0 ? p.span.end - 1 : 0;
    b = std::min<uint32_t>(b, static_cast<uint32_t>(text.size()));
    e = std::min<uint32_t>(std::max(e, b), static_cast<uint32_t>(text.size()));
    return Problem{{b + offset, e + offset}, "f-string: " + p.message};
  };
  for (auto& p : lexer.problems) problems.push_back(shifted(p));
  if (!lexer.problems.empty()) return nullptr;
  ast::ExprPtr out;
  Problem err;
  std::vector<Problem> inner;
  bool ok = parse_range(
      wrapped, tokens, 0, tokens.size(), static_cast<uint32_t>(wrapped.size()), lexer, &input,
      [](P& p) { return p.fstring_expr(); },
      [&](P::Fstring_exprContext* tree) {
        try {
          out = transform_fstring_field(wrapped, offset - 1, tree, inner, depth);
        } catch (const TooDeep& e) {
          inner.push_back({e.span, "expression nesting too deep"});
        }
      },
      &err);
  if (!ok) {
    problems.push_back(shifted(err));
    return nullptr;
  }
  problems.insert(problems.end(), inner.begin(), inner.end());
  // The parentheses are ours: the expression itself starts one byte later.
  if (out && out->span.begin < offset) out->span.begin = offset;
  return inner.empty() ? std::move(out) : nullptr;
}

namespace {

// Stack the parse may need, measured on the inputs of tests/frontend/stack_test.cpp
// (g++ -O2, stack pre-filled with a pattern): the nesting limits of parser.h cap the recursion at
// ≈0.6 MB whatever the input; the one recursion they do not bound, a chain of
// conditional expressions ("a if b else c if d else ..."), costs ≈13 bytes of
// stack per byte of input. Both carry a 4-5x margin. Sanitizers and -O0 make
// frames ≈4x bigger (≈2.9 MB for the capped part, measured under ASan).
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
constexpr size_t kFrameScale = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
constexpr size_t kFrameScale = 4;
#else
constexpr size_t kFrameScale = 1;
#endif
#else
constexpr size_t kFrameScale = 1;
#endif
constexpr size_t kStackForNestingLimits = size_t{3} << 20;
constexpr size_t kStackPerInputByte = 64;

size_t stack_needed(const std::string& text) {
  return kFrameScale * (kStackForNestingLimits + kStackPerInputByte * text.size());
}

// The exception boundary: nothing thrown inside the parser reaches the caller.
void guarded(const SourceFile& file, ParseOutcome& out, void (*run)(const SourceFile&, ParseOutcome&)) {
  run_with_stack(stack_needed(file.text()), [&] {
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

std::unique_ptr<ast::Module> parse_module_antlr_only(SourceRef file, DiagnosticSink& sink) {
  if (!file) file = SourceFile::from_string("<empty>", "");
  ParseOutcome out;
  out.module = std::make_unique<ast::Module>();
  out.module->file = file;
  guarded(*file, out, &run_module_antlr_only);
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
