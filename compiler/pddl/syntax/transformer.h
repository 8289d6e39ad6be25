// Private to compiler/pddl/syntax (it includes the generated parser): the
// parse tree becomes the owned ast::File, and the tree is dropped.
#pragma once
#include "PddlParser.h"
#include "compiler/pddl/ast.h"

namespace plank::pddl::syntax {

void transform(pddl_grammar::PddlParser::PddlFileContext* tree, ast::File& out);

}  // namespace plank::pddl::syntax
