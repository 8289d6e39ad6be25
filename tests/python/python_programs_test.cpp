// Unmodified Python programs run by both engines print exactly what CPython
// prints: the conformance folder (tests/python/*.py, one construct each) and the
// classic benchmark programs (examples/pybench/*.py). CPython is the oracle:
// /usr/bin/python3.11 where it is installed (the version the issue targets),
// else python3. A program's exit status must agree too (an uncaught exception
// is 1 in both).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

struct Output {
  int exit_code = -1;
  std::string out;
  std::string err;  // only when asked for
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `command program` in the program's folder (programs may import siblings).
Output run_in_folder(const std::string& command, const fs::path& program, bool keep_stderr = false) {
  static int counter = 0;
  std::string stem = "plank_python_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  fs::path out = fs::temp_directory_path() / stem;
  fs::path err = fs::temp_directory_path() / (stem + ".err");
  std::string cmd = "cd '" + program.parent_path().string() + "' && " + command + " '" + program.filename().string() +
                    "' </dev/null >'" + out.string() + "' 2>" + (keep_stderr ? "'" + err.string() + "'" : "/dev/null");
  int status = std::system(cmd.c_str());
  Output r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_all(out);
  fs::remove(out);
  if (keep_stderr) {
    r.err = read_all(err);
    fs::remove(err);
  }
  return r;
}

std::string cpython() {
  if (::access("/usr/bin/python3.11", X_OK) == 0) return "/usr/bin/python3.11";
  if (std::system("python3 -c pass >/dev/null 2>&1") == 0) return "python3";
  return "";
}

std::vector<std::string> programs_in(const char* folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(PLANK_SOURCE_DIR) / folder))
    if (e.path().extension() == ".py") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

// The first line where two outputs differ, for a readable failure.
std::string first_difference(const std::string& expected, const std::string& got) {
  std::istringstream a(expected), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return "outputs differ only in the final newline";
    if (!ha || !hb || la != lb)
      return "line " + std::to_string(line) + ": CPython printed\n    " + (ha ? la : "<nothing>") +
             "\n  plank printed\n    " + (hb ? lb : "<nothing>");
  }
}

void expect_same_as_cpython(const fs::path& program) {
  std::string python = cpython();
  if (python.empty()) GTEST_SKIP() << "no CPython to compare with";
  Output expected = run_in_folder(python, program);
  ASSERT_FALSE(expected.out.empty()) << program << " printed nothing under " << python;
  for (const char* engine : {"interp", "jit"}) {
    Output got = run_in_folder(std::string("'") + PLANK_BINARY + "' run --engine " + engine, program);
    EXPECT_EQ(got.exit_code, expected.exit_code) << engine << ": " << program;
    EXPECT_TRUE(got.out == expected.out) << engine << ": " << program << "\n  " << first_difference(expected.out, got.out);
  }
}

class Conformance : public testing::TestWithParam<std::string> {};
TEST_P(Conformance, PrintsWhatCPythonPrints) {
  expect_same_as_cpython(fs::path(PLANK_SOURCE_DIR) / "tests/python" / (GetParam() + ".py"));
}
INSTANTIATE_TEST_SUITE_P(Python, Conformance, testing::ValuesIn(programs_in("tests/python")),
                         [](const auto& info) { return info.param; });

// tests/python/tracebacks: programs that end in an uncaught exception (or
// sys.exit); stdout, stderr (CPython's traceback, with 3.11's `~~~^^^`
// marker lines) and the exit status must all be CPython's.
class Traceback : public testing::TestWithParam<std::string> {};
TEST_P(Traceback, PrintsWhatCPythonPrints) {
  fs::path program = fs::path(PLANK_SOURCE_DIR) / "tests/python/tracebacks" / (GetParam() + ".py");
  std::string python = cpython();
  if (python.empty()) GTEST_SKIP() << "no CPython to compare with";
  Output expected = run_in_folder(python, program, true);
  ASSERT_FALSE(expected.err.empty()) << program << " printed nothing on stderr under " << python;
  for (const char* engine : {"interp", "jit"}) {
    Output got = run_in_folder(std::string("'") + PLANK_BINARY + "' run --engine " + engine, program, true);
    EXPECT_EQ(got.exit_code, expected.exit_code) << engine << ": " << program;
    EXPECT_TRUE(got.out == expected.out) << engine << ": " << program << "\n  " << first_difference(expected.out, got.out);
    EXPECT_TRUE(got.err == expected.err) << engine << ": " << program << " (stderr)\n  "
                                         << first_difference(expected.err, got.err);
  }
}
INSTANTIATE_TEST_SUITE_P(Python, Traceback, testing::ValuesIn(programs_in("tests/python/tracebacks")),
                         [](const auto& info) { return info.param; });

class Benchmark : public testing::TestWithParam<std::string> {};
TEST_P(Benchmark, PrintsWhatCPythonPrints) {
#ifdef PLANK_SANITIZE_BUILD
  // Seconds each in a release build; the sanitizer build's time goes to the conformance folder.
  GTEST_SKIP() << "benchmark programs run in the release build only";
#endif
  expect_same_as_cpython(fs::path(PLANK_SOURCE_DIR) / "examples/pybench" / (GetParam() + ".py"));
}
INSTANTIATE_TEST_SUITE_P(Python, Benchmark, testing::ValuesIn(programs_in("examples/pybench")),
                         [](const auto& info) { return info.param; });

}  // namespace
