// Dependency analysis: for an item (a DEPS name or a 1.16.5 name), can it be
// had from an empty inventory in a survival world, and how. Ways to get an
// item: break a block the world has (blockLoot, with the harvest tool it
// needs), kill a mob it has (mob drops), craft it (minecraft-data's recipes;
// 3x3 ones at a crafting table) or smelt it (smelting.json, at a furnace, with
// fuel). Each item's cost is the cheapest way's cost (gathering costs from the
// Sources, plus its inputs, tool and station), found by relaxing to a fixed
// point; a plan is then unrolled step by step against a simulated inventory,
// DEPS-style: mine({'log':3}, null); craft({'planks':12}, {'log':3}, null).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "world/survival/inventory.h"
#include "world/survival/recipe_book.h"
#include "world/voxels/block_registry.h"

namespace plank::survival {

// What the world offers and what one of it costs to reach and take (rough actions).
struct Sources {
  std::map<std::string, double> blocks;  // block name -> cost of breaking one
  std::map<std::string, double> mobs;    // mob type -> cost of killing one
};
// Everything worldgen places, with costs that grow with depth and rarity (see docs/survival.md).
Sources worldgen_sources();

struct ObtainOptions {
  // false: minecraft-data alone (recipes, blockLoot, entityLoot): no smelting, fuel,
  // hand-written mob drops or loot corrections. Used to count what needs hand-written rules.
  bool hand_written_rules = true;
};

enum class StepKind { Mine, Kill, Craft, Smelt };
const char* step_kind_name(StepKind k);

struct PlanStep {
  StepKind kind = StepKind::Mine;
  std::string item;      // what the step yields (1.16.5 name)
  int count = 0;         // how many the step must add
  int actions = 0;       // blocks broken / mobs killed (expected) / crafts / smelts
  std::string source;    // Mine: block; Kill: mob
  ItemCounts inputs;     // Craft / Smelt (fuel included for Smelt)
  std::string tool;      // Mine/Kill: the tool used ("" = hand); Craft: "crafting_table" or ""; Smelt: "furnace"
  std::string fuel;      // Smelt
  std::vector<std::string> rules;  // hand-written rules it relies on ("smelting.json: iron_ore -> iron_ingot")
  // DEPS's syntax with 1.11 names: mine({'log':1}, null) / craft({...}, {...}, 'crafting_table') /
  // smelt({'iron_ingot':1}, {'iron_ore':1, 'coal':1}, 'furnace') / kill({'leather':1}, 'cow', null).
  std::string deps(const NameMap& names) const;
};

struct ObtainPlan {
  std::string target;          // as asked
  std::string item;            // the 1.16.5 item planned for
  bool ok = false;
  std::string reason;          // when !ok
  std::vector<PlanStep> steps;
  ItemCounts raw;              // items mined or dropped by mobs
  std::set<std::string> hand_written_rules;
  double cost = 0;
  std::string str(const NameMap& names) const;  // one step a line
};

class Obtainability {
 public:
  Obtainability(const RecipeBook& book, const world::BlockRegistry& registry, Sources sources, ObtainOptions options = {});

  // Cost of one more of `item` (1.16.5 name); infinity when unobtainable.
  double cost(const std::string& item) const;
  bool obtainable(const std::string& name) const;  // DEPS or 1.16.5 name; any member of a group
  // Why not (empty when obtainable).
  std::string why_not(const std::string& name) const;
  // A plan for `count` of `name` starting from `start`.
  ObtainPlan plan(const std::string& name, int count = 1, const Inventory& start = {}) const;

  struct Method {
    StepKind kind;
    std::string item, source, station;
    double yield = 1;                   // expected items per action
    std::vector<Ingredient> inputs;     // per action
    std::vector<std::string> tools;     // any of these harvests (Mine); empty: the hand
    std::vector<std::string> rules;     // hand-written rules used
    double action_cost = 1;
  };
  const std::vector<Method>* methods(const std::string& item) const;
  // What one more item costs by way of `m` (inputs, fuel, station and tool included); infinity when
  // something it needs is unobtainable. The PDDL backend of DEPS ranks methods by it.
  double method_cost(const Method& m) const;
  // The cheapest fuel per smelt, and which fuel (*best); infinity when none is obtainable.
  double fuel_cost_per_smelt(std::string* best) const;
  // The cheapest of `items`, and which (*best).
  double any_cost(const std::vector<std::string>& items, std::string* best) const;

 private:
  bool obtain(const std::string& item, int n, Inventory& inv, ObtainPlan& plan, int depth) const;
  bool obtain_any(const std::vector<std::string>& items, int n, Inventory& inv, ObtainPlan& plan, int depth) const;
  std::string reason(const std::string& item, int depth) const;

  const RecipeBook& book_;
  const world::BlockRegistry& reg_;
  Sources sources_;
  ObtainOptions options_;
  std::map<std::string, std::vector<Method>> methods_;
  std::map<std::string, double> cost_;
  std::map<std::string, size_t> best_;
};

}  // namespace plank::survival
