// Stepping through a plan from the host: engine::Debugger (breakpoints, stepping modes, the
// pause description) behind a C hook.
#include <nlohmann/json.hpp>

#include "embed/capi/guard.h"
#include "embed/capi/state.h"

using namespace plank;
using namespace plank::embed;

namespace plank::embed {

engine::DebugCommand pause_for_host(plank_state* P, const engine::PauseInfo& where) {
  if (!P->debug_hook) return engine::DebugCommand::Continue;
  plank_pause pause;
  pause.where = &where;
  switch (P->debug_hook(&pause, P->debug_data)) {
    case PLANK_STEP_INTO: return engine::DebugCommand::StepInto;
    case PLANK_STEP_OVER: return engine::DebugCommand::StepOver;
    case PLANK_STEP_OUT: return engine::DebugCommand::StepOut;
    case PLANK_ABORT: return engine::DebugCommand::Abort;
    default: return engine::DebugCommand::Continue;
  }
}

}  // namespace plank::embed

extern "C" {

int plank_set_debug_hook(plank_state* P, plank_debug_hook hook, void* userdata) {
  if (!P) return PLANK_ERR_USAGE;
  if (P->busy.load()) return refuse_busy(P, "plank_set_debug_hook");  // running: the state is not ours to touch
  if (hook && P->program && !P->program->options().debug)
    return usage_error(P, "plank_set_debug_hook: stepping needs the hook set before the first run"), int(PLANK_ERR_USAGE);
  P->debug_hook = hook;
  P->debug_data = userdata;
  return PLANK_OK;
}

int plank_add_breakpoint(plank_state* P, int line) {
  if (!P) return PLANK_ERR_USAGE;
  if (line < 1) return usage_error(P, "plank_add_breakpoint: lines start at 1"), int(PLANK_ERR_USAGE);
  return guarded(P, int(PLANK_ERR_USAGE), [&] {
    P->debugger.add_breakpoint(uint32_t(line));
    return int(PLANK_OK);
  });
}

int plank_remove_breakpoint(plank_state* P, int line) {
  if (!P) return PLANK_ERR_USAGE;
  if (line < 1 || !P->debugger.remove_breakpoint(uint32_t(line)))
    return usage_error(P, "plank_remove_breakpoint: no breakpoint at line " + std::to_string(line)), int(PLANK_ERR_USAGE);
  return PLANK_OK;
}

void plank_pause_at_start(plank_state* P, int on) {
  if (P) P->debugger.pause_at_start(on != 0);
}

void plank_request_pause(plank_state* P) {
  if (P) P->debugger.request_pause();
}

const char* plank_pause_file(plank_pause* w) { return w && w->where ? w->where->file.c_str() : ""; }
int plank_pause_line(plank_pause* w) { return w && w->where ? int(w->where->line) : 0; }
int plank_pause_depth(plank_pause* w) { return w && w->where ? int(w->where->stack.size()) : 0; }
const char* plank_pause_function(plank_pause* w) {
  return w && w->where && !w->where->stack.empty() ? w->where->stack.back().function.c_str() : "";
}

const char* plank_pause_json(plank_pause* w) {
  if (!w || !w->where) return "{}";
  try {
    nlohmann::ordered_json j;
    j["file"] = w->where->file;
    j["line"] = w->where->line;
    j["stack"] = nlohmann::ordered_json::array();
    for (const auto& f : w->where->stack) j["stack"].push_back({{"function", f.function}, {"file", f.file}, {"line", f.line}});
    j["locals"] = nlohmann::ordered_json::object();
    for (const auto& l : w->where->locals) j["locals"][l.name] = l.repr;
    return w->strings.keep(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } catch (...) {
    return "{}";
  }
}

}  // extern "C"
