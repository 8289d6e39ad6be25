#include "agents/deps/loop/loop_program.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

#include "agents/host/host_context.h"
#include "compiler/engine/program_state.h"
#include "support/data_paths.h"
#include "support/diagnostics.h"

namespace plank::deps {

namespace {

struct LoadedLoop {
  std::string path, text;
  core::HostContext host;  // deps_episode is set for the length of each call
  std::string output;      // what the loop prints
  std::unique_ptr<engine::ProgramState> program;
};

bool read_file(const std::string& path, std::string* text, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = fmt::format("plank: error: cannot read the DEPS loop file '{}' (--loop takes a Plank file defining "
                         "{}(); the default is {})\n",
                         path, kLoopEntry, default_loop_path());
    return false;
  }
  std::stringstream s;
  s << in.rdbuf();
  *text = s.str();
  return true;
}

// A runtime error in the loop file: the line that raised, with a caret under it (the runtime knows lines,
// not columns, so the span is the whole statement line), then the traceback.
std::string render_runtime_error(const LoadedLoop& loop, const core::RuntimeError& e) {
  std::string s;
  const core::TraceEntry* at = nullptr;
  for (auto it = e.traceback.rbegin(); it != e.traceback.rend() && !at; ++it)
    if (it->file == loop.path) at = &*it;
  SourceRef file = SourceFile::from_string(loop.path, loop.text);
  if (at && at->line >= 1 && at->line <= file->line_count()) {
    std::string_view line = file->line_text(at->line);
    size_t first = line.find_first_not_of(" \t");
    size_t last = line.find_last_not_of(" \t\r");
    if (first == std::string_view::npos) first = last = 0;
    Diagnostic d;
    d.file = file;
    d.span.begin = file->offset_of(at->line, uint32_t(first) + 1);
    d.span.end = d.span.begin + uint32_t(last - first + 1);
    d.message = e.kind + ": " + e.message;
    d.code = "runtime";
    s = render_text(d);
  } else {
    s = fmt::format("{}: error: {}: {}\n", loop.path, e.kind, e.message);
  }
  for (const auto& frame : e.traceback)
    s += fmt::format("  in {} at {}:{}\n", frame.function, frame.file.empty() ? loop.path : frame.file, frame.line);
  return s;
}

// The loaded loop for `path`, loading it when it is not the one held (or its text changed).
LoadedLoop* loop_for(const std::string& path, std::string* error) {
  // One per thread: a ProgramState runs one program at a time.
  thread_local std::unique_ptr<LoadedLoop> held;
  std::string text;
  if (!read_file(path, &text, error)) return nullptr;
  if (held && held->path == path && held->text == text) return held.get();
  held.reset();
  auto loop = std::make_unique<LoadedLoop>();
  loop->path = path;
  loop->text = std::move(text);
  engine::ProgramStateOptions o;
  o.workload = engine::Workload::OneShot;
  o.debug = false;
  o.capabilities = core::kCapWorld;
  o.host = &loop->host;
  o.out = &loop->output;
  loop->program = std::make_unique<engine::ProgramState>(o);
  if (!loop->program->error().empty()) {
    *error = "plank: error: " + loop->program->error() + "\n";
    return nullptr;
  }
  loop->program->thread().budget.max_steps = kLoopMaxSteps;
  engine::InputResult r = loop->program->run(loop->text, path, /*interactive=*/false);
  if (r.status == engine::InputResult::Status::RuntimeError) {
    *error = render_runtime_error(*loop, r.error);
    return nullptr;
  }
  if (!r.ok()) {
    *error = r.messages;
    return nullptr;
  }
  auto names = loop->program->global_names();
  if (std::find(names.begin(), names.end(), kLoopEntry) == names.end()) {
    *error = fmt::format("{}: error: the DEPS loop file defines no {}() (run_episode calls it once per episode; "
                         "see {})\n",
                         path, kLoopEntry, default_loop_path());
    return nullptr;
  }
  held = std::move(loop);
  return held.get();
}

}  // namespace

std::string default_loop_path() { return data_path(DataItem::Stdlib) + "/deps/loop.plank"; }

bool call_loop(const std::string& path, EpisodeContext& episode, std::string* output, std::string* error) {
  LoadedLoop* loop = loop_for(path, error);
  if (!loop) return false;
  core::Thread& thread = loop->program->thread();
  thread.steps = thread.fuel = thread.fuel_granted = 0;  // the step budget is per episode
  loop->host.deps_episode = &episode;
  loop->output.clear();
  engine::InputResult r = loop->program->call(kLoopEntry);
  loop->host.deps_episode = nullptr;
  *output = std::move(loop->output);
  loop->output.clear();
  if (r.ok()) return true;
  *error = render_runtime_error(*loop, r.error);
  return false;
}

}  // namespace plank::deps
