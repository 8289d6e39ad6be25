// Running a module that is already an AST (built, not parsed): engine::run_module
// and ProgramState::run(module, ...), on both engines. Messages point into the
// SourceFile the module names; an input run with keep = false is forgotten.
#include <gtest/gtest.h>

#include "compiler/engine/engine.h"
#include "compiler/engine/program_state.h"
#include "compiler/engine/run.h"
#include "compiler/frontend/ast_build.h"
#include "compiler/frontend/parser.h"

namespace plank::engine {
namespace {

namespace b = ast::build;
using Status = InputResult::Status;

// "print(<word>)" for a module whose file is a one-line "utterance": the call
// and the name point at the word's span in it.
std::unique_ptr<ast::Module> print_word(const std::string& utterance, const std::string& word) {
  auto m = std::make_unique<ast::Module>();
  m->file = SourceFile::from_string("<utterance>", utterance);
  size_t at = utterance.find(word);
  Span span{uint32_t(at), uint32_t(at + word.size())};
  m->body.push_back(b::expr_stmt(span, b::call_named(span, "print", b::exprs(b::name(span, word)))));
  return m;
}

std::unique_ptr<ast::Module> parsed(const std::string& name, const std::string& text) {
  DiagnosticSink sink;
  auto m = frontend::parse_module(SourceFile::from_string(name, text), sink);
  EXPECT_FALSE(sink.has_errors());
  return m;
}

class RunModuleTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "jit" && !jit_available()) GTEST_SKIP() << "the JIT is not built";
  }
};

TEST_P(RunModuleTest, ABuiltModuleRunsWithoutText) {
  auto m = std::make_unique<ast::Module>();
  m->file = SourceFile::from_string("<built>", "three times four");
  Span s{0, 5};
  m->body.push_back(b::assign(s, "x", b::binary(s, ast::BinaryOp::Mul, b::integer(s, 3), b::integer(s, 4))));
  m->body.push_back(b::expr_stmt(s, b::call_named(s, "print", b::exprs(b::name(s, "x")))));
  RunOptions o;
  o.engine = GetParam();
  std::string out, err;
  o.out = &out, o.err = &err;
  RunResult r = run_module(*m, o);
  EXPECT_EQ(r.exit_code, 0) << err;
  EXPECT_EQ(out, "12\n");
}

TEST_P(RunModuleTest, RuntimeErrorsPointIntoTheModulesFile) {
  auto m = print_word("build a wooden house", "house");
  RunOptions o;
  o.engine = GetParam();
  std::string out, err;
  o.out = &out, o.err = &err;
  RunResult r = run_module(*m, o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.error_kind, "NameError");
  EXPECT_NE(err.find("<utterance>:1: error: NameError: name 'house' is not defined"), std::string::npos) << err;
}

TEST_P(RunModuleTest, CompileErrorsPointAtTheWordsWithACaret) {
  // `return` outside a function: a static error, at the span the node was given.
  auto m = std::make_unique<ast::Module>();
  std::string utterance = "dig a hole until you reach water";
  m->file = SourceFile::from_string("<utterance>", utterance);
  size_t at = utterance.find("until");
  Span span{uint32_t(at), uint32_t(at + 5)};
  m->body.push_back(b::return_stmt(span));
  RunOptions o;
  o.engine = GetParam();
  std::string out, err;
  o.out = &out, o.err = &err;
  EXPECT_EQ(run_module(*m, o).exit_code, 1);
  EXPECT_NE(err.find("<utterance>:1:" + std::to_string(at + 1) + ": error:"), std::string::npos) << err;
  EXPECT_NE(err.find(utterance + "\n" + std::string(at + 2, ' ') + "^"), std::string::npos) << err;
}

TEST_P(RunModuleTest, ProgramStateRunsModulesAfterALoadedOne) {
  ProgramStateOptions po;
  po.engine = GetParam();
  std::string out;
  po.out = &out;
  ProgramState state(po);
  ASSERT_TRUE(state.error().empty()) << state.error();
  // A library first (kept), then modules that call it.
  InputResult lib = state.run(parsed("lib.plank", "'a docstring is not echoed'\ndef twice(x):\n    return 2 * x\n"));
  ASSERT_TRUE(lib.ok()) << lib.messages;
  EXPECT_EQ(out, "");
  auto m = std::make_unique<ast::Module>();
  m->file = SourceFile::from_string("<built>", "twice");
  Span s{0, 5};
  m->body.push_back(b::expr_stmt(s, b::call_named(s, "print", b::exprs(b::call_named(s, "twice", b::exprs(b::integer(s, 21)))))));
  InputResult r = state.run(std::move(m));
  ASSERT_TRUE(r.ok()) << r.messages;
  EXPECT_EQ(out, "42\n");
}

TEST_P(RunModuleTest, AForgottenInputLeavesOnlyTheKeptState) {
  ProgramStateOptions po;
  po.engine = GetParam();
  std::string out;
  po.out = &out;
  ProgramState state(po);
  ASSERT_TRUE(state.run(parsed("lib.plank", "base = 10\ndef add(x):\n    return base + x\n")).ok());
  ModuleInput once;
  once.keep = false;
  for (int i = 0; i < 50; ++i) {  // the same command again and again: the state does not grow
    InputResult r = state.run(parsed("<command>", "def command():\n    print(add(" + std::to_string(i) + "))\ncommand()\n"), once);
    ASSERT_TRUE(r.ok()) << r.messages;
  }
  EXPECT_EQ(out.substr(0, 6), "10\n11\n");
  EXPECT_EQ(state.inputs(), 1u);
  std::vector<std::string> names = state.global_names();
  EXPECT_EQ(names, (std::vector<std::string>{"add", "base"}));  // `command` is unbound again
  // A later input does not see what a forgotten one defined; a kept name it
  // rebound is back to its own value.
  InputResult later = state.run("command()", "<input>", false);
  EXPECT_EQ(later.status, Status::RuntimeError) << later.messages;
  ASSERT_TRUE(state.run(parsed("<rebinds>", "base = 1000\nprint(add(1))\n"), once).ok());
  out.clear();
  ASSERT_TRUE(state.run("print(add(1))", "<input>", false).ok());
  EXPECT_EQ(out, "11\n");
}

TEST_P(RunModuleTest, AnInputsStepBudgetIsItsOwn) {
  ProgramStateOptions po;
  po.engine = GetParam();
  ProgramState state(po);
  ModuleInput limited;
  limited.keep = false;
  limited.max_steps = 5000;
  const char* loop = "i = 0\nwhile i < 100000:\n    i = i + 1\n";
  InputResult r = state.run(parsed("<loop>", loop), limited);
  EXPECT_EQ(r.status, Status::RuntimeError);
  EXPECT_EQ(r.error_kind, "BudgetExceeded");
  // Each input starts its count afresh: a short one after a long one fits.
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(state.run(parsed("<short>", "i = 0\nwhile i < 100:\n    i = i + 1\n"), limited).ok());
  // Without a budget of its own, the thread's (none here) applies again.
  EXPECT_TRUE(state.run(parsed("<loop>", loop)).ok());
}

INSTANTIATE_TEST_SUITE_P(Engines, RunModuleTest, ::testing::Values("interp", "jit"));

}  // namespace
}  // namespace plank::engine
