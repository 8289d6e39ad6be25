// The intrinsics a DEPS loop program calls (category "deps", names deps_*): the
// heavy parts of the loop in stdlib/deps/loop.plank -- running plan code,
// Describe, Explain, the symbolic planner and re-planner, Select, emitting plan
// code, the llm planner -- and what the loop reads (the task, the inventory, the
// clock) and reports (each round, the end). They act on the EpisodeContext
// attached as core::Thread::host->deps_episode. Values crossing the boundary are
// plain Plank values (dicts, lists, str, int, bool); a plan run and a
// description are dicts that carry an `id`, a handle to the C++ record.
// docs/deps.md ("The loop") walks through them in the order the loop uses them.
#pragma once

namespace plank::deps {

// Appends the loop intrinsics to the intrinsics table (register_intrinsics in intrinsics.h calls it).
void register_loop_intrinsics();

}  // namespace plank::deps
