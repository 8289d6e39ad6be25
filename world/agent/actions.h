// The agent's primitives: move_to (A* walk), place, break. Each checks what
// Minecraft would check (standing room, reach, a face to place against, a
// breakable block), changes the world through World's calls (so the action
// log and memory see it), advances the game clock by the action's cost in
// ticks, and says what happened. Every action runs inside an ActionLog group
// of the current task when a log and a task stack are attached.
#pragma once
#include <cstdint>
#include <string>

#include "world/agent/action_log.h"
#include "world/agent/pathfinding.h"
#include "world/agent/task_stack.h"
#include "world/agent/ticks.h"

namespace plank::agent {

struct ActionResult {
  bool ok = false;
  uint64_t ticks = 0;          // game ticks spent (failed moves cost nothing)
  std::string reason;          // why not, when !ok
  world::BlockId block = 0;    // place: the block placed; break: the block broken
  bool harvested = false;      // break: the held item harvests it (the survival layer drops loot)
  std::vector<Coord> path;     // move_to: the feet cells walked
};

struct AgentOptions {
  double reach = 4.5;          // survival reach, eyes to the block's centre (Minecraft 1.16)
  PathOptions path;
  const CostTable* costs = &kCosts;
};

class Agent {
 public:
  Agent(world::World& world, GameClock& clock, AgentOptions options = {});

  // Optional: group changes per task in `log`, under `tasks.current()`.
  void attach(ActionLog* log, const TaskStack* tasks) { log_ = log, tasks_ = tasks; }

  Coord feet() const;  // the agent's feet cell
  bool in_reach(Coord block) const;

  // Walk to stand at `goal` (feet cell), or within `tolerance` of it.
  ActionResult move_to(Coord goal, int tolerance = 0);
  // Put `block` into the cell `at`: it must be in reach, replaceable (air or a
  // fluid), not where the agent stands, and next to a solid face.
  ActionResult place(Coord at, world::BlockId block);
  // Dig out the block at `at` with the held tool (minecraft-data item id, -1: hand).
  ActionResult dig(Coord at, int tool_item_id = -1);

  Pathfinder& pathfinder() { return pathfinder_; }
  const GameClock& clock() const { return clock_; }

 private:
  struct Scope;  // opens and closes the action-log group
  ActionResult fail(std::string reason) const;
  world::World& world_;
  GameClock& clock_;
  AgentOptions options_;
  Pathfinder pathfinder_;
  ActionLog* log_ = nullptr;
  const TaskStack* tasks_ = nullptr;
};

}  // namespace plank::agent
