// The JIT engine: codegen (Plank IR -> LLVM IR) + Jit (ORC LLJIT), one LLJIT
// per engine object; every prepared module gets its own symbol prefix.
#include "compiler/codegen/jit_engine.h"

#include <unordered_map>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/jit.h"
#include "compiler/interp/interp.h"
#include "support/env_flag.h"

namespace plank::codegen {

namespace {

// A module body this long that has no loop is interpreted, not compiled.
// It runs once, each instruction at most once, and LLVM takes about 25 us an
// IR instruction even at -O0 (a 100,000-line program of assignments took
// 13 s of CPU and 1.9 GB to compile, for 5 ms of running); the interpreter
// runs it for a few ns an instruction. The functions it calls are compiled
// as before, and a body with a loop is too (the loop may be hot).
constexpr size_t kInterpretStraightBodyAbove = 2000;

// Whether some jump goes back to its own block or an earlier one (lowering
// lays loops out with the header first), i.e. whether the function may loop.
bool may_loop(const ir::Function& fn) {
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    if (fn.blocks[b].instrs.empty()) continue;
    const ir::Instr& last = fn.blocks[b].instrs.back();
    switch (last.op) {
      case ir::Op::ForIter: return true;
      case ir::Op::Jump:
        if (last.target <= b) return true;
        break;
      case ir::Op::Branch:
        if (last.target <= b || last.target2 <= b) return true;
        break;
      default: break;
    }
  }
  return false;
}

bool interpret_instead(const ir::Module& module, size_t i) {
  return i == 0 && instruction_count(module.functions[0]) > kInterpretStraightBodyAbove &&
         !may_loop(module.functions[0]);
}

class JitEngine final : public engine::ExecutionEngine {
 public:
  JitEngine(const engine::EngineOptions& options, const JitOptions& jit) : options_(options), jit_options_(jit) {}

  const char* name() const override { return "jit"; }

  bool prepare(const ir::Module& module, core::ModuleRuntime& runtime, std::string* error) override {
    if (!jit_) {
      jit_ = Jit::create(options_.opt_level, error);
      if (!jit_) return false;
    }
    CodegenOptions codegen = codegen_options();
    codegen.skip.resize(module.functions.size());
    for (size_t i = 0; i < module.functions.size(); ++i) codegen.skip[i] = interpret_instead(module, i);
    LLVMModule out;
    std::string prefix = "plank.m" + std::to_string(modules_++) + ".";
    if (!emit_module(module, &runtime, prefix, codegen, &out, error)) return false;
    std::vector<std::string> names = std::move(out.entry_names);
    Jit::ModuleKey key = 0;
    if (!jit_->add_module(std::move(out.context), std::move(out.module), error, &key)) return false;
    keys_[&runtime] = key;
    last_module_ = &module;
    last_runtime_ = &runtime;
    last_prefix_ = prefix;
    for (size_t i = 0; i < names.size(); ++i) {
      if (codegen.skip[i]) {
        runtime.code[i].engine_data = &module.functions[i];
        runtime.code[i].entry = options_.debug ? interp::entry_debug : interp::entry;
        continue;
      }
      void* address = jit_->lookup(names[i], error);
      if (address == nullptr) return false;
      runtime.code[i].entry = reinterpret_cast<core::EntryFn>(address);
      // A generator function's compiled body resumes its generator (`args` is the GeneratorObject*).
      if (module.functions[i].is_generator) runtime.code[i].resume = runtime.code[i].entry;
    }
    return true;
  }

  void release(const core::ModuleRuntime& runtime) override {
    auto it = keys_.find(&runtime);
    if (it == keys_.end()) return;
    jit_->remove_module(it->second);
    keys_.erase(it);
    if (last_runtime_ == &runtime) {  // nothing left to dump
      last_module_ = nullptr;
      last_runtime_ = nullptr;
    }
  }

  std::string dump() const override {
    if (!jit_ || !last_module_) return {};
    CodegenOptions codegen = codegen_options();
    LLVMModule out;
    std::string error;
    if (!emit_module(*last_module_, last_runtime_, last_prefix_, codegen, &out, &error)) return error + "\n";
    return jit_->print_optimised(std::move(out.context), std::move(out.module));
  }

 private:
  CodegenOptions codegen_options() const {
    CodegenOptions codegen;
    codegen.debug = options_.debug;
    codegen.verify = jit_options_.verify;
    codegen.lazy_line_and_fuel = options_.opt_level > 0 && !options_.debug;
    codegen.check_kinds = env_flag("PLANK_CHECK_KINDS");
    return codegen;
  }

  engine::EngineOptions options_;
  JitOptions jit_options_;
  std::unique_ptr<Jit> jit_;
  uint32_t modules_ = 0;
  const ir::Module* last_module_ = nullptr;
  core::ModuleRuntime* last_runtime_ = nullptr;
  std::string last_prefix_;
  // The JIT module of each prepared runtime, for release().
  std::unordered_map<const core::ModuleRuntime*, Jit::ModuleKey> keys_;
};

}  // namespace

std::unique_ptr<engine::ExecutionEngine> make_jit(const engine::EngineOptions& options) {
  return make_jit(options, JitOptions{});
}

std::unique_ptr<engine::ExecutionEngine> make_jit(const engine::EngineOptions& options, const JitOptions& jit) {
  return std::make_unique<JitEngine>(options, jit);
}

}  // namespace plank::codegen
