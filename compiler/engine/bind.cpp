#include "compiler/engine/bind.h"

#include "runtime/heap.h"
#include "runtime/objects.h"
#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/classes.h"

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
      case ir::Constant::Kind::BigInt: {
        core::Value v = core::Value::integer(0);
        core::parse_int_value(&thread, c.s, 0, &v);  // the front end checked the literal
        runtime.constants.push_back(v);
        break;
      }
      case ir::Constant::Kind::Bytes: runtime.constants.push_back(core::make_bytes(&thread, c.s)); break;
      case ir::Constant::Kind::Ellipsis: runtime.constants.push_back(core::ellipsis(&thread)); break;
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
    code.positions = f.positions;
    code.params.clear();
    code.argcount = code.posonly = code.kwonly = 0;
    code.varargs = code.varkw = false;
    code.kwonly_has_default.clear();
    uint32_t first_default = static_cast<uint32_t>(f.params.size());
    for (size_t k = 0; k < f.params.size(); ++k) {
      const ir::Param& p = f.params[k];
      code.params.push_back(p.name);
      switch (p.kind) {
        case ir::ParamKind::PositionalOnly: ++code.posonly; [[fallthrough]];
        case ir::ParamKind::Positional:
          ++code.argcount;
          if (p.has_default && first_default == f.params.size()) first_default = static_cast<uint32_t>(k);
          break;
        case ir::ParamKind::VarArgs: code.varargs = true; break;
        case ir::ParamKind::KeywordOnly:
          ++code.kwonly;
          code.kwonly_has_default.push_back(p.has_default);
          break;
        case ir::ParamKind::VarKeywords: code.varkw = true; break;
      }
    }
    code.defaults_from = {first_default};
    code.is_generator = f.is_generator;
    code.is_coroutine = f.is_coroutine;
    code.is_async_generator = f.is_async_generator;
    code.resume = nullptr;
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
