// Time: what acting costs, in Minecraft game ticks (20 a second), so a plan's
// duration can be set against the DEPS paper's step budgets (3,000 to 12,000
// steps at 20 Hz). All costs live in one table (kCosts) with their sources.
#pragma once
#include <cstdint>
#include <string>

#include "world/voxels/block_registry.h"

namespace plank::agent {

inline constexpr double kTicksPerSecond = 20;  // Minecraft's fixed game tick rate

// Path costs are integer milliticks so A* orders nodes identically everywhere
// (no floating-point ties that depend on the compiler).
using Milliticks = int64_t;

struct CostTable {
  // Walking speed 4.317 blocks/s (minecraft.wiki "Walking": 0.1 movement
  // attribute, ×43.17): 20 / 4.317 = 4.633 ticks a block.
  double walk_blocks_per_second = 4.317;
  // A one-block step up is a jump: Minecraft's jump (0.42 b/tick up, gravity
  // 0.08, drag 0.98) clears one block after ~5 ticks while moving on; we charge
  // the walk plus 2 ticks of slowdown. An approximation, documented as such.
  Milliticks jump_extra = 2'000;
  // A one-block drop: falling one block takes ~6 ticks but overlaps the walk; no extra.
  Milliticks drop_extra = 0;
  // Placing: the client's use-item delay (Minecraft.rightClickDelay = 4 ticks).
  uint64_t place_ticks = 4;
  // Breaking: time(s) = hardness × (1.5 if the held item can harvest the block,
  // else 5) / speed, speed from minecraft-data materials.json (wood 2, stone
  // 4, iron 6, diamond 8, netherite 9, gold 12; bare hand or wrong tool 1).
  // minecraft.wiki "Breaking#Speed". Instant blocks (hardness 0) still take a tick.
  double harvest_factor = 1.5, no_harvest_factor = 5;
  uint64_t min_action_ticks = 1;
  // Digging straight down: the block under the feet goes and the agent falls
  // one block (~6 ticks from rest at gravity 0.08 b/tick², drag 0.98).
  uint64_t fall_one_ticks = 6;
  // Pillaring up: jump (apex ~1.25 blocks after ~6 ticks) and place a block underfoot
  // (4-tick use delay): about 10 ticks a block. Our approximation.
  uint64_t pillar_ticks = 10;
  // Crafting is one action (MineDojo's functional `craft` is a single env
  // step). Smelting waits out the furnace: its ticks per item are the recipe's
  // (world/data/smelting.json), not a cost here.
  uint64_t craft_ticks = 1;

  Milliticks walk() const { return Milliticks(1000.0 * kTicksPerSecond / walk_blocks_per_second + 0.5); }
  Milliticks walk_diagonal() const { return Milliticks(double(walk()) * 1.41421356237 + 0.5); }
};

inline const CostTable kCosts{};

// Tool speed against a block's material (1 for the hand or a tool that does
// not help): minecraft-data's materials table; 1 with the built-in registry.
double tool_speed(const world::BlockRegistry& registry, world::BlockId block, int tool_item_id);

struct BreakCost {
  bool breakable = false;  // false: unbreakable (bedrock, hardness -1) or air
  bool harvests = false;   // the held item harvests it (drops loot)
  double seconds = 0;
  uint64_t ticks = 0;      // ceil(seconds × 20), at least min_action_ticks
};
// tool_item_id: a minecraft-data item id, -1 for the bare hand.
BreakCost break_cost(const world::BlockRegistry& registry, world::BlockId block, int tool_item_id,
                     const CostTable& costs = kCosts);

// The game clock the agent's actions advance. Never goes back (UNDO reverts
// the world, not time).
class GameClock {
 public:
  uint64_t now() const { return tick_; }
  void advance(uint64_t ticks) { tick_ += ticks; }
  double seconds() const { return double(tick_) / kTicksPerSecond; }

 private:
  uint64_t tick_ = 0;
};

}  // namespace plank::agent
