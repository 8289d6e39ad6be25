// The engine factories: the interpreter here, the JIT from compiler/codegen.
#include "compiler/engine/engine.h"
#include "compiler/interp/interp.h"

#if defined(PLANK_HAVE_JIT) && __has_include("compiler/codegen/jit_engine.h")
#include "compiler/codegen/jit_engine.h"
#define PLANK_JIT_LINKED 1
#endif

namespace plank::engine {

namespace {

class InterpreterEngine final : public ExecutionEngine {
 public:
  explicit InterpreterEngine(const EngineOptions& options) : options_(options) {}
  const char* name() const override { return "interp"; }
  bool prepare(const ir::Module& module, core::ModuleRuntime& runtime, std::string* error) override {
    if (runtime.code.size() != module.functions.size()) {
      if (error) *error = "the module runtime does not match the IR module (bind it first)";
      return false;
    }
    for (size_t i = 0; i < module.functions.size(); ++i) {
      runtime.code[i].engine_data = &module.functions[i];
      runtime.code[i].entry = options_.debug ? &interp::entry_debug : &interp::entry;
      if (module.functions[i].is_generator) runtime.code[i].resume = interp::resume_entry(options_.debug);
    }
    return true;
  }

 private:
  EngineOptions options_;
};

}  // namespace

std::unique_ptr<ExecutionEngine> make_interpreter(const EngineOptions& options) {
  return std::make_unique<InterpreterEngine>(options);
}

bool jit_available() {
#ifdef PLANK_JIT_LINKED
  return true;
#else
  return false;
#endif
}

std::unique_ptr<ExecutionEngine> make_jit_engine(const EngineOptions& options) {
#ifdef PLANK_JIT_LINKED
  return codegen::make_jit(options);
#else
  (void)options;
  return nullptr;
#endif
}

const std::vector<std::string>& engine_names() {
  static const std::vector<std::string> names = {"jit", "interp"};
  return names;
}

std::string default_engine(Workload workload) {
  switch (workload) {
    case Workload::Program: return jit_available() ? "jit" : "interp";
    case Workload::OneShot: return "interp";
  }
  return "interp";
}

std::unique_ptr<ExecutionEngine> make_engine(const std::string& name, Workload workload, const EngineOptions& options,
                                             std::string* error) {
  const std::string chosen = name.empty() ? default_engine(workload) : name;
  if (chosen == "interp") return make_interpreter(options);
  if (chosen == "jit") {
    if (!jit_available()) return *error = "the JIT engine is not built (use --engine=interp)", nullptr;
    auto jit = make_jit_engine(options);
    if (!jit) *error = "the JIT engine could not be created";
    return jit;
  }
  *error = "unknown engine '" + chosen + "' (expected jit or interp)";
  return nullptr;
}

}  // namespace plank::engine
