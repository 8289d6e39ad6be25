// The AST written back as Plank source: what `plank exec-lf --dump=plank`
// prints for a compiled command, and what anyone who builds programs
// (ast_build.h) can show a reader. Parsing the output again gives the same AST
// up to spans (tests/frontend/print_test.cpp checks this on every example,
// the stdlib and generated programs), so the printer is also a formatter.
//
// Layout is canonical: four spaces a level, one statement a line, a blank line
// around top-level function definitions, parentheses only where precedence
// needs them (plus around every tuple but a subscript's or a for target's),
// strings in single quotes unless the text holds one and no double quote (as
// Python's repr). Comments are not in the AST, so they are not printed.
#pragma once
#include <string>

#include "compiler/frontend/ast.h"

namespace plank::ast {

std::string print_module(const Module& module);
std::string print_stmt(const Stmt& stmt);  // with its trailing newline; blocks indented from column 1
std::string print_expr(const Expr& expr);

// A Plank string literal for `text` (quotes included) that decodes back to it.
std::string string_literal(std::string_view text);

}  // namespace plank::ast
