// Private to compiler/frontend (it includes ANTLR headers): the parse tree ->
// Plank AST transformer. The checks Python makes after parsing (assignment
// targets, duplicate parameters and keywords, integer range, expression depth)
// are made here and reported as Problems; the statement they concern is kept.
#pragma once
#include <string>
#include <vector>

#include "PlankParser.h"
#include "compiler/frontend/ast.h"
#include "compiler/frontend/syntax_problem.h"

namespace plank::frontend {

// An expression nested deeper than kMaxExprDepth (parser.h).
struct TooDeep {
  Span span;
};

// Appends the statements of `tree` to `out`. A statement nested too deep is
// reported and left out; transform_file itself does not throw TooDeep.
void transform_file(const std::string& text, grammar::PlankParser::File_inputContext* tree, ast::StmtList& out,
                    std::vector<Problem>& problems);

// The expression `tree`; throws TooDeep when it is nested too deep.
ast::ExprPtr transform_expression(const std::string& text, grammar::PlankParser::TestContext* tree,
                                  std::vector<Problem>& problems);

}  // namespace plank::frontend
