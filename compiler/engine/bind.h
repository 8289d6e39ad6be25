// ir::Module -> core::ModuleRuntime: constants as Values (strings interned),
// the globals table (all unset), and one CodeInfo per function (entry left for
// the engine). The runtime must stay registered with the heap while it runs.
#pragma once
#include "compiler/ir/ir.h"
#include "runtime/module_runtime.h"
#include "runtime/thread.h"

namespace plank::engine {

// `thread` must have a heap; the runtime is registered with it (GC roots).
void bind(const ir::Module& module, core::Thread& thread, core::ModuleRuntime& runtime);

}  // namespace plank::engine
