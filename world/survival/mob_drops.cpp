#include "world/survival/mob_drops.h"

#include "world/survival/mining.h"

namespace plank::survival {

std::vector<Drop> mob_drops(const RecipeBook& book, const std::string& mob, bool hand_written_rules) {
  if (hand_written_rules)
    if (auto it = book.data().mob_drops.find(mob); it != book.data().mob_drops.end()) return it->second;
  std::vector<Drop> out;
  if (auto it = book.mc().entity_loot.find(mob); it != book.mc().entity_loot.end())
    for (const auto& d : it->second) out.push_back({d.item, d.min_count, d.max_count, d.drop_chance, false});
  return out;
}

ItemCounts roll_mob_drops(const RecipeBook& book, const std::string& mob, world::Rng& rng) {
  return roll(mob_drops(book, mob), rng);
}

}  // namespace plank::survival
