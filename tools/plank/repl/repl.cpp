#include "tools/plank/repl/repl.h"

#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>

#include "compiler/engine/debugger.h"
#include "tools/plank/repl/completion.h"
#include "tools/plank/repl/debug.h"
#include "tools/plank/repl/state.h"

namespace plank::repl {

State::State() = default;
State::~State() = default;

void State::new_session() {
  engine::ProgramStateOptions o;
  o.engine = options.engine;
  o.color = color;
  o.host = &host;
  o.debug = true;  // breakpoints and :step work on every input
  session = std::make_unique<engine::ProgramState>(o);
}

void State::set_world(std::unique_ptr<world::World> w) {
  survival.reset();  // its controller acts on the old world
  caip.reset();
  host.deps = nullptr;
  host.caip = nullptr;
  log.reset();  // detach from the old world first
  world = std::move(w);
  log = std::make_unique<agent::ActionLog>(*world);
  host.world = world.get();
}

std::string State::source_line(const std::string& file, uint32_t line) const {
  auto it = sources.find(file);
  if (it == sources.end() || line == 0) return "";
  size_t begin = 0;
  for (uint32_t l = 1; l < line; ++l) {
    begin = it->second.find('\n', begin);
    if (begin == std::string::npos) return "";
    ++begin;
  }
  size_t end = it->second.find('\n', begin);
  std::string text = it->second.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  size_t first = text.find_first_not_of(" \t");
  return first == std::string::npos ? "" : text.substr(first);
}

bool State::run_input(const std::string& text, const std::string& name, bool interactive) {
  sources[name] = text;
  session->thread().step_hook = make_step_hook(*this);
  // One undoable action per input (the CAIP executor's log keeps its own tasks).
  if (!caip) log->begin(0, name);
  engine::InputResult r = session->run(text, name, interactive);
  if (!caip) log->end();
  session->thread().step_hook = nullptr;
  if (r.status == engine::InputResult::Status::Incomplete) return false;
  if (r.error_kind == "Interrupted" && terminal) out("\n");  // after the ^C the terminal echoed
  if (!r.messages.empty()) err(r.messages);
  if (!r.ok()) failed = true;
  last_timings = r.timings;
  last_engine = session->engine_name();
  have_timings = true;
  return true;
}

namespace {

std::string default_history_path(const std::string& option) {
  if (option == "-") return "";
  if (!option.empty()) return option;
  if (const char* env = std::getenv("PLANK_HISTORY")) return env;
  if (const char* home = std::getenv("HOME")) return std::string(home) + "/.plank_history";
  return "";
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

// Between prompts, while a command's C++ code works (a :deps round's path
// finding, a long :mem query), Ctrl-C must not kill the session: it is
// noted and dropped. Plank code has its own handler while it runs
// (engine::run_module_body: Interrupted), and the line reader its own.
extern "C" void ignore_sigint(int) {}

}  // namespace

int run_repl(const ReplOptions& options) {
  State st;
  st.options = options;
  st.terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  st.color = options.color == "always" || (options.color == "auto" && st.terminal && isatty(STDERR_FILENO));

  std::string warning;
  auto registry = world::BlockRegistry::load_default(&warning);
  if (!warning.empty() && st.terminal) st.err(fmt::format("plank repl: warning: {}\n", warning));
  st.set_world(std::make_unique<world::World>(registry));
  std::string error;
  st.memory = memory::AgentMemory::open(":memory:", &error);
  if (!st.memory) {
    st.err(fmt::format("plank repl: error: agent memory: {}\n", error));
    return 1;
  }
  st.host.memory = st.memory.get();
  st.new_session();
  if (!st.session->error().empty()) {
    st.err(fmt::format("plank repl: error: {}\n", st.session->error()));
    return 2;
  }
  if (!options.scene.empty()) run_command(st, ":open " + options.scene);

  LineReader reader(st.terminal, default_history_path(options.history_path),
                    [&st](const std::string& line, size_t start, size_t end) {
                      CompletionContext context{st.session->global_names(), command_names()};
                      return complete(line, start, end, context);
                    });
  st.reader = &reader;
  struct sigaction quiet {}, previous {};
  if (st.terminal) {
    quiet.sa_handler = ignore_sigint;
    sigemptyset(&quiet.sa_mask);
    sigaction(SIGINT, &quiet, &previous);
  }
  if (st.terminal)
    st.out(fmt::format("Plank {} ({} engine). :help lists the commands; Ctrl-D quits.\n", PLANK_VERSION,
                       st.session->engine_name()));

  std::string buffer;
  int counter = 0;
  while (!st.quit) {
    std::string line;
    auto r = reader.read(buffer.empty() ? ">>> " : "... ", &line);
    if (r == LineReader::Read::Interrupt) {
      st.out("\nKeyboardInterrupt\n");
      buffer.clear();
      continue;
    }
    if (r == LineReader::Read::Eof) {
      // A script may end inside a block: run what it holds.
      if (!buffer.empty()) st.run_input(buffer, fmt::format("<input {}>", counter), false);
      if (st.terminal) st.out("\n");
      break;
    }
    if (buffer.empty()) {
      if (blank(line)) continue;
      if (line.find_first_not_of(" \t") != std::string::npos && line[line.find_first_not_of(" \t")] == ':') {
        reader.remember(line);
        run_command(st, line);
        continue;
      }
      ++counter;
    }
    buffer += line + "\n";
    if (!blank(line)) reader.remember(line);  // line by line, as Python's REPL keeps history
    if (!st.run_input(buffer, fmt::format("<input {}>", counter), true)) continue;  // unfinished: read on
    buffer.clear();
  }
  st.reader = nullptr;
  if (st.terminal) sigaction(SIGINT, &previous, nullptr);
  return st.failed && !st.terminal ? 1 : 0;
}

}  // namespace plank::repl
