// The seam between the compiler and whichever engine executes Plank IR.
//
// An ExecutionEngine turns the functions of a bound module into callable code:
// after prepare() every core::CodeInfo in runtime.code has its `entry` (and, as
// the engine likes, `engine_data`) set, and the driver runs code[0] (the module
// body) on a core::Thread. The engine object must outlive every call into the
// code it prepared (the JIT owns the machine code; the interpreter points
// engine_data at the ir::Function, so the ir::Module must outlive it too).
//
// Two engines: the reference interpreter (compiler/interp, make_interpreter())
// and the LLVM ORC JIT (compiler/codegen/jit_engine.h, make_jit()).
// `plank run --engine=interp|jit` picks one; see compiler/engine/run.h.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"
#include "runtime/module_runtime.h"

namespace plank::engine {

struct EngineOptions {
  // Debug build of the program (`--debug`, the REPL): every Step also calls
  // pk_step(thread, line) so the step hook runs. Off: no call, only fuel.
  bool debug = false;
  // LLVM optimisation level for the JIT (0..3); the interpreter ignores it.
  int opt_level = 0;  // codegen level None: ≈6× faster to compile; -O2 for long-running programs
};

class ExecutionEngine {
 public:
  virtual ~ExecutionEngine() = default;

  // "interp" or "jit".
  virtual const char* name() const = 0;

  // Makes every function of `module` callable: sets runtime.code[i].entry for
  // each i (runtime.code[i] describes module.functions[i]; bind() built it).
  // Returns false and sets *error (one line) when the engine cannot.
  virtual bool prepare(const ir::Module& module, core::ModuleRuntime& runtime, std::string* error) = 0;

  // The engine's own form of the prepared module, for `--dump=llvm` (the JIT:
  // the LLVM IR module, after optimisation). Empty when the engine has none.
  virtual std::string dump() const { return {}; }

  // The code prepare() made for `runtime` will never run again (an input that is
  // not kept: ProgramState's ModuleInput::keep = false), and `runtime` is about to
  // go: the engine frees what it made for it (the JIT: the module's machine code).
  // Called at most once per prepared runtime, with no frame of its code live.
  virtual void release(const core::ModuleRuntime& runtime) { (void)runtime; }
};

// The reference interpreter (always available).
std::unique_ptr<ExecutionEngine> make_interpreter(const EngineOptions& options = {});

// True when this build contains the LLVM JIT (compiler/codegen).
bool jit_available();

// The JIT when built; nullptr otherwise. compiler/codegen/jit_engine.h declares
//   namespace plank::codegen {
//   std::unique_ptr<engine::ExecutionEngine> make_jit(const engine::EngineOptions& options);
//   }
// and compiler/engine/engines.cpp calls it when PLANK_HAVE_JIT is defined (set by
// compiler/CMakeLists.txt when the plank_codegen target exists).
std::unique_ptr<ExecutionEngine> make_jit_engine(const EngineOptions& options = {});

// Which engine runs code when nobody names one, declared once and read by
// every command. A program a person runs (`plank run`, the REPL, an embedding
// host) gets the JIT when it is built. Short code compiled to run once (a CAIP
// command's program, a DEPS round's plan, the agent loops of stdlib/) gets the
// interpreter: it compiles about 30x faster, and such code spends its time in
// intrinsics, not in its own loops (docs/PERFORMANCE.md, compile latency).
enum class Workload : uint8_t { Program, OneShot };
std::string default_engine(Workload workload);

// The names a user may give (`--engine`): "jit", "interp".
const std::vector<std::string>& engine_names();

// The engine called `name`, or the workload's default when `name` is empty;
// nullptr and *error when it is unknown or not built (never a silent fallback).
std::unique_ptr<ExecutionEngine> make_engine(const std::string& name, Workload workload, const EngineOptions& options,
                                             std::string* error);

}  // namespace plank::engine
