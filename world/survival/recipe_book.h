// Every way to make an item: crafting recipes from minecraft-data (shaped and
// shapeless; 3x3 shapes need a crafting table) and smelting recipes and fuels
// from world/data. minecraft-data expands the game's item tags (#planks)
// into one recipe per variant; a recipe input whose name-map group (planks,
// log, wool...) appears across all of a result's recipes accepts any member
// of the group, as the game's tag does, and the variant recipes collapse into one.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "world/survival/survival_data.h"
#include "world/voxels/mcdata.h"

namespace plank::survival {

struct Ingredient {
  std::string item;                  // a 1.16.5 item (the first of `any` when it is a group)
  int count = 1;
  std::vector<std::string> any;      // items accepted here; {item} when exact
  std::string group;                 // name-map group when `any` is one, else ""
  std::string label() const { return group.empty() ? item : group; }
};

struct CraftRecipe {
  std::string result;
  int count = 1;                     // items one craft makes
  std::vector<Ingredient> inputs;    // merged by item, sorted
  bool needs_table = false;          // the shape does not fit the inventory's 2x2 grid
  int width = 0, height = 0;         // of the shape; shapeless: 0 x 0
};

struct BlockSourceCache;  // mining.cpp's: which blocks drop an item (block_sources), filled on first use

class RecipeBook {
 public:
  RecipeBook(std::shared_ptr<const world::McData> mc, std::shared_ptr<const SurvivalData> data);

  const world::McData& mc() const { return *mc_; }
  const SurvivalData& data() const { return *data_; }
  const NameMap& names() const { return data_->names; }
  bool is_item(const std::string& name) const { return mc_->item(name) != nullptr; }

  const std::vector<CraftRecipe>& crafting(const std::string& result) const;   // empty: none
  std::vector<const SmeltingRecipe*> smelting(const std::string& output) const;
  const SmeltingRecipe* smelting_of(const std::string& input) const;
  int fuel_ticks(const std::string& item) const;  // 0: not a fuel
  const std::map<std::string, std::vector<CraftRecipe>>& all_crafting() const { return crafting_; }

  // block_sources()'s cache: one per book, so every controller over the book shares it.
  BlockSourceCache& source_cache() const;

 private:
  mutable std::shared_ptr<BlockSourceCache> source_cache_;
  std::shared_ptr<const world::McData> mc_;
  std::shared_ptr<const SurvivalData> data_;
  std::map<std::string, std::vector<CraftRecipe>> crafting_;
};

// The DEPS-style name of an ingredient list: {'planks':3, 'stick':2}.
std::string deps_counts(const NameMap& names, const ItemCounts& counts);

}  // namespace plank::survival
