// Modules a program imports (see modules.h): the one table of them, and import.
#include "runtime/modules.h"

#include <fmt/format.h>

#include "runtime/exceptions.h"
#include "runtime/heap.h"
#include "runtime/intrinsics.h"

namespace plank::core {

void build_math(Thread* t, Value module);
void build_time(Thread* t, Value module);
void build_sys(Thread* t, Value module);
void build_plank_native(Thread* t, Value module);

const std::vector<ModuleDef>& module_table() {
  static const std::vector<ModuleDef> table = {
      {"math", &build_math, ""},
      {"random", nullptr, "random.py"},
      {"time", &build_time, ""},
      {"sys", &build_sys, ""},
      {"_plank", &build_plank_native, ""},  // the runtime's helpers for the Plank-written modules
      {"itertools", nullptr, "itertools.py"},
      {"functools", nullptr, "functools.py"},
      {"collections", nullptr, "collections.py"},
      {"operator", nullptr, "operator.py"},
      {"string", nullptr, "string.py"},
      {"abc", nullptr, "abc.py"},
      {"copy", nullptr, "copy.py"},
      {"heapq", nullptr, "heapq.py"},
      {"bisect", nullptr, "bisect.py"},
      {"dataclasses", nullptr, "dataclasses.py"},
      {"typing", nullptr, "typing.py"},
      {"enum", nullptr, "enum.py"},
      {"contextlib", nullptr, "contextlib.py"},
      {"collections.abc", nullptr, "collections_abc.py"},
      {"__future__", nullptr, "__future__.py"},
      {"array", nullptr, "array.py"},
      {"io", nullptr, "io.py"},
      {"_asyncgen", nullptr, "_asyncgen.py"},  // async generators' objects (runtime/async_generator.cpp)
  };
  return table;
}

const ModuleDef* find_module(std::string_view name) {
  for (const auto& m : module_table())
    if (m.name == name) return &m;
  return nullptr;
}

Value make_module(Thread* t, std::string name) {
  RootScope roots(t);
  Value dict = roots.push(make_dict(t));
  auto* m = t->heap->alloc<ModuleObject>(ObjKind::Module);
  m->name = name;
  m->dict = dict;
  Value mv = roots.push(Value::object(m));
  module_set(t, mv, "__name__", make_str(t, name));
  return mv;
}

void module_set(Thread* t, Value module, std::string_view name, Value v) {
  RootScope roots(t);
  roots.push(module);
  roots.push(v);
  Value key = roots.push(intern_str(t, name));
  dict_set(t, static_cast<ModuleObject*>(module.obj)->dict, key, v);
}

void module_add_function(Thread* t, Value module, std::string_view intrinsic_name) {
  auto idx = find_intrinsic(intrinsic_name);
  if (!idx) throw_error(t, "SystemError", fmt::format("no intrinsic {}", intrinsic_name));
  size_t dot = intrinsic_name.rfind('.');
  module_set(t, module, intrinsic_name.substr(dot + 1), make_builtin(t, *idx));
}

Value import_module(Thread* t, std::string_view name) {
  std::string key = "module:" + std::string(name);
  auto& named = t->heap->named();
  if (auto it = named.find(key); it != named.end()) return Value::object(it->second);
  const ModuleDef* def = find_module(name);
  if (!def) throw_error(t, "ModuleNotFoundError", fmt::format("No module named '{}'", name));
  RootScope roots(t);
  Value m = roots.push(make_module(t, std::string(name)));
  named[key] = m.obj;  // before it runs: a module that imports itself finds it
  try {
    if (def->build) {
      def->build(t, m);
    } else {
      if (!t->module_loader)
        throw_error(t, "ImportError", fmt::format("module '{}' is written in Plank and this program cannot load it", name));
      if (!t->module_loader(t, *def, m)) rethrow_pending();
    }
  } catch (const Raised&) {
    t->heap->named().erase(key);
    throw;
  }
  return m;
}

Value import_from(Thread* t, Value module, Value name) {
  Value out;
  if (module.is(ObjKind::Module) && dict_get(t, static_cast<ModuleObject*>(module.obj)->dict, name, &out)) return out;
  std::string mod = module.is(ObjKind::Module) ? static_cast<ModuleObject*>(module.obj)->name : type_name(module);
  throw_error(t, "ImportError", fmt::format("cannot import name '{}' from '{}'", str_view(name), mod));
}

}  // namespace plank::core
