// The Plank front end: source text -> ast::Module.
//
// Lexing and parsing use the ANTLR grammar in grammar/Plank.g4; the parse tree
// never leaves compiler/frontend/*.cpp. Every problem becomes a Diagnostic with
// code "syntax" and an exact span; nothing here throws.
#pragma once
#include <memory>

#include "compiler/frontend/ast.h"
#include "support/diagnostics.h"
#include "support/source.h"

namespace plank::frontend {

// Parses a whole module. Always returns a Module (possibly with fewer statements after errors);
// every problem is reported to `sink`. Never throws, never crashes, never hangs, on any bytes.
std::unique_ptr<ast::Module> parse_module(SourceRef file, DiagnosticSink& sink);

// parse_module without the hand-written parser of simple statements (simple_statements.h): every
// statement through ANTLR. For the tests that check both give the same module and diagnostics.
std::unique_ptr<ast::Module> parse_module_antlr_only(SourceRef file, DiagnosticSink& sink);

// Parses text that must be exactly one expression (surrounding blank lines/comments allowed):
// used for logical forms written as a JSON object or a Python dict. nullptr on error (reported).
std::unique_ptr<ast::Expr> parse_expression(SourceRef file, DiagnosticSink& sink);

// Limits (Python's own limits where it has one).
inline constexpr int kMaxBracketDepth = 200;     // nested ( [ {
inline constexpr int kMaxIndentDepth = 100;      // nested blocks
inline constexpr int kMaxUnaryChain = 300;       // prefix operators (not, -, +, lambda, **) per line
inline constexpr int kMaxExprDepth = 1500;       // AST expression depth (long operator chains)

}  // namespace plank::frontend
