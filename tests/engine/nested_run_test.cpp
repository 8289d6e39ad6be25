// A program run from an intrinsic while another program runs (the DEPS loop program runs
// each plan this way): the inner run has its own Thread and heap, and when it ends SIGINT
// interrupts the outer program again instead of killing the process.
#include <gtest/gtest.h>

#include <csignal>
#include <mutex>

#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"
#include "runtime/intrinsics.h"
#include "runtime/objects.h"

namespace plank::engine {
namespace {

// What the intrinsic saw, for the test to check after the outer run.
struct Seen {
  core::Thread* outer = nullptr;
  core::Thread* during = nullptr;  // interruptible_thread() inside the inner program
  core::Thread* after = nullptr;   // ... once the inner run returned
  std::string inner_out;
  int inner_exit = -1;
};
Seen seen;

// test_inner_probe(): called by the inner program; records who SIGINT would interrupt.
bool inner_probe(core::Thread*, core::Value* result, const core::CallArgs&) {
  seen.during = interruptible_thread();
  *result = core::Value::none();
  return true;
}

// test_run_nested(signal): runs an inner program; with signal true, raises SIGINT after it.
bool run_nested(core::Thread* t, core::Value* result, const core::CallArgs& args) {
  seen.outer = t;
  RunOptions o;
  o.path = "inner.plank";
  o.source = "x = [0, 1, 4, 9]\ntest_inner_probe()\nprint(sum(x))\n";
  o.engine = "interp";
  o.out = &seen.inner_out;
  std::string err;
  o.err = &err;
  seen.inner_exit = run_program(o).exit_code;
  seen.after = interruptible_thread();
  if (args.npos == 1 && core::truthy(args.positional(0))) std::raise(SIGINT);
  *result = core::Value::boolean(true);
  return true;
}

void register_probes() {
  static std::once_flag once;
  std::call_once(once, [] {
    core::add_intrinsic({"test_inner_probe", {}, "None", 0, "test", "records interruptible_thread()", &inner_probe});
    core::add_intrinsic({"test_run_nested", {core::IntrinsicParam{"signal", "bool", "False"}}, "bool", 0, "test",
                         "runs a program inside this one", &run_nested});
  });
}

class NestedRun : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "jit" && !jit_available()) GTEST_SKIP() << "the JIT is not built";
    register_probes();
    seen = Seen{};
  }
  RunResult run_outer(const std::string& text, std::string* out) {
    RunOptions o;
    o.path = "outer.plank";
    o.source = text;
    o.engine = GetParam();
    o.out = out;
    std::string err;
    o.err = &err;
    return run_program(o);
  }
};

TEST_P(NestedRun, TheInnerProgramRunsOnItsOwnThreadAndHandsSigintBack) {
  std::string out;
  RunResult r = run_outer("a = [1, 2]\nok = test_run_nested()\nprint(ok, a, len(a))\n", &out);
  ASSERT_EQ(r.exit_code, 0) << out;
  EXPECT_EQ(out, "True [1, 2] 2\n");  // the outer program's values survived the inner heap
  EXPECT_EQ(seen.inner_exit, 0);
  EXPECT_EQ(seen.inner_out, "14\n");
  ASSERT_NE(seen.during, nullptr);
  EXPECT_NE(seen.during, seen.outer);  // while the inner program runs, SIGINT is its
  EXPECT_EQ(seen.after, seen.outer);   // then the outer program's again (was: nobody, and SIGINT killed us)
  EXPECT_EQ(interruptible_thread(), nullptr);
}

TEST_P(NestedRun, SigintAfterANestedRunInterruptsTheOuterProgram) {
  std::string out;
  RunResult r = run_outer("test_run_nested(True)\nwhile True:\n    pass\n", &out);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.error_kind, "Interrupted");
  EXPECT_EQ(interruptible_thread(), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Engines, NestedRun, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace plank::engine
