// Loading the Plank-written standard library (see imports.h).
#include "compiler/engine/imports.h"

#include <cstdlib>

#include "compiler/check/check.h"
#include "compiler/engine/bind.h"
#include "compiler/frontend/parser.h"
#include "compiler/lower/lower.h"
#include "runtime/heap.h"
#include "runtime/module_runtime.h"
#include "runtime/modules.h"
#include "runtime/objects.h"
#include "runtime/ops.h"
#include "support/diagnostics.h"
#include "support/data_paths.h"


namespace plank::engine {

std::string stdlib_dir() { return data_path(DataItem::Stdlib); }

// Everything a loaded module's code refers to while the program runs.
struct ModuleLoader::Loaded {
  SourceRef file;
  std::unique_ptr<ast::Module> ast;
  check::CheckedModule checked;
  ir::Module ir;
  core::ModuleRuntime runtime;
  std::unique_ptr<ExecutionEngine> engine;
  core::Heap* heap = nullptr;
  ~Loaded() {
    if (heap) heap->remove_module(&runtime);
  }
};

ModuleLoader::ModuleLoader(std::string engine, EngineOptions options) : engine_(std::move(engine)), options_(options) {}
ModuleLoader::~ModuleLoader() = default;

void ModuleLoader::install(core::Thread& t) {
  t.module_loader = [this](core::Thread* thread, const core::ModuleDef& def, core::Value module) {
    return load(thread, def, module);
  };
}

bool ModuleLoader::load(core::Thread* t, const core::ModuleDef& def, core::Value module) {
  std::string path = stdlib_dir() + "/" + std::string(def.source);
  auto fail = [&](const std::string& why) {
    pk_raise(t, "ImportError", ("cannot load module '" + std::string(def.name) + "': " + why).c_str());
    return false;
  };
  auto loaded = std::make_unique<Loaded>();
  std::string error;
  loaded->file = SourceFile::load(path, &error);
  if (!loaded->file) return fail(error);
  DiagnosticSink sink;
  loaded->ast = frontend::parse_module(loaded->file, sink);
  if (!sink.has_errors()) loaded->checked = check::check_module(*loaded->ast, sink);
  if (!sink.has_errors()) loaded->ir = lower::lower_module(loaded->checked, {}, sink);
  if (sink.has_errors()) return fail(render_text(sink.all(), RenderOptions{}));
  loaded->engine = make_engine(engine_, Workload::Program, options_, &error);
  if (!loaded->engine) return fail(error);
  bind(loaded->ir, *t, loaded->runtime);
  loaded->heap = t->heap;
  if (!loaded->engine->prepare(loaded->ir, loaded->runtime, &error)) return fail(error);
  core::ModuleRuntime& rt = loaded->runtime;
  loaded_.push_back(std::move(loaded));
  // The module body sees its own name as __name__.
  for (size_t i = 0; i < rt.global_names.size(); ++i)
    if (rt.global_names[i] == "__name__") {
      rt.globals[i] = core::make_str(t, std::string(def.name));
      rt.global_set[i] = 1;
    }
  core::RootScope roots(t);
  roots.push(module);
  core::Value body = core::Value::none();
  if (!pk_make_function(t, &body, &rt, 0, nullptr, 0, nullptr, 0)) return false;
  roots.push(body);
  core::Value ignored = core::Value::none();
  if (!rt.code[0].entry(t, core::as_function(body), nullptr, &ignored)) return false;
  try {
    for (size_t i = 0; i < rt.global_names.size(); ++i)
      if (rt.global_set[i]) core::module_set(t, module, rt.global_names[i], rt.globals[i]);
  } catch (const core::Raised&) {
    return false;
  }
  return true;
}

}  // namespace plank::engine
