// What the REPL's loop and its commands share.
#pragma once
#include <cstdio>
#include <memory>
#include <map>
#include <optional>
#include <string>

#include "agents/host/host_context.h"
#include "compiler/engine/program_state.h"
#include "compiler/lf/value.h"
#include "support/diagnostics.h"
#include "tools/plank/repl/deps_commands.h"
#include "tools/plank/repl/line_reader.h"
#include "tools/plank/repl/repl.h"
#include "world/agent/action_log.h"
#include "world/memory/agent_memory.h"
#include "world/voxels/world.h"

namespace plank::engine {
class Debugger;
}
namespace plank::caip {
class Executor;
}
namespace plank::neural {
class Parser;
}

namespace plank::repl {

struct CaipDeleter {
  void operator()(caip::Executor* executor) const;
};
struct ParserDeleter {
  void operator()(neural::Parser* parser) const;
};

struct State {
  State();
  ~State();
  ReplOptions options;
  bool terminal = false;  // prompts, history, completion
  bool color = false;     // diagnostics in colour
  LineReader* reader = nullptr;

  std::unique_ptr<engine::ProgramState> session;
  std::unique_ptr<world::World> world;
  std::unique_ptr<agent::ActionLog> log;  // world changes, one action per input: :undo
  std::unique_ptr<memory::AgentMemory> memory;
  core::HostContext host;

  engine::InputTimings last_timings;  // :time
  std::string last_engine;
  bool have_timings = false;
  std::unique_ptr<SurvivalHost, SurvivalHostDeleter> survival;  // :survival: the DEPS skills' controller
  // :exec: the CAIP executor, with the world it owns (null until the first :exec).
  std::unique_ptr<caip::Executor, CaipDeleter> caip;
  std::string scene_file;  // the last :open (the executor's scene)
  std::string last_form;   // the last valid :lf form or the best :parse, for :exec
  // :parse: the neural parser, loaded on first use (models/parser.bin or $PLANK_PARSER_MODEL).
  std::unique_ptr<neural::Parser, ParserDeleter> parser;
  std::string last_inventory;  // after the last :deps round (DEPS names), for :inv
  bool failed = false;  // an input of a script failed (exit code 1)
  bool quit = false;

  // Stepping (debug.h): the debugger (it keeps the breakpoints), and whether
  // the next program pauses at its first statement (:step with nothing paused).
  std::unique_ptr<engine::Debugger> debugger;
  bool step_next = false;
  // Source text by file name (inputs and :run files), for the paused line.
  std::map<std::string, std::string> sources;
  std::string source_line(const std::string& file, uint32_t line) const;

  void out(const std::string& s) const {
    std::fwrite(s.data(), 1, s.size(), stdout);
    std::fflush(stdout);
  }
  void err(const std::string& s) const {
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
    std::fflush(stderr);
  }
  // (Re)creates the session (:reset) with the current world and memory.
  void new_session();
  // Replaces the world (:open, :survival), keeping the action log attached to
  // it; leaves the CAIP executor's world.
  void set_world(std::unique_ptr<world::World> w);
  // The world commands and programs act on: the executor's while :exec is in use.
  world::World& current_world();
  agent::ActionLog* current_log();
  // Compiles and runs one complete input through the session, with the world's
  // changes grouped as one undoable action; prints what it should.
  bool run_input(const std::string& text, const std::string& name, bool interactive);
};

// Runs `line` (which starts with ':'); false when it is not a known command.
bool run_command(State& state, const std::string& line);
// A logical form typed as a dict literal, JSON, or the name of a session
// variable holding one; *text is what was parsed (diagnostics go to sink).
std::optional<lf::Value> read_form(State& state, const std::string& arg, std::string* text, SourceRef* file,
                                   DiagnosticSink& sink);

// :exec [FORM] (caip.cpp).
void exec_command(State& state, const std::string& arg);
// :parse TEXT (parse.cpp): the neural parser's N-best forms with their spans; the best becomes :exec's form.
void parse_command(State& state, const std::string& arg);

// Without leading and trailing blanks.
std::string trim(const std::string& s);
// ":help", ":load", ...: for completion.
std::vector<std::string> command_names();

}  // namespace plank::repl
