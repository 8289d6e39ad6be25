// DANLI's deliberative loop in a Plank world: observe (perception within
// view), compile the symbolic state and the subgoals into PDDL, plan with
// Plank's planner, and execute each planned step through the world runtime
// (walk, dig, place; exploring for a `search` step), observing after every
// step. A step the world refuses, or one whose preconditions no longer hold in
// what the agent now sees, ends the plan and the loop plans again from the
// observed state, for a bounded number of rounds.
//
// The same steps are intrinsics (intrinsics/), so the loop can also be
// written in Plank: stdlib/danli/loop.plank.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/danli/compile/subgoals.h"
#include "agents/danli/compile/symbolic_state.h"
#include "world/agent/actions.h"
#include "world/voxels/world.h"

namespace plank::danli {

struct TraceEvent {
  std::string kind;  // observe | plan | act | fail | replan | done | give-up
  std::string text;
};

struct DanliOptions {
  int max_rounds = 6;           // plans made, the first included
  ViewOptions view;
  // The planner's configuration: optimal in the model's costs (walking distances); the tasks are small.
  std::string search = "astar(hmax())";
  double plan_seconds = 10;     // CPU seconds per planner call
  // Called after every executed step (the world may change under the agent: tests move things here).
  std::function<void(int step, world::World& world)> after_step;
  // Where `search` explores: waypoints (feet cells) tried in order; empty: a square spiral around the start.
  std::vector<world::Coord> explore;
};

// One agent in one world: the state the intrinsics and the loop share.
class Session {
 public:
  Session(world::World& world, DanliOptions options);

  // Perceives and updates the symbolic state.
  void observe();
  // The PDDL problem for these goals from the current symbolic state.
  CompiledProblem problem(const std::vector<Subgoal>& goals) const;
  // Plans; the steps ("(goto here place-sand-1)"), or nullopt with *why (unsolvable, limit, error).
  std::optional<std::vector<std::string>> plan(const std::vector<Subgoal>& goals, std::string* why);
  // Runs one planned step through the world; false with *why when the world refuses it or the state
  // it needs is not what the agent now sees. Observes afterwards either way.
  bool act(const std::string& step, const CompiledProblem& problem, std::string* why);
  bool done(const std::vector<Subgoal>& goals) const { return subgoals_hold(state_, relations_, goals); }

  const SymbolicState& state() const { return state_; }
  const Relations& relations() const { return relations_; }
  std::vector<TraceEvent>& trace() { return trace_; }
  const CompiledProblem& last_problem() const { return last_problem_; }
  int steps() const { return steps_; }

 private:
  bool go_to(world::Coord feet, std::string* why);
  bool search_for(const std::string& description, std::string* why);
  std::vector<world::Coord> exploration_points() const;

  world::World& world_;
  DanliOptions options_;
  agent::GameClock clock_;
  agent::Agent agent_;
  SymbolicState state_;
  Relations relations_;
  std::vector<TraceEvent> trace_;
  int steps_ = 0;
  std::string domain_;
  CompiledProblem last_problem_;
};

struct DanliResult {
  bool success = false;
  int rounds = 0;  // plans made
  int steps = 0;
  std::vector<TraceEvent> trace;
};

DanliResult run_danli(world::World& world, const std::vector<Subgoal>& goals, const DanliOptions& options);

// The trace as text, one event a line ("plan 1: (goto here place-table-1) ...").
std::string trace_text(const std::vector<TraceEvent>& trace);

}  // namespace plank::danli
