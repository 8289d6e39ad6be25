// Pass: the structural verifier as the last pass of the pipeline.
#include "compiler/lower/passes.h"

namespace plank::lower {

bool verify_ir(const ir::Module& module, DiagnosticSink& sink) {
  std::string problem = ir::verify(module);
  if (problem.empty()) return true;
  sink.error(module.file, Span{}, "internal compiler error: invalid IR: " + problem, "internal.ir");
  return false;
}

}  // namespace plank::lower
