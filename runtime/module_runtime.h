// What the runtime holds for one loaded module, whichever engine runs it:
// constants as Values, the globals table, and one CodeInfo per function (its
// `entry` set by the engine). Built from an ir::Module by compiler/engine.
#pragma once
#include <string>
#include <vector>

#include "runtime/thread.h"
#include "runtime/value.h"

namespace plank::core {

struct ModuleRuntime {
  std::string file;
  std::vector<Value> constants;        // GC roots
  std::vector<std::string> global_names;
  // Sized once by engine::bind and never resized afterwards: JIT-compiled code
  // reads globals[i] and global_set[i] at their addresses.
  std::vector<Value> globals;          // GC roots
  std::vector<uint8_t> global_set;     // 0 until first StoreGlobal: LoadGlobal raises NameError
  std::vector<CodeInfo> code;          // code[0] is the module body
  // When set, LoadGlobal/StoreGlobal use that module's table instead of this
  // one's: every input of a REPL session binds to the session's one globals
  // table (indices agree because the session numbers the names), so a function
  // defined by an earlier input sees globals assigned by later ones.
  ModuleRuntime* globals_home = nullptr;
};

}  // namespace plank::core
