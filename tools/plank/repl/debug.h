// Stepping in the REPL over compiler/engine/debugger.h: breakpoints, a nested
// prompt while a program is paused (like pdb), step into/over/out, :where.
#pragma once
#include <string>

#include "runtime/thread.h"

namespace plank::repl {

struct State;

enum class StepKind { Into, Over, Out, Continue, Where };

// The hook for the next run: the debugger's when a breakpoint is set or
// :step armed a pause at the first statement; empty otherwise (no pause).
core::StepHook make_step_hook(State& state);
// `:break`, `:break LINE`, `:break -LINE`.
void breakpoint_command(State& state, const std::string& arg);
// :step/:next/:out/:continue/:where typed when no program is paused.
void step_command(State& state, StepKind kind);

}  // namespace plank::repl
