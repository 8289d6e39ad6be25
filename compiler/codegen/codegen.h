// Plank IR -> LLVM IR (LLVM 14, typed pointers).
//
// Each ir::Function becomes
//   zeroext i1 @plank.mK.fN.name(%pk.Thread* thread, i8* function, %pk.Value* args, %pk.Value* result)
// i.e. a core::EntryFn. Its frame is an alloca'd array of slot_count Values
// (%pk.Value = {i64 tag, i64 payload}) and a %pk.Frame (core::Frame) linked
// with pk_enter/pk_leave. Every IR operation calls its pk_* runtime function
// with pointers to slots; a call that fails branches to the function's one
// error exit (pk_leave, return false). Fast paths are inlined for int and
// float arithmetic and comparisons, truthiness of immediates, Branch and Step
// (fast_paths.cpp). This header includes no LLVM header.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"
#include "runtime/module_runtime.h"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace plank::codegen {

struct CodegenOptions {
  bool debug = false;   // Step also calls pk_step(thread, line) (the step hook)
  bool verify = true;   // llvm::verifyFunction every function; failures are internal errors
  // -O1 and up (not debug): the frame's line is stored before calls, not at
  // every Step, and the fuel is counted in a register between calls. Off at
  // -O0, where nothing is promoted to registers and the extra slow-path code
  // would only cost compile time.
  bool lazy_line_and_fuel = false;
  // Operand kinds proved by lower/infer_types are checked at run time (a
  // SystemError when one is wrong) instead of assumed: how the tests catch an
  // unsound fact, at any optimisation level. $PLANK_CHECK_KINDS=1 turns it on.
  bool check_kinds = false;
  // Functions the caller runs another way (the JIT engine interprets a
  // straight-line module body, jit_engine.cpp): declared, never emitted.
  std::vector<bool> skip;
};

// The number of IR instructions of a function (what its compile time grows with).
size_t instruction_count(const ir::Function& fn);

struct LLVMModule {
  std::unique_ptr<llvm::LLVMContext> context;  // declared first: outlives module
  std::unique_ptr<llvm::Module> module;
  std::vector<std::string> entry_names;  // one per ir::Function, in order
  LLVMModule();
  LLVMModule(LLVMModule&&) noexcept;
  LLVMModule& operator=(LLVMModule&&) noexcept;
  ~LLVMModule();
};

// Compiles `module`. With a runtime, addresses of constants, CodeInfos and the
// ModuleRuntime are embedded as constants (the JIT); without one (dump only)
// they are external globals @pk.module, @pk.const.N, @pk.code.N.
// Symbol names start with `prefix` (unique per JIT). Returns false with a
// one-line *error ("internal error: ...") when the IR cannot be compiled.
bool emit_module(const ir::Module& module, core::ModuleRuntime* runtime, const std::string& prefix,
                 const CodegenOptions& options, LLVMModule* out, std::string* error);

// Textual LLVM IR of a module.
std::string print_module(const llvm::Module& module);

// `plank run --dump=llvm` without running: the unoptimised LLVM IR of `module`
// (runtime addresses as external globals). On failure, the error text.
std::string dump_llvm(const ir::Module& module, const CodegenOptions& options = {});

}  // namespace plank::codegen
