// `plank repl` in a real terminal: tmux gives the program a pty, the test types
// keys and reads the screen, as a user would.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli/run_plank.h"

namespace plank::test {
namespace {

namespace fs = std::filesystem;

std::string shell(const std::string& cmd) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  ::pclose(p);
  return out;
}

bool have_tmux() { return std::system("command -v tmux >/dev/null 2>&1") == 0; }

// One tmux server (its own socket) running `plank repl` in one pane.
class Terminal {
 public:
  explicit Terminal(const std::string& args = "") {
    static int counter = 0;
    socket_ = "plank_repl_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    home_ = fs::temp_directory_path() / socket_;
    fs::create_directories(home_);
    std::string cmd = "cd '" PLANK_SOURCE_DIR "' && HOME='" + home_.string() + "' TERM=xterm '" PLANK_BINARY
                      "' repl --history - " + args;
    tmux("new-session -d -s repl -x 120 -y 50 \"" + cmd + "\" \\; set-option -t repl remain-on-exit on");
    started_ = wait_prompt();
  }
  ~Terminal() {
    tmux("kill-server");
    fs::remove_all(home_);
  }
  bool started() const { return started_; }
  const fs::path& home() const { return home_; }

  // Named keys (Enter, C-c, Tab) and literal text.
  void keys(const std::string& names) { tmux("send-keys -t repl " + names); }
  void text(const std::string& literal) { tmux("send-keys -t repl -l " + quote(literal)); }
  // Types a line once the program waits for one (typed-ahead keys would be
  // echoed by the terminal before the line editor takes over), then, unless
  // the line starts something that keeps running, waits for the next prompt.
  void type(const std::string& line, bool prompt_follows = true) {
    wait_prompt();
    int before = prompts();
    text(line);
    keys("Enter");
    if (prompt_follows) wait_until([&] { return prompts() > before; });
  }
  // The screen and its scrollback, each line without trailing blanks.
  std::string screen() {
    std::string raw = tmux("capture-pane -p -J -S -200 -t repl"), s;
    for (size_t begin = 0; begin < raw.size();) {
      size_t end = raw.find('\n', begin);
      if (end == std::string::npos) end = raw.size();
      std::string line = raw.substr(begin, end - begin);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      s += line + "\n";
      begin = end + 1;
    }
    return s;
  }
  bool dead() { return tmux("display-message -p -t repl '#{pane_dead}'").find('1') != std::string::npos; }

  // Waits until the cursor line is a prompt.
  bool wait_prompt() {
    return wait_until([&] {
      std::string s = screen();
      while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
      size_t nl = s.rfind('\n');
      std::string last = s.substr(nl == std::string::npos ? 0 : nl + 1);
      return last == ">>>" || last == "..." || last == "(paused)";
    });
  }
  // Lines that start with a prompt.
  int prompts() {
    std::string s = "\n" + screen();
    int n = 0;
    for (const char* p : {"\n>>>", "\n...", "\n(paused)"})
      for (size_t at = s.find(p); at != std::string::npos; at = s.find(p, at + 1)) ++n;
    return n;
  }
  template <class F>
  bool wait_until(F ready) {
    for (int i = 0; i < 400; ++i) {
      if (ready()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

  // Waits (up to 20 s: the machines are shared and slow) until the screen holds `text`
  // `count` times; readiness only, never a timing assertion.
  bool wait_for(const std::string& text, int count = 1) {
    for (int i = 0; i < 400; ++i) {
      std::string s = screen();
      int seen = 0;
      for (size_t at = s.find(text); at != std::string::npos; at = s.find(text, at + 1)) ++seen;
      if (seen >= count) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

 private:
  static std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  }
  std::string tmux(const std::string& args) { return shell("tmux -L " + socket_ + " " + args + " 2>&1"); }
  std::string socket_;
  fs::path home_;
  bool started_ = false;
};

class ReplTerminal : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed";
  }
};

TEST_F(ReplTerminal, MultiLineBlocksContinueUntilABlankLine) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.type("def f(n):");
  ASSERT_TRUE(t.wait_for("..."));
  t.type("    return n * 2");
  t.type("");
  t.type("d = {'a': f(1),");
  t.type("     'b': f(2)}");
  t.type("d");
  ASSERT_TRUE(t.wait_for("{'a': 2, 'b': 4}")) << t.screen();
  std::string s = t.screen();
  EXPECT_NE(s.find(">>> def f(n):\n...     return n * 2\n...\n>>> d = {'a': f(1),\n...      'b': f(2)}\n>>> d\n"),
            std::string::npos)
      << s;
}

TEST_F(ReplTerminal, ACaretErrorThenAWorkingLine) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.type("y = 1 +");
  ASSERT_TRUE(t.wait_for("^")) << t.screen();
  t.type("y = 6 * 7");
  t.type("y");
  ASSERT_TRUE(t.wait_for("\n42\n")) << t.screen();
  std::string s = t.screen();
  EXPECT_NE(s.find("<input 1>:1:8: error: expected an expression after '+'\n  y = 1 +\n         ^\n>>> y = 6 * 7"),
            std::string::npos)
      << s;
}

TEST_F(ReplTerminal, CtrlCInterruptsAnEndlessLoopAndReturnsToThePrompt) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.type("n = 0");
  t.type("while True:");
  t.type("    n = n + 1");
  t.type("    if n == 1000:");
  t.type("        print('looping')");
  t.type("", /*prompt_follows=*/false);
  // Ctrl-C once the screen shows the loop running, not after a guessed delay.
  ASSERT_TRUE(t.wait_for("\nlooping\n")) << t.screen();
  t.keys("C-c");
  ASSERT_TRUE(t.wait_for("Interrupted: interrupted")) << t.screen();
  t.type("n > 0");
  ASSERT_TRUE(t.wait_for("True")) << t.screen();
  // Ctrl-C while typing abandons the line, like Python.
  t.wait_prompt();
  t.text("abandoned");
  t.keys("C-c");
  ASSERT_TRUE(t.wait_for("KeyboardInterrupt")) << t.screen();
  t.type("'still here'");
  ASSERT_TRUE(t.wait_for("'still here'", 2)) << t.screen();
}

TEST_F(ReplTerminal, BreakStepWhereOnAPlan) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  std::ofstream(t.home() / "plan.plank") << "def chop(n):\n    logs = 0\n    while logs < n:\n"
                                            "        logs = logs + 1\n    return logs\n\n"
                                            "have = chop(2)\nprint('logs', have)\n";
  std::string plan = (t.home() / "plan.plank").string();
  t.type(":break 4");
  t.type(":run " + plan);
  ASSERT_TRUE(t.wait_for("(paused)")) << t.screen();
  t.type(":where");
  ASSERT_TRUE(t.wait_for("  logs = 0")) << t.screen();
  t.type(":step");
  ASSERT_TRUE(t.wait_for("-> while logs < n:")) << t.screen();
  t.type("logs");
  ASSERT_TRUE(t.wait_for("\n1\n")) << t.screen();
  t.type(":break -4");
  t.type(":continue");
  ASSERT_TRUE(t.wait_for("logs 2")) << t.screen();
  std::string s = t.screen();
  EXPECT_NE(s.find("paused at " + plan + ":4 in chop\n-> logs = logs + 1"), std::string::npos) << s;
  EXPECT_NE(s.find("  <module> at " + plan + ":7\n  chop at " + plan + ":4"), std::string::npos) << s;
}

TEST_F(ReplTerminal, StepsThroughADepsPlanWithBreakStepWhere) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  const std::string plan = "examples/deps/02_deps_wooden_button.plank";  // the REPL runs in the source folder
  t.type(":survival");
  t.type(":break 4");
  t.type(":run " + plan);
  ASSERT_TRUE(t.wait_for("-> mine({'log':1}, null); # step 1")) << t.screen();
  t.type(":where");
  ASSERT_TRUE(t.wait_for("  obtain_1_wooden_button at " + plan + ":4")) << t.screen();
  t.type(":step");
  ASSERT_TRUE(t.wait_for("-> craft({'planks':4}, {'log':1}, null); # step 2")) << t.screen();
  t.type(":inv");
  ASSERT_TRUE(t.wait_for("\n1 log\n")) << t.screen();
  t.type(":continue");
  t.type(":inv");
  ASSERT_TRUE(t.wait_for("3 planks, 1 wooden_button")) << t.screen();
}

TEST_F(ReplTerminal, ParseThenExec) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.type(":parse build a red tower");
  ASSERT_TRUE(t.wait_for("(:exec runs #1)")) << t.screen();
  ASSERT_TRUE(t.wait_for("#1  p=")) << t.screen();
  t.type(":exec");
  ASSERT_TRUE(t.wait_for("the CAIP executor acts on scene village")) << t.screen();
}

TEST_F(ReplTerminal, TabCompletesNamesCommandsAndLogicalFormValues) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.type("plank_total = 5");
  t.wait_prompt();
  t.text("plank_to");
  t.keys("Tab");
  t.text(" + 1");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for(">>> plank_total + 1\n6")) << t.screen();
  t.wait_prompt();
  t.text(":wor");
  t.keys("Tab");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("top view")) << t.screen();
  t.wait_prompt();
  t.text("{'dialogue_type': 'HUMAN_GIVE");
  t.keys("Tab");
  t.text("'}");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("{'dialogue_type': 'HUMAN_GIVE_COMMAND'}", 2)) << t.screen();
}

TEST_F(ReplTerminal, CtrlDQuits) {
  Terminal t;
  ASSERT_TRUE(t.started()) << t.screen();
  t.wait_prompt();
  t.keys("C-d");
  EXPECT_TRUE(t.wait_until([&] { return t.dead(); })) << t.screen();
}

}  // namespace
}  // namespace plank::test
