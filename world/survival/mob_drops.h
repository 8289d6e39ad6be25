// What killing a mob drops: world/data/mob_drops.json for the mobs a Plank
// survival world spawns (cow, pig, sheep, chicken, spider), minecraft-data's
// entityLoot for the rest.
#pragma once
#include <string>
#include <vector>

#include "world/survival/recipe_book.h"
#include "world/voxels/rng.h"

namespace plank::survival {

// `hand_written_rules` false: entityLoot only (used to count what minecraft-data alone provides).
std::vector<Drop> mob_drops(const RecipeBook& book, const std::string& mob, bool hand_written_rules = true);
ItemCounts roll_mob_drops(const RecipeBook& book, const std::string& mob, world::Rng& rng);

}  // namespace plank::survival
