// `plank repl`: an interactive session over compiler/engine/program_state.h, the
// world runtime and (when they exist) the parser, the CAIP executor and the
// DEPS loop. See docs/repl.md.
#pragma once
#include <string>

namespace plank::repl {

struct ReplOptions {
  std::string engine;         // "jit", "interp", "" (jit when built)
  std::string history_path;   // "" : $PLANK_HISTORY or ~/.plank_history; "-": none
  std::string scene;          // a scene to open at start ("" : flat ground)
  std::string color = "auto";  // auto | always | never
};

// Runs until :quit or end of input. Returns the exit code: 0, or 1 when the
// input was a script (not a terminal) and an input in it failed.
int run_repl(const ReplOptions& options);

}  // namespace plank::repl
