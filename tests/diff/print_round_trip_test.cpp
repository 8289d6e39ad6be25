// The AST printer on random programs (compiler/progen): each one parsed,
// printed and parsed again gives the same AST (positions aside), and the
// printed program prints exactly what the original prints.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "compiler/engine/run.h"
#include "compiler/frontend/ast_dump.h"
#include "compiler/frontend/ast_print.h"
#include "compiler/frontend/parser.h"
#include "compiler/progen/progen.h"

namespace plank {
namespace {

std::string without_positions(const std::string& dump) {
  static const std::regex position(R"(^(\s*\(\S+) \d+:\d+)", std::regex::multiline);
  return std::regex_replace(dump, position, "$1");
}

std::string output_of(const std::string& program, const std::string& name) {
  engine::RunOptions o;
  o.path = name;
  o.source = program;
  o.engine = "interp";
  o.max_steps = 10'000'000;
  std::string out, err;
  o.out = &out, o.err = &err;
  engine::RunResult r = engine::run_program(o);
  return out + (r.runtime_error ? "<raised " + r.error_kind + ">" : "");  // lines differ: the layout is the printer's
}

TEST(PrintRoundTrip, GeneratedProgramsPrintBackToTheSameProgram) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    progen::Options options;
    options.seed = seed;
    options.may_raise = seed % 3 == 0;
    std::string text = progen::generate_program(options);
    DiagnosticSink sink;
    auto first = frontend::parse_module(SourceFile::from_string("gen.py", text), sink);
    ASSERT_FALSE(sink.has_errors()) << "seed " << seed;
    std::string printed = ast::print_module(*first);
    auto second = frontend::parse_module(SourceFile::from_string("printed.py", printed), sink);
    ASSERT_FALSE(sink.has_errors()) << "seed " << seed << "\n" << render_text(sink.all(), {}) << printed;
    ASSERT_EQ(without_positions(ast::dump_ast(*first)), without_positions(ast::dump_ast(*second))) << "seed " << seed;
    // Every 10th program also runs both ways: the same output, the same error.
    if (seed % 10 == 0) {
      std::string a = output_of(text, "p.py"), b = output_of(printed, "p.py");
      EXPECT_EQ(a, b) << "seed " << seed;
    }
  }
}

}  // namespace
}  // namespace plank
