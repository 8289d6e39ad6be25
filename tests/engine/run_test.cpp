// Running programs with the interpreter: output against python3 (the oracle),
// runtime error format, budgets, recursion limit, the `plank run` CLI.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"

namespace plank {
namespace {

namespace fs = std::filesystem;

struct Ran {
  engine::RunResult result;
  std::string out, err;
};

Ran run_text(const std::string& text, engine::RunOptions o = {}) {
  Ran r;
  o.path = o.path.empty() ? "t.plank" : o.path;
  o.source = text;
  if (o.engine.empty()) o.engine = "interp";
  o.out = &r.out;
  o.err = &r.err;
  r.result = engine::run_program(o);
  return r;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs a shell command, returning stdout and the exit status.
std::string shell(const std::string& cmd, int* status) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    *status = -1;
    return out;
  }
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int rc = pclose(p);
  *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

std::vector<fs::path> example_programs() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(PLANK_SOURCE_DIR) / "examples/programs"))
    if (e.path().extension() == ".plank") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Interp, PrintsLikePython) {
  auto r = run_text("x = [1, 2]\nx[0] += 5\nprint(x, 1 < 2 < 3, 'a' if x else 'b', 7 // 2)\n");
  EXPECT_EQ(r.result.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[6, 2] True a 3\n");
}

TEST(Interp, ExamplesMatchExpectedFiles) {
  auto programs = example_programs();
  ASSERT_GE(programs.size(), 5u);
  for (const auto& p : programs) {
    engine::RunOptions o;
    o.path = p.string();
    o.engine = "interp";
    std::string out, err;
    o.out = &out;
    o.err = &err;
    auto result = engine::run_program(o);
    EXPECT_EQ(result.exit_code, 0) << p << "\n" << err;
    fs::path expected = p;
    expected.replace_extension(".expected");
    EXPECT_EQ(out, read(expected)) << p;
  }
}

TEST(Interp, ExamplesMatchPython3WhenAvailable) {
  int status = 0;
  shell("python3 --version >/dev/null 2>&1", &status);
  if (status != 0) GTEST_SKIP() << "python3 not available";
  for (const auto& p : example_programs()) {
    std::string py = shell("python3 '" + p.string() + "' 2>&1", &status);
    ASSERT_EQ(status, 0) << p;
    auto r = run_text(read(p), [&] {
      engine::RunOptions o;
      o.path = p.string();
      return o;
    }());
    EXPECT_EQ(r.out, py) << p << "\n" << r.err;
  }
}

TEST(Interp, RuntimeErrorFormat) {
  auto r = run_text("def f(x):\n    return 1 // x\n\ndef g():\n    return f(0)\n\nprint(g())\n");
  EXPECT_EQ(r.result.exit_code, 1);
  EXPECT_TRUE(r.result.runtime_error);
  EXPECT_EQ(r.result.error_kind, "ZeroDivisionError");
  EXPECT_EQ(r.err,
            "t.plank:2: error: ZeroDivisionError: integer division or modulo by zero\n"
            "  in <module> at t.plank:7\n"
            "  in g at t.plank:5\n"
            "  in f at t.plank:2\n");
}

TEST(Interp, NameErrorForUnboundFreeVariable) {
  auto r = run_text("def f():\n    def g():\n        return v\n    r = g()\n    v = 1\n    return r\nf()\n");
  EXPECT_EQ(r.result.exit_code, 1);
  EXPECT_EQ(r.result.error_kind, "NameError") << r.err;
}

TEST(Interp, StepBudgetStopsInfiniteLoop) {
  engine::RunOptions o;
  o.max_steps = 1000;
  auto r = run_text("while True:\n    pass\n", o);
  EXPECT_EQ(r.result.exit_code, 1);
  EXPECT_EQ(r.result.error_kind, "BudgetExceeded");
  EXPECT_NE(r.err.find("step budget of 1000 exceeded"), std::string::npos) << r.err;
}

TEST(Interp, TimeoutStopsInfiniteLoop) {
  engine::RunOptions o;
  o.timeout_seconds = 0.2;
  auto r = run_text("i = 0\nwhile True:\n    i += 1\n", o);
  EXPECT_EQ(r.result.error_kind, "BudgetExceeded") << r.err;
}

TEST(Interp, RecursionLimit) {
  auto r = run_text("def r(n):\n    return r(n + 1)\nr(0)\n");
  EXPECT_EQ(r.result.exit_code, 1);
  EXPECT_EQ(r.result.error_kind, "RecursionError");
  EXPECT_EQ(r.err.rfind("t.plank:2: error: RecursionError: maximum recursion depth exceeded\n", 0), 0u) << r.err.substr(0, 200);
  // deep but legal recursion works
  auto ok = run_text("def d(n):\n    if n == 0:\n        return 0\n    return 1 + d(n - 1)\nprint(d(900))\n");
  EXPECT_EQ(ok.out, "900\n") << ok.err;
}

TEST(Interp, StepHookSeesEveryStatementInDebug) {
  engine::RunOptions o;
  o.debug = true;
  std::vector<uint32_t> lines;
  o.step_hook = [&](core::Thread&, core::Frame& f) {
    lines.push_back(f.line);
    return true;
  };
  auto r = run_text("x = 1\ny = 2\nprint(x + y)\n", o);
  EXPECT_EQ(r.out, "3\n");
  EXPECT_EQ(lines, (std::vector<uint32_t>{1, 2, 3}));
}

TEST(Interp, CompileErrorsExitOne) {
  auto r = run_text("return 1\n");
  EXPECT_EQ(r.result.exit_code, 1);
  EXPECT_TRUE(r.result.compile_error);
  EXPECT_NE(r.err.find("t.plank:1:1: error: 'return' outside function"), std::string::npos) << r.err;
}

TEST(Interp, DumpIrStops) {
  engine::RunOptions o;
  o.dump = "ir";
  auto r = run_text("print(1)\n", o);
  EXPECT_EQ(r.result.exit_code, 0);
  EXPECT_NE(r.out.find("call_intrinsic print("), std::string::npos) << r.out;
}

TEST(Engines, JitWhenBuiltElseClearError) {
  auto r = run_text("print(2 + 3)\n", [] {
    engine::RunOptions o;
    o.engine = "jit";
    return o;
  }());
  if (engine::jit_available()) {
    EXPECT_EQ(r.out, "5\n") << r.err;
  } else {
    EXPECT_EQ(r.result.exit_code, 1);
    EXPECT_NE(r.err.find("the JIT engine is not built"), std::string::npos);
  }
}

TEST(Cli, RunExamplesWithInterp) {
  for (const auto& p : example_programs()) {
    int status = 0;
    std::string out = shell(std::string(PLANK_BINARY) + " run --engine=interp '" + p.string() + "'", &status);
    EXPECT_EQ(status, 0) << p;
    fs::path expected = p;
    expected.replace_extension(".expected");
    EXPECT_EQ(out, read(expected)) << p;
  }
}

TEST(Cli, ExitCodes) {
  int status = 0;
  shell(std::string(PLANK_BINARY) + " run --engine=bogus x.plank 2>/dev/null", &status);
  EXPECT_EQ(status, 2);
  shell(std::string(PLANK_BINARY) + " run --engine=interp /nonexistent.plank 2>/dev/null", &status);
  EXPECT_EQ(status, 1);
  fs::path tmp = fs::temp_directory_path() / "plank_cli_loop.plank";
  std::ofstream(tmp) << "while True:\n    pass\n";
  std::string err = shell(std::string(PLANK_BINARY) + " run --engine=interp --max-steps 500 '" + tmp.string() + "' 2>&1", &status);
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.find("BudgetExceeded: step budget of 500 exceeded"), std::string::npos) << err;
}

}  // namespace
}  // namespace plank
