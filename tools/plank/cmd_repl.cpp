// `plank repl [--engine=jit|interp] [--scene FILE] [--history FILE|-] [--color auto|always|never]`
// An interactive session (tools/plank/repl/, docs/repl.md); `plank repl < script` runs a script.
#include "compiler/engine/engine.h"
#include "tools/plank/cli.h"
#include "tools/plank/repl/repl.h"

namespace plank::cli {

void register_repl(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("repl", "An interactive session: run statements, step through plans, look at the world");
  auto o = std::make_shared<repl::ReplOptions>();
  cmd->add_option("--engine", o->engine, "jit (default when built) or interp")->check(CLI::IsMember(engine::engine_names()));
  cmd->add_option("--scene", o->scene, "open this scene as the world (see docs/world.md)");
  cmd->add_option("--history", o->history_path, "history file (default $PLANK_HISTORY or ~/.plank_history; - for none)");
  cmd->add_option("--color", o->color, "colour diagnostics: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->callback([&action, o] { action = [o] { return repl::run_repl(*o); }; });
}

}  // namespace plank::cli
