// The DEPS loop as a program: a Plank file (stdlib/deps/loop.plank, or the
// file `plank deps --loop FILE` names) that defines `episode()`. It is loaded
// into a live engine::ProgramState once per process (per thread, and again
// when the file's text changes, so a researcher can edit it between the REPL's
// :deps runs), and `episode()` is called once per episode with the episode's
// EpisodeContext attached as HostContext::deps_episode. Module-level code runs
// once per load: an episode's state belongs in episode()'s locals.
//
// The loop runs on the interpreter (engine::Workload::OneShot): it is short code
// that spends its time in intrinsics. Plans it runs use EpisodeOptions::engine.
#pragma once
#include <string>

#include "agents/deps/intrinsics/episode_context.h"

namespace plank::deps {

// stdlib/deps/loop.plank of the folder support/data_paths.h finds ($PLANK_STDLIB, the installed
// stdlib, or the source tree's).
std::string default_loop_path();

// The function a loop file defines and run_episode calls.
inline constexpr const char* kLoopEntry = "episode";

// Statements of loop code an episode may run (the stdlib loop runs about 40 a round): a loop that
// never ends stops with BudgetExceeded.
inline constexpr int64_t kLoopMaxSteps = 10'000'000;

// Calls the loop file's episode() with `episode` attached. False and *error when the file cannot be
// read, does not compile, defines no episode(), or raises: compile errors as the front end renders them,
// runtime errors as `file:line:col: error: Kind: message`, the line with a caret, then the traceback.
// *output receives what the loop printed. Exceptions the round hook throws are left in
// episode.hook_error (the caller rethrows them).
bool call_loop(const std::string& path, EpisodeContext& episode, std::string* output, std::string* error);

}  // namespace plank::deps
