// Modules a program imports (issue 27): `import math`, `from collections
// import deque`. A module is an object whose attributes are a dict. Each is
// declared once in the table of modules.cpp: built by the runtime (math,
// random, time, ...) or written in Plank in stdlib/ (loaded through the
// thread's module loader, which the engine layer provides: the runtime does
// not compile). One module object per heap, made on first import.
#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "runtime/objects.h"

namespace plank::core {

struct ModuleObject : Object {
  std::string name;
  Value dict = Value::none();
};

struct ModuleDef {
  std::string_view name;
  // Fills the module's dict (a module the runtime makes), or null.
  void (*build)(Thread* t, Value module) = nullptr;
  // The Plank source in stdlib/ that defines the module (e.g. "itertools.py"), or "".
  std::string_view source;
};

const ModuleDef* find_module(std::string_view name);
const std::vector<ModuleDef>& module_table();

// The module, imported once per heap; ImportError when the loader cannot load it.
Value import_module(Thread* t, std::string_view name);
// `from module import name`: ImportError "cannot import name ..." when absent.
Value import_from(Thread* t, Value module, Value name);

Value make_module(Thread* t, std::string name);
// module.<name> = v while building a module.
void module_set(Thread* t, Value module, std::string_view name, Value v);
// A module-level function of a runtime-made module: an intrinsic registered
// under "<module>.<name>" (the intrinsics table documents it).
void module_add_function(Thread* t, Value module, std::string_view intrinsic_name);

// A module written in Plank is loaded by Thread::module_loader (set by the
// engine layer, compiler/engine/imports.cpp): it compiles stdlib/<source>,
// runs it and fills the module's dict with its globals.

}  // namespace plank::core
