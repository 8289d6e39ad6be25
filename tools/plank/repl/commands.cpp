// The REPL's commands, declared once in kCommands (name, arguments, help,
// handler): :help prints the table and completion reads it.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "compiler/engine/run.h"
#include "compiler/frontend/parser.h"
#include "compiler/lf/check.h"
#include "compiler/lf/from_ast.h"
#include "compiler/lf/json_reader.h"
#include "tools/plank/repl/debug.h"
#include "tools/plank/repl/deps_commands.h"
#include "tools/plank/repl/state.h"
#include "world/memory/sql_query.h"
#include "world/render/ascii.h"
#include "world/render/isometric.h"
#include "world/render/png_writer.h"
#include "world/voxels/scene_io.h"

namespace plank::repl {

namespace {

using Handler = void (*)(State&, const std::string& arg);

struct Command {
  const char* name;  // with the colon
  const char* args;  // "" when none
  const char* help;
  Handler run;
};

bool read_file(State& st, const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    st.err(fmt::format("plank: error: cannot read '{}'\n", path));
    return false;
  }
  std::ostringstream s;
  s << in.rdbuf();
  *text = s.str();
  return true;
}

bool need_arg(State& st, const std::string& arg, const char* usage) {
  if (!arg.empty()) return true;
  st.err(fmt::format("usage: {}\n", usage));
  return false;
}

// A part of Plank this command needs is not built yet: say so, never pretend.

void cmd_help(State& st, const std::string& arg);

void cmd_quit(State& st, const std::string&) { st.quit = true; }

void cmd_load(State& st, const std::string& arg) {
  std::string text;
  if (!need_arg(st, arg, ":load FILE") || !read_file(st, arg, &text)) return;
  st.run_input(text, arg, /*interactive=*/false);
}

void cmd_run(State& st, const std::string& arg) {
  std::string text;
  if (!need_arg(st, arg, ":run FILE") || !read_file(st, arg, &text)) return;
  st.sources[arg] = text;
  engine::RunOptions o;
  // In a survival world a DEPS plan (a def the paper never calls) runs as the
  // DEPS loop runs it: with the call appended after its last line.
  o.source = st.survival ? text + plan_epilogue(text) : text;
  o.path = arg;
  o.engine = st.session->engine_name();
  o.color = st.color;
  o.host = &st.host;
  o.debug = true;
  o.step_hook = make_step_hook(st);
  if (!st.caip) st.log->begin(0, ":run " + arg);
  auto r = engine::run_program(o);
  if (!st.caip) st.log->end();
  if (r.exit_code != 0) st.failed = true;
}

void cmd_time(State& st, const std::string&) {
  if (!st.have_timings) {
    st.out("no input has run yet\n");
    return;
  }
  const auto& t = st.last_timings;
  st.out(fmt::format("parse {:.3f} ms, compile {:.3f} ms ({}), run {:.3f} ms, total {:.3f} ms\n", t.parse, t.compile,
                     st.last_engine, t.run, t.total()));
}

void cmd_reset(State& st, const std::string&) {
  st.new_session();
  st.out("session reset: every name is forgotten (the world is kept)\n");
}

void cmd_vars(State& st, const std::string&) {
  for (const auto& name : st.session->global_names()) {
    std::string r;
    if (st.session->global_repr(name, &r)) st.out(fmt::format("{} = {}\n", name, r));
  }
}

void cmd_world(State& st, const std::string&) {
  render::ViewOptions v;
  if (st.survival) v.max_extent = 48;  // a generated world changed every cell: show the middle
  st.out(render::render_ascii(st.current_world(), v));
}

void cmd_render(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":render FILE.png")) return;
  auto pic = render::render_isometric(st.current_world());
  std::string error;
  if (!render::write_png(pic.image, arg, &error)) {
    st.err(fmt::format("plank: error: {}\n", error));
    return;
  }
  st.out(fmt::format("wrote {} ({}x{})\n", arg, pic.image.width, pic.image.height));
}

void cmd_save(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":save FILE.json")) return;
  std::string error;
  if (!world::save_scene_file(st.current_world(), arg, &error)) {
    st.err(fmt::format("plank: error: {}\n", error));
    return;
  }
  st.out(fmt::format("saved the world to {}\n", arg));
}

void cmd_open(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":open FILE.json")) return;
  DiagnosticSink sink;
  auto w = world::load_scene_file(arg, st.current_world().registry_ptr(), sink);
  if (!sink.all().empty()) st.err(render_text(sink.all(), RenderOptions{st.color}));
  if (!w) return;
  st.set_world(std::move(w));
  st.scene_file = arg;
  st.out(fmt::format("opened {}\n", arg));
}

void cmd_undo(State& st, const std::string&) {
  auto r = st.current_log()->undo_last();
  if (!r.ok) {
    st.out(r.reason + " (:undo reverts the world changes of the last input that made any)\n");
    return;
  }
  st.out(fmt::format("undid {} world change{}\n", r.changes, r.changes == 1 ? "" : "s"));
}

// SQL over the agent's memory (docs/memory.md), printed as tables: :mem only
// reads; :mem! may write (the same runner as `plank memory --query`).
void run_mem(State& st, const std::string& arg, memory::SqlAccess access) {
  std::string error;
  auto tables = memory::run_sql(st.memory->database(), arg, access, &error);
  if (!tables) {
    st.err(fmt::format("sqlite: error: {}{}\n", error,
                       access == memory::SqlAccess::ReadOnly && error.find("writes") != std::string::npos
                           ? " (type :mem! SQL to change the memory)"
                           : ""));
    return;
  }
  for (const auto& t : *tables)
    if (!t.columns.empty()) st.out(memory::format_table(t));
}

void cmd_mem(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":mem SQL")) return;
  run_mem(st, arg, memory::SqlAccess::ReadOnly);
}

void cmd_mem_write(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":mem! SQL")) return;
  run_mem(st, arg, memory::SqlAccess::ReadWrite);
}

// A logical form (JSON, a Python-dict literal, or the name of a session global
// holding one), validated and normalised as `plank check --lf` does.
void cmd_lf(State& st, const std::string& arg) {
  if (!need_arg(st, arg, ":lf FORM  (a dict literal, JSON, or a variable holding one)")) return;
  std::string text;
  SourceRef file;
  DiagnosticSink sink;
  std::optional<lf::Value> value = read_form(st, arg, &text, &file, sink);
  std::optional<lf::CheckResult> result;
  if (value) result = lf::check_logical_form(std::move(*value), nullptr, file, sink);
  if (!sink.all().empty()) st.err(render_text(sink.all(), RenderOptions{st.color}));
  if (result && result->valid) {
    st.out(lf::to_json_text(result->normalized, true) + "\n");
    st.last_form = text;
  } else {
    st.err("invalid logical form\n");
  }
}

void cmd_parse(State& st, const std::string& arg) { parse_command(st, arg); }
void cmd_exec(State& st, const std::string& arg) { exec_command(st, arg); }
void cmd_deps(State& st, const std::string& arg) { deps_command(st, arg); }
void cmd_inv(State& st, const std::string& arg) { inventory_command(st, arg); }
void cmd_survival(State& st, const std::string& arg) { survival_command(st, arg); }

void cmd_break(State& st, const std::string& arg) { breakpoint_command(st, arg); }
void cmd_step(State& st, const std::string&) { step_command(st, StepKind::Into); }
void cmd_next(State& st, const std::string&) { step_command(st, StepKind::Over); }
void cmd_out(State& st, const std::string&) { step_command(st, StepKind::Out); }
void cmd_continue(State& st, const std::string&) { step_command(st, StepKind::Continue); }
void cmd_where(State& st, const std::string&) { step_command(st, StepKind::Where); }

const Command kCommands[] = {
    {":help", "[COMMAND]", "this list, or one command's help", cmd_help},
    {":load", "FILE", "run a file's code in this session (its definitions stay)", cmd_load},
    {":run", "FILE", "run a file as a program of its own (breakpoints apply)", cmd_run},
    {":break", "[LINE | -LINE]", "stop before LINE (of any input or file); -LINE removes; none: list", cmd_break},
    {":step", "", "paused: run one statement, into calls; otherwise: pause at the next input's first statement",
     cmd_step},
    {":next", "", "paused: run one statement, over calls", cmd_next},
    {":out", "", "paused: run until the current function returns", cmd_out},
    {":continue", "", "paused: run to the next breakpoint", cmd_continue},
    {":where", "", "paused: the call stack and the locals", cmd_where},
    {":vars", "", "the session's names and values", cmd_vars},
    {":world", "", "the world from above and from the south, in the terminal", cmd_world},
    {":survival", "[SEED]", "a seeded survival world: mine, craft, smelt, kill, equip act on it", cmd_survival},
    {":render", "FILE.png", "an isometric picture of the world", cmd_render},
    {":inv", "", "the agent's inventory after the last :deps round", cmd_inv},
    {":mem", "SQL", "query the agent's memory, read-only (SQLite; see docs/memory.md)", cmd_mem},
    {":mem!", "SQL", "run SQL that may change the agent's memory", cmd_mem_write},
    {":parse", "TEXT", "the logical form of a command, with span highlights and the N-best list", cmd_parse},
    {":exec", "[FORM]", "run a logical form (or the last :lf form; or the best of the last :parse)",
     cmd_exec},
    {":lf", "FORM", "validate and pretty-print a logical form (dict literal, JSON, or a variable)", cmd_lf},
    {":deps", "TASK", "run the DEPS loop on a task, pausing after each round (Enter: next)", cmd_deps},
    {":undo", "", "revert the world changes of the last input", cmd_undo},
    {":reset", "", "forget every name (a fresh session; the world stays)", cmd_reset},
    {":save", "FILE.json", "save the world as a scene", cmd_save},
    {":open", "FILE.json", "open a scene as the world", cmd_open},
    {":time", "", "parse, compile and run time of the last input", cmd_time},
    {":quit", "", "leave (Ctrl-D too)", cmd_quit},
};

const Command* find_command(const std::string& name) {
  for (const auto& c : kCommands)
    if (name == c.name) return &c;
  // A unique prefix is enough (":h", ":con").
  const Command* found = nullptr;
  for (const auto& c : kCommands)
    if (std::string(c.name).compare(0, name.size(), name) == 0) {
      if (found) return nullptr;
      found = &c;
    }
  return found;
}

void cmd_help(State& st, const std::string& arg) {
  if (!arg.empty()) {
    const Command* c = find_command(arg[0] == ':' ? arg : ":" + arg);
    if (!c) {
      st.err(fmt::format("no command '{}' (:help lists them)\n", arg));
      return;
    }
    st.out(fmt::format("{} {}\n  {}\n", c->name, c->args, c->help));
    return;
  }
  std::string text =
      "Type Plank statements or expressions; a block (def, if, while, for) ends with a blank line.\n"
      "Tab completes names, commands, and logical-form keys and values. Ctrl-C interrupts, Ctrl-D quits.\n";
  for (const auto& c : kCommands)
    text += fmt::format("  {:<22} {}\n", fmt::format("{} {}", c.name, c.args), c.help);
  st.out(text);
}

}  // namespace

std::optional<lf::Value> read_form(State& st, const std::string& arg, std::string* text, SourceRef* file,
                                   DiagnosticSink& sink) {
  *text = arg;
  std::string held;
  if (st.session->global_repr(arg, &held)) *text = held;
  *file = SourceFile::from_string("<lf>", *text);
  if (auto expr = frontend::parse_expression(*file, sink)) return lf::value_from_ast(*expr, *file, sink);
  return std::nullopt;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : kCommands) names.emplace_back(c.name);
  return names;
}

bool run_command(State& st, const std::string& line) {
  std::string text = trim(line);
  size_t space = text.find_first_of(" \t");
  std::string name = text.substr(0, space);
  std::string arg = space == std::string::npos ? "" : trim(text.substr(space));
  const Command* c = find_command(name);
  if (!c) {
    st.err(fmt::format("unknown command '{}' (:help lists the commands)\n", name));
    return false;
  }
  c->run(st, arg);
  return true;
}

}  // namespace plank::repl
