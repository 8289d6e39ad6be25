// The goal-conditioned scripted controller a DEPS skill runs (the contract is
// /work/SKILL_CONTRACT.md; docs/survival.md describes it). Each skill is a
// small loop over the agent's real actions in game ticks:
//   mine  - pick the nearest block that drops the item (a ring search over
//           chunk columns; cost = walking + digging ticks / expected yield),
//           walk to it with A* (world/agent/pathfinding.h), or walk above it
//           and dig down to it, breaking every block in the way with the time
//           Minecraft takes (hardness, tool speed, harvest factor: ticks.h);
//   kill  - walk to the nearest mob that drops the item and hit it until its
//           health is gone (weapon damage and cooldown from combat.json);
//   craft / smelt - place the crafting table / furnace from the inventory
//           next to the agent (or use one placed within reach), craft, pick it
//           up again; smelting waits 200 ticks an item.
// Names accept DEPS 1.11 names and groups ('log', 'planks', 'stone_stairs')
// and 1.16.5 names. Success is read from the inventory. Every change goes
// through World, so an undo log, memory or the renderer sees it; every random
// draw comes from the world's Rng, so an episode replays given the seed.
// Passive mobs wander a few blocks whenever the clock passes a multiple of
// ControllerOptions::wander_period ticks.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "world/agent/pathfinding.h"
#include "world/agent/ticks.h"
#include "world/survival/inventory.h"
#include "world/survival/known_map.h"
#include "world/survival/mining.h"
#include "world/survival/obtainability.h"
#include "world/survival/recipe_book.h"
#include "world/voxels/world.h"

namespace plank::survival {

enum class Failure {
  None,
  UnknownItem,       // the name is not an item/block/mob (after the 1.11 -> 1.16.5 name map)
  MissingTool,       // the tool named is not in the inventory, or the block needs a tool and the hand is used
  ToolTierTooLow,    // the tool held cannot harvest it (wooden pickaxe on iron ore)
  NoCraftingTable,   // a 3x3 recipe and no crafting table in the inventory or placed nearby
  NoFurnace,         // smelting without a furnace
  MissingMaterials,  // not enough inputs for craft/smelt (details names what and how many)
  NoFuel,            // smelting without fuel
  NoRecipe,          // craft/smelt of something with no such recipe / materials that match no recipe
  ResourceNotFound,  // no reachable block or mob of that kind within the search radius
  OutOfTicks,        // the tick budget ran out before the goal was reached
};
const char* failure_name(Failure f);  // "missing_tool", ...

struct SkillResult {
  bool ok = false;
  Failure failure = Failure::None;
  std::string reason;  // one sentence a person understands
  std::string needed;  // what would fix it, as an item name when there is one ("wooden_pickaxe", "3 planks")
  uint64_t ticks = 0;  // game ticks spent (walking, breaking, crafting, fighting)
  ItemCounts gained;   // what entered the inventory (net of what the skill consumed: never negative)
};

// task_run.h's deps_task_controller() is what the 71-object run uses (radius 136 over its
// 192 x 192 worlds from deps_task_world(seed)).
struct ControllerOptions {
  int search_radius = 64;    // blocks (horizontal) for resources and mobs
  uint64_t tick_budget = 0;  // 0: unlimited; otherwise each skill stops with OutOfTicks when the clock passes it
  // Passive mobs wander (up to wander_step blocks) each time the clock passes a multiple of this; 0: never.
  uint64_t wander_period = 600;
  int wander_step = 4;
  size_t path_budget = 40'000;  // A* nodes per walk before digging through instead
  // Explore mode (issue 30): with a map, the agent looks around as it moves (KnownMap::observe every
  // `look_every` cells and where each move ends), chooses only among the blocks and mobs the map
  // holds, and when none is known explores -- a walk of `explore_leg` blocks toward the least-known
  // ground, or, for what lies underground (ores, stone), a shaft and tunnels -- at most
  // `explore_steps` times a skill before ResourceNotFound. Null: it knows the whole world.
  // (Paths are still found over the true terrain: the map limits what the agent knows is where,
  // not where it can walk.)
  KnownMap* known = nullptr;
  int look_every = 4;
  int explore_leg = 24;
  int explore_steps = 24;
};

// What the controller did, summed over its life.
struct ControllerStats {
  int blocks_broken = 0;  // targets and the blocks dug through to reach them
  int targets = 0;        // blocks broken for what a skill asked
  int mobs_killed = 0, hits = 0;
  int crafts = 0, smelts = 0, stations_placed = 0;
  int walks = 0, walks_astar = 0;  // walks, and those that followed an A* path (the rest dug a way)
  int dig_searches = 0, dig_failures = 0;  // digging A* searches, and those that found no way
  size_t path_nodes = 0, dig_nodes = 0;    // nodes expanded by the walking and the digging searches
  double walked = 0;               // blocks walked (path length)
  uint64_t walk_ticks = 0, dig_ticks = 0, fight_ticks = 0, craft_ticks = 0, smelt_ticks = 0;
};

class Controller {
 public:
  Controller(world::World& world, const RecipeBook& book, ControllerOptions options = {});
  ~Controller();

  // tool "" = none named: use what is equipped (the hand at the start). A named tool is equipped.
  SkillResult mine(const std::string& item, int count, const std::string& tool);
  // station "" or "crafting_table". `materials`: what the plan says it uses (checked against the inventory).
  SkillResult craft(const std::string& item, int count, const ItemCounts& materials, const std::string& station);
  // station "furnace". `materials` may name the fuel (coal, planks, ...); otherwise fuels.json's auto order.
  SkillResult smelt(const std::string& item, int count, const ItemCounts& materials, const std::string& station);
  // Kill mobs until `count` of the drop are gained (or `count` mobs killed when a mob type is named).
  // `mob` (an addition): which mob to hunt for a drop; "" = any mob that drops it.
  SkillResult kill(const std::string& mob_or_drop, int count, const std::string& tool, const std::string& mob = "");
  SkillResult equip(const std::string& item);  // "" or "hand": the bare hand

  Inventory& inventory() { return inv_; }
  const Inventory& inventory() const { return inv_; }
  const std::string& equipped() const { return equipped_; }  // "" = hand
  uint64_t ticks() const { return clock_.now(); }             // game clock since the start
  world::Vec3 position() const;
  const std::vector<std::string>& log() const { return log_; }
  void set_tick_budget(uint64_t absolute_tick) { budget_ = absolute_tick; }  // 0 = none
  const ControllerStats& stats() const { return stats_; }
  const world::World& world() const { return w_; }
  // The feet cells walked and dug through, in order (for pictures; at most kMaxTrail).
  const std::vector<world::Coord>& trail() const { return trail_; }
  static constexpr size_t kMaxTrail = 100'000;

  // The selector's question: where mine(item, n, tool) / kill(mob_or_drop, n, tool, mob) would go
  // first if the agent stood at `from`, and the estimated ticks to get there and gather one (mine:
  // nearest()'s estimate, walking and digging; kill: the walk). Nothing acts; nullopt when nothing
  // usable is within the search radius (or the name is not an item or mob).
  struct SourceEstimate {
    world::Coord at;
    double ticks = 0;
  };
  std::optional<SourceEstimate> estimate_mine(const std::string& item, const std::string& tool, world::Coord from);
  std::optional<SourceEstimate> estimate_kill(const std::string& mob_or_drop, const std::string& mob, world::Coord from);

  // Explore mode: looks around from where the agent stands (nothing without a map).
  void look();
  // One exploration move (see ControllerOptions::known); `underground`: dig toward `depth_y` and tunnel
  // instead of walking. Returns false when no way out was found (nothing moved).
  bool explore_step(bool underground, int depth_y);
  int explorations() const { return explorations_; }

  // Additions for the scripted run: execute one Obtainability step, a whole plan, or plan and run
  // until the inventory holds `count` of `name` (re-planning when random drops fall short).
  SkillResult run_step(const PlanStep& step);
  SkillResult run_plan(const ObtainPlan& plan);
  SkillResult obtain(const Obtainability& analysis, const std::string& name, int count);

 private:
  struct Target;
  using Source = BlockSource;
  // Skills' pieces.
  SkillResult fail(Failure f, std::string reason, std::string needed = "") const;
  bool over_budget() const { return budget_ != 0 && clock_.now() > budget_; }
  void spend(uint64_t ticks, uint64_t ControllerStats::*bucket);
  const std::vector<Source>& sources_of(const std::vector<std::string>& items);
  std::optional<Target> nearest(const std::vector<Source>& sources, const std::vector<bool>& usable, world::Coord from);
  // The mob types kill() hunts for `mob_or_drop` (a mob, or an item some mob drops; `mob` narrows it).
  std::vector<std::string> prey(const std::string& mob_or_drop, const std::string& mob, std::vector<std::string>* items) const;
  const world::Entity* nearest_mob(const std::vector<std::string>& types, world::Vec3 from,
                                   const std::vector<world::EntityId>& skip) const;
  bool go_near(world::Coord target, int tolerance, double reach, std::string* why);
  // Digs toward `goal` until the feet (or, with `to_block`, the feet or head) are within `within`.
  bool tunnel(world::Coord goal, int within, bool to_block, bool stop_at_surface, std::string* why);
  bool break_block(world::Coord c, bool target_with_equipped);
  void settle();
  bool open_air(world::Coord feet);
  std::string pillar_block() const;
  world::Coord feet() const;
  int top_y(int32_t x, int32_t z);
  bool under_sky(world::Coord c, int top);
  void touched_column(int32_t x, int32_t z) { heights_.erase(column_key(x, z)); }
  static uint64_t column_key(int32_t x, int32_t z) { return (uint64_t(uint32_t(x)) << 32) | uint32_t(z); }
  std::optional<world::Coord> place_station(const std::string& station);
  void pick_up(world::Coord at, const std::string& station);
  std::optional<world::Coord> station_nearby(const std::string& station) const;
  void wander_mobs(uint64_t from_tick, uint64_t to_tick);
  int item_id(const std::string& item) const;
  void note(std::string line) { log_.push_back(std::move(line)); }

  world::World& w_;
  const RecipeBook& book_;
  ControllerOptions options_;
  Inventory inv_;
  std::string equipped_;
  agent::GameClock clock_;
  uint64_t budget_ = 0;
  std::unique_ptr<agent::Pathfinder> paths_;
  std::vector<std::string> log_;
  ControllerStats stats_;
  std::unordered_map<uint64_t, int> heights_;                 // column -> top solid y (cache)
  std::vector<world::BlockId> unsafe_;                        // water, lava: never dug into or next to
  std::vector<bool> canopy_;                                  // by block id: logs and leaves (a tree's crown)
  std::set<world::Coord> bad_;                                // targets found unreachable
  bool replan_ = false;
  int explorations_ = 0;      // explore_step() calls that moved
  int since_look_ = 0;        // cells moved since the last look
  int heading_ = 0;           // the last exploration's direction (0..7), kept while it pays
  void moved_through(world::Coord feet);
  // For an exploring mine(): whether the sources lie underground (ores, stone) and the depth to seek them at.
  bool buried_sources(const std::vector<Source>& sources, const std::vector<bool>& usable, int* depth_y);
  std::vector<world::Coord> trail_;  // a plan step got another member of a group than the plan named
};

}  // namespace plank::survival
