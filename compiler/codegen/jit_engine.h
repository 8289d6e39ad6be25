// The LLVM ORC JIT as an engine::ExecutionEngine (compiler/engine/engine.h).
#pragma once
#include <memory>

#include "compiler/engine/engine.h"

namespace plank::codegen {

struct JitOptions {
  // ExecutionEngine::dump() (`--dump=llvm`) regenerates the LLVM IR of the
  // last prepared module (which, with its runtime, must still be alive, as the
  // interpreter requires too) and optimises it as prepare did: printing is never
  // paid by runs that do not dump.
  // llvm::verifyFunction every generated function (an internal error, never a crash).
  bool verify = true;
};

// engine::EngineOptions::opt_level 0 compiles fastest (no IR passes,
// CodeGenOpt::None); 2 runs the O2 pipeline. debug: Step calls pk_step.
std::unique_ptr<engine::ExecutionEngine> make_jit(const engine::EngineOptions& options);
std::unique_ptr<engine::ExecutionEngine> make_jit(const engine::EngineOptions& options, const JitOptions& jit);

}  // namespace plank::codegen
