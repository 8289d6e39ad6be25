// AST -> Plank IR: compiler/lower/lower.cpp lists the passes (Halide style).
#pragma once
#include <functional>
#include <string>

#include "compiler/check/check.h"
#include "compiler/ir/ir.h"
#include "support/diagnostics.h"

namespace plank::lower {

struct LowerOptions {
  // Called after each pass with its name and the module so far (`--dump=ir`
  // uses the last one; debugging a pass uses all of them).
  std::function<void(const std::string& pass, const ir::Module& module)> after_pass;
};

// Runs every pass. On errors (reported to sink) the module may be incomplete.
ir::Module lower_module(const check::CheckedModule& checked, const LowerOptions& options, DiagnosticSink& sink);

// ir::dump with intrinsic names from the runtime's table.
std::string dump_ir(const ir::Module& module);

}  // namespace plank::lower
