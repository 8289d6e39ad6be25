// Stepping a running program: the API the REPL (and `plank run --break`) use
// on top of the step hook of core::Thread.
//
// Both engines call the hook before every statement when the program is
// compiled in debug mode (RunOptions::debug). The Debugger decides from its
// mode, the call depth and its breakpoints whether to pause there; when it
// does, it builds a PauseInfo (where, the call stack, the innermost frame's
// locals as Python's repr()) and asks its OnPause callback what to do next.
//
//   engine::Debugger dbg([](const engine::PauseInfo& p) {
//     ... show p ...; return engine::DebugCommand::StepOver;
//   });
//   dbg.add_breakpoint(12);
//   RunOptions o; o.debug = true; o.step_hook = dbg.hook();
//   run_program(o);
//
// Semantics (by call depth, the module body being depth 1):
//   StepInto  pause at the very next statement, in whichever function
//   StepOver  pause at the next statement of this frame or, once it returns, its caller
//   StepOut   pause at the next statement after the current function returns
//   Continue  run until a breakpoint line is reached
//   Abort     stop the program: it ends with the runtime error "Interrupted"
// Breakpoints fire in every mode. The Debugger must outlive the run it hooks.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "runtime/thread.h"

namespace plank::engine {

struct StackEntry {
  std::string function;  // qualified name; "<module>" for the module body
  std::string file;
  uint32_t line;
};

struct LocalVar {
  std::string name;
  std::string repr;  // as Python's repr()
};

struct PauseInfo {
  std::string file;
  uint32_t line = 0;
  std::vector<StackEntry> stack;  // outermost first
  std::vector<LocalVar> locals;   // of the innermost frame (the module's globals at top level)
};

enum class DebugCommand { Continue, StepInto, StepOver, StepOut, Abort };

class Debugger {
 public:
  using OnPause = std::function<DebugCommand(const PauseInfo&)>;
  explicit Debugger(OnPause on_pause);

  void add_breakpoint(uint32_t line);
  bool remove_breakpoint(uint32_t line);  // false when there was none
  void clear_breakpoints();
  const std::set<uint32_t>& breakpoints() const;

  void pause_at_start(bool on);  // pause before the first statement

  // Pause at the next statement, whatever the mode: safe to call from another
  // thread or a signal handler while the program runs (the REPL's Ctrl-C).
  void request_pause();

  // The hook to install as RunOptions::step_hook (with RunOptions::debug =
  // true). Each call starts a fresh run: pause_at_start applies again and the
  // stepping mode is reset to Continue. Breakpoints stay.
  core::StepHook hook();

 private:
  bool on_step(core::Thread& thread, core::Frame& frame);
  bool should_pause(uint32_t depth, uint32_t line) const;

  OnPause on_pause_;
  std::set<uint32_t> breakpoints_;
  bool pause_at_start_ = false;
  // Shared, so that a Debugger stays copyable and movable (the hook captures `this`, though:
  // copy or move it only before calling hook()).
  std::shared_ptr<std::atomic<bool>> pause_requested_ = std::make_shared<std::atomic<bool>>(false);
  // per run
  bool first_ = true;
  DebugCommand mode_ = DebugCommand::Continue;
  uint32_t mode_depth_ = 0;  // the call depth where StepOver / StepOut was asked
};

// What the debugger shows of a paused thread; also useful on its own (tests,
// error reports). `frame` must be thread.top or one of its parents.
PauseInfo describe_pause(core::Thread& thread, const core::Frame& frame);

}  // namespace plank::engine
