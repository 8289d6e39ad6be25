// The lowering pipeline, one named pass per line.
#include "compiler/lower/lower.h"

#include "compiler/lower/passes.h"
#include "runtime/intrinsics.h"

namespace plank::lower {

ir::Module lower_module(const check::CheckedModule& checked, const LowerOptions& options, DiagnosticSink& sink) {
  auto after = [&](const char* pass, const ir::Module& m) {
    if (options.after_pass) options.after_pass(pass, m);
  };
  ir::Module module = build_ir(checked, sink);
  after("build_ir", module);
  if (sink.has_errors()) return module;
  simplify_jumps(module);
  after("simplify_jumps", module);
  remove_unreachable(module);
  after("remove_unreachable", module);
  bind_locals(module);
  after("bind_locals", module);
  infer_types(module);
  after("infer_types", module);
  mark_string_builders(module);
  after("mark_string_builders", module);
  number_positions(module);
  after("number_positions", module);
  verify_ir(module, sink);
  after("verify", module);
  return module;
}

std::string dump_ir(const ir::Module& module) {
  return ir::dump(module, [](uint32_t i) {
    const auto& table = core::intrinsics();
    return i < table.size() ? std::string(table[i].name) : "intrinsic#" + std::to_string(i);
  });
}

}  // namespace plank::lower
