// Any bytes through the whole source front end: lexer (INDENT/DEDENT),
// ANTLR parser, error recovery, AST transformer, AST dump.
// It must never crash, hang, or leak, and every diagnostic must point inside the input.
// Differential: the hand-written parser of simple statements (simple_statements.h) must give
// what ANTLR alone gives, the same AST and the same diagnostics.
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
  const std::string dump = ast::dump_ast(*module);
  for (const auto& d : sink.all()) {
    if (d.span.begin > size || d.span.end > size + 1 || d.span.end < d.span.begin) std::abort();
    (void)render_text(d);
  }
  DiagnosticSink antlr_sink;
  auto antlr = frontend::parse_module_antlr_only(file, antlr_sink);
  if (!antlr || ast::dump_ast(*antlr) != dump) std::abort();
  const auto& a = sink.all();
  const auto& b = antlr_sink.all();
  if (a.size() != b.size()) std::abort();
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].span.begin != b[i].span.begin || a[i].span.end != b[i].span.end || a[i].message != b[i].message)
      std::abort();
  return 0;
}
