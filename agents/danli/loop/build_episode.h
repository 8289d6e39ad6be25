// A building task run in a Plank world: each round generates the PDDL problem
// from the world as it is (agents/danli/compile/building.h), plans with
// Plank's planner, and runs the plan's steps through the world runtime
// (agent::Agent's move_to and place). A step the world refuses, or a plan that
// ends with the structure still incomplete (something changed under the
// agent), starts another round from the world as it now is, for a bounded
// number of rounds. Success is read off the world: every cell holds its block.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "agents/danli/compile/building.h"
#include "agents/danli/loop/episode.h"
#include "world/voxels/world.h"

namespace plank::danli {

struct BuildOptions {
  int max_rounds = 4;
  std::string search;         // "": the planner's default (lazy greedy with h_FF)
  double plan_seconds = 20;   // CPU seconds per planner call
  // Blocks of the structure's kind the agent holds; each placed one is spent. -1: as many as it
  // needs. A round that needs more than are left gives up and says how many it lacks.
  int inventory = -1;
  // Called after every executed step (tests change the world here).
  std::function<void(int step, world::World& world)> after_step;
};

struct BuildResult {
  bool success = false;
  int rounds = 0;             // plans made
  int steps = 0;              // steps executed
  uint64_t ticks = 0;         // game ticks the agent spent
  int placed = 0;             // blocks placed
  int blocks_left = -1;       // of the inventory (-1: not limited)
  std::string why;            // when it failed
  std::vector<TraceEvent> trace;
};

BuildResult run_build(world::World& world, const Structure& structure, const BuildOptions& options);
// (The trace prints as DANLI's does: trace_text, episode.h.)

}  // namespace plank::danli
