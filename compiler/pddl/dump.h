// `plank plan --dump=ast`: the AST printed back as PDDL, one section or
// schema part a line, names in lower case, comments dropped. Parsing the dump
// gives the same tree again (tests/pddl checks this on every shared file), so
// the dump shows exactly what the front end read.
#pragma once
#include <string>

#include "compiler/pddl/ast.h"

namespace plank::pddl {

std::string dump_pddl(const ast::File& file);

}  // namespace plank::pddl
