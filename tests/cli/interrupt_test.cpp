// Stopping a runaway program through the real `plank run`: SIGINT, --timeout
// and --max-steps end it with a clear error and exit code 1, in both engines,
// never a hang or a crash. Waits poll against generous deadlines; nothing here
// asserts how long anything took.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "run_plank.h"

extern char** environ;

namespace plank {
namespace {

namespace fs = std::filesystem;

fs::path write_program(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / ("plank_interrupt_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(p) << text;
  return p;
}

struct Child {
  pid_t pid = -1;
  int out = -1;  // read end of the child's stdout
  fs::path err;  // the child's stderr
};

Child spawn_plank(const std::vector<std::string>& args, const fs::path& err_file) {
  Child c;
  int fds[2];
  if (pipe(fds) != 0) return c;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addopen(&actions, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> all = {PLANK_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  if (posix_spawn(&c.pid, PLANK_BINARY, &actions, nullptr, argv.data(), environ) != 0) c.pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  c.out = fds[0];
  c.err = err_file;
  return c;
}

// Reads from `fd` until `want` bytes arrived or EOF; false at the deadline.
bool read_some(int fd, size_t want, std::chrono::steady_clock::time_point deadline, bool* eof) {
  size_t got = 0;
  char buf[4096];
  *eof = false;
  while (got < want) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) {
      *eof = true;
      return true;
    }
    got += static_cast<size_t>(n);
  }
  return true;
}

// waitpid with a deadline; kills the child (and reports -1) past it.
int wait_exit(pid_t pid, std::chrono::steady_clock::time_point deadline, bool* signaled) {
  int status = 0;
  *signaled = false;
  while (std::chrono::steady_clock::now() < deadline) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      *signaled = WIFSIGNALED(status);
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    usleep(20000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

class Interrupt : public ::testing::TestWithParam<std::string> {};

// The program prints without end, so once output arrives (a full stdio buffer
// through the pipe) it is surely running inside the loop, with the handler in place.
TEST_P(Interrupt, SigintEndsTheProgramCleanly) {
  fs::path prog = write_program("sigint_" + GetParam() + ".plank", "n = 0\nwhile True:\n    n += 1\n    print(n)\n");
  fs::path err = fs::path(prog).replace_extension(".err");
  Child c = spawn_plank({"run", "--engine=" + GetParam(), prog.string()}, err);
  ASSERT_GT(c.pid, 0);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool eof = false;
  bool running = read_some(c.out, 8192, deadline, &eof);
  ASSERT_TRUE(running && !eof) << "the program never started printing";
  kill(c.pid, SIGINT);
  // Drain the pipe so the child never blocks on a full pipe while stopping.
  while (read_some(c.out, SIZE_MAX, deadline, &eof) && !eof) {
  }
  close(c.out);
  bool signaled = false;
  int code = wait_exit(c.pid, deadline, &signaled);
  std::string text = test::read_all(c.err);
  EXPECT_FALSE(signaled) << "killed by a signal instead of stopping cleanly";
  EXPECT_EQ(code, 1) << text;
  EXPECT_NE(text.find("error: Interrupted: interrupted"), std::string::npos) << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\.plank:[234]: error)"))) << "names a line of the loop: " << text;
  fs::remove(prog);
  fs::remove(err);
}

TEST_P(Interrupt, TimeoutEndsAnEndlessLoop) {
  fs::path prog = write_program("timeout_" + GetParam() + ".plank", "x = 0\nwhile True:\n    x = (x + 1) % 7\n");
  auto r = test::run_plank("run --engine=" + GetParam() + " --timeout 0.3 '" + prog.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("BudgetExceeded: time budget of 0.3 seconds exceeded"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(":3"), std::string::npos) << r.err;
  fs::remove(prog);
}

TEST_P(Interrupt, MaxStepsEndsAnEndlessLoop) {
  fs::path prog = write_program("steps_" + GetParam() + ".plank",
                                "def spin(k):\n    while True:\n        k += 1\nprint('start')\nspin(0)\n");
  auto r = test::run_plank("run --engine=" + GetParam() + " --max-steps 5000 '" + prog.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "start\n");
  EXPECT_NE(r.err.find("BudgetExceeded: step budget of 5000 exceeded"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("in spin at"), std::string::npos) << "the call stack is shown: " << r.err;
  fs::remove(prog);
}

TEST_P(Interrupt, MaxDepthEndsRunawayRecursion) {
  fs::path prog = write_program("depth_" + GetParam() + ".plank", "def f(n):\n    return f(n + 1)\nf(0)\n");
  auto r = test::run_plank("run --engine=" + GetParam() + " --max-depth 50 '" + prog.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("RecursionError: maximum recursion depth exceeded"), std::string::npos) << r.err;
  fs::remove(prog);
}

INSTANTIATE_TEST_SUITE_P(Engines, Interrupt, ::testing::Values("interp", "jit"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace plank
