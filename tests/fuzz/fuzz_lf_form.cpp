// Any bytes as a logical form in Python-dict notation: the Plank parser's
// expression entry point, the AST -> value conversion, normalisation and
// validation with an utterance (span range checks).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  auto file = SourceFile::from_string("fuzz.lf", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticSink sink;
  auto expr = frontend::parse_expression(file, sink);
  if (!expr) return 0;
  auto value = lf::value_from_ast(*expr, file, sink);
  if (!value) return 0;
  auto utterance = lf::Utterance::from_text("build a red cube next to the big tree");
  auto result = lf::check_logical_form(*value, &utterance, file, sink);
  if (!result.valid && !sink.has_errors()) std::abort();
  if (result.valid) (void)lf::to_json_text(result.normalized, true);
  return 0;
}
