// Crafting and smelting against an inventory. A craft fails with a precise
// reason: the item is unknown, it has no recipe, materials are missing (which
// and how many, for the recipe that came closest), or it needs a crafting
// table (3x3 shape) / a furnace / fuel that is not there.
#pragma once
#include <string>
#include <vector>

#include "world/survival/inventory.h"
#include "world/survival/recipe_book.h"

namespace plank::survival {

enum class CraftError { None, UnknownItem, NoRecipe, MissingMaterials, NeedsCraftingTable, NeedsFurnace, NoFuel };
const char* craft_error_name(CraftError e);

struct Missing {
  std::string item;  // DEPS-style label (a group name such as "planks" when any member will do)
  int need = 0, have = 0;
};

struct CraftResult {
  bool ok = false;
  CraftError error = CraftError::None;
  std::string message;           // one sentence; empty when ok
  std::string item;              // the 1.16.5 item made (or tried)
  int produced = 0;              // items added to the inventory
  ItemCounts consumed;           // items taken (fuel included for smelting)
  std::vector<Missing> missing;  // MissingMaterials / NoFuel
  const CraftRecipe* recipe = nullptr;
};

// Makes at least `count` of `item` (a 1.16.5 name or a DEPS name such as "planks" or
// "stone_stairs"; a group makes whichever member the inventory allows), running the
// recipe ceil(count / recipe.count) times. `near_table`: a crafting table is within reach.
CraftResult craft(const RecipeBook& book, const std::string& item, int count, Inventory& inv, bool near_table);

// Smelts `count` of `output` from its input. Needs a furnace nearby and fuel:
// `fuel` names it, or "" picks from fuels.json's auto_order. Each item takes
// 200 ticks; ceil(200 * count / burn ticks) fuel items are burnt.
CraftResult smelt(const RecipeBook& book, const std::string& output, int count, Inventory& inv, bool near_furnace,
                  const std::string& fuel = "");

}  // namespace plank::survival
