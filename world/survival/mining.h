// Mining: whether a tool harvests a block (minecraft-data's harvestTools) and
// what the block then drops (minecraft-data's blockLoot, corrected for leaves
// and gravel by world/data/loot_corrections.json). Tool tiers follow the
// game: hand < wooden = golden < stone < iron < diamond < netherite.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "world/survival/inventory.h"
#include "world/survival/recipe_book.h"
#include "world/voxels/block_registry.h"
#include "world/voxels/rng.h"

namespace plank::survival {

// 0 hand or not a tool, 1 wooden and golden, 2 stone, 3 iron, 4 diamond, 5 netherite.
int tool_tier(const std::string& item);
// "pickaxe", "axe", "shovel", "hoe", "sword", "shears", or "" for anything else.
std::string tool_kind(const std::string& item);

struct HarvestCheck {
  bool ok = false;
  std::string min_tool;  // the lowest tool that harvests it ("stone_pickaxe"), "" when the hand does
  std::string reason;    // when !ok: "iron_ore needs a stone_pickaxe or better (have a wooden_pickaxe)"
};

// `tool`: the held item, "" for the bare hand. A block without harvest tools drops for anything;
// unbreakable blocks (bedrock, hardness -1) never do.
HarvestCheck can_harvest(const world::BlockRegistry& reg, world::BlockId block, const std::string& tool);

// What breaking the block with `tool` drops, without silk touch: empty when the tool
// cannot harvest it. `hand_written` marks drops from loot_corrections.json.
std::vector<Drop> block_drops(const RecipeBook& book, const world::BlockRegistry& reg, world::BlockId block,
                              const std::string& tool, bool use_corrections = true);
// One break's drops, rolled with `rng` (exclusive drops, e.g. gravel's flint or gravel, roll once).
ItemCounts roll_block_drops(const RecipeBook& book, const world::BlockRegistry& reg, world::BlockId block,
                            const std::string& tool, world::Rng& rng);

// The held item that best harvests `block` from the inventory: a harvesting tool of
// the block's kind (pickaxe for rock...) of the highest tier, else "" (hand).
std::string best_tool(const world::BlockRegistry& reg, world::BlockId block, const Inventory& inv);

// A block type that drops (some of) the wanted items: how many a break gives on average, and the
// lowest tool that harvests it ("" when the hand does).
struct BlockSource {
  world::BlockId block;
  double yield;
  std::string min_tool;
};
// The blocks of `reg` that drop any of `items` (1.16.5 names), leaving out drops rarer than one in a
// hundred breaks (a stick from leaves): not worth searching for. Cached in the recipe book.
const std::vector<BlockSource>& block_sources(const RecipeBook& book, const world::BlockRegistry& reg,
                                              const std::vector<std::string>& items);

// Rolls a list of drops.
ItemCounts roll(const std::vector<Drop>& drops, world::Rng& rng, bool exclusive = false);

}  // namespace plank::survival
