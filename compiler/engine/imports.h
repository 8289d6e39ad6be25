// Loading the modules of the Plank standard library (stdlib/*.py, issue 27):
// what core::Thread::module_loader calls when a program imports a module the
// runtime's table says is written in Plank (runtime/modules.h). The module is
// compiled and run once per program run, by the engine the program itself
// runs on, and its globals become the module's attributes.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "compiler/engine/engine.h"
#include "runtime/modules.h"
#include "runtime/thread.h"

namespace plank::engine {

// The folder of the Plank-written modules: $PLANK_STDLIB when set, else the installed stdlib/,
// else the source tree's (support/data_paths.h).
std::string stdlib_dir();

class ModuleLoader {
 public:
  ModuleLoader(std::string engine, EngineOptions options);
  ~ModuleLoader();
  ModuleLoader(const ModuleLoader&) = delete;
  ModuleLoader& operator=(const ModuleLoader&) = delete;

  // Compiles stdlib/<def.source> and runs it; fills `module`'s dict with its
  // globals. False with the thread's error set (ImportError, or what the
  // module's body raised).
  bool load(core::Thread* t, const core::ModuleDef& def, core::Value module);
  // Installs load() as the thread's module loader (this must outlive the thread's run).
  void install(core::Thread& t);

 private:
  struct Loaded;
  std::string engine_;
  EngineOptions options_;
  std::vector<std::unique_ptr<Loaded>> loaded_;
};

}  // namespace plank::engine
