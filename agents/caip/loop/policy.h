// The conversation policy: Plank code (stdlib/caip/conversation.plank) that
// decides when the agent asks instead of acting, what it says, and how it
// answers questions. The Executor loads it once into its ProgramState; every
// compiled command then runs after it and calls its functions by name.
#pragma once
#include <string>

namespace plank::caip {

// The policy a run uses when none is named: caip/conversation.plank of the stdlib folder
// support/data_paths.h finds ($PLANK_STDLIB, the installed stdlib, or the source tree's).
std::string default_policy_path();

}  // namespace plank::caip
