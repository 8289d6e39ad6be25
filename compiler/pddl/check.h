// The PDDL checker: resolves a domain (and, when given, its problem) into a
// Task, reporting every undeclared type, predicate, constant, object or
// variable, every wrong arity, and every construct Plank does not plan with,
// as `file:line:col` diagnostics with what would have been accepted. Codes
// start with "pddl.".
#pragma once
#include <memory>

#include "compiler/pddl/ast.h"
#include "compiler/pddl/task.h"
#include "support/diagnostics.h"

namespace plank::pddl {

// Checks a domain alone (problem == nullptr) or a domain with its problem.
// Returns the Task when a problem was given and nothing was an error.
//
// A domain that names a problem object it does not declare as a constant (the
// released MinePlanner files do this) is an error on its own; with the problem
// it is a warning ("pddl.undeclared-constant"), and the name resolves to the
// problem's object, as older planners did.
std::unique_ptr<Task> check(const ast::File& domain, const ast::File* problem, DiagnosticSink& sink);

// The requirement flags Plank plans with, and those it reads but refuses.
const std::vector<std::string>& supported_requirements();

}  // namespace plank::pddl
