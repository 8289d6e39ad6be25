// Every intrinsic DEPS registers (category "deps"): the skills plan code calls
// (skills.h: mine, craft, ..., the ProgPrompt names) and the loop's (loop_intrinsics.h:
// deps_run_plan, deps_describe, ...), which stdlib/deps/loop.plank calls.
#pragma once

namespace plank::deps {

// Appends them to the intrinsics table (agents/host/register_intrinsics.cpp calls it once).
void register_intrinsics();

}  // namespace plank::deps
