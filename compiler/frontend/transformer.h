// Private to compiler/frontend (it includes ANTLR headers): the parse tree ->
// Plank AST transformer. The checks Python makes after parsing (assignment
// targets, duplicate parameters and keywords, parameter order, integer range,
// expression depth) are made here and reported as Problems; the statement they
// concern is kept.
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

// The operator of an augmented assignment token ('+=' -> Add); is_augmented_assign says which
// tokens are one (the grammar's augassign rule).
ast::BinaryOp augmented_operator(size_t token_type);
bool is_augmented_assign(size_t token_type);

// Appends the statements of `tree` to `out`. A statement nested too deep is
// reported and left out; transform_file itself does not throw TooDeep.
void transform_file(const std::string& text, grammar::PlankParser::File_inputContext* tree, ast::StmtList& out,
                    std::vector<Problem>& problems);

// The expression `tree`; throws TooDeep when it is nested too deep.
ast::ExprPtr transform_expression(const std::string& text, grammar::PlankParser::TestContext* tree,
                                  std::vector<Problem>& problems);

// The expression of an f-string replacement field: `text` is the field's
// expression, which starts at byte `offset` of the file (every span is shifted
// by it). Lexes and parses it on its own (parser.cpp); null after a problem.
ast::ExprPtr parse_fstring_field(const std::string& text, uint32_t offset, std::vector<Problem>& problems, int depth);

// The tree of such a field (parser.cpp calls it once the field has parsed).
ast::ExprPtr transform_fstring_field(const std::string& text, uint32_t offset,
                                     grammar::PlankParser::Fstring_exprContext* tree, std::vector<Problem>& problems,
                                     int depth);

}  // namespace plank::frontend
