#include "compiler/engine/bind.h"

#include "runtime/heap.h"
#include "runtime/objects.h"

namespace plank::engine {

void bind(const ir::Module& module, core::Thread& thread, core::ModuleRuntime& runtime) {
  runtime.file = module.file ? module.file->path() : std::string("<none>");
  runtime.constants.clear();
  for (const ir::Constant& c : module.constants) {
    switch (c.kind) {
      case ir::Constant::Kind::None: runtime.constants.push_back(core::Value::none()); break;
      case ir::Constant::Kind::Bool: runtime.constants.push_back(core::Value::boolean(c.i != 0)); break;
      case ir::Constant::Kind::Int: runtime.constants.push_back(core::Value::integer(c.i)); break;
      case ir::Constant::Kind::Float: runtime.constants.push_back(core::Value::real(c.f)); break;
      case ir::Constant::Kind::Str: runtime.constants.push_back(core::intern_str(&thread, c.s)); break;
    }
  }
  runtime.global_names = module.globals;
  runtime.globals.assign(module.globals.size(), core::Value::none());
  runtime.global_set.assign(module.globals.size(), 0);
  runtime.code.clear();
  runtime.code.resize(module.functions.size());
  for (size_t i = 0; i < module.functions.size(); ++i) {
    const ir::Function& f = module.functions[i];
    core::CodeInfo& code = runtime.code[i];
    code.name = f.name;
    code.qualified = f.qualified;
    code.file = runtime.file;
    code.first_line = f.first_line;
    code.params.clear();
    uint32_t first_default = static_cast<uint32_t>(f.params.size());
    for (size_t k = 0; k < f.params.size(); ++k) {
      code.params.push_back(f.params[k].name);
      if (f.params[k].has_default && first_default == f.params.size()) first_default = static_cast<uint32_t>(k);
    }
    code.defaults_from = {first_default};
    code.slot_count = f.slot_count;
    code.slot_names = f.slot_names;
    code.slot_names.resize(f.slot_count);
    code.free_names = f.free_names;
    code.entry = nullptr;
    code.engine_data = nullptr;
    code.module = &runtime;
  }
  thread.heap->add_module(&runtime);
}

}  // namespace plank::engine
