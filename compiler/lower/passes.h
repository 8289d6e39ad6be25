// The passes of compiler/lower, one file each; lower.cpp runs them in order.
#pragma once
#include <string>

#include "compiler/check/check.h"
#include "compiler/ir/ir.h"
#include "support/diagnostics.h"

namespace plank::lower {

// AST -> IR: statements and expressions to blocks (build_ir.cpp). Compile
// errors that only lowering sees (e.g. a slice used as a value) go to sink.
ir::Module build_ir(const check::CheckedModule& checked, DiagnosticSink& sink);

// Drops blocks no path from the entry reaches (code after return/break) and
// renumbers the rest in order (remove_unreachable.cpp).
void remove_unreachable(ir::Module& module);

// Folds `jump` chains through blocks that hold nothing but a jump (simplify_jumps.cpp).
void simplify_jumps(ir::Module& module);

// Drops the UnboundLocalError checks of locals that are bound on every path
// to the read, and the prologue's unbinding of locals no check reads
// (bind_locals.cpp).
void bind_locals(ir::Module& module);

// Forward data flow over each function's slots: which kinds of value
// (None, bool, int, float, range, range iterator, other) each operand of an
// operation may hold, recorded in Instr::kinds_a / kinds_b (infer_types.cpp).
// Functions too large for the analysis's budget are left unannotated.
void infer_types(ir::Module& module);

// Finds locals that build a string by appending (`s += t`, `s = s + t`) and
// that nothing else can refer to: every other read of them neither keeps nor
// returns the string (len, print, comparison, the left or right operand of
// another `+`). Their appends get ir::kStrBuilder, so the runtime extends the
// string in place, and a `return s` is preceded by a Seal, after which the
// string is an ordinary immutable one (mark_string_builders.cpp).
void mark_string_builders(ir::Module& module);

// Numbers each function's distinct instruction spans (Function::positions,
// Instr::pos), the table a traceback's column markers come from (number_positions.cpp).
void number_positions(ir::Module& module);

// ir::verify as a pass: a failure is a compiler bug, reported as an error (verify_ir.cpp).
bool verify_ir(const ir::Module& module, DiagnosticSink& sink);

}  // namespace plank::lower
