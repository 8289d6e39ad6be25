// The stepping API (engine::Debugger) in both engines: step into / over / out
// by call depth, breakpoints by line, locals (captured cells and free
// variables included), the call stack, and Abort ending the run.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "compiler/engine/debugger.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"

namespace plank {
namespace {

using engine::DebugCommand;
using engine::PauseInfo;

const char* kProgram =
    "def add(a, b):\n"          // 1
    "    s = a + b\n"           // 2
    "    return s\n"            // 3
    "\n"                        // 4
    "def outer(n):\n"           // 5
    "    total = 0\n"           // 6
    "    def inner(k):\n"       // 7
    "        return total + k\n"  // 8
    "    total = n * 2\n"       // 9
    "    return inner(1)\n"     // 10
    "\n"                        // 11
    "x = add(1, 2)\n"           // 12
    "y = outer(x)\n"            // 13
    "print(x, y)\n";            // 14

struct Session {
  std::vector<PauseInfo> pauses;
  engine::RunResult result;
  std::string out, err;
};

// Runs kProgram (or `text`) under a debugger whose answers come from `next`.
template <class Next, class Setup>
Session debug_run(const std::string& engine_name, Next next, Setup setup, const std::string& text = kProgram) {
  Session s;
  engine::Debugger dbg([&](const PauseInfo& p) {
    s.pauses.push_back(p);
    return next(p, s.pauses.size());
  });
  setup(dbg);
  engine::RunOptions o;
  o.path = "dbg.plank";
  o.source = text;
  o.engine = engine_name;
  o.debug = true;
  o.step_hook = dbg.hook();
  o.out = &s.out;
  o.err = &s.err;
  s.result = engine::run_program(o);
  return s;
}

std::vector<uint32_t> lines(const Session& s) {
  std::vector<uint32_t> out;
  for (const auto& p : s.pauses) out.push_back(p.line);
  return out;
}

std::string local(const PauseInfo& p, const std::string& name) {
  for (const auto& l : p.locals)
    if (l.name == name) return l.repr;
  return "<absent>";
}

class DebuggerTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "jit" && !engine::jit_available()) GTEST_SKIP() << "JIT not built";
  }
};

auto always(DebugCommand c) {
  return [c](const PauseInfo&, size_t) { return c; };
}
auto start_paused = [](engine::Debugger& d) { d.pause_at_start(true); };

TEST_P(DebuggerTest, StepIntoVisitsEveryStatementInOrder) {
  auto s = debug_run(GetParam(), always(DebugCommand::StepInto), start_paused);
  EXPECT_EQ(s.result.exit_code, 0) << s.err;
  EXPECT_EQ(s.out, "3 7\n");
  std::vector<uint32_t> want = {1, 5, 12, 2, 3, 13, 6, 7, 9, 10, 8, 14};
  EXPECT_EQ(lines(s), want);
}

TEST_P(DebuggerTest, StepOverStaysInTheModuleBody) {
  auto s = debug_run(GetParam(), always(DebugCommand::StepOver), start_paused);
  EXPECT_EQ(s.result.exit_code, 0) << s.err;
  std::vector<uint32_t> want = {1, 5, 12, 13, 14};
  EXPECT_EQ(lines(s), want);
}

TEST_P(DebuggerTest, StepOverInsideAFunctionReturnsToTheCaller) {
  // Paused at line 2 (in add): over -> 3, over -> back in the module at 13.
  auto s = debug_run(GetParam(), always(DebugCommand::StepOver), [](engine::Debugger& d) { d.add_breakpoint(2); });
  std::vector<uint32_t> want = {2, 3, 13, 14};
  EXPECT_EQ(lines(s), want);
}

TEST_P(DebuggerTest, StepOutFinishesTheFunction) {
  auto s = debug_run(GetParam(), always(DebugCommand::StepOut), [](engine::Debugger& d) { d.add_breakpoint(8); });
  EXPECT_EQ(s.result.exit_code, 0) << s.err;
  // From inner (depth 3) out to outer? outer's last statement already ran: the next
  // statement at a smaller depth is the module's line 14.
  std::vector<uint32_t> want = {8, 14};
  EXPECT_EQ(lines(s), want);
}

TEST_P(DebuggerTest, StepOutFromTheMiddleOfAFunction) {
  auto s = debug_run(GetParam(), always(DebugCommand::StepOut), [](engine::Debugger& d) { d.add_breakpoint(6); });
  std::vector<uint32_t> want = {6, 14};
  EXPECT_EQ(lines(s), want);
}

TEST_P(DebuggerTest, BreakpointShowsStackAndLocalsWithCells) {
  auto s = debug_run(GetParam(), always(DebugCommand::Continue), [](engine::Debugger& d) {
    d.add_breakpoint(8);
    d.add_breakpoint(10);
  });
  EXPECT_EQ(s.result.exit_code, 0) << s.err;
  ASSERT_EQ(lines(s), (std::vector<uint32_t>{10, 8}));

  const PauseInfo& in_outer = s.pauses[0];
  EXPECT_EQ(in_outer.file, "dbg.plank");
  EXPECT_EQ(local(in_outer, "n"), "3");
  EXPECT_EQ(local(in_outer, "total"), "6");  // a captured local: read through its cell
  EXPECT_EQ(local(in_outer, "inner").rfind("<function", 0), 0u) << local(in_outer, "inner");

  const PauseInfo& in_inner = s.pauses[1];
  ASSERT_EQ(in_inner.stack.size(), 3u);
  EXPECT_EQ(in_inner.stack[0].line, 13u);
  EXPECT_EQ(in_inner.stack[1].line, 10u);
  EXPECT_EQ(in_inner.stack[2].line, 8u);
  EXPECT_NE(in_inner.stack[1].function.find("outer"), std::string::npos) << in_inner.stack[1].function;
  EXPECT_NE(in_inner.stack[2].function.find("inner"), std::string::npos) << in_inner.stack[2].function;
  EXPECT_EQ(in_inner.stack[2].file, "dbg.plank");
  EXPECT_EQ(local(in_inner, "k"), "1");
  EXPECT_EQ(local(in_inner, "total"), "6");  // a free variable of the closure
  EXPECT_EQ(in_inner.locals.size(), 2u);
}

TEST_P(DebuggerTest, ModuleLevelLocalsAreTheGlobalsAssignedSoFar) {
  auto s = debug_run(GetParam(), always(DebugCommand::Continue), [](engine::Debugger& d) { d.add_breakpoint(14); });
  ASSERT_EQ(s.pauses.size(), 1u);
  const PauseInfo& p = s.pauses[0];
  EXPECT_EQ(p.stack.size(), 1u);
  EXPECT_EQ(local(p, "x"), "3");
  EXPECT_EQ(local(p, "y"), "7");
  EXPECT_EQ(local(p, "add").rfind("<function", 0), 0u);
}

TEST_P(DebuggerTest, ReprOfEveryKindOfValue) {
  const char* text =
      "def f():\n"
      "    a = {'k': [1, 2.5, None, True]}\n"
      "    b = ('x', \"it's\")\n"
      "    c = 0.1\n"
      "    return a\n"
      "f()\n";
  auto s = debug_run(GetParam(), always(DebugCommand::Continue), [](engine::Debugger& d) { d.add_breakpoint(5); }, text);
  ASSERT_EQ(s.pauses.size(), 1u);
  EXPECT_EQ(local(s.pauses[0], "a"), "{'k': [1, 2.5, None, True]}");
  EXPECT_EQ(local(s.pauses[0], "b"), "('x', \"it's\")");
  EXPECT_EQ(local(s.pauses[0], "c"), "0.1");
}

TEST_P(DebuggerTest, BreakpointInALoopFiresEachIteration) {
  const char* text =
      "t = 0\n"
      "for i in range(4):\n"
      "    t += i\n"
      "print(t)\n";
  auto s = debug_run(GetParam(), always(DebugCommand::Continue), [](engine::Debugger& d) { d.add_breakpoint(3); }, text);
  EXPECT_EQ(s.out, "6\n");
  ASSERT_EQ(s.pauses.size(), 4u);
  EXPECT_EQ(local(s.pauses[0], "i"), "0");
  EXPECT_EQ(local(s.pauses[3], "i"), "3");
  EXPECT_EQ(local(s.pauses[3], "t"), "3");
}

TEST_P(DebuggerTest, AbortEndsTheProgramWithInterrupted) {
  auto s = debug_run(
      GetParam(), [](const PauseInfo&, size_t n) { return n < 3 ? DebugCommand::StepInto : DebugCommand::Abort; },
      start_paused);
  EXPECT_EQ(s.result.exit_code, 1);
  EXPECT_TRUE(s.result.runtime_error);
  EXPECT_EQ(s.result.error_kind, "Interrupted");
  EXPECT_EQ(s.out, "");  // line 14 never ran
  EXPECT_EQ(s.pauses.size(), 3u);
  EXPECT_NE(s.err.find("Interrupted"), std::string::npos) << s.err;
}

TEST_P(DebuggerTest, NoPauseWithoutBreakpointsOrStartPause) {
  auto s = debug_run(GetParam(), always(DebugCommand::StepInto), [](engine::Debugger&) {});
  EXPECT_EQ(s.result.exit_code, 0);
  EXPECT_TRUE(s.pauses.empty());
  EXPECT_EQ(s.out, "3 7\n");
}

TEST_P(DebuggerTest, HookResetsPerRun) {
  // The same Debugger drives two runs: each pauses at start again.
  int pauses = 0;
  engine::Debugger dbg([&](const PauseInfo&) {
    ++pauses;
    return DebugCommand::Continue;
  });
  dbg.pause_at_start(true);
  for (int run = 0; run < 2; ++run) {
    engine::RunOptions o;
    std::string out;
    o.path = "t.plank";
    o.source = "print(1)\nprint(2)\n";
    o.engine = GetParam();
    o.debug = true;
    o.step_hook = dbg.hook();
    o.out = &out;
    EXPECT_EQ(engine::run_program(o).exit_code, 0);
    EXPECT_EQ(out, "1\n2\n");
  }
  EXPECT_EQ(pauses, 2);
}

// The REPL's Ctrl-C: another thread asks a running program to pause.
TEST_P(DebuggerTest, RequestPauseFromAnotherThread) {
  std::atomic<bool> started{false};
  int pauses = 0;
  engine::Debugger dbg([&](const PauseInfo& p) {
    ++pauses;
    EXPECT_TRUE(p.line == 2 || p.line == 3) << p.line;
    return DebugCommand::Abort;
  });
  engine::RunOptions o;
  std::string out, err;
  o.path = "spin.plank";
  o.source = "i = 0\nwhile i < 1000000000:\n    i += 1\n";
  o.engine = GetParam();
  o.debug = true;
  o.max_steps = 200000000;  // a bound should the pause never come (the test then fails, not hangs)
  core::StepHook inner = dbg.hook();
  // The request is sent once the loop runs (line 2), so it can only land at
  // line 2 or 3: sending it from line 1's hook raced with that hook's own check.
  o.step_hook = [&](core::Thread& t, core::Frame& f) {
    if (f.line >= 2) started.store(true);
    return inner(t, f);
  };
  o.out = &out;
  o.err = &err;
  std::thread asker([&] {
    while (!started.load()) std::this_thread::yield();
    dbg.request_pause();
  });
  engine::RunResult r = engine::run_program(o);
  asker.join();
  EXPECT_EQ(pauses, 1);
  EXPECT_EQ(r.error_kind, "Interrupted") << err;
}

INSTANTIATE_TEST_SUITE_P(Engines, DebuggerTest, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

TEST(Debugger, BreakpointSet) {
  engine::Debugger dbg([](const PauseInfo&) { return DebugCommand::Continue; });
  dbg.add_breakpoint(3);
  dbg.add_breakpoint(7);
  dbg.add_breakpoint(3);
  EXPECT_EQ(dbg.breakpoints(), (std::set<uint32_t>{3, 7}));
  EXPECT_TRUE(dbg.remove_breakpoint(3));
  EXPECT_FALSE(dbg.remove_breakpoint(3));
  dbg.clear_breakpoints();
  EXPECT_TRUE(dbg.breakpoints().empty());
}

}  // namespace
}  // namespace plank
