// `plank run FILE [--engine=jit|interp] [--dump=ast|ir|llvm] [--max-steps N]
//                 [--timeout S] [--max-memory MIB] [--allow net,fs] [--debug] [--break LINE...] [--stats]`
// --stats prints, to stderr after the run, where the time went (compile, run wall and
// CPU) and what the heap did: the figures a user tuning a script wants first.
// --break prints where the program is and its locals (to stderr) each time a
// breakpoint line is reached, then continues: the Debugger of the REPL, non-interactively.
// Exit codes: 0 ok, 1 compile or runtime error, 2 usage.
#include <iostream>
#include <iterator>
#include <cstdio>
#include <string>
#include <vector>

#include "compiler/engine/debugger.h"
#include "compiler/engine/engine.h"
#include "compiler/engine/run.h"
#include "runtime/capabilities.h"
#include "tools/plank/cli.h"

namespace plank::cli {

namespace {

void print_run_stats(const engine::RunResult& r) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "plank: compile %.2f ms, run %.2f ms (CPU %.2f ms), %zu garbage collection%s, heap peak %.1f MiB, "
               "at exit %.1f MiB\n",
               r.compile_seconds * 1e3, r.run_seconds * 1e3, r.run_cpu_seconds * 1e3, r.collections,
               r.collections == 1 ? "" : "s", double(r.heap_peak_bytes) / (1 << 20), double(r.heap_live_bytes) / (1 << 20));
}

}  // namespace

void register_run(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("run", "Compile and run a Plank program");
  auto o = std::make_shared<engine::RunOptions>();
  auto allow = std::make_shared<std::string>();
  auto breaks = std::make_shared<std::vector<uint32_t>>();
  auto stats = std::make_shared<bool>(false);
  cmd->add_option("file", o->path, "the program ('-' reads standard input)")->required();
  cmd->add_option("--engine", o->engine, "jit (default when built) or interp")
      ->check(CLI::IsMember(engine::engine_names()));
  cmd->add_option("--dump", o->dump, "print a stage and stop: ast, ir or llvm")
      ->check(CLI::IsMember({"ast", "ir", "llvm"}));
  cmd->add_option("--max-steps", o->max_steps, "stop after N statements (0: unlimited)");
  cmd->add_option("--timeout", o->timeout_seconds, "stop after S seconds (0: none)");
  cmd->add_option("--max-depth", o->max_depth, "recursion limit (default 1000)");
  cmd->add_option_function<size_t>(
      "--max-memory", [o](size_t mib) { o->max_heap_bytes = mib << 20; },
      "heap limit in MiB: past it the program ends with MemoryError (default 1024; 0: none)");
  cmd->add_option("--allow", *allow, "extra capabilities: net, fs (comma separated)");
  cmd->add_option("-O,--opt-level", o->opt_level, "JIT optimisation level 0..3 (default 0: fastest compile)");
  cmd->add_flag("--debug", o->debug, "debug build of the program (stepping hook on every statement)");
  cmd->add_option("--break", *breaks, "print the stack and locals each time LINE is reached (repeatable; implies --debug)");
  cmd->add_flag("--stats", *stats, "after the run, print compile and run times and garbage-collector figures to stderr");
  cmd->callback([&action, o, allow, breaks, stats] {
    action = [o, allow, breaks, stats]() -> int {
      uint32_t allowed = 0;
      std::string why;
      if (!core::parse_capabilities(*allow, &allowed, &why)) {
        std::fprintf(stderr, "plank run: %s\n", why.c_str());
        return kUsage;
      }
      o->capabilities |= allowed;
      if (o->path == "-") {
        o->source = std::string(std::istreambuf_iterator<char>(std::cin), {});
        o->path = "<stdin>";
      }
      engine::Debugger debugger([](const engine::PauseInfo& p) {
        std::string text = "break at " + p.file + ":" + std::to_string(p.line) + " in " + p.stack.back().function + "\n";
        for (const auto& frame : p.stack)
          text += "  in " + frame.function + " at " + frame.file + ":" + std::to_string(frame.line) + "\n";
        for (const auto& local : p.locals) text += "  " + local.name + " = " + local.repr + "\n";
        std::fflush(stdout);
        std::fputs(text.c_str(), stderr);
        return engine::DebugCommand::Continue;
      });
      if (!breaks->empty()) {
        for (uint32_t line : *breaks) debugger.add_breakpoint(line);
        o->debug = true;
        o->step_hook = debugger.hook();
      }
      engine::RunResult r = engine::run_program(*o);
      if (*stats && !r.compile_error) print_run_stats(r);
      return r.exit_code;
    };
  });
}

}  // namespace plank::cli
