#include "tools/plank/repl/debug.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "compiler/engine/debugger.h"
#include "tools/plank/repl/state.h"

namespace plank::repl {

namespace {

void show_where(State& st, const engine::PauseInfo& p) {
  std::string text = "call stack (innermost last):\n";
  for (const auto& e : p.stack) text += fmt::format("  {} at {}:{}\n", e.function, e.file, e.line);
  text += p.locals.empty() ? "no locals\n" : "locals:\n";
  for (const auto& v : p.locals) text += fmt::format("  {} = {}\n", v.name, v.repr);
  st.out(text);
}

void show_stop(State& st, const engine::PauseInfo& p) {
  std::string function = p.stack.empty() ? "<module>" : p.stack.back().function;
  std::string text = fmt::format("paused at {}:{} in {}\n", p.file, p.line, function);
  std::string source = st.source_line(p.file, p.line);
  if (!source.empty()) text += fmt::format("-> {}\n", source);
  st.out(text);
}

// The nested prompt: runs on the program's thread, inside its step hook.
engine::DebugCommand on_pause(State& st, const engine::PauseInfo& p) {
  show_stop(st, p);
  std::string last;
  while (true) {
    std::string line;
    auto r = st.reader->read("(paused) ", &line);
    if (r == LineReader::Read::Eof) {
      st.out("\nend of input while paused: stopping the program\n");
      return engine::DebugCommand::Abort;
    }
    if (r == LineReader::Read::Interrupt) {
      st.out("\n(:continue resumes, :abort stops the program)\n");
      continue;
    }
    std::string cmd = trim(line);
    if (cmd.empty()) cmd = last;  // Enter repeats the last step, as in pdb
    if (cmd.empty()) continue;
    st.reader->remember(cmd);
    std::string name = cmd.substr(0, cmd.find(' '));
    if (name == ":step" || name == ":s") return last = cmd, engine::DebugCommand::StepInto;
    if (name == ":next" || name == ":n") return last = cmd, engine::DebugCommand::StepOver;
    if (name == ":out") return last = cmd, engine::DebugCommand::StepOut;
    if (name == ":continue" || name == ":c") return engine::DebugCommand::Continue;
    if (name == ":abort" || name == ":quit" || name == ":q") return engine::DebugCommand::Abort;
    if (name == ":where" || name == ":w") {
      show_where(st, p);
      continue;
    }
    if (name == ":break" || name == ":world" || name == ":mem" || name == ":render" || name == ":help" ||
        name == ":vars" || name == ":inv") {
      run_command(st, cmd);
      continue;
    }
    auto local = std::find_if(p.locals.begin(), p.locals.end(), [&](const auto& v) { return v.name == cmd; });
    if (local != p.locals.end()) {
      st.out(local->repr + "\n");
      continue;
    }
    st.err(
        "a program is paused: :step, :next, :out, :continue, :where, :abort, :break LINE, :world, :inv, "
        ":mem SQL, or a local's name\n");
  }
}

engine::Debugger& debugger(State& st) {
  if (!st.debugger)
    st.debugger = std::make_unique<engine::Debugger>([&st](const engine::PauseInfo& p) { return on_pause(st, p); });
  return *st.debugger;
}

}  // namespace

core::StepHook make_step_hook(State& st) {
  engine::Debugger& d = debugger(st);
  if (d.breakpoints().empty() && !st.step_next) return {};
  d.pause_at_start(st.step_next);
  st.step_next = false;
  return d.hook();
}

void breakpoint_command(State& st, const std::string& arg) {
  engine::Debugger& d = debugger(st);
  if (arg.empty()) {
    if (d.breakpoints().empty()) st.out("no breakpoints\n");
    for (uint32_t line : d.breakpoints()) st.out(fmt::format("breakpoint at line {}\n", line));
    return;
  }
  char* end = nullptr;
  long n = std::strtol(arg.c_str(), &end, 10);
  if (*end != '\0' || n == 0 || n > 1000000 || n < -1000000) {
    st.err(fmt::format("usage: :break LINE (a line number; -LINE removes it), not '{}'\n", arg));
    return;
  }
  if (n < 0) {
    if (d.remove_breakpoint(static_cast<uint32_t>(-n))) st.out(fmt::format("removed the breakpoint at line {}\n", -n));
    else st.err(fmt::format("no breakpoint at line {}\n", -n));
    return;
  }
  d.add_breakpoint(static_cast<uint32_t>(n));
  st.out(fmt::format("breakpoint at line {}\n", n));
}

void step_command(State& st, StepKind kind) {
  if (kind == StepKind::Into) {
    st.step_next = true;
    st.out("the next input or :run pauses at its first statement\n");
    return;
  }
  st.err("no program is paused (:break LINE or :step, then run something)\n");
}

}  // namespace plank::repl
