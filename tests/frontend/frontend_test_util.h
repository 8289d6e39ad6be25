// Helpers shared by the front-end tests.
#pragma once
#include <string>
#include <vector>

#include "compiler/frontend/ast.h"
#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/parser.h"
#include "support/diagnostics.h"
#include "support/source.h"

namespace plank::frontend::testing {

struct Parsed {
  SourceRef file;
  std::unique_ptr<ast::Module> module;
  std::vector<Diagnostic> diags;
};

inline Parsed parse(const std::string& text, const std::string& path = "test.plank") {
  Parsed p;
  p.file = SourceFile::from_string(path, text);
  DiagnosticSink sink;
  p.module = parse_module(p.file, sink);
  p.diags = sink.all();
  return p;
}

// "line:col: message" for every diagnostic, one per line.
inline std::string diag_lines(const SourceFile& file, const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) {
    LineCol lc = file.line_col(d.span.begin);
    if (!out.empty()) out += "\n";
    out += std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message;
  }
  return out;
}

inline std::string errors(const std::string& text) {
  Parsed p = parse(text);
  return diag_lines(*p.file, p.diags);
}

// The module dump of text that must parse cleanly ("<errors: ...>" otherwise).
inline std::string dump(const std::string& text) {
  Parsed p = parse(text);
  if (!p.diags.empty()) return "<errors: " + diag_lines(*p.file, p.diags) + ">";
  return ast::dump_ast(*p.module);
}

// The dump of a single expression parsed with parse_expression.
inline std::string expr(const std::string& text) {
  auto file = SourceFile::from_string("expr.plank", text);
  DiagnosticSink sink;
  auto e = parse_expression(file, sink);
  if (!e) return "<errors: " + diag_lines(*file, sink.all()) + ">";
  std::string s = ast::dump_ast(*e, *file);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace plank::frontend::testing
