// engine::ProgramState: the state a REPL keeps between inputs, on both engines.
#include <gtest/gtest.h>

#include "compiler/engine/engine.h"
#include "compiler/engine/program_state.h"

namespace plank::engine {
namespace {

using Status = InputResult::Status;

class ProgramStateTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "jit" && !jit_available()) GTEST_SKIP() << "the JIT is not built";
    ProgramStateOptions o;
    o.engine = GetParam();
    o.out = &out;
    session = std::make_unique<ProgramState>(o);
    ASSERT_TRUE(session->error().empty()) << session->error();
  }
  // Runs a complete input and returns what it printed.
  std::string run(const std::string& text, Status expected = Status::Ok) {
    out.clear();
    last = session->run(text, "<input>", /*interactive=*/false);
    EXPECT_EQ(last.status, expected) << text << "\n" << last.messages;
    return out;
  }
  Status status_of(const std::string& text) { return session->run(text, "<input>", true).status; }

  std::string out;
  InputResult last;
  std::unique_ptr<ProgramState> session;
};

TEST_P(ProgramStateTest, GlobalsAndFunctionsPersistAcrossInputs) {
  run("x = 41");
  EXPECT_EQ(run("x + 1"), "42\n");
  run("def f(n):\n    return n * x\n");
  EXPECT_EQ(run("f(2)"), "82\n");
  run("x = 1");
  EXPECT_EQ(run("f(2)"), "2\n");  // the function reads the session's x, not a copy
}

TEST_P(ProgramStateTest, AFunctionSeesGlobalsAssignedByLaterInputs) {
  run("def g():\n    return later\n");
  run("g()", Status::RuntimeError);
  EXPECT_EQ(last.error_kind, "NameError");
  EXPECT_NE(last.messages.find("name 'later' is not defined"), std::string::npos) << last.messages;
  run("later = 'now'");
  EXPECT_EQ(run("g()"), "'now'\n");
}

TEST_P(ProgramStateTest, RedefinitionReplacesAndShadowsBuiltins) {
  run("def f():\n    return 1\n");
  run("def f():\n    return 2\n");
  EXPECT_EQ(run("f()"), "2\n");
  run("def len(s):\n    return 7\n");
  EXPECT_EQ(run("len([1, 2])"), "7\n");  // a name bound earlier is a global, not the builtin
  EXPECT_EQ(run("def h(s):\n    return len(s)\nh('ab')"), "7\n");
}

TEST_P(ProgramStateTest, ExpressionStatementsPrintTheirReprLikePython) {
  EXPECT_EQ(run("None"), "");
  EXPECT_EQ(run("'a'"), "'a'\n");
  EXPECT_EQ(run("1; 2.5"), "1\n2.5\n");
  EXPECT_EQ(run("{'k': [1, (2,)], 'n': None}"), "{'k': [1, (2,)], 'n': None}\n");
  EXPECT_EQ(run("for i in range(3):\n    i\n"), "0\n1\n2\n");
  EXPECT_EQ(run("if True:\n    'yes'\nelse:\n    'no'\n"), "'yes'\n");
  EXPECT_EQ(run("def quiet():\n    5\nquiet()"), "");  // not inside function bodies
  EXPECT_EQ(run("print('p')"), "p\n");                // print returns None: shown once
}

TEST_P(ProgramStateTest, UnfinishedInputIsDecidedByTheParser) {
  EXPECT_EQ(status_of("def f():\n"), Status::Incomplete);
  EXPECT_EQ(status_of("x = (1,\n"), Status::Incomplete);
  EXPECT_EQ(status_of("d = {'a': 1,\n     'b': 2\n"), Status::Incomplete);
  EXPECT_EQ(status_of("s = \"\"\"abc\n"), Status::Incomplete);
  EXPECT_EQ(status_of("if 1:\n    y = 2\n"), Status::Incomplete);  // a block ends with a blank line
  EXPECT_EQ(status_of("if 1:\n    y = 2\nelse:\n"), Status::Incomplete);
  EXPECT_EQ(status_of("if 1:\n    y = 2\n\n"), Status::Ok);
  EXPECT_EQ(status_of("def k():\n    return 1\nk()\n"), Status::Ok);  // the block ended: a new statement
  EXPECT_EQ(status_of("x = 1 +\n"), Status::CompileError);             // as in Python: an error at once
  EXPECT_EQ(status_of("x = )\n"), Status::CompileError);
  EXPECT_EQ(status_of("def f():\nx = 1\n"), Status::CompileError);     // the missing block is not at the end
  EXPECT_EQ(status_of("x = (1,\n) )\n"), Status::CompileError);
}

TEST_P(ProgramStateTest, CompileErrorsShowTheCaretAndKeepTheSession) {
  run("z = 1");
  out.clear();
  auto r = session->run("z = = 2", "<input 2>", true);
  EXPECT_EQ(r.status, Status::CompileError);
  EXPECT_NE(r.messages.find("<input 2>:1:5: error:"), std::string::npos) << r.messages;
  EXPECT_NE(r.messages.find("    ^"), std::string::npos) << r.messages;
  EXPECT_EQ(run("z"), "1\n");
}

TEST_P(ProgramStateTest, RuntimeErrorsShowTheTracebackAndKeepTheSession) {
  run("w = [1]\ndef at(i):\n    return w[i]\n");
  out.clear();
  auto r = session->run("at(5)", "<input 3>", true);
  EXPECT_EQ(r.status, Status::RuntimeError);
  EXPECT_EQ(r.messages,
            "<input>:3: error: IndexError: list index out of range\n  in <module> at <input 3>:1\n  in at at <input>:3\n");
  EXPECT_EQ(run("w"), "[1]\n");
  run("a = 1\nb = 1 / 0", Status::RuntimeError);  // what ran before the error stays, as in Python
  EXPECT_EQ(run("a"), "1\n");
  run("b", Status::RuntimeError);
}

TEST_P(ProgramStateTest, GlobalsAreRootsOfTheCollector) {
  run("keep = []\nfor i in range(20000):\n    keep.append([i, str(i)])\n");
  run("junk = 0\nfor i in range(20000):\n    junk = [i, [i]]\n");
  EXPECT_EQ(run("len(keep)"), "20000\n");
  EXPECT_EQ(run("keep[19999]"), "[19999, '19999']\n");
}

TEST_P(ProgramStateTest, ListsItsNamesAndTheirValues) {
  run("b = 2\na = 'x'");
  EXPECT_EQ(session->global_names(), (std::vector<std::string>{"a", "b"}));
  std::string r;
  ASSERT_TRUE(session->global_repr("a", &r));
  EXPECT_EQ(r, "'x'");
  EXPECT_FALSE(session->global_repr("nope", &r));
}

TEST_P(ProgramStateTest, AStepHookCanStopARunAndTheSessionGoesOn) {
  int steps = 0;
  session->thread().step_hook = [&](core::Thread&, core::Frame&) { return ++steps < 100; };
  run("while True:\n    pass\n", Status::RuntimeError);
  EXPECT_EQ(last.error_kind, "Interrupted");
  session->thread().step_hook = nullptr;
  EXPECT_EQ(run("1 + 1"), "2\n");
}

TEST_P(ProgramStateTest, CallRunsAFunctionTheProgramDefinedWithItsStateKept) {
  run("calls = []\ndef bump():\n    calls.append(len(calls))\n    print('call', len(calls))\n");
  size_t inputs = session->inputs();
  out.clear();
  EXPECT_TRUE(session->call("bump").ok());
  EXPECT_TRUE(session->call("bump").ok());
  EXPECT_EQ(out, "call 1\ncall 2\n");
  EXPECT_EQ(session->inputs(), inputs);  // nothing was compiled
  EXPECT_EQ(run("calls"), "[0, 1]\n");

  run("def bad():\n    d = {}\n    return d['k']\n");
  InputResult r = session->call("bad");
  EXPECT_EQ(r.status, Status::RuntimeError);
  EXPECT_EQ(r.error_kind, "KeyError");
  ASSERT_FALSE(r.error.traceback.empty());
  EXPECT_EQ(r.error.traceback.back().line, 3u);
  EXPECT_NE(r.messages.find("<input>:3: error: KeyError"), std::string::npos) << r.messages;

  r = session->call("nothing_here");
  EXPECT_EQ(r.status, Status::RuntimeError);
  EXPECT_EQ(r.error_kind, "NameError");
  run("not_callable = 3");
  EXPECT_EQ(session->call("not_callable").error_kind, "TypeError");
  EXPECT_EQ(run("len(calls)"), "2\n");  // the session goes on after each error
}

TEST_P(ProgramStateTest, TimingsAreReportedPerPhase) {
  run("t = 1");
  EXPECT_GE(last.timings.parse, 0);
  EXPECT_GT(last.timings.compile, 0);
  EXPECT_GT(last.timings.total(), 0);
}

INSTANTIATE_TEST_SUITE_P(Engines, ProgramStateTest, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace plank::engine
