// The reference interpreter: executes Plank IR directly, one `switch` over
// Instr::op, calling the runtime's pk_* function for every operation (it has
// no semantics of its own, so it is the oracle the JIT is compared with).
#pragma once
#include "compiler/ir/ir.h"
#include "runtime/thread.h"

namespace plank::interp {

// EntryFns for a function whose CodeInfo::engine_data points at its
// ir::Function. `entry_debug` also calls pk_step at every Step.
bool entry(core::Thread* thread, core::FunctionObject* function, core::Value* args, core::Value* result);
bool entry_debug(core::Thread* thread, core::FunctionObject* function, core::Value* args, core::Value* result);
// CodeInfo::resume for a generator function (its `args` is the GeneratorObject).
core::EntryFn resume_entry(bool debug);

}  // namespace plank::interp
