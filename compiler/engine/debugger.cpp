#include "compiler/engine/debugger.h"

#include <algorithm>

#include "runtime/module_runtime.h"
#include "runtime/objects.h"

namespace plank::engine {

namespace {

// repr() of a local for display. Printing must never disturb the program: an
// error raised while formatting (it should not happen for core values) is
// swallowed and the thread's error state restored.
std::string safe_repr(core::Thread& thread, core::Value v) {
  bool had_error = thread.has_error;
  core::RuntimeError saved = thread.error;
  std::string text;
  try {
    text = core::repr(&thread, v);
  } catch (const core::Raised&) {
    text = "<unprintable " + core::type_name(v) + ">";
  }
  thread.has_error = had_error;
  thread.error = std::move(saved);
  return text;
}

std::string file_of(const core::CodeInfo& code) {
  if (!code.file.empty() || !code.module) return code.file;
  return code.module->file;
}

// Python's locals(): the frame's named slots (a captured local reads through
// its cell; one not yet assigned is left out), then the closure's free
// variables. At module level, the globals assigned so far.
std::vector<LocalVar> locals_of(core::Thread& thread, const core::Frame& frame) {
  std::vector<LocalVar> out;
  const core::CodeInfo* code = frame.code;
  if (!code) return out;
  bool module_body = code->module && !code->module->code.empty() && &code->module->code[0] == code;
  if (module_body) {
    // A REPL input keeps its globals in the session's table (globals_home).
    const core::ModuleRuntime& m = code->module->globals_home ? *code->module->globals_home : *code->module;
    for (size_t i = 0; i < m.global_names.size(); ++i)
      if (i < m.global_set.size() && m.global_set[i])
        out.push_back({m.global_names[i], safe_repr(thread, m.globals[i])});
    return out;
  }
  for (uint32_t k = 0; k < frame.slot_count && k < code->slot_names.size(); ++k) {
    const std::string& name = code->slot_names[k];
    if (name.empty()) continue;
    core::Value v = frame.slots[k];
    if (v.is(core::ObjKind::Cell)) {
      const core::CellObject* cell = core::as_cell(v);
      if (!cell->set) continue;
      v = cell->value;
    }
    out.push_back({name, safe_repr(thread, v)});
  }
  if (frame.function) {
    const auto& cells = frame.function->cells;
    for (size_t i = 0; i < code->free_names.size() && i < cells.size(); ++i) {
      if (!cells[i].is(core::ObjKind::Cell)) continue;
      const core::CellObject* cell = core::as_cell(cells[i]);
      if (cell->set) out.push_back({code->free_names[i], safe_repr(thread, cell->value)});
    }
  }
  return out;
}

}  // namespace

PauseInfo describe_pause(core::Thread& thread, const core::Frame& frame) {
  PauseInfo info;
  for (const core::Frame* f = &frame; f; f = f->parent) {
    StackEntry e{"?", "", f->line};
    if (f->code) {
      e.function = f->code->qualified.empty() ? f->code->name : f->code->qualified;
      e.file = file_of(*f->code);
    }
    info.stack.push_back(std::move(e));
  }
  std::reverse(info.stack.begin(), info.stack.end());
  info.file = info.stack.empty() ? std::string() : info.stack.back().file;
  info.line = frame.line;
  info.locals = locals_of(thread, frame);
  return info;
}

Debugger::Debugger(OnPause on_pause) : on_pause_(std::move(on_pause)) {}

void Debugger::add_breakpoint(uint32_t line) { breakpoints_.insert(line); }
bool Debugger::remove_breakpoint(uint32_t line) { return breakpoints_.erase(line) > 0; }
void Debugger::clear_breakpoints() { breakpoints_.clear(); }
const std::set<uint32_t>& Debugger::breakpoints() const { return breakpoints_; }
void Debugger::pause_at_start(bool on) { pause_at_start_ = on; }
void Debugger::request_pause() { pause_requested_->store(true, std::memory_order_relaxed); }

core::StepHook Debugger::hook() {
  first_ = true;
  mode_ = DebugCommand::Continue;
  mode_depth_ = 0;
  return [this](core::Thread& thread, core::Frame& frame) { return on_step(thread, frame); };
}

bool Debugger::should_pause(uint32_t depth, uint32_t line) const {
  if (breakpoints_.count(line)) return true;
  switch (mode_) {
    case DebugCommand::StepInto: return true;
    case DebugCommand::StepOver: return depth <= mode_depth_;
    case DebugCommand::StepOut: return depth < mode_depth_;
    case DebugCommand::Continue:
    case DebugCommand::Abort: return false;
  }
  return false;
}

bool Debugger::on_step(core::Thread& thread, core::Frame& frame) {
  bool start = first_;
  first_ = false;
  bool requested = pause_requested_->exchange(false, std::memory_order_relaxed);
  if (!requested && !(start && pause_at_start_) && !should_pause(thread.depth, frame.line)) return true;
  DebugCommand command = on_pause_ ? on_pause_(describe_pause(thread, frame)) : DebugCommand::Continue;
  mode_ = command;
  mode_depth_ = thread.depth;
  return command != DebugCommand::Abort;
}

}  // namespace plank::engine
