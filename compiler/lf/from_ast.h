// A logical form written in Plank (a JSON object or a Python dict literal is a
// Plank dict expression) becomes an lf::Value with the same spans, so the
// validator's errors point into the user's text either way.
#pragma once
#include <optional>

#include "compiler/frontend/ast.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"

namespace plank::lf {

// Accepts only constants: dicts with string keys, lists, tuples (read as lists),
// strings, numbers (with a leading sign), booleans, None/null. Anything else is
// reported (code "lf.not-constant") and yields nullopt.
std::optional<Value> value_from_ast(const ast::Expr& expr, const SourceRef& file, DiagnosticSink& sink);

}  // namespace plank::lf
