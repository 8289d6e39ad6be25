// Any bytes through the whole source front end: lexer (INDENT/DEDENT),
// ANTLR parser, error recovery, AST transformer, AST dump.
// It must never crash, hang, or leak, and every diagnostic must point inside the input.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace plank;
  auto file = SourceFile::from_string("fuzz.plank", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticSink sink;
  auto module = frontend::parse_module(file, sink);
  if (!module) std::abort();  // the API promises a module, even a partial one
  (void)ast::dump_ast(*module);
  for (const auto& d : sink.all()) {
    if (d.span.begin > size || d.span.end > size + 1 || d.span.end < d.span.begin) std::abort();
    (void)render_text(d);
  }
  return 0;
}
