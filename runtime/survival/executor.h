// A simple scripted executor for obtainability plans in a generated world,
// standing in for the agent (walking and A* belong to runtime/agent/). Mine:
// find the nearest block of the kind (a ring search around the agent, cost =
// ring distance + blocks to dig through from the top of its column), walk
// there (distance counted, the pose set), dig the column down to it and break
// it with the best tool held, keeping whatever the broken blocks drop. Kill:
// the nearest mob of the kind, removed, its drops rolled. Craft / smelt: the
// crafting table or furnace is placed beside the agent (World::set_block),
// used, and picked up again. Every change goes through World, so an undo log
// or the renderer sees it. Drops are rolled with the world's seeded Rng.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runtime/survival/crafting.h"
#include "runtime/survival/inventory.h"
#include "runtime/survival/obtainability.h"
#include "runtime/world/world.h"

namespace plank::survival {

struct ExecutorStats {
  int blocks_broken = 0;   // targets and the blocks dug through to reach them
  int targets = 0;         // blocks broken for what a step asked
  int mobs_killed = 0;
  int crafts = 0, smelts = 0;
  int stations_placed = 0;
  double walked = 0;       // blocks, horizontal plus vertical
};

class Executor {
 public:
  Executor(world::World& world, const RecipeBook& book);

  // Runs the plan's steps in order; false and *error at the first step that cannot be done.
  bool run(const ObtainPlan& plan, std::string* error);
  // Plans `count` of `name` from the current inventory and runs it.
  bool obtain(const Obtainability& analysis, const std::string& name, int count, std::string* error);

  Inventory& inventory() { return inv_; }
  const ExecutorStats& stats() const { return stats_; }
  const std::vector<std::string>& log() const { return log_; }

 private:
  bool mine(const PlanStep& s, std::string* error);
  bool kill(const PlanStep& s, std::string* error);
  bool at_station(const std::string& station, const std::function<CraftResult()>& fn, std::string* error);
  std::optional<world::Coord> nearest(world::BlockId id, int* dig_cells) const;
  void break_block(world::Coord c);
  void walk_to(const world::Vec3& p);

  world::World& w_;
  const RecipeBook& book_;
  Inventory inv_;
  ExecutorStats stats_;
  std::vector<std::string> log_;
};

}  // namespace plank::survival
