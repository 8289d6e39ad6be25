// A stable, indented S-expression dump of the AST, with line:col on every node.
// Used by `plank run --dump=ast` and by the golden tests. Example:
//
//   (Module
//     (ExprStmt 1:1
//       (Call 1:1
//         (Name 1:1 mine)
//         (Dict 1:6
//           (Entry
//             (Str 1:7 "log")
//             (Int 1:13 3)))
//         (None 1:17))))
#pragma once
#include <string>

#include "compiler/frontend/ast.h"
#include "support/source.h"

namespace plank::ast {

std::string dump_ast(const Module& module);
// Positions are computed against `file` (the file the node was parsed from).
std::string dump_ast(const Expr& expr, const SourceFile& file);
std::string dump_ast(const Stmt& stmt, const SourceFile& file);

}  // namespace plank::ast

namespace plank::frontend {
using ast::dump_ast;  // also reachable as frontend::dump_ast
}  // namespace plank::frontend
