// The hand-written survival facts minecraft-data lacks, loaded at run time
// from world/data/*.json (one documented file per concern): smelting
// recipes, fuels, mob drops, corrections to blockLoot, and the name map from
// the DEPS paper's Minecraft 1.11 item names to 1.16.5 names. Every item a
// file names is checked against minecraft-data's items when loaded.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "world/voxels/mcdata.h"

namespace plank::survival {

using ItemCounts = std::map<std::string, int>;

// A furnace's time per item (1.16.5): what a fuel's burn ticks are measured against.
constexpr int kSmeltTicks = 200;

struct SmeltingRecipe {
  std::string input, output;
  int count = 1;
  double xp = 0;
  int ticks = kSmeltTicks;
};

// One possible drop: `chance` that it drops at all, then uniform in [min, max].
struct Drop {
  std::string item;
  int min = 1, max = 1;
  double chance = 1;
  bool hand_written = false;  // from world/data rather than minecraft-data
  double expected() const { return chance * (min + max) / 2.0; }
};

// DEPS (1.11) names -> 1.16.5 names.
struct NameMap {
  std::map<std::string, std::vector<std::string>> groups;  // "planks" -> oak_planks, ...
  std::map<std::string, std::string> renames;              // "stone_stairs" -> cobblestone_stairs
  // The 1.16.5 items a DEPS name stands for: a group's members, a rename's target, or the name itself.
  std::vector<std::string> resolve(const std::string& deps_name) const;
  // The DEPS name to show for a 1.16.5 item: the first group holding it (log before log2), a rename's
  // source, else the item itself. "oak_planks" -> "planks", "cobblestone_stairs" -> "stone_stairs".
  std::string to_deps(const std::string& item) const;
  // The group (if any) an item belongs to; groups are tried in alphabetical order (log before log2).
  const std::vector<std::string>* group_of(const std::string& item, std::string* group_name = nullptr) const;
  std::vector<std::string> group_order;  // alphabetical
};

// A weapon's attack damage (half-hearts) and attack speed (full-cooldown attacks a second).
struct Weapon {
  double damage = 1, speed = 4;
  uint64_t cooldown_ticks() const { return uint64_t(20.0 / speed + 0.999); }
};

struct SurvivalData {
  std::string dir;
  std::vector<SmeltingRecipe> smelting;
  std::map<std::string, int> fuel_ticks;
  std::vector<std::string> auto_fuels;                    // best first
  std::map<std::string, std::vector<Drop>> mob_drops;     // hand-written mobs
  std::map<std::string, std::vector<Drop>> loot_corrections;
  std::vector<std::string> exclusive_loot;                // blocks whose corrected drops are one-of
  NameMap names;
  // combat.json
  std::map<std::string, double> mob_health;
  std::map<std::string, Weapon> weapons;  // items not listed hit as `hand`
  Weapon hand;
  uint64_t chase_ticks_per_hit = 10;
  const Weapon& weapon(const std::string& item) const {
    auto it = weapons.find(item);
    return it == weapons.end() ? hand : it->second;
  }
};

// $PLANK_RUNTIME_DATA if set, else the installed copy, else world/data in the source tree
// (support/data_paths.h).
std::string default_data_dir();

// Loads and checks the files; on failure null and *error says which file and what is wrong.
std::shared_ptr<const SurvivalData> load_survival_data(const std::string& dir, const world::McData& mc,
                                                       std::string* error);

}  // namespace plank::survival
